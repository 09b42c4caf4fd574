import Foundation
import Ingest

/// One imported share, as the library holds it.
public struct LibraryRecord: Sendable, Hashable {
  /// The share's id, as in its manifest; unique in the library.
  public var shareID: UUID
  /// When the extension received the share (the manifest's `receivedAt`, to the microsecond).
  public var receivedAt: Date
  /// When the importer committed it.
  public var importedAt: Date
  /// The source app, when the manifest named one.
  public var source: String?
  /// Where it stands; `toSort` on import.
  public var status: RecordStatus
  /// The share's title, when its manifest had one (display-only).
  public var title: String?
  /// What the share held, in the manifest's order.
  public var items: [LibraryItem]

  /// A record.
  public init(
    shareID: UUID, receivedAt: Date, importedAt: Date, source: String?, status: RecordStatus,
    title: String? = nil, items: [LibraryItem]
  ) {
    self.title = title
    self.shareID = shareID
    self.receivedAt = receivedAt
    self.importedAt = importedAt
    self.source = source
    self.status = status
    self.items = items
  }
}

/// One thing a record holds. Its JSON (the synthesized coding: the property names as keys,
/// nil properties left out) is how a PostgreSQL library stores items and how
/// `ingest-cli library list --json` prints them.
public struct LibraryItem: Codable, Sendable, Hashable {
  /// A file, a text or a URL.
  public var kind: ShareManifest.Item.Kind
  /// The type identifier of the representation the extension took.
  public var typeIdentifier: String
  /// For texts: the text.
  public var text: String?
  /// For URLs: the URL.
  public var url: String?
  /// For files: the file's name in the library's files directory
  /// (`Library.absolutePath(ofFile:)`).
  public var file: String?
  /// For files: the size in bytes.
  public var byteCount: Int64?
  /// For files: the SHA-256 the manifest gave, lower-case hexadecimal.
  public var sha256: String?
  /// For files: the name the source suggested; informational, never a path.
  public var suggestedName: String?

  /// An item.
  public init(
    kind: ShareManifest.Item.Kind, typeIdentifier: String, text: String? = nil,
    url: String? = nil, file: String? = nil, byteCount: Int64? = nil, sha256: String? = nil,
    suggestedName: String? = nil
  ) {
    self.kind = kind
    self.typeIdentifier = typeIdentifier
    self.text = text
    self.url = url
    self.file = file
    self.byteCount = byteCount
    self.sha256 = sha256
    self.suggestedName = suggestedName
  }
}
