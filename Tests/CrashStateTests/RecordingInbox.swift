import CrashStates
import Foundation
import Ingest

/// An inbox kept in a database (PostgreSQL) as a black box for crash states, on the sharing
/// side: every call goes to the real inbox, and as each share's commit returns, `committed`
/// takes a snapshot of the database and marks it in the recording.
///
/// Only the sharing side is wrapped: an import claims from the real inbox, whose claims a
/// library in the same database commits with its records (`RecordingLibrary` marks those).
final class RecordingInbox: InboxStore {
  let inbox: any InboxStore
  let committed: @Sendable () throws -> Void

  /// Wraps `inbox`; `committed` runs as each share's commit returns.
  init(_ inbox: any InboxStore, committed: @escaping @Sendable () throws -> Void) {
    self.inbox = inbox
    self.committed = committed
  }

  /// A manifest whose commit is marked.
  private struct Prepared: PreparedManifest {
    let prepared: any PreparedManifest
    let committed: @Sendable () throws -> Void

    func write(_ manifest: ShareManifest) throws { try prepared.write(manifest) }
    func makeDurable() throws { try prepared.makeDurable() }
    func commit() throws {
      try prepared.commit()
      try committed()
    }
    func discard() { prepared.discard() }
  }

  func reserve(_ id: UUID) throws -> any PreparedManifest {
    Prepared(prepared: try inbox.reserve(id), committed: committed)
  }

  func pending() throws -> [InboxEntry] { try inbox.pending() }
  func manifest(_ id: UUID) throws -> ShareManifest? { try inbox.manifest(id) }
  func claim(_ id: UUID) throws -> (any InboxClaim)? { try inbox.claim(id) }
  func claimNext() throws -> (any InboxClaim)? { try inbox.claimNext() }
  func claimGroup(upTo limit: Int, excluding excluded: Set<UUID>) throws -> ClaimedShares {
    try inbox.claimGroup(upTo: limit, excluding: excluded)
  }
  var claimsInGroups: Bool { inbox.claimsInGroups }
  func problems() throws -> [InboxProblem] { try inbox.problems() }
  func quarantine(_ id: UUID, reason: String) throws { try inbox.quarantine(id, reason: reason) }
  var claimLimit: Int { inbox.claimLimit }
  var prefersReservingAhead: Bool { inbox.prefersReservingAhead }
}
