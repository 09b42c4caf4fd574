import CrashStates
import Foundation
import Importer
import InboxReading
import Ingest
import Synchronization

/// A library as a black box for crash states: every call goes to the real library, and as
/// each call that commits returns, a snapshot of the database is taken and marked in the
/// recording, so a crash state holds the library of its last commit (a commit that returned is
/// on the disk: SQLite with `synchronous = FULL`, PostgreSQL's write-ahead log; one that did not
/// is not yet).
final class RecordingLibrary: LibraryStore {
  let library: any LibraryStore
  let recording: CrashRecording
  /// The black box's path or name in the recording.
  let box: String
  /// Takes a snapshot of the database as it is now and returns where it is; given the commit's
  /// number (1 for the first).
  let snapshot: @Sendable (Int) async throws -> String
  private let count = Mutex(0)

  /// Wraps `library`, the black box `box` of `recording`.
  init(
    _ library: any LibraryStore, box: String, recording: CrashRecording,
    snapshot: @escaping @Sendable (Int) async throws -> String
  ) {
    self.library = library
    self.box = box
    self.recording = recording
    self.snapshot = snapshot
  }

  /// Wraps the SQLite `library`, writing its snapshots (`VACUUM INTO`) into the directory
  /// `snapshots`.
  convenience init(_ library: Library, recording: CrashRecording, snapshots: String) {
    self.init(library, box: CrashLayout.libraryName, recording: recording) { number in
      let path = snapshots + "/commit-\(number).sqlite"
      try await Self.snapshot(library, to: path)
      return path
    }
  }

  /// A consistent copy of `library` at `path`, taken through its own connection.
  static func snapshot(_ library: Library, to path: String) async throws {
    let quoted = path.replacingOccurrences(of: "'", with: "''")
    try await library.withConnection { connection in
      try connection.execute("VACUUM INTO '\(quoted)'")
    }
  }

  /// Takes and marks the snapshot of a commit that just returned.
  private func committed() async throws {
    let number = count.withLock { count -> Int in
      count += 1
      return count
    }
    recording.commit(blackBox: box, snapshot: try await snapshot(number))
  }

  var location: String { library.location }
  var filesPath: String { library.filesPath }

  func contains(shareID id: UUID) async throws -> Bool {
    try await library.contains(shareID: id)
  }

  func insert(_ record: LibraryRecord) async throws -> Bool {
    let inserted = try await library.insert(record)
    try await committed()
    return inserted
  }

  func insert(_ record: LibraryRecord, claimedWith claim: any InboxClaim) async throws -> Bool {
    let inserted = try await library.insert(record, claimedWith: claim)
    try await committed()
    return inserted
  }

  func insert(batch records: [LibraryRecord], claimedWith claims: [any InboxClaim]) async throws
    -> [Result<Bool, any Error>]
  {
    let results = try await library.insert(batch: records, claimedWith: claims)
    try await committed()
    return results
  }

  func flushFiles() async throws { try await library.flushFiles() }

  func records(status: RecordStatus?, limit: Int?) async throws -> [LibraryRecord] {
    try await library.records(status: status, limit: limit)
  }

  func shareID(holdingFileWithSHA256 sha256: String, byteCount: Int64) async throws -> UUID? {
    try await library.shareID(holdingFileWithSHA256: sha256, byteCount: byteCount)
  }

  func count(receivedIn interval: DateInterval) async throws -> Int {
    try await library.count(receivedIn: interval)
  }

  func newest(receivedIn interval: DateInterval, limit: Int) async throws -> [LibraryRecord] {
    try await library.newest(receivedIn: interval, limit: limit)
  }
}
