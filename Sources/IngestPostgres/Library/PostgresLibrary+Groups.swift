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
      case .success(let rows):
        results.append(
          Result { try Self.inserted(rows.first ?? PGRows(rows: [], affected: 0)) }
            .map { $0.contains(record.shareID) })
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
    // Whichever way the group was written, the ids its statements returned are the records
    // inserted.
    let inserted = Result {
      try rows.reduce(into: Set<UUID>()) { $0.formUnion(try Self.inserted($1)) }
    }
    return records.map { record in inserted.map { $0.contains(record.shareID) } }
  }

  /// One share's statement: its record (unless its share id is there) and its inbox row's
  /// deletion, returning its share id when the record was inserted.
  static func shareStatement(_ record: LibraryRecord) throws -> PGStatement {
    try insertion([record], removingFromInbox: true)
  }

  /// The group's statement: every record whose share id is not there, their items, and the
  /// inbox rows' deletion; returns the share ids inserted.
  static func groupStatement(_ records: [LibraryRecord]) throws -> PGStatement {
    try insertion(records, removingFromInbox: true)
  }
}
