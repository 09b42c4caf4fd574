import Foundation
import Ingest
import Synchronization
import SystemCalls

/// A share's manifest on its way into the PostgreSQL inbox: kept in memory until `commit()`
/// writes the share's row and its items in one statement (one transaction). With payloads in
/// the database as chunks (`PostgresPayloads.chunks`), small ones travel in that statement and
/// large ones follow the rows with `COPY` in the same transaction (`ChunkUpload`); as large
/// objects (`PostgresPayloads.largeObjects`), in one transaction with the objects
/// (`LargeObjectUpload`). Either way the sharer's copies in `Incoming/` then go.
///
/// A connection lost while the commit was on its way leaves the outcome unknown: the commit is
/// tried again on a new connection within the reconnect window, and a share found already
/// there (the unique id) is the earlier attempt's, committed. When the window passes first,
/// `CommitOutcomeUnknown` says so, and the share's files are kept. A connection lost before
/// the commit was sent is simply tried again: the server rolled back everything the attempt
/// wrote, its large objects included.
final class PreparedPostgresManifest: PayloadReceivingManifest {
  let inbox: PostgresInbox
  let id: UUID
  private let written = Mutex<ShareManifest?>(nil)
  /// Payloads taken straight from their source, when the pipeline sends them here.
  private let receiver: ChunkReceiver

  init(inbox: PostgresInbox, id: UUID) {
    self.inbox = inbox
    self.id = id
    receiver = ChunkReceiver(inbox: inbox, id: id)
  }

  /// Takes item `position`'s payload straight from `source` into the share's transaction (see
  /// `ChunkReceiver`).
  func receivePayload(
    at position: Int, from source: PayloadSource, isCancelled: () -> Bool,
    progress: (Int64) -> Void
  ) throws -> (byteCount: Int64, sha256: String) {
    try receiver.receive(
      at: position, from: source, isCancelled: isCancelled, progress: progress)
  }

  func write(_ manifest: ShareManifest) async throws {
    written.withLock { $0 = manifest }
  }

  /// Nothing to flush: the server makes the commit durable (its write-ahead log).
  func makeDurable() async throws {}

  func commit() async throws {
    try await IOExecutor.shared.run {
      guard let manifest = written.withLock({ $0 }) else {
        preconditionFailure("commit() before write(_:)")
      }
      let hasFiles = manifest.items.contains { $0.kind == .file }
      if hasFiles, receiver.hasPayloads {
        // Taken straight from the source: nothing is in `Incoming/`.
        try receiver.commit(manifest) { manifest, parameters in
          try commitRows(manifest, parameters)
        }
        return
      }
      var parameters = try Self.parameters(manifest, objects: [:])
      if inbox.payloads.isInDatabase, hasFiles {
        if inbox.payloads == .chunks, ChunkUpload.isSmall(manifest) {
          // Small payloads travel in the insert statement itself: one round trip.
          let upload = ChunkUpload(
            group: inbox.group, operation: "commit share \(manifest.id.uuidString)")
          let (bytes, parts) = try upload.inline(manifest)
          parameters = try Self.parameters(
            manifest, objects: [:], chunks: Self.chunkCounts(manifest), inline: bytes,
            parts: parts)
          try commitRows(manifest, parameters)
        } else {
          try commitWithPayloads(manifest)
        }
        // The database holds the payloads now: the sharer's copies go (best effort; the sweeper
        // removes what a failure here leaves).
        for item in manifest.items where item.kind == .file {
          if let name = item.fileName { try? inbox.group.incoming.removeFile(name) }
        }
        return
      }
      try commitRows(manifest, parameters)
    }
  }

  /// Inserts the share's rows in one statement (`parameters`), tried again on a new
  /// connection when the connection is lost (see the type's discussion).
  private func commitRows(_ manifest: ShareManifest, _ parameters: [PGValue]) throws {
    let operation = "commit share \(manifest.id.uuidString)"
    // Sent once per connection: true once a statement may have reached the server.
    let sent = Mutex(false)
    do {
      try inbox.pool.withConnection(isIdempotent: true) { connection in
        let retry = sent.withLock { $0 }
        sent.withLock { $0 = true }
        do {
          try connection.query(Self.insert, parameters, operation: operation)
        } catch {
          // The attempt whose connection was lost did commit.
          if (error as? PostgresError)?.isUniqueViolation == true && retry { return }
          throw error
        }
      }
    } catch let error as PostgresError where error.isConnectionFailure {
      guard sent.withLock({ $0 }) else { throw error }
      throw CommitOutcomeUnknown(underlying: error)
    }
  }

  /// Streams each payload into the database (`inbox.payloads`: large objects, or chunks
  /// sent with `COPY` after the share's rows) and inserts the share's rows naming them, in
  /// one transaction.
  private func commitWithPayloads(_ manifest: ShareManifest) throws {
    let operation = "commit share \(manifest.id.uuidString) with its payloads"
    // True once a COMMIT may have reached the server.
    let committing = Mutex(false)
    do {
      try inbox.pool.withConnection(isIdempotent: true) { connection in
        if committing.withLock({ $0 }) {
          // An attempt whose connection was lost as it committed: committed, or not at all.
          let found = try connection.query(
            "SELECT 1 FROM share_ingest.inbox_shares WHERE id = $1::uuid",
            [.uuid(manifest.id)], operation: operation)
          if !found.rows.isEmpty { return }
          committing.withLock { $0 = false }
        }
        try connection.withTransaction(operation: operation) {
          if inbox.payloads == .chunks {
            try connection.query(
              Self.insert,
              try Self.parameters(manifest, objects: [:], chunks: Self.chunkCounts(manifest)),
              operation: operation)
            try ChunkUpload(group: inbox.group, operation: operation).stream(manifest, connection)
          } else {
            let upload = LargeObjectUpload(group: inbox.group, operation: operation)
            var objects: [Int: UInt32] = [:]
            for (position, item) in manifest.items.enumerated() where item.kind == .file {
              objects[position] = try upload.put(
                item, position: position, shareID: manifest.id, connection)
            }
            try connection.query(
              Self.insert, try Self.parameters(manifest, objects: objects), operation: operation)
          }
          // The COMMIT comes next, as the body returns.
          committing.withLock { $0 = true }
        }
      }
    } catch let error as PostgresError where error.isConnectionFailure {
      guard committing.withLock({ $0 }) else { throw error }
      throw CommitOutcomeUnknown(underlying: error)
    }
  }

  /// Rolls back the payloads received, if any; nothing else was written.
  func discard() async {
    await IOExecutor.shared.run { receiver.discard() }
  }

  /// The number of chunks of each file item's payload, by position.
  static func chunkCounts(_ manifest: ShareManifest) -> [Int: Int] {
    var counts: [Int: Int] = [:]
    for (position, item) in manifest.items.enumerated() where item.kind == .file {
      counts[position] = ChunkUpload.chunkCount(item.byteCount ?? 0)
    }
    return counts
  }

  /// The insert's parameters: the share, its omissions and items as JSON, the large object of
  /// each item (`objects`, by position; JSON `null` for an item without one), the number of
  /// chunks of each item's payload (`chunks`), and small payloads sent with the rows
  /// (`inline`, each item's bytes at `parts`' offset and length, as chunk 0).
  static func parameters(
    _ manifest: ShareManifest, objects: [Int: UInt32], chunks: [Int: Int] = [:],
    inline: [UInt8]? = nil, parts: [(position: Int, offset: Int, length: Int)] = []
  ) throws -> [PGValue] {
    let encoder = JSONEncoder()
    let items = String(decoding: try encoder.encode(manifest.items), as: UTF8.self)
    let omissions = String(decoding: try encoder.encode(manifest.notIncluded), as: UTF8.self)
    let oids =
      "["
      + manifest.items.indices.map { objects[$0].map(String.init) ?? "null" }
      .joined(separator: ",") + "]"
    let counts =
      "["
      + manifest.items.indices.map { chunks[$0].map(String.init) ?? "null" }
      .joined(separator: ",") + "]"
    let inlined =
      "[" + parts.map { "[\($0.position),\($0.offset),\($0.length)]" }.joined(separator: ",")
      + "]"
    return [
      .uuid(manifest.id), .timestamp(manifest.receivedAt), .text(manifest.source),
      .text(omissions), .text(items), .text(oids), .text(manifest.title), .text(counts),
      inline.map { .bytes($0) } ?? .null, .text(inlined),
    ]
  }

  /// The share's row, its items, its large objects' registrations and its small payloads'
  /// chunks, in one statement. The items come as the manifest's JSON array, in order, their
  /// objects as a JSON array of oids (or nulls) in the same order, and their chunk counts
  /// likewise. Nothing is returned or read back (no `RETURNING`): the sharer's role may insert
  /// but not read (`PostgresRoles`); the foreign keys of the items and of the chunks, inserted
  /// before their items in the statement, are checked at its end, when their rows are there.
  static let insert = """
    WITH share AS (
      INSERT INTO share_ingest.inbox_shares (id, received_at, source, not_included, title)
      VALUES ($1::uuid, $2::timestamptz, $3, $4::jsonb, $7)
    ), objects AS (
      INSERT INTO share_ingest.payload_objects (oid, share_id)
      SELECT (object.value #>> '{}')::oid, $1::uuid
      FROM jsonb_array_elements($6::jsonb) AS object(value)
      WHERE jsonb_typeof(object.value) = 'number'
    ), chunks AS (
      INSERT INTO share_ingest.payload_chunks (share_id, position, chunk, data)
      SELECT $1::uuid, (part.value->>0)::integer, 0,
        substring($9::bytea FROM (part.value->>1)::integer + 1 FOR (part.value->>2)::integer)
      FROM jsonb_array_elements($10::jsonb) AS part(value)
    )
    INSERT INTO share_ingest.inbox_items
      (share_id, position, kind, type_identifier, file, byte_count, sha256, suggested_name,
       text, url, payload_oid, payload_chunks)
    SELECT $1::uuid, item.position - 1, item.value->>'kind', item.value->>'typeIdentifier',
      item.value->>'file', (item.value->>'byteCount')::bigint, item.value->>'sha256',
      item.value->>'suggestedName', item.value->>'text', item.value->>'url',
      ($6::jsonb ->> (item.position - 1)::integer)::oid,
      ($8::jsonb ->> (item.position - 1)::integer)::integer
    FROM jsonb_array_elements($5::jsonb) WITH ORDINALITY AS item(value, position)
    """
}
