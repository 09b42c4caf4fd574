import Foundation
import Ingest
import SystemCalls

/// Reading and writing records.
extension Library {
  /// Whether the share `id` is in the library.
  public func contains(shareID id: UUID) async throws -> Bool {
    try await withConnection { connection in
      try connection.integer(LibrarySchema.selectRecordID, [.text(id.uuidString)]) != nil
    }
  }

  /// The record of the share `id`, if imported.
  public func record(shareID id: UUID) async throws -> LibraryRecord? {
    try await withConnection { connection in
      let sql = "\(Self.recordColumns) FROM records WHERE share_id = ?1"
      return try Self.readRecords(connection, sql: sql, [.text(id.uuidString)]).first
    }
  }

  /// The records, newest first (by when they were received), with their items.
  ///
  /// - Parameters:
  ///   - status: Only records with this status; nil for all.
  ///   - limit: At most this many; nil for all.
  public func records(status: RecordStatus? = nil, limit: Int? = nil) async throws
    -> [LibraryRecord]
  {
    try await withConnection { connection in
      var sql = "\(Self.recordColumns) FROM records"
      var values: [SQLiteValue] = []
      if let status {
        sql += " WHERE status = ?1"
        values.append(.text(status.rawValue))
      }
      sql += " ORDER BY received_at DESC, id DESC LIMIT ?\(values.count + 1)"
      values.append(.integer(Int64(limit ?? -1)))
      return try Self.readRecords(connection, sql: sql, values)
    }
  }

  /// A share whose record holds a file with this SHA-256 and size (a scan of the items: only
  /// asked when a payload is missing).
  public func shareID(holdingFileWithSHA256 sha256: String, byteCount: Int64) async throws -> UUID?
  {
    try await withConnection { connection in
      try connection.statement(
        """
        SELECT r.share_id FROM items i JOIN records r ON r.id = i.record_id
        WHERE i.kind = 'file' AND i.sha256 = ?1 AND i.byte_count = ?2 LIMIT 1
        """
      ).rows([.text(sha256), .integer(byteCount)]) { $0.text(0) }.first?
      .flatMap(UUID.init(uuidString:))
    }
  }

  /// How many records there are, with `status` or in all.
  public func count(status: RecordStatus? = nil) async throws -> Int {
    try await withConnection { connection in
      let count =
        if let status {
          try connection.integer(
            "SELECT count(*) FROM records WHERE status = ?1", [.text(status.rawValue)])
        } else {
          try connection.integer("SELECT count(*) FROM records")
        }
      return Int(count ?? 0)
    }
  }

  /// Inserts `record` and its items in one write transaction; false, writing nothing, when
  /// its share id is already there.
  ///
  /// The check and the insert are in the same `BEGIN IMMEDIATE` transaction, so two importers
  /// can never both insert one share; the unique `share_id` is the second guard.
  public func insert(_ record: LibraryRecord) async throws -> Bool {
    try await withConnection { connection in
      try connection.writeTransaction { try Self.insertRows(of: record, connection) }
    }
  }

  /// `LibraryStore`: inserts the shares' records in one write transaction (one commit, one
  /// flush of the log for them all), each under a savepoint of its own: a record that fails is
  /// rolled back alone and the others commit.
  ///
  /// The claims play no part: a SQLite library is never in the inbox's database, so each
  /// claim's `finish()`, called after this returns, removes its share from the inbox.
  /// - Parameters:
  ///   - records: The records to insert.
  ///   - claims: The claims holding the records' shares, in the same order.
  /// - Returns: For each record, in order: true when inserted, false when its share id was
  ///   already there, or the error that rolled that record back (it is then not in the
  ///   library).
  /// - Throws: When the transaction as a whole fails (it could not begin or commit); whether
  ///   each record is in the library is then unknown until read.
  public func insert(batch records: [LibraryRecord], claimedWith claims: [any InboxClaim])
    async throws -> [Result<Bool, any Error>]
  {
    try await insert(batch: records)
  }

  /// `LibraryStore`: flushes the files directory.
  public func flushFiles() async throws {
    try await IOExecutor.shared.run { try files.sync() }
  }

  /// Inserts `records` in one write transaction, a savepoint each: what
  /// `insert(batch:claimedWith:)` does, without claims.
  func insert(batch records: [LibraryRecord]) async throws -> [Result<Bool, any Error>] {
    try await withConnection { connection in
      try connection.writeTransaction {
        var results: [Result<Bool, any Error>] = []
        results.reserveCapacity(records.count)
        for record in records {
          try connection.execute("SAVEPOINT record")
          do {
            let inserted = try Self.insertRows(of: record, connection)
            try connection.execute("RELEASE record")
            results.append(.success(inserted))
          } catch {
            try connection.execute("ROLLBACK TO record")
            try connection.execute("RELEASE record")
            results.append(.failure((error as? SQLiteError).map(LibraryError.database) ?? error))
          }
        }
        return results
      }
    }
  }

  /// Inserts `record`'s row and its items' rows in the transaction open on `connection`;
  /// false, writing nothing, when its share id is already there.
  private static func insertRows(of record: LibraryRecord, _ connection: SQLiteConnection)
    throws -> Bool
  {
    let id = record.shareID.uuidString
    if try connection.integer(LibrarySchema.selectRecordID, [.text(id)]) != nil {
      return false
    }
    try connection.statement(LibrarySchema.insertRecord).run([
      .text(id), .integer(LibraryTime.microseconds(record.receivedAt)),
      .integer(LibraryTime.microseconds(record.importedAt)), .text(record.source),
      .text(record.status.rawValue), .text(record.title),
    ])
    let rowID = connection.lastInsertedRowID
    let insertItem = try connection.statement(LibrarySchema.insertItem)
    for (position, item) in record.items.enumerated() {
      try insertItem.run([
        .integer(rowID), .integer(Int64(position)), .text(item.kind.rawValue),
        .text(item.typeIdentifier), .text(item.text), .text(item.url), .text(item.file),
        .integer(item.byteCount), .text(item.sha256), .text(item.suggestedName),
      ])
    }
    return true
  }

  // MARK: Reading rows

  /// The id shown for a row whose share id is not a UUID (only a damaged or hand-edited file
  /// has one): all zeros. Every library backend shows the same.
  package static let unreadableID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  /// The columns `readRecords(_:sql:_:)` reads, in its order.
  static let recordColumns =
    "SELECT id, share_id, received_at, imported_at, source, status, title"

  /// Records from `sql` (which selects `recordColumns`), each with its items.
  static func readRecords(_ connection: SQLiteConnection, sql: String, _ values: [SQLiteValue])
    throws(SQLiteError) -> [LibraryRecord]
  {
    let rows = try connection.statement(sql).rows(values) { row in
      (
        row.integer(0),
        LibraryRecord(
          shareID: UUID(uuidString: row.text(1) ?? "") ?? Self.unreadableID,
          receivedAt: LibraryTime.date(row.integer(2)),
          importedAt: LibraryTime.date(row.integer(3)), source: row.text(4),
          status: RecordStatus(rawValue: row.text(5) ?? ""), title: row.text(6), items: [])
      )
    }
    let items = try connection.statement(LibrarySchema.itemsOfRecord)
    var records: [LibraryRecord] = []
    records.reserveCapacity(rows.count)
    for (rowID, row) in rows {
      var record = row
      record.items = try items.rows([.integer(rowID)]) { item in
        LibraryItem(
          kind: ShareManifest.Item.Kind(rawValue: item.text(0) ?? "") ?? .text,
          typeIdentifier: item.text(1) ?? "", text: item.text(2), url: item.text(3),
          file: item.text(4), byteCount: item.optionalInteger(5), sha256: item.text(6),
          suggestedName: item.text(7))
      }
      records.append(record)
    }
    return records
  }
}

/// Times as the library stores them: integer microseconds since 1970-01-01T00:00:00Z.
enum LibraryTime {
  /// `date` to the nearest microsecond.
  static func microseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
  }

  /// The date of a stored time.
  static func date(_ microseconds: Int64) -> Date {
    Date(
      timeIntervalSince1970: Double(microseconds / 1_000_000)
        + Double(microseconds % 1_000_000) / 1_000_000)
  }
}
