import Foundation

/// A realistic share input: what one source app hands a share extension, as data.
///
/// Profiles live in `corpus/sources/<name>.json` (schema version 1, agreed between the
/// engineers of this package: see `../shared` notes). Each says which extension items the app
/// sends, which attachments each holds, which representations each attachment registers in
/// fidelity order and how each is delivered (a file, data, an in-memory object, a folder), and
/// where that shape comes from (`provenance`). `makeExtensionItems(corpus:workDirectory:)`
/// turns a profile into real `NSExtensionItem`s over the corpus files.
///
/// A field the schema does not name is refused where it is, with the nearest known one, as a
/// type matrix's fields are (a misspelling must not pass silently).
public struct SourceProfile: Codable, Sendable, Hashable {
  /// The schema version; this reader knows 1.
  public var schemaVersion: Int
  /// The file stem, kebab-case and unique, such as `photos-photo`.
  public var name: String
  /// A human label, such as "Photos: one photo".
  public var title: String
  /// The source app's bundle identifier (informational).
  public var app: String
  /// Where the shape comes from: documentation, issue threads, observed logs.
  public var provenance: String
  /// The extension items, in the order the app sends them.
  public var items: [Item]

  /// Creates a profile of schema version 1.
  public init(
    schemaVersion: Int = 1, name: String, title: String, app: String, provenance: String,
    items: [Item]
  ) {
    self.schemaVersion = schemaVersion
    self.name = name
    self.title = title
    self.app = app
    self.provenance = provenance
    self.items = items
  }

  /// One `NSExtensionItem`.
  public struct Item: Codable, Sendable, Hashable {
    /// The item's title, if the app sets one.
    public var attributedTitle: String?
    /// The item's content text, if the app sets one.
    public var attributedContentText: String?
    /// The attachments, in order.
    public var attachments: [Attachment]
  }

  /// One `NSItemProvider`.
  public struct Attachment: Codable, Sendable, Hashable {
    /// The provider's `suggestedName`.
    public var suggestedName: String?
    /// The representations, in registration (fidelity) order.
    public var representations: [Representation]
  }

  /// One registered representation.
  public struct Representation: Codable, Sendable, Hashable {
    /// The type identifier it is registered as.
    public var typeIdentifier: String
    /// How the source delivers it.
    public var delivery: Delivery
    /// The corpus file (relative to `corpus/`) for `file` and `data` deliveries.
    public var file: String?
    /// The corpus files (relative to `corpus/`) a `directory` delivery holds.
    public var files: [String]?
    /// The in-memory object of an `object` delivery.
    public var object: ObjectValue?
    /// Coercions the source app's provider fails, keyed by the requested type, with the
    /// `NSItemProviderErrorDomain` code the consumer gets (`public.url: -1100`: loading this
    /// representation as a URL fails with -1100).
    public var failures: [String: Int]?
  }

  /// How a representation is delivered.
  public enum Delivery: String, Codable, Sendable, Hashable, CaseIterable {
    /// Reads one of the values, refusing anything else with the values it takes.
    public init(from decoder: any Decoder) throws {
      self = try .decodeChoice(from: decoder)
    }
    /// A file representation over the corpus file.
    case file
    /// A data representation returning the corpus file's bytes.
    case data
    /// An in-memory object (`NSURL`, `NSString`, `NSDictionary`, `UIImage`).
    case object
    /// A file representation that is a folder assembled from `files`.
    case directory
  }

  /// The in-memory object of an `object` delivery.
  public struct ObjectValue: Codable, Sendable, Hashable {
    /// The Objective-C class the source app uses: `NSURL`, `NSString`, `NSDictionary` or
    /// `UIImage` (an `ItemProviderImage` here).
    public var className: String
    /// The value: a URL or text string, or a dictionary.
    public var value: JSONValue?
    /// A corpus file: the image of a `UIImage`, or the file a file `NSURL` points at.
    public var file: String?

    enum CodingKeys: String, CodingKey {
      case className = "class"
      case value
      case file
    }
  }
}
