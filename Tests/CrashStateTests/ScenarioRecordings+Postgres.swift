import CrashStates
import Foundation
import Importer
import InboxReading
import Ingest
import IngestPostgres
import ItemProvider
import SystemCalls

/// The recordings of the PostgreSQL backends whose payloads are files: a share committed to
/// the PostgreSQL inbox (its payloads in the group directory), and an import from it into the
/// PostgreSQL library (its files in a directory). The database is a black box: a snapshot is
/// taken as each commit returns.
extension ScenarioRecordings {
  /// Records one share of `providers` into a fresh group under `root`, committed to the inbox
  /// in `database`; its snapshots go into `snapshots`.
  static func recordPostgresShare(
    _ name: String, providers: [NSItemProvider], root: String, snapshots: String,
    database: PostgresCrashDatabase
  ) async throws -> CrashScenario {
    let group = try makeRoot(root)
    try FileSystem.makeDirectories(snapshots)
    let initial = try await database.snapshot(to: snapshots + "/initial.json")
    let recording = try CrashRecording(
      root: root, servers: [PostgresCrashDatabase.boxName: initial])
    let inbox = RecordingInbox(PostgresInbox(url: database.url, group: group)) {
      recording.commit(
        blackBox: PostgresCrashDatabase.boxName,
        snapshot: try await database.snapshot(to: snapshots + "/\(UUID().uuidString).json"))
    }
    let id = try await share(providers, into: group, inbox: inbox)
    recording.note(CrashLayout.committedNote(id))
    let history = recording.stop()
    try await requireEveryCommitMarked(history, database: database, snapshots: snapshots)
    return CrashScenario(
      name: name, history: history, written: try await manifests(in: database, group: group),
      backend: .postgres(database))
  }

  /// Commits `shares` shares (each of `providers(index)`) to the inbox in `database` from a
  /// fresh group under `root`, then records one import pass of them all into the library in
  /// `database` (its files beside the group).
  static func recordPostgresImport(
    _ name: String, shares: Int, root: String, snapshots: String,
    database: PostgresCrashDatabase, providers: (Int) throws -> [NSItemProvider]
  ) async throws -> CrashScenario {
    let group = try makeRoot(root)
    let inbox = PostgresInbox(url: database.url, group: group)
    var committed = Set<UUID>()
    for index in 0..<shares {
      committed.insert(try await share(try providers(index), into: group, inbox: inbox))
    }
    let written = try await manifests(in: database, group: group)
    let library = try PostgresLibrary(
      url: database.url, filesPath: CrashLayout(root: root).libraryFiles)
    try FileSystem.makeDirectories(snapshots)
    let initial = try await database.snapshot(to: snapshots + "/initial.json")
    let recording = try CrashRecording(
      root: root, servers: [PostgresCrashDatabase.boxName: initial])
    let recorded = RecordingLibrary(
      library, box: PostgresCrashDatabase.boxName, recording: recording
    ) { number in
      try await database.snapshot(to: snapshots + "/commit-\(number).json")
    }
    let pass = try await LibraryImporter(library: recorded, inbox: inbox).importPending()
    let history = recording.stop()
    guard Set(pass.imported) == committed, pass.errors.isEmpty else {
      throw ScenarioError("the recorded import did not import every share: \(pass.errors)")
    }
    try await requireEveryCommitMarked(history, database: database, snapshots: snapshots)
    return CrashScenario(
      name: name, history: history, written: written, initiallyCommitted: committed,
      backend: .postgres(database))
  }

  /// The manifests committed to the inbox in `database`, by share id.
  static func manifests(in database: PostgresCrashDatabase, group: GroupDirectory) async throws
    -> [UUID: ShareManifest]
  {
    let inbox = PostgresInbox(url: database.url, group: group)
    var manifests: [UUID: ShareManifest] = [:]
    for entry in try await inbox.pending() {
      manifests[entry.id] = try await inbox.manifest(entry.id)
    }
    return manifests
  }

  /// Throws unless the database holds what the recording's last snapshot holds: a commit the
  /// wrappers did not see would leave states the exploration could not draw.
  static func requireEveryCommitMarked(
    _ history: CrashHistory, database: PostgresCrashDatabase, snapshots: String
  ) async throws {
    guard let box = history.blackBoxes.first(where: { $0.path == PostgresCrashDatabase.boxName })
    else { throw ScenarioError("the recording has no database") }
    let last = box.commits.last?.snapshot ?? box.initial
    let now = try await database.snapshot(to: snapshots + "/after.json")
    defer { try? FileSystem.removeFile(now) }
    let read = { (path: String) in try FileSystem.readFile(atPath: path, followSymbolicLinks: false)
    }
    guard try read(last) == read(now) else {
      throw ScenarioError("the database changed after the last commit the recording marked")
    }
  }
}
