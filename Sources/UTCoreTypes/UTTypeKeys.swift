// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The constants keep the names of Apple's `UTType.h` so that pre-iOS 14 code compiles
// unchanged.

// The tag classes and the `Info.plist` keys of Apple's `UTType.h`, as `CFString`s (computed,
// for the reason `UTCoreTypes.swift` gives). Code passes the tag classes to
// `UTTypeCreatePreferredIdentifierForTag` and `UTTypeCopyPreferredTagWithClass`, and reads the
// keys in type declarations; `UTTagClass.filenameExtension.rawValue` is the same string as
// `kUTTagClassFilenameExtension`.
#if os(Linux)
  import UniformTypeIdentifiers

  // MARK: Tag classes

  /// The tag class of filename extensions (`public.filename-extension`), written without the
  /// leading period.
  public var kUTTagClassFilenameExtension: CFString { "public.filename-extension" }

  /// The tag class of MIME types (`public.mime-type`).
  public var kUTTagClassMIMEType: CFString { "public.mime-type" }

  /// The tag class of macOS pasteboard types (`com.apple.nspboard-type`); the catalogue
  /// declares none, so lookups with it find only dynamic types.
  public var kUTTagClassNSPboardType: CFString { "com.apple.nspboard-type" }

  /// The tag class of classic Mac OS four-character types (`com.apple.ostype`); the catalogue
  /// declares none, so lookups with it find only dynamic types.
  public var kUTTagClassOSType: CFString { "com.apple.ostype" }

  // MARK: Info.plist keys

  /// The `Info.plist` key of the types an application exports.
  public var kUTExportedTypeDeclarationsKey: CFString { "UTExportedTypeDeclarations" }

  /// The `Info.plist` key of the types an application imports.
  public var kUTImportedTypeDeclarationsKey: CFString { "UTImportedTypeDeclarations" }

  /// The key of a declaration's type identifier.
  public var kUTTypeIdentifierKey: CFString { "UTTypeIdentifier" }

  /// The key of a declaration's tags, by tag class.
  public var kUTTypeTagSpecificationKey: CFString { "UTTypeTagSpecification" }

  /// The key of the identifiers a declared type conforms to.
  public var kUTTypeConformsToKey: CFString { "UTTypeConformsTo" }

  /// The key of a declaration's description.
  public var kUTTypeDescriptionKey: CFString { "UTTypeDescription" }

  /// The key of a declaration's icon file.
  public var kUTTypeIconFileKey: CFString { "UTTypeIconFile" }

  /// The key of a declaration's reference URL.
  public var kUTTypeReferenceURLKey: CFString { "UTTypeReferenceURL" }

  /// The key of a declaration's version.
  public var kUTTypeVersionKey: CFString { "UTTypeVersion" }
#endif
