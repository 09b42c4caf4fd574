import Foundation

/// A type declaration: what an entry of `UTExportedTypeDeclarations` or
/// `UTImportedTypeDeclarations` says, or one row of the built-in catalogue.
public struct UTTypeDeclaration: Sendable, Hashable {
  /// Whether the declaring bundle owns the type (exported) or describes someone else's
  /// (imported).
  public enum Kind: String, Sendable, Hashable {
    /// Declared by its owner (`UTExportedTypeDeclarations`).
    case exported
    /// Declared by a user of the type (`UTImportedTypeDeclarations`).
    case imported
  }

  /// The type identifier, such as `com.example.note`.
  public var identifier: String
  /// The identifiers this type conforms to, in declared order.
  public var conformsTo: [String]
  /// Filename extensions, in declared order, without leading periods.
  public var filenameExtensions: [String]
  /// MIME types, in declared order.
  public var mimeTypes: [String]
  /// Exported or imported.
  public var kind: Kind
  /// A human-readable description of the type.
  public var description: String?
  /// A URL with more information about the format.
  public var referenceURL: URL?
  /// The bundle whose `Info.plist` declared the type, when it was registered from a file
  /// (``UTTypeRegistry/registerDeclarations(fromInfoPlistAt:)``): the folder holding the
  /// `Info.plist`, or the bundle above a macOS-style `Contents/Info.plist`. Nil for the
  /// built-in catalogue and for declarations registered from memory.
  public var declaringBundleURL: URL?

  /// Creates a declaration.
  public init(
    identifier: String,
    conformsTo: [String] = [],
    filenameExtensions: [String] = [],
    mimeTypes: [String] = [],
    kind: Kind = .exported,
    description: String? = nil,
    referenceURL: URL? = nil,
    declaringBundleURL: URL? = nil
  ) {
    self.identifier = identifier
    self.conformsTo = conformsTo
    self.filenameExtensions = filenameExtensions
    self.mimeTypes = mimeTypes
    self.kind = kind
    self.description = description
    self.referenceURL = referenceURL
    self.declaringBundleURL = declaringBundleURL
  }

  /// The declaration as an `Info.plist` entry holds it (what Apple's `UTTypeCopyDeclaration`
  /// returns): `UTTypeIdentifier`, then, when present, `UTTypeConformsTo` (an array),
  /// `UTTypeTagSpecification` (each tag class to an array of tags), `UTTypeDescription` and
  /// `UTTypeReferenceURL` (a string).
  public var propertyList: [String: Any] {
    var entry: [String: Any] = ["UTTypeIdentifier": identifier]
    if !conformsTo.isEmpty { entry["UTTypeConformsTo"] = conformsTo }
    let tags = self.tags
    if !tags.isEmpty {
      entry["UTTypeTagSpecification"] = Dictionary(
        uniqueKeysWithValues: tags.map { ($0.key.rawValue, $0.value) })
    }
    if let description { entry["UTTypeDescription"] = description }
    if let referenceURL { entry["UTTypeReferenceURL"] = referenceURL.absoluteString }
    return entry
  }

  /// The declaration's tags keyed by tag class, leaving out empty classes.
  public var tags: [UTTagClass: [String]] {
    var tags: [UTTagClass: [String]] = [:]
    if !filenameExtensions.isEmpty { tags[.filenameExtension] = filenameExtensions }
    if !mimeTypes.isEmpty { tags[.mimeType] = mimeTypes }
    return tags
  }
}
