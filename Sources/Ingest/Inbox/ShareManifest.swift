import Foundation
import SystemCalls

/// What an accepted share is: the inbox's record of it, written last, atomically, as the
/// commit point (`<group>/Inbox/<share-id>.json`).
///
/// Text and URLs travel in the manifest, never in a file name; files are named by the share,
/// not by the source. Readers ignore fields they do not know and refuse a schema version they
/// do not know.
///
/// Three shapes are read, told apart by `schemaVersion` and which fields are there:
/// - **Version 2** (what this package writes): `id`, `receivedAt`, `source`, `items`, and
///   `title` when the share has one. `title` came later within version 2: it is optional and
///   display-only, so a reader that predates it loses nothing it acts on by ignoring it, as
///   every reader ignores fields it does not know; a new version would have made every older
///   reader refuse every share for a field none of them needs.
/// - **Version 1 with `items`**: the same shape, as this package wrote it before version 2.
/// - **Version 1 with `text` and no `items`**: the four-field form the App Group inbox this
///   product is modelled on writes (`{"schemaVersion":1,"id":…,"receivedAt":…,"text":…}`), a
///   share of one text or web URL. It is read as one item: a URL item (`public.url`) when the
///   whole text, trimmed, is a single `http` or `https` URL with a host (that extension's URL
///   path put exactly the URL there), else a text item (`public.plain-text`); its source is
///   unknown (nil). A version-1 document with both `items` and `text` is refused: it is
///   neither.
///
/// The writer moved to version 2 so that a reader of the four-field form, which knows only
/// version 1, refuses this package's documents instead of misreading one without its `text`.
public struct ShareManifest: Codable, Sendable, Hashable {
  /// The schema version this package writes.
  public static let currentSchemaVersion = 2

  /// The schema versions this package reads (see the type's discussion).
  public static let readableSchemaVersions = 1...2

  /// The schema version this manifest was read from (what this package writes is always
  /// `currentSchemaVersion`).
  public var schemaVersion: Int
  /// The share's identifier, unique across every share ever made.
  public var id: UUID
  /// When the extension received the share.
  public var receivedAt: Date
  /// The source app's name or bundle identifier, when known (`photos`, `com.apple.mobilesafari`).
  public var source: String?
  /// The share's title, when it has one: the first extension item's `attributedTitle` (a Web
  /// Share Target form's `title`, a page's title); display-only, never a path.
  public var title: String?
  /// What the share holds, in the order the extension received it.
  public var items: [Item]
  /// Attachments that were offered but are not in `items`, with why (keep-partial shares and
  /// attachments the contract skipped); empty for a share that arrived whole.
  public var notIncluded: [Omission]

  /// One thing the share holds.
  public struct Item: Codable, Sendable, Hashable {
    /// What the item is.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
      /// Reads one of the values, refusing anything else with the values it takes.
      public init(from decoder: any Decoder) throws {
        self = try .decodeChoice(from: decoder)
      }
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

    /// The payload's name in `Incoming/`, for a file item whose `file` is a payload name (see
    /// `PayloadName`: checked on its bytes); nil for any other item or path.
    public var payloadName: PayloadName? { file.flatMap(PayloadName.init(relativePath:)) }

    /// The payload's file name (`<UUID>.<ext>`), for a file item whose `file` is a payload
    /// name (`payloadName`); nil otherwise, so no reader can take a path that leaves
    /// `Incoming/` for a file name.
    public var fileName: String? { payloadName?.fileName }
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
    id: UUID, receivedAt: Date, source: String?, title: String? = nil, items: [Item],
    notIncluded: [Omission] = []
  ) {
    self.schemaVersion = Self.currentSchemaVersion
    self.id = id
    self.receivedAt = receivedAt
    self.source = source
    self.title = title
    self.items = items
    self.notIncluded = notIncluded
  }

  enum CodingKeys: String, CodingKey {
    case schemaVersion, id, receivedAt, source, title, items, notIncluded
    /// The four-field form's one field of content.
    case text
  }

  /// Reads a manifest of any shape the type's discussion lists, refusing a schema version
  /// this reader does not know.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard
      let version = try container.decodeInteger(Int.self, forKey: .schemaVersion, in: 0...Int.max)
    else {
      throw DecodingError.keyNotFound(
        CodingKeys.schemaVersion,
        .init(codingPath: container.codingPath, debugDescription: "missing"))
    }
    schemaVersion = version
    guard Self.readableSchemaVersions.contains(schemaVersion) else {
      throw DecodingError.dataCorruptedError(
        forKey: .schemaVersion, in: container,
        debugDescription:
          "schemaVersion \(schemaVersion) is not one this reader knows (it reads"
          + " \(Self.readableSchemaVersions.map(String.init).joined(separator: " and ")))")
    }
    id = try container.decode(UUID.self, forKey: .id)
    receivedAt = try container.decode(Date.self, forKey: .receivedAt)
    if schemaVersion == 1, !container.contains(.items), container.contains(.text) {
      // The four-field form: one text or web URL, from a source it does not name.
      let text = try container.decode(String.self, forKey: .text)
      source = nil
      title = nil
      items = [Self.fourFieldItem(text)]
      notIncluded = []
      return
    }
    if container.contains(.text) {
      throw DecodingError.dataCorruptedError(
        forKey: .text, in: container,
        debugDescription:
          "a manifest holds either items (this package's form) or text (the four-field form),"
          + " not both")
    }
    source = try container.decodeIfPresent(String.self, forKey: .source)
    title = try container.decodeIfPresent(String.self, forKey: .title)
    items = try container.decode([Item].self, forKey: .items)
    notIncluded = try container.decodeIfPresent([Omission].self, forKey: .notIncluded) ?? []
  }

  /// The item a four-field document's `text` is: a URL item when the whole text, trimmed, is
  /// one `http` or `https` URL with a host; else a text item, as it is.
  static func fourFieldItem(_ text: String) -> Item {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if !trimmed.contains(where: \.isWhitespace), let url = URL(string: trimmed),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      !(url.host?.isEmpty ?? true)
    {
      return .url(trimmed, typeIdentifier: "public.url")
    }
    return .text(text, typeIdentifier: "public.plain-text")
  }

  /// Writes the manifest in this package's form, as `currentSchemaVersion` whatever version
  /// it was read from; `notIncluded` only when it has entries.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.currentSchemaVersion, forKey: .schemaVersion)
    try container.encode(id, forKey: .id)
    try container.encode(receivedAt, forKey: .receivedAt)
    try container.encodeIfPresent(source, forKey: .source)
    try container.encodeIfPresent(title, forKey: .title)
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
      return try JSONInput.decode(ShareManifest.self, from: data, decoder: decoder)
    } catch {
      throw ManifestError(path: path, field: error.field, problem: error.problem)
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

  /// The manifest as indented JSON for people (`inbox show --json`): the same document as
  /// `jsonData()`, indented, in one pass.
  public func prettyJSONData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(ManifestDate.format(date))
    }
    return try encoder.encode(self)
  }

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
