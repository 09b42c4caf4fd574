import Foundation
import Synchronization

/// Shares claimed together: their rows locked (`FOR UPDATE`) by one transaction open on a
/// connection the group keeps to itself, until every claim of the group is settled.
///
/// A claim is settled when it is finished (its row deleted in the transaction), released (its
/// failure recorded in the transaction), or committed with the others by a library in the same
/// database (`PostgresLibrary.insert(batch:claimedWith:)`). The group commits once its last
/// claim is settled, and gives its connection back; a library's commit may come first, for
/// some claims of the group (see `commit(_:operation:)`). A claim of one share is a group of
/// one.
///
/// When the connection is lost, or the transaction fails outside a savepoint, the group ends
/// with every claim it still held: the server rolled their rows back into the inbox, unlocked,
/// and each says so when used.
final class PostgresClaimGroup: Sendable {
  let inbox: PostgresInbox
  let slot: ConnectionSlot
  private let state: Mutex<State>

  private struct State {
    var isOpen = true
    /// The claims of the group's transaction not yet settled.
    var unsettled: Set<UUID>
    /// Claims whose rows the transaction no longer holds (its end came first), with why.
    var unlocked: [UUID: PostgresError] = [:]
  }

  init(inbox: PostgresInbox, slot: ConnectionSlot, ids: Set<UUID>) {
    self.inbox = inbox
    self.slot = slot
    state = Mutex(State(unsettled: ids))
  }

  deinit {
    // Dropped with its transaction open: the transaction must not stay open.
    if state.withLock({ $0.isOpen }) {
      slot.disconnect()
      inbox.checkIn(slot)
    }
  }

  /// Whether the transaction still holds the share `id`'s row.
  func holds(_ id: UUID) -> Bool {
    state.withLock { $0.isOpen && $0.unsettled.contains(id) }
  }

  /// Why the share `id`'s claim is gone, when the group's transaction ended without it.
  func lostReason(_ id: UUID) -> PostgresError? {
    state.withLock { $0.unlocked[id] }
  }

  /// Runs `body` in the group's transaction, which stays open.
  ///
  /// - Throws: `PostgresError` (a connection failure) when the connection, and the claims with
  ///   it, is lost; whatever `body` throws. A transaction that `body` leaves failed (an error
  ///   outside a savepoint) is rolled back and the group ends: its claims are gone.
  func inTransaction<R: Sendable>(operation: String, _ body: (PGConnection) throws -> R) throws
    -> R
  {
    guard state.withLock({ $0.isOpen }) else { throw ended(operation) }
    do {
      return try slot.withCurrentConnection(operation: operation) { connection in
        do {
          return try body(connection)
        } catch {
          if connection.isInFailedTransaction {
            try? connection.rollbackTransaction(operation: operation)
            throw TransactionFailed(error: error)
          }
          throw error
        }
      }
    } catch let failed as TransactionFailed {
      end(lost: lost(operation, "the transaction failed: \(failed.error)"))
      throw failed.error
    } catch let error as PostgresError where error.isConnectionFailure {
      end(lost: error)
      throw error
    }
  }

  /// Settles `id` after work done in the transaction (a row deleted, a failure recorded); the
  /// last claim to settle commits the group.
  func settle(_ id: UUID, operation: String) throws {
    let isLast = state.withLock { state -> Bool in
      guard state.isOpen, state.unsettled.remove(id) != nil else { return false }
      return state.unsettled.isEmpty
    }
    if isLast { try commit([], operation: operation) }
  }

  /// Commits the transaction, settling `ids` (recorded and deleted in it by a library). Claims
  /// of the group still unsettled are locked again in a new transaction on the same
  /// connection (`FOR UPDATE SKIP LOCKED`); one that another importer took in the instant
  /// between is gone, and says so. With none left, the connection goes back to the pool.
  ///
  /// - Throws: `PostgresError` when the commit fails (every claim of the group is then gone)
  ///   or the others cannot be locked again.
  func commit(_ ids: Set<UUID>, operation: String) throws {
    let remaining = state.withLock { state -> Set<UUID> in
      state.unsettled.subtract(ids)
      return state.unsettled
    }
    do {
      try inTransaction(operation: operation) { connection in
        try connection.commitTransaction(operation: operation)
      }
    } catch {
      // A commit that failed ended the transaction all the same.
      end(lost: lost(operation, "the group's commit failed: \(error)"))
      throw error
    }
    guard !remaining.isEmpty else {
      end(lost: nil)
      return
    }
    let relocked = try inTransaction(operation: operation) { connection -> Set<UUID> in
      try connection.beginTransaction(operation: operation)
      let rows = try connection.query(
        """
        SELECT id::text FROM share_ingest.inbox_shares WHERE id = ANY($1::uuid[])
        FOR UPDATE SKIP LOCKED
        """, [.uuids(Array(remaining))], operation: operation)
      return Set(try rows.rows.map { try $0.decode(UUID.self, at: 0, column: "id") })
    }
    let taken = remaining.subtracting(relocked)
    state.withLock { state in
      for id in taken {
        state.unsettled.remove(id)
        state.unlocked[id] = lost(
          operation, "another importer took the share while its group committed")
      }
    }
    if relocked.isEmpty { try commit([], operation: operation) }
  }

  /// Ends the group: its connection goes back to the pool (closed first when the transaction
  /// was lost), and the claims it still held are gone.
  func end(lost reason: PostgresError?) {
    let ending = state.withLock { state -> Bool in
      guard state.isOpen else { return false }
      state.isOpen = false
      if let reason {
        for id in state.unsettled { state.unlocked[id] = reason }
      }
      state.unsettled = []
      return true
    }
    guard ending else { return }
    if reason != nil {
      // Never give the pool a connection with a transaction open.
      do {
        try slot.withCurrentConnection(operation: "end a claim") { connection in
          if connection.isInTransaction {
            try connection.rollbackTransaction(operation: "end a claim")
          }
        }
      } catch {
        slot.disconnect()
      }
    }
    inbox.checkIn(slot)
  }

  /// The error for work on a group that ended.
  private func ended(_ operation: String) -> PostgresError {
    lost(operation, "the claim ended (its transaction was committed or lost)")
  }

  private func lost(_ operation: String, _ message: String) -> PostgresError {
    PostgresError(
      operation: operation, target: inbox.url.redacted, sqlState: nil, message: message)
  }

  /// A failure that left the transaction failed, carried out of the connection's lock.
  private struct TransactionFailed: Error {
    var error: any Error
  }
}
