import Foundation
import InboxReading
import Ingest

/// Where a claimed share's payloads are in the database, by file item position.
struct PayloadPlaces: Sendable {
  /// Large objects (shares a sharer wrote as `PostgresPayloads.largeObjects`).
  var objects: [Int: PayloadObject] = [:]
  /// The number of `payload_chunks` rows of each payload (`PostgresPayloads.chunks`).
  var chunks: [Int: Int] = [:]
  /// Small payloads read with the claim, whole (`ChunkPayloads.prefetch`).
  var prefetched: [Int: [UInt8]] = [:]

  /// Whether none is in the database (the payloads are in the group directory).
  var isEmpty: Bool { objects.isEmpty && chunks.isEmpty }
}

/// The payload store of a share claimed from a PostgreSQL inbox whose sharer put its payloads
/// in the database as chunks (`payload_chunks`): small ones read with the claim itself
/// (`prefetch`), larger ones a chunk (1 MiB) at a time in the claim's own transaction, which
/// holds the share's row, so no other importer removes them meanwhile. The chunks go with the
/// share's rows (a foreign key), in the transaction that deletes them.
struct ChunkPayloads: PayloadStore {
  /// The largest payload read with the claim.
  static let prefetchLimit = 64 << 10

  let claim: PostgresClaim

  /// The database, without its password.
  var location: String { claim.inbox.url.redacted }

  /// Reads, in the claim's transaction open on `connection`, the chunks of every single-chunk
  /// payload of at most `prefetchLimit` bytes of the shares `ids`, in one statement; by share,
  /// then item position.
  ///
  /// - Throws: `PostgresError`.
  static func prefetch(_ ids: [UUID], _ connection: PGConnection, operation: String) throws
    -> [UUID: [Int: [UInt8]]]
  {
    guard !ids.isEmpty else { return [:] }
    let rows = try connection.queryBinary(
      """
      SELECT c.share_id, c.position, c.data
      FROM share_ingest.payload_chunks c
      JOIN share_ingest.inbox_items i ON i.share_id = c.share_id AND i.position = c.position
      WHERE c.share_id = ANY($1::uuid[]) AND c.chunk = 0 AND i.payload_chunks = 1
        AND i.byte_count <= $2::bigint
      """, [.uuids(ids), .int64(Int64(prefetchLimit))], operation: operation)
    var found: [UUID: [Int: [UInt8]]] = [:]
    for row in rows {
      guard row.count == 3, let idBytes = row[0], idBytes.count == 16,
        let positionBytes = row[1], positionBytes.count == 4, let data = row[2]
      else { continue }
      let id = idBytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
      let position = Int(positionBytes.reduce(Int32(0)) { $0 << 8 | Int32($1) })
      found[id, default: [:]][position] = data
    }
    return found
  }

  /// Opens file item `position`'s payload.
  ///
  /// - Throws: `PayloadError.missing` when the share names no chunks for it.
  func openPayload(at position: Int) throws -> any PayloadReader {
    guard let count = claim.places.chunks[position] else {
      throw PayloadError.missing(
        shareID: claim.manifest.id, item: position,
        path: claim.manifest.items.indices.contains(position)
          ? claim.payloadPath(of: claim.manifest.items[position]) ?? "items[\(position)]"
          : "items[\(position)]",
        heldBy: nil)
    }
    return Reader(
      claim: claim, position: position, chunks: count,
      prefetched: claim.places.prefetched[position])
  }

  /// A payload read chunk by chunk through the claim's transaction.
  final class Reader: PayloadReader {
    let claim: PostgresClaim
    let position: Int
    let chunks: Int
    let operation: String
    /// The chunk being read, and how much of it was.
    private var current: [UInt8]
    private var offset = 0
    /// The next chunk to fetch.
    private var next: Int
    private var isClosed = false

    init(claim: PostgresClaim, position: Int, chunks: Int, prefetched: [UInt8]?) {
      self.claim = claim
      self.position = position
      self.chunks = chunks
      operation =
        "read payload chunks of item \(position) of share \(claim.manifest.id.uuidString)"
      current = prefetched ?? []
      next = prefetched == nil ? 0 : 1
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
      guard !isClosed else {
        throw PostgresError(
          operation: operation, target: claim.inbox.url.redacted, sqlState: nil,
          message: "read after the payload was closed")
      }
      while offset == current.count {
        guard next < chunks else { return 0 }
        current = try fetch(next)
        offset = 0
        next += 1
      }
      let count = min(buffer.count, current.count - offset)
      current.withUnsafeBytes { bytes in
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
      }
      offset += count
      return count
    }

    /// Chunk `chunk`, read in the claim's transaction.
    private func fetch(_ chunk: Int) throws -> [UInt8] {
      let rows = try claim.inTransaction(operation: operation) { connection in
        try connection.queryBinary(
          """
          SELECT data FROM share_ingest.payload_chunks
          WHERE share_id = $1::uuid AND position = $2::integer AND chunk = $3::integer
          """,
          [.uuid(claim.manifest.id), .int32(Int32(position)), .int32(Int32(chunk))],
          operation: operation)
      }
      guard let data = rows.first?.first ?? nil else {
        throw PayloadError.missing(
          shareID: claim.manifest.id, item: position,
          path: claim.payloadPath(of: claim.manifest.items[position]) ?? "items[\(position)]",
          heldBy: nil)
      }
      return data
    }

    func close() {
      isClosed = true
      current = []
    }
  }
}
