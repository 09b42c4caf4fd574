import CrashStates
import Foundation
import Importer
import InboxReading
import Ingest
import IngestPostgres

/// Where the program whose crash states are explored keeps its inbox and its library: what a
/// restarted program opens again.
enum CrashBackend: Sendable {
  /// The group directory's own inbox (manifests in `Inbox/`) and the SQLite library beside the
  /// group (`library.sqlite`, its files in `library.sqlite-files/`).
  case directory
  /// The inbox and the library in a PostgreSQL database, the payloads in the group directory
  /// and the library's files in `library.sqlite-files/` beside it: the backends whose payloads
  /// still touch files.
  case postgres(PostgresCrashDatabase)

  /// Brings a server's database to the snapshot the state holds (the directory backend's
  /// database is a file, already in the state). Blocks: the exploration runs on the I/O
  /// executor.
  func restore(_ state: CrashExploration.State) throws {
    guard case .postgres(let database) = self else { return }
    guard let snapshot = state.snapshots[PostgresCrashDatabase.boxName] else {
      throw ScenarioError("the state holds no snapshot of the database")
    }
    try database.restore(from: snapshot)
  }

  /// The inbox of `group`, as the restarted program opens it.
  func inbox(_ group: GroupDirectory) -> any InboxStore {
    switch self {
    case .directory: DirectoryInbox(group: group)
    case .postgres(let database): PostgresInbox(url: database.url, group: group)
    }
  }

  /// The library beside the group; nil when there is none and `create` is false.
  func library(_ layout: CrashLayout, create: Bool) throws -> (any LibraryStore)? {
    switch self {
    case .directory:
      guard create || FileManager.default.fileExists(atPath: layout.library) else { return nil }
      return try Library(path: layout.library, create: create)
    case .postgres(let database):
      return try PostgresLibrary(
        url: database.url, filesPath: layout.libraryFiles, createsFilesDirectory: create)
    }
  }

  /// The shares committed to the inbox, each with where it is (for messages), read as they are:
  /// for the directory, every `Inbox/<id>.json` (one that is not a whole manifest is a
  /// problem); for PostgreSQL, every share the database lists.
  func committedManifests(_ layout: CrashLayout, _ problems: inout [String]) async
    -> [(place: String, manifest: ShareManifest)]
  {
    switch self {
    case .directory:
      var found: [(String, ShareManifest)] = []
      for name in layout.names(in: GroupDirectory.inboxName) {
        guard name.hasSuffix(".json"), !name.hasPrefix("."),
          let id = UUID(uuidString: String(name.dropLast(5)))
        else { continue }
        let path = layout.group + "/Inbox/" + name
        do {
          let data = try Data(contentsOf: URL(fileURLWithPath: path))
          let manifest = try ShareManifest.decode(data, path: path)
          try manifest.validate(path: path, expected: id)
          found.append(("Inbox/\(name)", manifest))
        } catch {
          problems.append("Inbox/\(name) is not a whole manifest: \(error)")
        }
      }
      return found
    case .postgres:
      do {
        let inbox = inbox(try GroupDirectory(path: layout.group))
        var found: [(String, ShareManifest)] = []
        for entry in try await inbox.pending() {
          if let manifest = try await inbox.manifest(entry.id) {
            found.append(("share \(entry.id) in the database", manifest))
          }
        }
        return found
      } catch {
        problems.append("the inbox in the database cannot be read: \(error)")
        return []
      }
    }
  }
}
