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
/// (`prefetch`), larger ones streamed by `COPY ... TO STDOUT` (`Reader`) in the claim's own
/// transaction, which holds the share's row, so no other importer removes them meanwhile. The
/// chunks go with the share's rows (a foreign key), in the transaction that deletes them.
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

  /// A payload streamed through the claim's transaction by `COPY (SELECT chunk, data ...
  /// ORDER BY chunk) TO STDOUT (FORMAT binary)`, `sliceChunks` chunks per statement: the
  /// server sends the next chunks while this one is written and hashed, and each statement
  /// stays within the statement timeout whatever the payload's size. Each chunk is lent where
  /// libpq received it (`LendingPayloadReader`); memory is one chunk and libpq's buffer.
  ///
  /// A chunk missing (or out of order) is `PayloadError.missing`. The connection runs nothing
  /// else while a slice is being read; `close()` reads and drops the rest of one left
  /// unfinished, so the claim's transaction can go on (record the failure, commit).
  final class Reader: LendingPayloadReader {
    /// The chunks one `COPY` statement reads by default (64 MiB).
    static let sliceChunks = 64

    /// The chunks one `COPY` statement reads.
    let sliceChunks: Int

    let claim: PostgresClaim
    let position: Int
    let chunks: Int
    let operation: String
    /// A single chunk read with the claim (its own copy, lent as the others are), and whether
    /// it was lent.
    private var prefetched: UnsafeMutableRawBufferPointer?
    private var prefetchedLent = false
    /// The slice being read, and the chunk it ends before.
    private var copy: PGCopyOut?
    private var sliceEnd = 0
    /// The next chunk expected.
    private var next = 0
    /// The chunk lent last (valid until the next is read), and how much of it was taken.
    private var current = UnsafeRawBufferPointer(start: nil, count: 0)
    private var offset = 0
    private var isClosed = false

    init(
      claim: PostgresClaim, position: Int, chunks: Int, prefetched: [UInt8]?,
      sliceChunks: Int = Reader.sliceChunks
    ) {
      self.claim = claim
      self.sliceChunks = max(1, sliceChunks)
      self.position = position
      self.chunks = chunks
      operation =
        "read payload chunks of item \(position) of share \(claim.manifest.id.uuidString)"
      if let prefetched {
        let storage = UnsafeMutableRawBufferPointer.allocate(
          byteCount: prefetched.count, alignment: 16)
        prefetched.withUnsafeBytes { storage.copyMemory(from: $0) }
        self.prefetched = storage
      }
    }

    deinit {
      close()
      prefetched?.deallocate()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
      if offset == current.count {
        // The chunk lent stays valid after the call, until the next is read.
        guard try withNextBytes({ _ in }) else { return 0 }
        offset = 0
      }
      let count = min(buffer.count, current.count - offset)
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: current[offset..<offset + count]))
      offset += count
      return count
    }

    func withNextBytes(_ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
      guard !isClosed else {
        throw PostgresError(
          operation: operation, target: claim.inbox.url.redacted, sqlState: nil,
          message: "read after the payload was closed")
      }
      if offset < current.count {
        // What `read(into:)` left of the chunk lent last.
        let rest = UnsafeRawBufferPointer(rebasing: current[offset...])
        offset = current.count
        try body(rest)
        return true
      }
      guard try advance() else { return false }
      offset = current.count
      try body(current)
      return true
    }

    /// Makes the next chunk `current`; false at the end.
    private func advance() throws -> Bool {
      current = UnsafeRawBufferPointer(start: nil, count: 0)
      offset = 0
      if let prefetched, !prefetchedLent {
        prefetchedLent = true
        next = 1
        current = UnsafeRawBufferPointer(prefetched)
        if !current.isEmpty { return true }
      }
      while true {
        if copy == nil {
          guard next < chunks else { return false }
          sliceEnd = min(chunks, next + sliceChunks)
        }
        let received = try claim.inTransaction(operation: operation) { connection -> Bool in
          if copy == nil { copy = try connection.copyOut(slice(), operation: operation) }
          guard let fields = try copy?.nextRow(on: connection) else {
            copy = nil
            return false
          }
          guard fields.count == 2, let number = fields[0], number.count == 4,
            Int32(bigEndian: number.loadUnaligned(as: Int32.self)) == Int32(next),
            let data = fields[1]
          else { throw missing() }
          current = data
          return true
        }
        if received {
          next += 1
          if !current.isEmpty { return true }
        } else if next != sliceEnd {
          // The slice ended without each of its chunks.
          throw missing()
        }
      }
    }

    /// The `COPY` of chunks `next..<sliceEnd`. (`COPY` takes no parameters: the share id is
    /// a `UUID`'s own text, the numbers integers.)
    private func slice() -> String {
      """
      COPY (SELECT chunk, data FROM share_ingest.payload_chunks
        WHERE share_id = '\(claim.manifest.id.uuidString)'::uuid AND position = \(position)
          AND chunk >= \(next) AND chunk < \(sliceEnd)
        ORDER BY chunk) TO STDOUT (FORMAT binary)
      """
    }

    private func missing() -> PayloadError {
      .missing(
        shareID: claim.manifest.id, item: position,
        path: claim.payloadPath(of: claim.manifest.items[position]) ?? "items[\(position)]",
        heldBy: nil)
    }

    func close() {
      guard !isClosed else { return }
      isClosed = true
      current = UnsafeRawBufferPointer(start: nil, count: 0)
      guard let copy else { return }
      self.copy = nil
      // The rest of the slice read and dropped: the connection is free for the claim's
      // transaction again. Should that fail, the transaction is lost with the connection, and
      // the claim says so when next used.
      try? claim.inTransaction(operation: operation) { connection in
        try copy.finish(on: connection)
      }
    }
  }
}
