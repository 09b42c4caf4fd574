import Foundation
import Importer
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
      return rows.first?.uuid(0)
    }
  }

  /// Inserts the record and its items in one statement; false when the share is there.
  public func insert(_ record: LibraryRecord) async throws -> Bool {
    try await IOExecutor.shared.run { try insertNow(record) }
  }

  func insertNow(_ record: LibraryRecord) throws -> Bool {
    let (sql, parameters) = try Self.insertion(record)
    // A lost connection may have committed the insert: the retry then finds the share there
    // and says false, which the importer takes as imported before.
    return try pool.withConnection { connection in
      let rows = try connection.query(
        sql, parameters, operation: "record share \(record.shareID.uuidString)")
      return rows.first?.bool(0) == true
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
      return rows.first?.int(0) ?? 0
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

  /// The statement that inserts `record` and its items, returning whether it did.
  static func insertion(_ record: LibraryRecord) throws -> (String, [PGValue]) {
    let items = try JSONEncoder().encode(record.items)
    return (
      """
      WITH record AS (
        INSERT INTO share_ingest.library_records
          (share_id, received_at, imported_at, source, status, title)
        VALUES ($1::uuid, $2::timestamptz, $3::timestamptz, $4, $5, $7)
        ON CONFLICT (share_id) DO NOTHING
        RETURNING id
      ), items AS (
        INSERT INTO share_ingest.library_items
          (record_id, position, kind, type_identifier, text, url, file, byte_count, sha256,
           suggested_name)
        SELECT record.id, item.position - 1, item.value->>'kind',
          item.value->>'typeIdentifier', item.value->>'text', item.value->>'url',
          item.value->>'file', (item.value->>'byteCount')::bigint, item.value->>'sha256',
          item.value->>'suggestedName'
        FROM record, jsonb_array_elements($6::jsonb) WITH ORDINALITY AS item(value, position)
      )
      SELECT EXISTS (SELECT 1 FROM record)
      """,
      [
        .uuid(record.shareID), .timestamp(record.receivedAt), .timestamp(record.importedAt),
        .text(record.source), .text(record.status.rawValue),
        .text(String(decoding: items, as: UTF8.self)), .text(record.title),
      ]
    )
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
      let items = try decoder.decode([LibraryItem].self, from: Data((row.text(5) ?? "[]").utf8))
      return LibraryRecord(
        shareID: row.uuid(0) ?? Library.unreadableID,
        receivedAt: row.date(1) ?? Date(timeIntervalSince1970: 0),
        importedAt: row.date(2) ?? Date(timeIntervalSince1970: 0),
        source: row.text(3), status: RecordStatus(rawValue: row.text(4) ?? ""),
        title: row.text(6), items: items)
    }
  }
}

/// A record `insert(batch:claimedWith:)` was given without a claim.
struct LibraryMissingResult: Error, CustomStringConvertible {
  var description: String { "the record came without the claim of its share" }
}
