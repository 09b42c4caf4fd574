import Foundation
import Importer
import Ingest
import TestSupport

/// A temporary group directory and a library beside it, and a writer of inbox shares as
/// another program would write them (raw JSON of schema version 1, chosen `receivedAt`).
struct ImporterFixture {
  let directory: TemporaryDirectory
  let groupPath: String
  let group: GroupDirectory
  let libraryPath: String

  init() throws {
    directory = try TemporaryDirectory(prefix: "importer")
    groupPath = directory.path + "/Application Support/group"
    group = try GroupDirectory(path: groupPath)
    libraryPath = directory.path + "/data/share-ingest/library.sqlite"
  }

  func remove() { directory.remove() }

  var inbox: DirectoryInbox { DirectoryInbox(group: group) }

  func library() throws -> Library { try Library(path: libraryPath) }

  func importer(_ library: Library) -> LibraryImporter {
    LibraryImporter(library: library, inbox: inbox)
  }

  /// Writes `Inbox/<id>.json` as another program would: `items` are raw JSON objects.
  @discardableResult
  func writeShare(
    id: UUID = UUID(), receivedAt: String, source: String? = "tests", items: [String]
  ) throws -> UUID {
    let sourceField = source.map { ", \"source\": \"\($0)\"" } ?? ""
    let json = """
      {"schemaVersion": 1, "id": "\(id.uuidString)", "receivedAt": "\(receivedAt)"\(sourceField),
       "items": [\(items.joined(separator: ", "))]}
      """
    try Data(json.utf8).write(
      to: URL(fileURLWithPath: groupPath + "/Inbox/\(id.uuidString).json"))
    return id
  }

  /// A text item's JSON.
  static func text(_ text: String) throws -> String {
    let encoded = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    return "{\"kind\": \"text\", \"typeIdentifier\": \"public.plain-text\", \"text\": \(encoded)}"
  }

  /// A URL item's JSON.
  static func url(_ url: String) -> String {
    "{\"kind\": \"url\", \"typeIdentifier\": \"public.url\", \"url\": \"\(url)\"}"
  }

  /// Writes `Incoming/<name>` with `bytes` and returns a file item's JSON for it, with the
  /// file's size and SHA-256 unless others are given.
  func fileItem(
    _ name: String, bytes: [UInt8], type: String = "public.jpeg", suggestedName: String? = nil,
    byteCount: Int? = nil, sha256: String? = nil
  ) throws -> String {
    let path = groupPath + "/Incoming/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let digest = try sha256 ?? FileDigest.sha256(of: path)
    let suggested = suggestedName.map { ", \"suggestedName\": \"\($0)\"" } ?? ""
    return """
      {"kind": "file", "typeIdentifier": "\(type)", "file": "Incoming/\(name)",
       "byteCount": \(byteCount ?? bytes.count), "sha256": "\(digest)"\(suggested)}
      """
  }

  /// The names in a directory of the group, sorted.
  func names(_ relative: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: groupPath + "/" + relative).sorted()
  }

  /// The names in the library's files directory, sorted.
  func libraryFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: libraryPath + "-files").sorted()
  }

  /// The permission bits of a path.
  static func permissions(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
  }
}
