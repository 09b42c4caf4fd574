import Foundation
import InboxReading
import Ingest

/// Where imported shares are kept: what `LibraryImporter`, `library list` and the hand-off
/// summary card need of a library, and nothing more.
///
/// `Library` keeps records in a SQLite file; a backend on a database server implements the
/// same protocol (the PostgreSQL one is in its own module, so this one links no client it does
/// not use). Every implementation keeps the one rule the importer rests on: a share id is
/// recorded at most once, whatever the number of importers.
public protocol LibraryStore: Sendable {
  /// Where the library is, for messages: a path, or a URL without its password.
  var location: String { get }

  /// The directory of the records' files (`LibraryItem.file` names a file in it). It must be
  /// on the file system of the group directory's `Incoming/` for files to be placed there by
  /// a hard link; elsewhere they are copied.
  var filesPath: String { get }

  /// Whether the share `id` is recorded.
  func contains(shareID id: UUID) async throws -> Bool

  /// Records `record` and its items in one transaction, exactly once: false, writing
  /// nothing, when its share id is already there.
  func insert(_ record: LibraryRecord) async throws -> Bool

  /// Records the share `claim` holds (see `insert(_:)`). A library in the same database as
  /// the claim's inbox also removes the share from the inbox in the same transaction, so the
  /// claim's `finish()` has only files left to remove; any other library records it as
  /// `insert(_:)` does (the default).
  func insert(_ record: LibraryRecord, claimedWith claim: any InboxClaim) async throws -> Bool

  /// Records `records` (the shares `claims` hold, in the same order) together where the
  /// library can: one result per record, in order. A failed record is known not to be in the
  /// library; when that cannot be known, the call throws instead. The default records each as
  /// `insert(_:claimedWith:)` does.
  func insert(batch records: [LibraryRecord], claimedWith claims: [any InboxClaim]) async throws
    -> [Result<Bool, any Error>]

  /// Flushes the files directory, so the files placed without a flush of their own are on
  /// stable storage before their records commit.
  func flushFiles() async throws

  /// The records, newest first (by when they were received), with their items.
  ///
  /// - Parameters:
  ///   - status: Only records with this status; nil for all.
  ///   - limit: At most this many; nil for all.
  func records(status: RecordStatus?, limit: Int?) async throws -> [LibraryRecord]

  /// A share whose record holds a file with this SHA-256 (lower-case hexadecimal) and size;
  /// nil when none does. Says which share took a payload that two manifests named.
  func shareID(holdingFileWithSHA256 sha256: String, byteCount: Int64) async throws -> UUID?

  /// How many records were received in `interval` (its start included, its end not): the
  /// summary card's count.
  func count(receivedIn interval: DateInterval) async throws -> Int

  /// The newest `limit` records received in `interval`, newest first, with their items: the
  /// summary card's lines.
  func newest(receivedIn interval: DateInterval, limit: Int) async throws -> [LibraryRecord]
}

extension LibraryStore {
  /// Records `record` as `insert(_:)` does: the claim plays no part.
  public func insert(_ record: LibraryRecord, claimedWith claim: any InboxClaim) async throws
    -> Bool
  {
    try await insert(record)
  }

  /// Records each share in turn (see `insert(_:claimedWith:)`).
  public func insert(batch records: [LibraryRecord], claimedWith claims: [any InboxClaim])
    async throws -> [Result<Bool, any Error>]
  {
    var results: [Result<Bool, any Error>] = []
    for (record, claim) in zip(records, claims) {
      do {
        results.append(.success(try await insert(record, claimedWith: claim)))
      } catch {
        // A commit that reported a failure may have landed: only a record known not to be
        // there is a failure the caller may undo.
        guard (try? await contains(shareID: record.shareID)) == false else { throw error }
        results.append(.failure(error))
      }
    }
    return results
  }

  /// The absolute path of a file a record holds (`LibraryItem.file`).
  public func absolutePath(ofFile name: String) -> String {
    filesPath + "/" + name
  }
}
