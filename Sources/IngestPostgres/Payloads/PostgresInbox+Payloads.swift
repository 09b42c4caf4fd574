import Foundation
import InboxReading
import Ingest
import SystemCalls

/// Sweeping the large objects of a PostgreSQL inbox.
extension PostgresInbox {
  /// What a sweep of large objects did.
  public struct PayloadSweep: Sendable, Hashable {
    /// Registered large objects no inbox item names, removed.
    public var removed = 0
    /// Registered large objects that inbox items name (committed shares waiting): kept.
    public var kept = 0
  }

  /// Removes the large objects share-ingest made (`payload_objects`) that no inbox item names
  /// and that are older than `threshold`, in one transaction.
  ///
  /// Nothing a share needs is ever removed, at any threshold (0 included): a committed share's
  /// items name its objects (committed in the same transaction as its registrations, and
  /// removed only with its rows); a share in flight has objects and registrations only in its
  /// sharer's open transaction, which no other transaction sees. What is removed is what the
  /// rows lost without the trigger that removes objects with their items (a `TRUNCATE`, a
  /// trigger disabled, an older program). Objects share-ingest did not make (not registered)
  /// are never touched.
  ///
  /// - Throws: `PostgresError`.
  public func sweepPayloads(olderThan threshold: Duration = InboxSweeper.defaultThreshold)
    async throws -> PayloadSweep
  {
    try await IOExecutor.shared.run {
      let microseconds =
        threshold.components.seconds * 1_000_000
        + threshold.components.attoseconds / 1_000_000_000_000
      let operation = "sweep large objects"
      let rows = try pool.withConnection { connection in
        try connection.query(
          """
          WITH gone AS (
            DELETE FROM share_ingest.payload_objects p
            WHERE p.created_at <= clock_timestamp() - $1::bigint * interval '1 microsecond'
              AND NOT EXISTS (
                SELECT 1 FROM share_ingest.inbox_items i WHERE i.payload_oid = p.oid)
            RETURNING p.oid
          ), unlinked AS (
            SELECT count(lo_unlink(gone.oid)) AS removed FROM gone
            WHERE EXISTS (SELECT 1 FROM pg_largeobject_metadata m WHERE m.oid = gone.oid)
          )
          SELECT (SELECT count(*) FROM gone), (SELECT removed FROM unlinked),
            (SELECT count(*) FROM share_ingest.payload_objects p WHERE EXISTS (
              SELECT 1 FROM share_ingest.inbox_items i WHERE i.payload_oid = p.oid))
          """, [.int64(max(0, microseconds))], operation: operation)
      }
      let row = rows.first
      return PayloadSweep(
        removed: try row?.decode(Int.self, at: 0, column: "removed") ?? 0,
        kept: try row?.decode(Int.self, at: 2, column: "kept") ?? 0)
    }
  }
}
