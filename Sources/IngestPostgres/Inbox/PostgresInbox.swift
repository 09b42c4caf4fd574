import Foundation
import InboxReading
import Ingest
import SystemCalls

/// The inbox on PostgreSQL: a share is one `inbox_shares` row and its `inbox_items`, its
/// payload files stay in the group directory's `Incoming/` (a file system every host mounts),
/// and the rows name them.
///
/// A share commits in one statement (the share's row and its items together), after its
/// payload files were flushed and linked into `Incoming/` (`ShareTransaction`). An importer
/// claims a share by locking its row with `SELECT ... FOR UPDATE SKIP LOCKED` in a transaction
/// it keeps open on a connection of its own: no other importer takes the share meanwhile, and
/// a claim dies with the importer's connection (the server rolls the transaction back when the
/// process dies, however it dies). Finishing deletes the row in that transaction, so a share
/// leaves the inbox exactly when the transaction commits.
///
/// Every operation reconnects on its own when the server went away (a restart), for
/// `PostgresOptions.reconnectTimeout`; a claim in progress cannot move to another connection,
/// so a lost connection ends it (the share stays in the inbox for the next attempt).
public final class PostgresInbox: InboxStore, PayloadReceivingInbox {
  /// The group directory the payload files are in.
  public let group: GroupDirectory
  /// The database.
  public let url: PostgresURL
  let pool: ConnectionPool
  /// Where this process, sharing, puts payloads. (Importing, each share's rows say where its
  /// sharer put them.)
  public let payloads: PostgresPayloads
  /// The group's own inbox, for what the two share: checking a manifest's file names and
  /// completing payloads a crash left in `.staging/`.
  let files: DirectoryInbox

  /// The inbox in the database at `url`, with its payload files in `group`. With payloads in
  /// the database as chunks, a share sends each payload straight from its source into the
  /// database as it loads (`ChunkReceiver`), writing nothing in `group`; only a share that
  /// keeps what loaded when something fails, or adopts files received in `.staging/` (an
  /// HTTP upload), puts them in the sharer's `Incoming/` first, for its commit to stream in.
  /// Connects when first used.
  public init(
    url: PostgresURL, group: GroupDirectory, options: PostgresOptions = .init(),
    payloads: PostgresPayloads = .groupDirectory
  ) {
    self.url = url
    self.group = group
    self.payloads = payloads
    pool = ConnectionPool(target: DatabaseTarget(url: url, options: options))
    files = DirectoryInbox(group: group)
  }

  /// Whether shares send their payloads straight from their source into the database (as
  /// chunks: `ChunkReceiver`), with no copy in `Incoming/` first.
  package var receivesPayloads: Bool { payloads == .chunks }

  /// Checks that the database can be reached and was migrated.
  ///
  /// - Throws: `PostgresError`, or `PostgresSchemaError` for a database that was not migrated.
  public func connect() async throws {
    try await IOExecutor.shared.run {
      try pool.withConnection { _ in () }
    }
  }

  /// Where a share is, for messages: `share <id> in <url>`.
  func place(_ id: UUID) -> String { "share \(id.uuidString) in \(url.redacted)" }

  // MARK: Extension side

  /// A manifest kept in memory until `commit()`, which writes it in one statement.
  public func reserve(_ id: UUID) async throws -> any PreparedManifest {
    PreparedPostgresManifest(inbox: self, id: id)
  }

  // MARK: Importer side

  /// The committed shares, oldest first (by when they were received), with any failure
  /// recorded for them.
  public func pending() async throws -> [InboxEntry] {
    try await IOExecutor.shared.run {
      let rows = try pool.withConnection { connection in
        try connection.query(
          """
          SELECT id::text, \(Self.microseconds("received_at")), attempts,
            \(Self.microseconds("last_attempt")), last_error
          FROM share_ingest.inbox_shares ORDER BY received_at, id
          """, operation: "list the inbox")
      }
      return try rows.rows.map { row throws(PostgresDecodingError) -> InboxEntry in
        var failure: InboxFailure?
        let attempts = try row.decode(Int.self, at: 2, column: "attempts")
        if attempts > 0 {
          failure = InboxFailure(
            attempts: attempts,
            lastAttempt: try row.decode(Date?.self, at: 3, column: "last_attempt") ?? Date(),
            lastError: try row.decode(String?.self, at: 4, column: "last_error") ?? "")
        }
        return InboxEntry(
          id: try row.decode(at: 0, column: "id"),
          receivedAt: try row.decode(at: 1, column: "received_at"), failure: failure)
      }
    }
  }

  /// The manifest of a committed share, read without claiming it.
  public func manifest(_ id: UUID) async throws -> ShareManifest? {
    try await IOExecutor.shared.run {
      let rows = try pool.withConnection { connection in
        try connection.query(
          Self.selectManifest + " WHERE s.id = $1::uuid", [.uuid(id)],
          operation: "read share \(id.uuidString)")
      }
      guard let row = rows.first else { return nil }
      return try decodeManifest(id, row)
    }
  }

  /// Claims the share with `SELECT ... FOR UPDATE SKIP LOCKED` in a transaction of its own;
  /// nil when another importer holds it or it is gone.
  ///
  /// - Throws: `ManifestError` for rows that do not make a valid manifest (the share stays),
  ///   `PostgresError` when the database cannot be reached.
  public func claim(_ id: UUID) async throws -> (any InboxClaim)? {
    try await IOExecutor.shared.run {
      let claimed = try claimRows(
        where: "s.id = $1::uuid", [.uuid(id)], limit: 1,
        operation: "claim share \(id.uuidString)")
      if let refusal = claimed.refused.first { throw refusal.error }
      return claimed.claims.first
    }
  }

  /// Claims the oldest share no one holds, in one statement.
  public func claimNext() async throws -> (any InboxClaim)? {
    let claimed = try await claimGroup(upTo: 1, excluding: [])
    if let refusal = claimed.refused.first { throw refusal.error }
    return claimed.claims.first
  }

  /// Claims up to `limit` of the oldest shares no one holds, leaving out `excluded`, in one
  /// statement (`SELECT ... ORDER BY received_at LIMIT n FOR UPDATE SKIP LOCKED`) in one
  /// transaction, held on a connection of its own until each claim is finished or released
  /// (`PostgresClaimGroup`). A row that does not make a valid manifest is refused, with the
  /// reason recorded on it in that transaction.
  ///
  /// - Throws: `PostgresError` when the database cannot be reached.
  public func claimGroup(upTo limit: Int, excluding excluded: Set<UUID>) async throws
    -> ClaimedShares
  {
    try await IOExecutor.shared.run {
      try claimRows(
        where: "s.id <> ALL($1::uuid[]) ORDER BY s.received_at, s.id",
        [.uuids(Array(excluded))], limit: max(1, limit), operation: "claim shares")
    }
  }

  /// Yes: a group costs one statement and one transaction, whatever its size.
  public var claimsInGroups: Bool { true }

  /// The largest group claimed at once: a group's statements travel in one pipeline, which
  /// must stay small enough for the socket's buffers.
  public var claimLimit: Int { 256 }

  /// Locks the rows `condition` selects (at most `limit`) in a new transaction and hands each
  /// over as a claim of one group.
  private func claimRows(
    where condition: String, _ parameters: [PGValue], limit: Int, operation: String
  ) throws -> ClaimedShares {
    let slot = pool.checkOut()
    var handedOver = false
    defer { if !handedOver { pool.checkIn(slot) } }
    let sql =
      Self.selectManifest
      + " WHERE \(condition) LIMIT $\(parameters.count + 1)::bigint FOR UPDATE OF s SKIP LOCKED"
    let parameters = parameters + [.int64(Int64(limit))]
    // Connecting may be retried; once the transaction is open it stays on this connection,
    // handed over to the claims' group (which ends it), unless there is nothing to claim.
    // Each row's id is read here, where a row that cannot be read ends the transaction.
    let (rows, prefetched) = try slot.withConnection(isIdempotent: true) {
      connection -> ([(UUID, PGRow)], [UUID: [Int: [UInt8]]]) in
      try connection.beginTransaction(operation: operation)
      do {
        let rows = try connection.query(sql, parameters, operation: operation).rows
        if rows.isEmpty { try connection.rollbackTransaction(operation: operation) }
        let identified = try rows.map { (try $0.decode(UUID.self, at: 0, column: "id"), $0) }
        let prefetched = try ChunkPayloads.prefetch(
          identified.map(\.0), connection, operation: operation)
        return (identified, prefetched)
      } catch {
        if !connection.isBroken { try? connection.rollbackTransaction(operation: operation) }
        throw error
      }
    }
    var claimed = ClaimedShares()
    guard !rows.isEmpty else { return claimed }
    var manifests: [(manifest: ShareManifest, places: PayloadPlaces)] = []
    for (id, row) in rows {
      do {
        let manifest = try decodeManifest(id, row)
        var places = try decodePayloadPlaces(manifest, row)
        if places.isEmpty { try files.recoverPayloads(of: manifest) }
        places.prefetched = prefetched[id] ?? [:]
        manifests.append((manifest, places))
      } catch {
        claimed.refused.append(ClaimedShares.Refusal(shareID: id, error: error))
      }
    }
    let group = PostgresClaimGroup(
      inbox: self, slot: slot,
      ids: Set(manifests.map(\.manifest.id) + claimed.refused.map(\.shareID)))
    handedOver = true
    // Refused rows: their reasons recorded in the group's transaction (which holds their
    // locks: recording them on another connection would wait for it).
    for refusal in claimed.refused {
      let recording = "record why share \(refusal.shareID.uuidString) cannot be taken"
      if refusal.error is ManifestError {
        try? group.inTransaction(operation: recording) { connection in
          try Self.recordReason(refusal.shareID, "\(refusal.error)", connection, recording)
        }
      }
      try group.settle(refusal.shareID, operation: recording)
    }
    claimed.claims = manifests.map {
      PostgresClaim(group: group, manifest: $0.manifest, places: $0.places)
    }
    return claimed
  }
  /// Records `reason` on the share's row as a failed attempt, unless it is recorded already;
  /// the row stays.
  public func quarantine(_ id: UUID, reason: String) async throws {
    try await IOExecutor.shared.run {
      let operation = "record why share \(id.uuidString) cannot be read"
      _ = try pool.withConnection { connection in
        try Self.recordReason(id, reason, connection, operation)
      }
    }
  }

  /// Records `reason` as a failed attempt at the share `id`, unless it is recorded already.
  static func recordReason(
    _ id: UUID, _ reason: String, _ connection: PGConnection, _ operation: String
  ) throws {
    try connection.query(
      """
      UPDATE share_ingest.inbox_shares
      SET attempts = attempts + 1, last_attempt = clock_timestamp(), last_error = $2
      WHERE id = $1::uuid AND last_error IS DISTINCT FROM $2
      """, [.uuid(id), .text(reason)], operation: operation)
  }

  /// Gives back the connection of a claim that ended.
  func checkIn(_ slot: ConnectionSlot) {
    pool.checkIn(slot)
  }

  /// The database's share-ingest id (see `PostgresSchema`), once a connection was made.
  var databaseID: UUID? { pool.target.databaseID }

  // MARK: Rows

  /// A share's row and its items as JSON, as `decodeManifest` reads them.
  static let selectManifest = """
    SELECT s.id::text, \(microseconds("s.received_at")), s.source, s.not_included::text,
      (SELECT coalesce(jsonb_agg(jsonb_build_object(
          'kind', i.kind, 'typeIdentifier', i.type_identifier, 'file', i.file,
          'byteCount', i.byte_count, 'sha256', i.sha256, 'suggestedName', i.suggested_name,
          'text', i.text, 'url', i.url) ORDER BY i.position), '[]'::jsonb)::text
        FROM share_ingest.inbox_items i WHERE i.share_id = s.id),
      (SELECT coalesce(jsonb_agg(CASE
          WHEN i.payload_chunks IS NOT NULL THEN jsonb_build_object('chunks', i.payload_chunks)
          WHEN i.payload_oid IS NULL THEN NULL ELSE
          jsonb_build_object('oid', i.payload_oid::bigint, 'exists', EXISTS (
            SELECT 1 FROM pg_largeobject_metadata m WHERE m.oid = i.payload_oid)) END
          ORDER BY i.position), '[]'::jsonb)::text
        FROM share_ingest.inbox_items i WHERE i.share_id = s.id),
      s.title
    FROM share_ingest.inbox_shares s
    """

  /// The manifest rows make; refused like a manifest file that is not valid.
  func decodeManifest(_ id: UUID, _ row: PGRow) throws(ManifestError) -> ShareManifest {
    let path = place(id)
    let decoder = JSONDecoder()
    let items: [ShareManifest.Item]
    let omissions: [ShareManifest.Omission]
    do {
      items = try decoder.decode(
        [ShareManifest.Item].self,
        from: Data(try row.decode(String.self, at: 4, column: "items").utf8))
    } catch {
      throw ManifestError(path: path, field: "items", problem: "\(error)")
    }
    do {
      omissions = try decoder.decode(
        [ShareManifest.Omission].self,
        from: Data(try row.decode(String.self, at: 3, column: "not_included").utf8))
    } catch {
      throw ManifestError(path: path, field: "notIncluded", problem: "\(error)")
    }
    let received: Date
    let source: String?
    let title: String?
    do throws(PostgresDecodingError) {
      received = try row.decode(at: 1, column: "received_at")
      source = try row.decode(at: 2, column: "source")
      title = try row.decode(at: 6, column: "title")
    } catch {
      throw ManifestError(path: path, field: error.column, problem: "\(error)")
    }
    let manifest = ShareManifest(
      id: id, receivedAt: received, source: source, title: title, items: items,
      notIncluded: omissions)
    try manifest.validate(path: path, expected: id)
    return manifest
  }

  /// Where a share's rows put its payloads, by item position: every file item has a large
  /// object or chunks, or none has (its payloads are in the group directory).
  func decodePayloadPlaces(_ manifest: ShareManifest, _ row: PGRow) throws(ManifestError)
    -> PayloadPlaces
  {
    struct Named: Decodable {
      var oid: UInt32?
      var exists: Bool?
      var chunks: Int?
    }
    let path = place(manifest.id)
    let named: [Named?]
    do {
      named = try JSONDecoder().decode(
        [Named?].self, from: Data(try row.decode(String.self, at: 5, column: "payload_oids").utf8))
    } catch {
      throw ManifestError(path: path, field: "items", problem: "payload_oid: \(error)")
    }
    var places = PayloadPlaces()
    for (position, object) in named.enumerated() {
      guard let object else { continue }
      guard manifest.items.indices.contains(position), manifest.items[position].kind == .file
      else {
        throw ManifestError(
          path: path, field: "items[\(position)].payload_oid",
          problem: "a payload in the database named for an item that is not a file")
      }
      if let chunks = object.chunks {
        guard chunks == ChunkUpload.chunkCount(manifest.items[position].byteCount ?? 0) else {
          throw ManifestError(
            path: path, field: "items[\(position)].payload_chunks",
            problem: "\(chunks) chunks for a payload of its byte count")
        }
        places.chunks[position] = chunks
      } else if let oid = object.oid {
        places.objects[position] = PayloadObject(oid: oid, exists: object.exists ?? false)
      }
    }
    let files = manifest.items.indices.filter { manifest.items[$0].kind == .file }
    let isWhole =
      places.objects.isEmpty
      ? places.chunks.isEmpty || places.chunks.count == files.count
      : places.chunks.isEmpty && places.objects.count == files.count
    guard isWhole else {
      throw ManifestError(
        path: path, field: "items",
        problem: "some payloads are in the database and some are not, or in two forms; a share"
          + " keeps them in one place")
    }
    return places
  }

  /// SQL selecting `column` as integer microseconds since 1970, as text (`PGRow.date` reads
  /// it).
  static func microseconds(_ column: String) -> String {
    "(extract(epoch FROM \(column)) * 1000000)::bigint::text"
  }

  /// SQL for a `timestamptz` from `expression`, integer microseconds since 1970 (a JSON field
  /// `PGValue.microseconds(since1970:)` wrote).
  static func timestamp(from expression: String) -> String {
    "(timestamptz 'epoch' + \(expression)::bigint * interval '1 microsecond')"
  }
}
