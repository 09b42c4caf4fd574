// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The functions keep the C names of Apple's `UTType.h` so that pre-iOS 14 code compiles
// unchanged.

// The C functions of Apple's `UTType.h` (LaunchServices: CoreServices on macOS,
// MobileCoreServices on iOS), as Swift imports them: `CFString` parameters, and
// `Unmanaged` results for the functions whose names say `Create` or `Copy` (the caller owns
// the result and writes `.takeRetainedValue()`, usually followed by `as String`).
//
// Each answers from the same registry as `UTType` (the built-in catalogue and the
// application's declarations), so `UTTypeConformsTo(a, b)` and
// `UTType(a)?.conforms(to: b)` never disagree. Identifiers compare ignoring case, as on Apple
// platforms. An identifier no declaration describes conforms only to itself; `dyn.` identifiers
// are decoded back into their tag. Not here: `UTCreateStringForOSType` and
// `UTGetOSTypeFromString` (classic Mac OS types): code calling them does not compile.
#if os(Linux)
  import Foundation
  import UniformTypeIdentifiers

  /// Whether two type identifiers name the same type (compared ignoring case).
  public func UTTypeEqual(_ inUTI1: CFString, _ inUTI2: CFString) -> Bool {
    let first = inUTI1 as String
    let second = inUTI2 as String
    if first.caseInsensitiveCompare(second) == .orderedSame { return true }
    guard let one = UTType(first), let other = UTType(second) else { return false }
    return one == other
  }

  /// Whether the type `inUTI` is `inConformsToUTI` or conforms to it, directly or through its
  /// parents: `UTTypeConformsTo(kUTTypeJPEG, kUTTypeImage)` is true.
  ///
  /// An identifier that no declaration describes (and that is not a `dyn.` identifier)
  /// conforms to itself only, as on Apple platforms.
  public func UTTypeConformsTo(_ inUTI: CFString, _ inConformsToUTI: CFString) -> Bool {
    if UTTypeEqual(inUTI, inConformsToUTI) { return true }
    guard let type = UTType(inUTI as String) else { return false }
    guard let parent = UTType(inConformsToUTI as String) else { return false }
    return type.conforms(to: parent)
  }

  /// The preferred type identifier for a tag (`kUTTagClassFilenameExtension` with `"jpg"` gives
  /// `public.jpeg`), limited to types conforming to `inConformingToUTI` when it is given.
  ///
  /// A tag no declared type carries gives a dynamic identifier (`dyn.…`) that records it, as on
  /// Apple platforms; an empty tag gives nil. The caller owns the result:
  /// `UTTypeCreatePreferredIdentifierForTag(…)?.takeRetainedValue() as String?`.
  public func UTTypeCreatePreferredIdentifierForTag(
    _ inTagClass: CFString, _ inTag: CFString, _ inConformingToUTI: CFString?
  ) -> Unmanaged<CFString>? {
    let type = UTType(
      tag: inTag as String, tagClass: UTTagClass(rawValue: inTagClass as String),
      conformingTo: constraint(inConformingToUTI))
    return type.map { retained($0.identifier) }
  }

  /// Every type identifier carrying a tag, best first (the first is what
  /// `UTTypeCreatePreferredIdentifierForTag` gives), limited to types conforming to
  /// `inConformingToUTI` when it is given; one dynamic identifier when no declared type carries
  /// it. The caller owns the array: `…?.takeRetainedValue() as? [String]`.
  public func UTTypeCreateAllIdentifiersForTag(
    _ inTagClass: CFString, _ inTag: CFString, _ inConformingToUTI: CFString?
  ) -> Unmanaged<CFArray>? {
    let types = UTType.types(
      tag: inTag as String, tagClass: UTTagClass(rawValue: inTagClass as String),
      conformingTo: constraint(inConformingToUTI))
    guard !types.isEmpty else { return nil }
    return Unmanaged.passRetained(NSArray(array: types.map { NSString(string: $0.identifier) }))
  }

  /// The preferred tag of a class for a type: `UTTypeCopyPreferredTagWithClass(kUTTypeJPEG,
  /// kUTTagClassMIMEType)` gives `image/jpeg`; nil when the type is unknown or has no tag of
  /// that class. The caller owns the result: `…?.takeRetainedValue() as String?`.
  public func UTTypeCopyPreferredTagWithClass(_ inUTI: CFString, _ inTagClass: CFString)
    -> Unmanaged<CFString>?
  {
    guard let tag = tags(inUTI, inTagClass).first else { return nil }
    return retained(tag)
  }

  /// Every tag of a class for a type, preferred first; nil when the type is unknown or has
  /// none. The caller owns the array: `…?.takeRetainedValue() as? [String]`.
  public func UTTypeCopyAllTagsWithClass(_ inUTI: CFString, _ inTagClass: CFString)
    -> Unmanaged<CFArray>?
  {
    let all = tags(inUTI, inTagClass)
    guard !all.isEmpty else { return nil }
    return Unmanaged.passRetained(NSArray(array: all.map { NSString(string: $0) }))
  }

  /// The type's description ("JPEG image"); nil for a type no declaration describes. The
  /// caller owns the result.
  public func UTTypeCopyDescription(_ inUTI: CFString) -> Unmanaged<CFString>? {
    guard let description = UTType(inUTI as String)?.localizedDescription else { return nil }
    return retained(description)
  }

  /// The type's declaration dictionary, as it appears in the declaring bundle's `Info.plist`:
  /// `UTTypeIdentifier`, with `UTTypeConformsTo`, `UTTypeTagSpecification`, `UTTypeDescription`
  /// and `UTTypeReferenceURL` where the declaration has them (the keys are `kUTType…Key`).
  /// Nil when no declaration describes the type (a dynamic or undeclared identifier), as on
  /// Apple platforms. The caller owns the dictionary: `…?.takeRetainedValue() as? [String:
  /// Any]`.
  public func UTTypeCopyDeclaration(_ inUTI: CFString) -> Unmanaged<CFDictionary>? {
    guard let declaration = UTType(inUTI as String)?.declaration else { return nil }
    return Unmanaged.passRetained(NSDictionary(dictionary: declaration.propertyList))
  }

  /// The bundle whose `Info.plist` declared the type: for a type the application registered
  /// from a file (`UTTypeRegistry.shared.registerDeclarations(fromInfoPlistAt:)`), the folder
  /// holding that `Info.plist` (the bundle above a macOS `Contents/`). Nil for a dynamic or
  /// undeclared type, and for a built-in type: Apple's answer there is a system bundle, which
  /// Linux has none of ("NULL if the bundle cannot be located", as `UTType.h` says), and for
  /// declarations registered from memory. The caller owns the URL: `…?.takeRetainedValue() as
  /// URL?`.
  public func UTTypeCopyDeclaringBundleURL(_ inUTI: CFString) -> Unmanaged<CFURL>? {
    guard let url = UTType(inUTI as String)?.declaration?.declaringBundleURL else { return nil }
    return Unmanaged.passRetained(url as NSURL)
  }

  /// Whether a declaration (built in or the application's) describes the type.
  public func UTTypeIsDeclared(_ inUTI: CFString) -> Bool {
    UTType(inUTI as String)?.isDeclared ?? false
  }

  /// Whether the identifier is a dynamic one (`dyn.…`) made from a tag.
  public func UTTypeIsDynamic(_ inUTI: CFString) -> Bool {
    UTType(inUTI as String)?.isDynamic ?? false
  }

  /// The type a `…ConformingToUTI` argument names: nil for none; an identifier no declaration
  /// describes is taken as an undeclared type, so only itself satisfies it.
  private func constraint(_ identifier: CFString?) -> UTType? {
    guard let identifier = identifier.map({ $0 as String }) else { return nil }
    return UTType(identifier) ?? UTType(importedAs: identifier)
  }

  /// The tags of `tagClass` a type carries, preferred first; empty for an unknown type.
  private func tags(_ identifier: CFString, _ tagClass: CFString) -> [String] {
    guard let type = UTType(identifier as String) else { return [] }
    return type.tags[UTTagClass(rawValue: tagClass as String)] ?? []
  }

  /// A new string the caller owns, as a `Create` or `Copy` function returns one.
  private func retained(_ string: String) -> Unmanaged<CFString> {
    Unmanaged.passRetained(NSString(string: string))
  }
#endif
