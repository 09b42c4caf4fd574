import Foundation
import Ingest
import Synchronization
import SystemCalls

/// A share claimed in the PostgreSQL inbox: its row locked (`FOR UPDATE`) by a transaction
/// open on a connection the claim keeps to itself.
///
/// `finish()` deletes the row and commits; `release(recording:)` rolls back and records the
/// error. A library in the same database records the share and deletes the row in this same
/// transaction (`PostgresLibrary`), and `finish()` then only removes leftover files. When the
/// connection is lost, the claim is gone with it (the server rolled the transaction back), and
/// both say so.
final class PostgresClaim: InboxClaim {
  let inbox: PostgresInbox
  let slot: ConnectionSlot
  let manifest: ShareManifest
  private let state = Mutex(State.held)

  enum State {
    /// The row is locked and still there.
    case held
    /// The row was deleted and the transaction committed (by a library in the same database).
    case committed
    /// Finished or released: the connection went back to the pool.
    case ended
  }

  init(inbox: PostgresInbox, slot: ConnectionSlot, manifest: ShareManifest) {
    self.inbox = inbox
    self.slot = slot
    self.manifest = manifest
  }

  deinit {
    // A claim dropped without finishing: its transaction must not stay open.
    if state.withLock({ $0 }) != .ended {
      slot.disconnect()
      inbox.checkIn(slot)
    }
  }

  var group: GroupDirectory { inbox.group }

  func payloadPath(of item: ShareManifest.Item) -> String? {
    guard item.kind == .file, let file = item.file else { return nil }
    return inbox.group.absolutePath(file)
  }

  /// Runs `body` in the claim's transaction (which stays open). The share's row is locked.
  ///
  /// - Throws: `PostgresError` (a connection failure) when the connection, and the claim with
  ///   it, is lost.
  func inTransaction<R: Sendable>(operation: String, _ body: (PGConnection) throws -> R) throws
    -> R
  {
    try slot.withCurrentConnection(operation: operation, body)
  }

  /// Marks the transaction committed by someone else (the library, with the row deleted).
  func markCommitted() {
    state.withLock { $0 = .committed }
  }

  /// Deletes the share's row and commits (unless a library did), then removes the payload
  /// files still in `Incoming/`.
  func finish() throws {
    let operation = "finish share \(manifest.id.uuidString)"
    if state.withLock({ $0 }) == .held {
      do {
        try inTransaction(operation: operation) { connection in
          try connection.query(
            "DELETE FROM share_ingest.inbox_shares WHERE id = $1::uuid",
            [manifest.id.uuidString], operation: operation)
          try connection.execute("COMMIT", operation: operation)
        }
      } catch {
        end()
        throw error
      }
    }
    end()
    for item in manifest.items where item.kind == .file {
      guard let name = item.fileName else { continue }
      do throws(IOError) {
        try inbox.group.incoming.removeFile(name)
      } catch {
        // Moved into the library, or removed meanwhile.
        guard error.code == .notFound else { throw error }
      }
    }
  }

  /// Rolls the claim's transaction back and records `error` on the share's row.
  func release(recording error: String) throws {
    let operation = "release share \(manifest.id.uuidString)"
    let held = state.withLock { $0 } == .held
    if held {
      try? inTransaction(operation: operation) { connection in
        try connection.execute("ROLLBACK", operation: operation)
      }
    }
    end()
    guard held else { return }
    _ = try inbox.pool.withConnection { connection in
      try connection.query(
        """
        UPDATE share_ingest.inbox_shares
        SET attempts = attempts + 1, last_attempt = clock_timestamp(), last_error = $2
        WHERE id = $1::uuid
        """, [manifest.id.uuidString, error], operation: operation)
    }
  }

  /// Gives the connection back to the pool, once.
  private func end() {
    let ending = state.withLock { state -> Bool in
      guard state != .ended else { return false }
      state = .ended
      return true
    }
    if ending { inbox.checkIn(slot) }
  }
}
