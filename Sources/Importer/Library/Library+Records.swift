import Foundation
import InboxReading
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
      let rows = try connection.statement(
        """
        SELECT r.id AS id, r.share_id AS share_id
        FROM items i JOIN records r ON r.id = i.record_id
        WHERE i.kind = 'file' AND i.sha256 = ?1 AND i.byte_count = ?2 LIMIT 1
        """
      ).rows([.text(sha256), .integer(byteCount)]) { row throws(SQLiteError) in
        (try row.decode(Int64.self, named: "id"), try row.decode(String.self, named: "share_id"))
      }
      guard let (id, shareID) = rows.first else { return nil }
      guard let uuid = UUID(uuidString: shareID) else {
        throw LibraryError.unreadableRow(
          table: "records", column: "share_id", row: "id \(id)", reason: "not a UUID")
      }
      return uuid
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

  /// The columns `readRecords(_:sql:_:)` reads, by name.
  static let recordColumns =
    "SELECT id, share_id, received_at, imported_at, source, status, title"

  /// Records from `sql` (which selects `recordColumns`), each with its items, all read in one
  /// read transaction: one snapshot, so a record and its items never straddle another
  /// connection's commit.
  ///
  /// Every column is decoded by name and typed; a value that is not what the schema promises
  /// (a share id that is not a UUID, an item kind this program does not know, NULL where a
  /// value must be) is `LibraryError.unreadableRow`, naming the table, the column and the row.
  static func readRecords(_ connection: SQLiteConnection, sql: String, _ values: [SQLiteValue])
    throws -> [LibraryRecord]
  {
    try connection.readTransaction {
      let rows = try connection.statement(sql).rows(values) {
        row throws(SQLiteError) -> Result<(Int64, LibraryRecord), LibraryError> in
        let id = try row.decode(Int64.self, named: "id")
        do throws(LibraryError) {
          return .success((id, try decodeRecord(row, id: id)))
        } catch {
          return .failure(error)
        }
      }
      let items = try connection.statement(LibrarySchema.itemsOfRecord)
      var records: [LibraryRecord] = []
      records.reserveCapacity(rows.count)
      for row in rows {
        let (rowID, fetched) = try row.get()
        var record = fetched
        record.items = try items.rows([.integer(rowID)]) {
          row throws(SQLiteError) -> Result<LibraryItem, LibraryError> in
          let position = try row.decode(Int64.self, named: "position")
          do throws(LibraryError) {
            return .success(try decodeItem(row, recordID: rowID, position: position))
          } catch {
            return .failure(error)
          }
        }.map { try $0.get() }
        records.append(record)
      }
      return records
    }
  }

  /// A `records` row.
  private static func decodeRecord(_ row: SQLiteRow, id: Int64) throws(LibraryError)
    -> LibraryRecord
  {
    let place = RowPlace(table: "records", row: "id \(id)")
    let shareID: String = try place.decode(row, "share_id")
    guard let uuid = UUID(uuidString: shareID) else {
      throw place.unreadable("share_id", "not a UUID")
    }
    return LibraryRecord(
      shareID: uuid, receivedAt: LibraryTime.date(try place.decode(row, "received_at")),
      importedAt: LibraryTime.date(try place.decode(row, "imported_at")),
      source: try place.decode(row, "source"),
      status: RecordStatus(rawValue: try place.decode(row, "status")),
      title: try place.decode(row, "title"), items: [])
  }

  /// An `items` row.
  private static func decodeItem(_ row: SQLiteRow, recordID: Int64, position: Int64)
    throws(LibraryError) -> LibraryItem
  {
    let place = RowPlace(table: "items", row: "record_id \(recordID), position \(position)")
    let kindName: String = try place.decode(row, "kind")
    guard let kind = ShareManifest.Item.Kind(rawValue: kindName) else {
      throw place.unreadable("kind", "not one of file, text, url")
    }
    return LibraryItem(
      kind: kind, typeIdentifier: try place.decode(row, "type_identifier"),
      text: try place.decode(row, "text"), url: try place.decode(row, "url"),
      file: try place.decode(row, "file"), byteCount: try place.decode(row, "byte_count"),
      sha256: try place.decode(row, "sha256"),
      suggestedName: try place.decode(row, "suggested_name")
    )
  }

  /// A row being decoded: its table and which row, for the error a bad value makes.
  private struct RowPlace {
    var table: String
    var row: String

    /// Column `name`, typed; an error naming this row when its value is not a `T`.
    func decode<T: SQLiteDecodable>(_ sqliteRow: SQLiteRow, _ name: String) throws(LibraryError)
      -> T
    {
      do throws(SQLiteError) {
        return try sqliteRow.decode(T.self, named: name)
      } catch {
        throw unreadable(name, error.message)
      }
    }

    /// `LibraryError.unreadableRow` for column `column` of this row.
    func unreadable(_ column: String, _ reason: String) -> LibraryError {
      .unreadableRow(table: table, column: column, row: row, reason: reason)
    }
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
