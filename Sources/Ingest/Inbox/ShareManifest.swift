import Foundation
import SystemCalls

/// What an accepted share is: the inbox's record of it, written last, atomically, as the
/// commit point (`<group>/Inbox/<share-id>.json`, schema version 1 in ARCHITECTURE.md).
///
/// Text and URLs travel in the manifest, never in a file name; files are named by the share,
/// not by the source. Readers ignore fields they do not know and refuse a schema version they
/// do not know.
public struct ShareManifest: Codable, Sendable, Hashable {
  /// The schema version this package writes and reads.
  public static let currentSchemaVersion = 1

  /// The schema version of this manifest.
  public var schemaVersion: Int
  /// The share's identifier, unique across every share ever made.
  public var id: UUID
  /// When the extension received the share.
  public var receivedAt: Date
  /// The source app's name or bundle identifier, when known (`photos`, `com.apple.mobilesafari`).
  public var source: String?
  /// What the share holds, in the order the extension received it.
  public var items: [Item]
  /// Attachments that were offered but are not in `items`, with why (keep-partial shares and
  /// attachments the contract skipped); empty for a share that arrived whole.
  public var notIncluded: [Omission]

  /// One thing the share holds.
  public struct Item: Codable, Sendable, Hashable {
    /// What the item is.
    public enum Kind: String, Codable, Sendable, Hashable {
      /// A payload file in `Incoming/`.
      case file
      /// Text, carried in the manifest.
      case text
      /// A URL, carried in the manifest.
      case url
    }

    /// What the item is.
    public var kind: Kind
    /// The type identifier of the representation taken (`public.heic`, `public.url`).
    public var typeIdentifier: String
    /// For files: the payload's path relative to the group directory, `Incoming/<UUID>.<ext>`.
    public var file: String?
    /// For files: the size in bytes.
    public var byteCount: Int64?
    /// For files: the SHA-256 of the contents, lower-case hexadecimal.
    public var sha256: String?
    /// For files: the name the source suggested (`IMG_0412.HEIC`); informational, never used
    /// as a path.
    public var suggestedName: String?
    /// For text: the text.
    public var text: String?
    /// For URLs: the absolute URL.
    public var url: String?

    /// A file item.
    public static func file(
      typeIdentifier: String, path: String, byteCount: Int64, sha256: String,
      suggestedName: String?
    ) -> Item {
      Item(
        kind: .file, typeIdentifier: typeIdentifier, file: path, byteCount: byteCount,
        sha256: sha256, suggestedName: suggestedName)
    }

    /// A text item.
    public static func text(_ text: String, typeIdentifier: String) -> Item {
      Item(kind: .text, typeIdentifier: typeIdentifier, text: text)
    }

    /// A URL item.
    public static func url(_ url: String, typeIdentifier: String) -> Item {
      Item(kind: .url, typeIdentifier: typeIdentifier, url: url)
    }

    /// The payload's file name (`<UUID>.<ext>`), for a file item.
    public var fileName: String? {
      file.map { String($0.split(separator: "/").last ?? Substring($0)) }
    }
  }

  /// An attachment that is not in the share, and why.
  public struct Omission: Codable, Sendable, Hashable {
    /// The attachment's place, such as `item 1, attachment 2`.
    public var attachment: String
    /// The types it offered, in order.
    public var offeredTypes: [String]
    /// Why it is not here, without the user's content.
    public var reason: String

    /// An attachment left out, and why.
    public init(attachment: String, offeredTypes: [String], reason: String) {
      self.attachment = attachment
      self.offeredTypes = offeredTypes
      self.reason = reason
    }
  }

  /// Creates a manifest of the current schema version.
  public init(
    id: UUID, receivedAt: Date, source: String?, items: [Item], notIncluded: [Omission] = []
  ) {
    self.schemaVersion = Self.currentSchemaVersion
    self.id = id
    self.receivedAt = receivedAt
    self.source = source
    self.items = items
    self.notIncluded = notIncluded
  }

  enum CodingKeys: String, CodingKey {
    case schemaVersion, id, receivedAt, source, items, notIncluded
  }

  /// Reads a manifest, refusing a schema version this reader does not know.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
    guard schemaVersion == Self.currentSchemaVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .schemaVersion, in: container,
        debugDescription:
          "schemaVersion \(schemaVersion) is not one this reader knows (it reads \(Self.currentSchemaVersion))"
      )
    }
    id = try container.decode(UUID.self, forKey: .id)
    receivedAt = try container.decode(Date.self, forKey: .receivedAt)
    source = try container.decodeIfPresent(String.self, forKey: .source)
    items = try container.decode([Item].self, forKey: .items)
    notIncluded = try container.decodeIfPresent([Omission].self, forKey: .notIncluded) ?? []
  }

  /// Writes the manifest; `notIncluded` only when it has entries.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schemaVersion, forKey: .schemaVersion)
    try container.encode(id, forKey: .id)
    try container.encode(receivedAt, forKey: .receivedAt)
    try container.encodeIfPresent(source, forKey: .source)
    try container.encode(items, forKey: .items)
    if !notIncluded.isEmpty { try container.encode(notIncluded, forKey: .notIncluded) }
  }
}

extension ShareManifest {
  /// Reads a manifest from JSON.
  ///
  /// - Throws: `ManifestError` saying what is wrong and where.
  public static func decode(_ data: Data, path: String) throws(ManifestError) -> ShareManifest {
    do {
      return try decoder.decode(ShareManifest.self, from: data)
    } catch let error as DecodingError {
      throw ManifestError(path: path, decodingError: error)
    } catch {
      throw ManifestError(path: path, problem: "not JSON: \(error)")
    }
  }

  /// The `JSONEncoder` whose output `jsonData()` writes byte for byte, kept to hold the two
  /// together in tests.
  package static let codableEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(ManifestDate.format(date))
    }
    return encoder
  }()

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = ManifestDate.parse(text) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription:
            "\(TerminalText.quoted(String(text.prefix(64)))) is not an ISO 8601 date-time")
      }
      return date
    }
    return decoder
  }()
}

/// ISO 8601 times for manifests: written in UTC with fractional seconds when there are any;
/// read with or without fractional seconds and with any offset.
enum ManifestDate {
  private static let plain = Date.ISO8601FormatStyle()
  private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  static func format(_ date: Date) -> String {
    let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
    return whole ? plain.format(date) : fractional.format(date)
  }

  static func parse(_ text: String) -> Date? {
    (try? fractional.parse(text)) ?? (try? plain.parse(text))
  }
}
