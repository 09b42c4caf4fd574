import Foundation
import Importer
import Ingest

/// Recording shares claimed together from a `PostgresInbox` in the library's own database: in
/// the claims' transaction, each share's record inserted (`ON CONFLICT (share_id) DO NOTHING`:
/// the unique key is the exactly-once check) and its inbox row deleted, then one commit for
/// them all.
///
/// The group is written in one round trip: a savepoint, the group's statements, and its
/// release, sent together (libpq's pipeline mode). `GroupWrites` says which statements: one
/// statement for the whole group, or one per share. When any share fails, the group goes back
/// to the savepoint and each share is written under a savepoint of its own, so that one share
/// that fails goes back to the inbox whole while the others commit.
extension PostgresLibrary {
  /// How a group of shares is written (measured by the `postgres` benchmark section).
  package enum GroupWrites: String, Sendable, CaseIterable {
    /// One statement inserts every record and item of the group and deletes its inbox rows.
    case oneStatement = "one statement"
    /// One statement per share, all of them in one pipeline.
    case statementPerShare = "a statement per share, pipelined"
  }

  /// Records `records` with `claims` (same order), the claims of one group of this database's
  /// inbox, and commits them; one result per record, in order.
  ///
  /// - Throws: `PostgresError` when the group's transaction is lost or its commit fails:
  ///   whether its records were committed is then not known.
  func insert(_ records: [LibraryRecord], claimedWith claims: [PostgresClaim]) throws
    -> [Result<Bool, any Error>]
  {
    guard let group = claims.first?.claimGroup else { return [] }
    let operation =
      records.count == 1
      ? "record share \(records[0].shareID.uuidString) and remove it from the inbox"
      : "record \(records.count) shares and remove them from the inbox"
    for claim in claims where !claim.isHeld {
      // Its row is no longer locked by this importer: whether another recorded it is not known.
      _ = try claim.inTransaction(operation: operation) { _ in () }
    }
    let outcomes = try group.inTransaction(operation: operation) { connection in
      try write(records, connection, operation: operation)
    }
    var written = Set<UUID>()
    for (record, outcome) in zip(records, outcomes) {
      if case .success = outcome { written.insert(record.shareID) }
    }
    try group.commit(written, operation: operation)
    for claim in claims where written.contains(claim.manifest.id) { claim.markCommitted() }
    return outcomes
  }

  /// Writes the group in the transaction open on `connection`, which ends without a failed
  /// statement outstanding.
  private func write(_ records: [LibraryRecord], _ connection: PGConnection, operation: String)
    throws -> [Result<Bool, any Error>]
  {
    if records.count > 1 || groupWrites == .statementPerShare {
      let statements: [PGStatement]
      switch groupWrites {
      case .oneStatement:
        statements = [try Self.groupStatement(records)]
      case .statementPerShare:
        statements = try records.map { try Self.shareStatement($0) }
      }
      let outcome = try connection.pipeline(
        statements, inSavepoint: "share_ingest_group", operation: operation)
      if case .success(let rows) = outcome {
        return Self.results(records, rows, groupWrites)
      }
    }
    return try writeOneByOne(records, connection, operation: operation)
  }

  /// Writes each share under a savepoint of its own: a share that fails is rolled back to it,
  /// and the others go on.
  private func writeOneByOne(
    _ records: [LibraryRecord], _ connection: PGConnection, operation: String
  ) throws -> [Result<Bool, any Error>] {
    var results: [Result<Bool, any Error>] = []
    for record in records {
      let outcome = try connection.pipeline(
        [try Self.shareStatement(record)], inSavepoint: "share_ingest_share",
        operation: operation)
      switch outcome {
      case .success(let rows): results.append(.success(rows.first?.first?.bool(0) == true))
      case .failure(let error): results.append(.failure(error))
      }
    }
    return results
  }

  /// Each record's result from the group's statements' rows: whether it was inserted (false:
  /// its share id was there).
  private static func results(
    _ records: [LibraryRecord], _ rows: [PGRows], _ writes: GroupWrites
  ) -> [Result<Bool, any Error>] {
    switch writes {
    case .statementPerShare:
      return rows.map { .success($0.first?.bool(0) == true) }
    case .oneStatement:
      let inserted = Set((rows.first?.rows ?? []).compactMap { $0.uuid(0) })
      return records.map { .success(inserted.contains($0.shareID)) }
    }
  }

  /// One share's statement: its record (unless its share id is there) and its inbox row's
  /// deletion, returning whether the record was inserted.
  static func shareStatement(_ record: LibraryRecord) throws -> PGStatement {
    let (sql, parameters) = try insertion(record)
    return PGStatement(
      sql.replacingOccurrences(
        of: "SELECT EXISTS (SELECT 1 FROM record)",
        with: """
          , gone AS (DELETE FROM share_ingest.inbox_shares WHERE id = $1::uuid)
          SELECT EXISTS (SELECT 1 FROM record)
          """), parameters)
  }

  /// The group's statement: every record (`$1`, a JSON array) whose share id is not there,
  /// their items, and the inbox rows' deletion; returns the share ids inserted.
  static func groupStatement(_ records: [LibraryRecord]) throws -> PGStatement {
    let rows = records.map { record in
      GroupRow(
        shareID: record.shareID.uuidString,
        receivedAt: PGValue.microseconds(since1970: record.receivedAt),
        importedAt: PGValue.microseconds(since1970: record.importedAt), source: record.source,
        status: record.status.rawValue, title: record.title, items: record.items)
    }
    let json = String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
    return PGStatement(
      """
      WITH input AS (
        SELECT (row.value->>'shareID')::uuid AS share_id, row.value AS value, row.position
        FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS row(value, position)
      ), record AS (
        INSERT INTO share_ingest.library_records
          (share_id, received_at, imported_at, source, status, title)
        SELECT share_id, \(PostgresInbox.timestamp(from: "(value->>'receivedAt')")),
          \(PostgresInbox.timestamp(from: "(value->>'importedAt')")), value->>'source',
          value->>'status', value->>'title'
        FROM input ORDER BY position
        ON CONFLICT (share_id) DO NOTHING
        RETURNING id, share_id
      ), items AS (
        INSERT INTO share_ingest.library_items
          (record_id, position, kind, type_identifier, text, url, file, byte_count, sha256,
           suggested_name)
        SELECT record.id, item.position - 1, item.value->>'kind',
          item.value->>'typeIdentifier', item.value->>'text', item.value->>'url',
          item.value->>'file', (item.value->>'byteCount')::bigint, item.value->>'sha256',
          item.value->>'suggestedName'
        FROM record JOIN input ON input.share_id = record.share_id,
          jsonb_array_elements(input.value->'items') WITH ORDINALITY AS item(value, position)
      ), gone AS (
        DELETE FROM share_ingest.inbox_shares WHERE id IN (SELECT share_id FROM input)
      )
      SELECT share_id::text FROM record
      """, [.text(json)])
  }

  /// A record as the group's statement reads it.
  private struct GroupRow: Encodable {
    var shareID: String
    /// Microseconds since 1970.
    var receivedAt: Int64
    /// Microseconds since 1970.
    var importedAt: Int64
    var source: String?
    var status: String
    var title: String?
    var items: [LibraryItem]
  }
}
