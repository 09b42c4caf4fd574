import Foundation
import Importer
import InboxReading
import Ingest
import SystemCalls

/// The main app's library on PostgreSQL: `library_records` and `library_items`, with the
/// records' files in a directory every importing host mounts.
///
/// The rule the importer rests on is the same as the SQLite library's: a share id is recorded
/// at most once (`share_id` is unique; an insert that finds it there writes nothing). When the
/// share's claim comes from a `PostgresInbox` in the same database (the same share-ingest id,
/// whatever the URLs), the record is inserted and the share deleted from the inbox in the
/// claim's own transaction, and committed together: there is no moment when a share is in
/// both or in neither.
public final class PostgresLibrary: LibraryStore {
  /// The database.
  public let url: PostgresURL
  /// The directory of the records' files.
  public let filesPath: String
  let pool: ConnectionPool
  /// How a group of shares claimed together is written.
  let groupWrites: GroupWrites

  /// The library in the database at `url`, its files in `filesPath` (created 0700 when
  /// missing and `createsFilesDirectory`). Connects when first used.
  ///
  /// - Throws: `IOError` when the files directory cannot be created.
  public convenience init(
    url: PostgresURL, filesPath: String, options: PostgresOptions = .init(),
    createsFilesDirectory: Bool = true
  ) throws {
    try self.init(
      url: url, filesPath: filesPath, options: options,
      createsFilesDirectory: createsFilesDirectory, groupWrites: .oneStatement)
  }

  /// The library, writing groups of shares as `groupWrites` says (for the benchmark, which
  /// measures both).
  package init(
    url: PostgresURL, filesPath: String, options: PostgresOptions = .init(),
    createsFilesDirectory: Bool = true, groupWrites: GroupWrites
  ) throws {
    self.url = url
    self.filesPath = filesPath
    self.groupWrites = groupWrites
    pool = ConnectionPool(target: DatabaseTarget(url: url, options: options))
    if createsFilesDirectory { try FileSystem.makeDirectories(filesPath) }
  }

  /// The URL without its password.
  public var location: String { url.redacted }

  /// Checks that the database can be reached and was migrated.
  public func connect() async throws {
    try await IOExecutor.shared.run { try connectNow() }
  }

  func connectNow() throws {
    try pool.withConnection { _ in () }
  }

  /// Whether the share `id` is recorded.
  public func contains(shareID id: UUID) async throws -> Bool {
    try await IOExecutor.shared.run { try containsNow(shareID: id) }
  }

  func containsNow(shareID id: UUID) throws -> Bool {
    try pool.withConnection { connection in
      try !connection.query(
        "SELECT 1 FROM share_ingest.library_records WHERE share_id = $1::uuid",
        [.uuid(id)], operation: "look up share \(id.uuidString) in the library"
      ).rows.isEmpty
    }
  }

  /// A share whose record holds a file with this SHA-256 and size.
  public func shareID(holdingFileWithSHA256 sha256: String, byteCount: Int64) async throws -> UUID?
  {
    try await IOExecutor.shared.run {
      let rows = try pool.withConnection { connection in
        try connection.query(
          """
          SELECT r.share_id::text FROM share_ingest.library_items i
          JOIN share_ingest.library_records r ON r.id = i.record_id
          WHERE i.kind = 'file' AND i.sha256 = $1 AND i.byte_count = $2::bigint LIMIT 1
          """, [.text(sha256), .int64(byteCount)], operation: "look up a file in the library"
        )
      }
      return try rows.first?.decode(UUID.self, at: 0, column: "share_id")
    }
  }

  /// Inserts the record and its items in one statement; false when the share is there.
  public func insert(_ record: LibraryRecord) async throws -> Bool {
    try await IOExecutor.shared.run { try insertNow(record) }
  }

  func insertNow(_ record: LibraryRecord) throws -> Bool {
    let statement = try Self.insertion([record], removingFromInbox: false)
    // A lost connection may have committed the insert: the retry then finds the share there
    // and says false, which the importer takes as imported before.
    return try pool.withConnection { connection in
      let rows = try connection.query(
        statement.sql, statement.parameters,
        operation: "record share \(record.shareID.uuidString)")
      return try Self.inserted(rows).contains(record.shareID)
    }
  }

  /// Inserts the record and, for a claim of a `PostgresInbox` in this database, deletes the
  /// share from the inbox in the claim's transaction and commits both (with the rest of the
  /// claim's group, if any is left).
  public func insert(_ record: LibraryRecord, claimedWith claim: any InboxClaim) async throws
    -> Bool
  {
    try await IOExecutor.shared.run {
      guard let claim = claim as? PostgresClaim, try isSameDatabase(as: claim.inbox) else {
        return try insertNow(record)
      }
      return try insert([record], claimedWith: [claim])[0].get()
    }
  }

  /// Records `records` together: the claims of each group of a `PostgresInbox` in this
  /// database in their group's transaction, one commit per group (see
  /// `PostgresLibrary+Groups`); any other claim's record as `insert(_:)` does.
  public func insert(batch records: [LibraryRecord], claimedWith claims: [any InboxClaim])
    async throws -> [Result<Bool, any Error>]
  {
    try await IOExecutor.shared.run {
      var results = [Result<Bool, any Error>?](repeating: nil, count: records.count)
      var groups: [ObjectIdentifier: [Int]] = [:]
      var order: [ObjectIdentifier] = []
      for (index, claim) in claims.enumerated().prefix(records.count) {
        if let claim = claim as? PostgresClaim, try isSameDatabase(as: claim.inbox) {
          let key = ObjectIdentifier(claim.claimGroup)
          if groups[key] == nil { order.append(key) }
          groups[key, default: []].append(index)
          continue
        }
        do {
          results[index] = .success(try insertNow(records[index]))
        } catch {
          // A commit that reported a failure may have landed: only a record known not to be
          // there is a failure the caller may undo.
          guard (try? containsNow(shareID: records[index].shareID)) == false else { throw error }
          results[index] = .failure(error)
        }
      }
      for key in order {
        let indices = groups[key] ?? []
        let written = try insert(
          indices.map { records[$0] },
          claimedWith: indices.compactMap { claims[$0] as? PostgresClaim })
        for (index, result) in zip(indices, written) { results[index] = result }
      }
      return results.map { $0 ?? .failure(LibraryMissingResult()) }
    }
  }

  /// Flushes the files directory.
  public func flushFiles() async throws {
    try await IOExecutor.shared.run {
      let directory = try FileDescriptor.openDirectory(filesPath)
      try directory.closeAfter { try directory.sync() }
    }
  }

  /// Whether `inbox` is in this library's database (after both connected once).
  func isSameDatabase(as inbox: PostgresInbox) throws -> Bool {
    if pool.target.databaseID == nil { try connectNow() }
    guard let mine = pool.target.databaseID, let theirs = inbox.databaseID else { return false }
    return mine == theirs
  }

  /// The records, newest first, with their items; only `status` when given, at most `limit`.
  public func records(status: RecordStatus?, limit: Int?) async throws -> [LibraryRecord] {
    try await IOExecutor.shared.run {
      var condition = "true"
      var parameters: [PGValue] = []
      if let status {
        condition = "r.status = $1"
        parameters.append(.text(status.rawValue))
      }
      parameters.append(.int64(limit.map(Int64.init)))
      return try read(
        "WHERE \(condition) ORDER BY r.received_at DESC, r.id DESC"
          + " LIMIT $\(parameters.count)::bigint", parameters, operation: "list the library")
    }
  }

  /// How many records were received in `interval` (its start included, its end not).
  public func count(receivedIn interval: DateInterval) async throws -> Int {
    try await IOExecutor.shared.run {
      let rows = try pool.withConnection { connection in
        try connection.query(
          """
          SELECT count(*) FROM share_ingest.library_records
          WHERE received_at >= $1::timestamptz AND received_at < $2::timestamptz
          """, [.timestamp(interval.start), .timestamp(interval.end)],
          operation: "count the day's records")
      }
      return try rows.first?.decode(Int.self, at: 0, column: "count") ?? 0
    }
  }

  /// The newest `limit` records received in `interval`, newest first, with their items.
  public func newest(receivedIn interval: DateInterval, limit: Int) async throws -> [LibraryRecord]
  {
    try await IOExecutor.shared.run {
      try read(
        """
        WHERE r.received_at >= $1::timestamptz AND r.received_at < $2::timestamptz
        ORDER BY r.received_at DESC, r.id DESC LIMIT $3::bigint
        """, [.timestamp(interval.start), .timestamp(interval.end), .int64(Int64(limit))],
        operation: "read the day's records")
    }
  }

  // MARK: Rows

  /// The one statement that records shares: every record (`$1`, a JSON array) whose share id
  /// is not there, with its items, and, when `removingFromInbox`, the shares' inbox rows'
  /// deletion (the claim's transaction); it returns the share ids it inserted
  /// (`inserted(_:)` reads them). One record or a group, alone or with a claim: every insert
  /// of the library is this statement.
  static func insertion(_ records: [LibraryRecord], removingFromInbox: Bool) throws
    -> PGStatement
  {
    let rows = records.map { record in
      InsertedRecord(
        shareID: record.shareID.uuidString,
        receivedAt: PGValue.microseconds(since1970: record.receivedAt),
        importedAt: PGValue.microseconds(since1970: record.importedAt), source: record.source,
        status: record.status.rawValue, title: record.title, items: record.items)
    }
    let json = String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
    let removal =
      removingFromInbox
      ? """
      , gone AS (
        DELETE FROM share_ingest.inbox_shares WHERE id IN (SELECT share_id FROM input)
      )
      """ : ""
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
      )\(removal)
      SELECT share_id::text FROM record
      """, [.text(json)])
  }

  /// The share ids `insertion(_:removingFromInbox:)` says it inserted.
  static func inserted(_ rows: PGRows) throws -> Set<UUID> {
    var ids = Set<UUID>()
    for row in rows.rows { ids.insert(try row.decode(UUID.self, at: 0, column: "share_id")) }
    return ids
  }

  /// A record as the insert statement reads it.
  private struct InsertedRecord: Encodable {
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

  /// Records and their items, selected by `clause` (after `FROM library_records r`).
  private func read(_ clause: String, _ parameters: [PGValue], operation: String) throws
    -> [LibraryRecord]
  {
    let rows = try pool.withConnection { connection in
      try connection.query(
        """
        SELECT r.share_id::text, \(PostgresInbox.microseconds("r.received_at")),
          \(PostgresInbox.microseconds("r.imported_at")), r.source, r.status,
          (SELECT coalesce(jsonb_agg(jsonb_build_object(
              'kind', i.kind, 'typeIdentifier', i.type_identifier, 'text', i.text,
              'url', i.url, 'file', i.file, 'byteCount', i.byte_count, 'sha256', i.sha256,
              'suggestedName', i.suggested_name) ORDER BY i.position), '[]'::jsonb)::text
            FROM share_ingest.library_items i WHERE i.record_id = r.id),
          r.title
        FROM share_ingest.library_records r
        """ + " " + clause, parameters, operation: operation)
    }
    let decoder = JSONDecoder()
    return try rows.rows.map { row in
      let items = try decoder.decode(
        [LibraryItem].self, from: Data(try row.decode(String.self, at: 5, column: "items").utf8))
      return LibraryRecord(
        shareID: try row.decode(at: 0, column: "share_id"),
        receivedAt: try row.decode(at: 1, column: "received_at"),
        importedAt: try row.decode(at: 2, column: "imported_at"),
        source: try row.decode(at: 3, column: "source"),
        status: RecordStatus(rawValue: try row.decode(at: 4, column: "status")),
        title: try row.decode(at: 6, column: "title"), items: items)
    }
  }
}

/// A record `insert(batch:claimedWith:)` was given without a claim.
struct LibraryMissingResult: Error, CustomStringConvertible {
  var description: String { "the record came without the claim of its share" }
}
