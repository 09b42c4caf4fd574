import Foundation
import Ingest
import SystemCalls

/// Where things are under a crash state's root: the group directory, and the library beside
/// it. Every scenario records under such a root and every state is written out as one.
struct CrashLayout: Sendable {
  /// A file's size and SHA-256, or nil fields where a manifest has none.
  struct Fingerprint: Sendable, Hashable {
    var byteCount: Int64?
    var sha256: String?
  }

  /// The root.
  let root: String

  /// The group directory.
  var group: String { root + "/group" }
  /// The library's database.
  var library: String { root + "/" + Self.libraryName }
  /// The library's files directory.
  var libraryFiles: String { library + "-files" }

  /// The database's path relative to the root: the black box of every import.
  static let libraryName = "library.sqlite"

  /// The note a scenario sets once a share reported it committed.
  static func committedNote(_ id: UUID) -> String { "share \(id.uuidString) reported committed" }

  /// The share a note says was reported committed, if it says so.
  static func committedShare(_ note: String) -> UUID? {
    guard note.hasPrefix("share "), note.hasSuffix(" reported committed") else { return nil }
    return UUID(uuidString: String(note.dropFirst(6).prefix(36)))
  }

  /// The names in one of the group's directories, sorted (none when it is missing).
  func names(in directory: String) -> [String] {
    names(atPath: group + "/" + directory)
  }

  /// The names in a directory, sorted (none when it is missing).
  func names(atPath path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  /// The size and SHA-256 of the regular file at `path`; nil when there is none.
  func fingerprint(of path: String) -> Fingerprint? {
    guard let file = try? FileDescriptor.open(path, .readOnly, options: [.noFollow]) else {
      return nil
    }
    defer { try? file.close() }
    guard let status = try? file.status(), status.kind == .regularFile,
      let digest = try? PayloadDigest.sha256(of: file)
    else { return nil }
    return Fingerprint(byteCount: digest.byteCount, sha256: digest.sha256)
  }

  /// The fingerprint of `path` for a message.
  func fingerprintText(of path: String) -> String {
    guard let fingerprint = fingerprint(of: path) else { return "none" }
    return "\(fingerprint.byteCount ?? -1) bytes, \(fingerprint.sha256?.prefix(12) ?? "")…"
  }
}
