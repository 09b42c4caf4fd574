import Foundation
import InboxReading
import Ingest
import Synchronization
import SystemCalls

/// A share claimed in the PostgreSQL inbox: its row locked (`FOR UPDATE`) by the transaction of
/// its group (`PostgresClaimGroup`: the shares claimed together, one or many), open on a
/// connection the group keeps to itself.
///
/// `finish()` deletes the row in that transaction; `release(recording:)` records the error on
/// it, and the share stays. The group commits once each of its claims is finished or released.
/// A library in the same database records the share and deletes the row in the same
/// transaction (`PostgresLibrary`), committing it with the others of its group, and `finish()`
/// then only removes leftover files. When the connection is lost, the claim is gone with it
/// (the server rolled the transaction back), and both say so.
final class PostgresClaim: ProvingClaim {
  /// The shares claimed with this one, and their transaction.
  let claimGroup: PostgresClaimGroup
  let manifest: ShareManifest
  /// Where the share's payloads are in the database (large objects, or chunks); empty when
  /// they are in the group directory.
  let places: PayloadPlaces
  /// The large objects holding the share's payloads, by item position; empty when they are
  /// elsewhere.
  var payloadObjects: [Int: PayloadObject] { places.objects }
  private let state = Mutex(State.held)
  /// The payloads in `Incoming/` its reader proved the share's: the only ones `finish()`
  /// removes.
  let proven = ProvenPayloads()

  enum State {
    /// The row is locked by the group's transaction.
    case held
    /// The row was deleted and the transaction committed (by a library in the same database).
    case committed
    /// Finished or released.
    case ended
  }

  init(
    group: PostgresClaimGroup, manifest: ShareManifest, places: PayloadPlaces
  ) {
    self.claimGroup = group
    self.manifest = manifest
    self.places = places
  }

  deinit {
    // A claim dropped without finishing: the share stays, and its group may commit.
    if state.withLock({ $0 }) == .held {
      try? claimGroup.settle(manifest.id, operation: "give back share \(manifest.id.uuidString)")
    }
  }

  /// The inbox the share was claimed from.
  var inbox: PostgresInbox { claimGroup.inbox }

  /// The connection of the claim's transaction.
  var slot: ConnectionSlot { claimGroup.slot }

  /// `InboxClaim`: the group directory the payload files are in.
  var group: GroupDirectory { inbox.group }

  /// The payload's path in the group directory; for a payload in the database, `large object
  /// <oid> (<Incoming/name>) in <url>`.
  func payloadPath(of item: ShareManifest.Item) -> String? {
    guard item.kind == .file, let file = item.file else { return nil }
    if let position = manifest.items.firstIndex(where: { $0.file == file }),
      let object = payloadObjects[position]
    {
      return "large object \(object.oid) (\(file)) in \(inbox.url.redacted)"
    }
    if let position = manifest.items.firstIndex(where: { $0.file == file }),
      places.chunks[position] != nil
    {
      return "payload chunks of item \(position) (\(file)) in \(inbox.url.redacted)"
    }
    return inbox.group.absolutePath(file)
  }

  /// The share's chunks or large objects when its sharer put its payloads in the database;
  /// else the group directory's `Incoming/`.
  var payloads: any PayloadStore {
    if !places.chunks.isEmpty { return ChunkPayloads(claim: self) }
    return payloadObjects.isEmpty
      ? GroupDirectoryPayloads(claim: self) : LargeObjectPayloads(claim: self)
  }

  /// Whether the claim still holds the share's row (not committed, ended, or lost).
  var isHeld: Bool {
    state.withLock { $0 } == .held && claimGroup.holds(manifest.id)
  }

  /// Runs `body` in the claim's transaction (which stays open). The share's row is locked.
  ///
  /// - Throws: `PostgresError` when the claim is gone (its connection lost, its group ended).
  func inTransaction<R: Sendable>(operation: String, _ body: (PGConnection) throws -> R) throws
    -> R
  {
    guard isHeld else { throw gone(operation) }
    return try claimGroup.inTransaction(operation: operation, body)
  }

  /// Marks the share recorded and deleted from the inbox by a library, in a transaction that
  /// committed.
  func markCommitted() {
    state.withLock { $0 = .committed }
  }

  /// Deletes the share's row in the group's transaction (unless a library did and committed),
  /// which commits once the group's last claim is settled; then removes the payload files still
  /// in `Incoming/`.
  func finish() async throws {
    try await IOExecutor.shared.run {
      let operation = "finish share \(manifest.id.uuidString)"
      let current = state.withLock { state -> State in
        defer { if state == .held { state = .ended } }
        return state
      }
      switch current {
      case .ended: return
      case .held:
        try inTransactionOnce(operation: operation) { connection in
          try connection.query(
            "DELETE FROM share_ingest.inbox_shares WHERE id = $1::uuid",
            [.uuid(manifest.id)], operation: operation)
        }
        try claimGroup.settle(manifest.id, operation: operation)
      case .committed:
        state.withLock { $0 = .ended }
      }
      // Only payloads the reader proved the share's (`PayloadProof`); a name already gone was
      // released by the library importer before its record committed, or removed meanwhile.
      for item in manifest.items where item.kind == .file && places.isEmpty {
        guard let name = item.payloadName, let proof = proven.proof(of: name) else { continue }
        try inbox.group.removePayload(name, provenBy: proof)
      }
    }
  }

  /// Records `error` on the share's row; the share stays. While the group's transaction holds
  /// the row, in it (committed with the group); once the group's transaction ended without it,
  /// on a connection of the pool.
  func release(recording error: String) async throws {
    try await IOExecutor.shared.run {
      let operation = "release share \(manifest.id.uuidString)"
      let current = state.withLock { state -> State in
        defer { state = .ended }
        return state
      }
      guard current != .ended, current != .committed else { return }
      if claimGroup.holds(manifest.id) {
        do {
          try claimGroup.inTransaction(operation: operation) { connection in
            try Self.recordFailure(manifest.id, error, connection, operation: operation)
          }
          try claimGroup.settle(manifest.id, operation: operation)
          return
        } catch {
          // The group's transaction is gone, and the row with it: record it as below.
          guard !claimGroup.holds(manifest.id) else { throw error }
        }
      }
      _ = try inbox.pool.withConnection { connection in
        try Self.recordFailure(manifest.id, error, connection, operation: operation)
      }
    }
  }

  /// Runs `body` in the transaction when the claim is held; the claim is then ended either
  /// way (a lost claim says so).
  private func inTransactionOnce(operation: String, _ body: (PGConnection) throws -> Void)
    throws
  {
    guard claimGroup.holds(manifest.id) else { throw gone(operation) }
    try claimGroup.inTransaction(operation: operation, body)
  }

  /// Counts a failed attempt at the share `id` and records `error` as its last.
  static func recordFailure(
    _ id: UUID, _ error: String, _ connection: PGConnection, operation: String
  ) throws {
    try connection.query(
      """
      UPDATE share_ingest.inbox_shares
      SET attempts = attempts + 1, last_attempt = clock_timestamp(), last_error = $2
      WHERE id = $1::uuid
      """, [.uuid(id), .text(error)], operation: operation)
  }

  /// The error for a claim that is gone.
  private func gone(_ operation: String) -> PostgresError {
    claimGroup.lostReason(manifest.id)
      ?? PostgresError(
        operation: operation, target: inbox.url.redacted, sqlState: nil,
        message: "the claim is gone (its transaction ended)", isConnectionFailure: true)
  }
}
