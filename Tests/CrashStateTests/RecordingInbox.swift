import CrashStates
import Foundation
import InboxReading
import Ingest

/// An inbox kept in a database (PostgreSQL) as a black box for crash states, on the sharing
/// side: every call goes to the real inbox, and as each share's commit returns, `committed`
/// takes a snapshot of the database and marks it in the recording.
///
/// Only the sharing side is wrapped: an import claims from the real inbox, whose claims a
/// library in the same database commits with its records (`RecordingLibrary` marks those).
final class RecordingInbox: InboxStore {
  let inbox: any InboxStore
  let committed: @Sendable () async throws -> Void

  /// Wraps `inbox`; `committed` runs as each share's commit returns.
  init(_ inbox: any InboxStore, committed: @escaping @Sendable () async throws -> Void) {
    self.inbox = inbox
    self.committed = committed
  }

  /// A manifest whose commit is marked.
  private struct Prepared: PreparedManifest {
    let prepared: any PreparedManifest
    let committed: @Sendable () async throws -> Void

    func write(_ manifest: ShareManifest) async throws { try await prepared.write(manifest) }
    func makeDurable() async throws { try await prepared.makeDurable() }
    func commit() async throws {
      try await prepared.commit()
      try await committed()
    }
    func discard() async { await prepared.discard() }
  }

  func reserve(_ id: UUID) async throws -> any PreparedManifest {
    Prepared(prepared: try await inbox.reserve(id), committed: committed)
  }

  func pending() async throws -> [InboxEntry] { try await inbox.pending() }
  func manifest(_ id: UUID) async throws -> ShareManifest? { try await inbox.manifest(id) }
  func claim(_ id: UUID) async throws -> (any InboxClaim)? { try await inbox.claim(id) }
  func claimNext() async throws -> (any InboxClaim)? { try await inbox.claimNext() }
  func claimGroup(upTo limit: Int, excluding excluded: Set<UUID>) async throws
    -> ClaimedShares
  {
    try await inbox.claimGroup(upTo: limit, excluding: excluded)
  }
  var claimsInGroups: Bool { inbox.claimsInGroups }
  func problems() async throws -> [InboxProblem] { try await inbox.problems() }
  func quarantine(_ id: UUID, reason: String) async throws {
    try await inbox.quarantine(id, reason: reason)
  }
  var claimLimit: Int { inbox.claimLimit }
  var prefersReservingAhead: Bool { inbox.prefersReservingAhead }
}
