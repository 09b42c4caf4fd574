import Digests
import Foundation
import InboxReading
import Ingest
import Synchronization
import SystemCalls

/// A share's payloads taken straight from their source into `payload_chunks` as the loader
/// reads them (`PayloadReceivingManifest`), with no copy on local disk: small ones (as
/// `ChunkUpload.isSmall` counts them) kept in memory for the statement that inserts the
/// share's rows, larger ones sent at once with `COPY ... FROM STDIN (FORMAT binary)` in a
/// transaction opened for the share on a connection of its own, 1 MiB rows read, hashed and
/// sent one at a time (memory does not grow with the file).
///
/// The chunks go in before their items' rows (the foreign key is checked at commit: schema
/// version 5), so that the rows, written at `commit`, carry the sizes and digests measured
/// here. Nothing is visible before the commit; a failure, `discard`, or the sharer dying ends
/// the transaction and the server keeps nothing of it.
final class ChunkReceiver: Sendable {
  private struct State {
    /// The connection holding the share's transaction, once a payload needed one.
    var slot: ConnectionSlot?
    /// The chunks sent of each item's payload, by position.
    var chunks: [Int: Int] = [:]
    /// Small payloads, whole, by position.
    var inline: [Int: [UInt8]] = [:]
    var inlineTotal = 0
    /// Whether the share has ended (committed or discarded).
    var isEnded = false
  }

  let inbox: PostgresInbox
  let id: UUID
  private let state = Mutex(State())

  init(inbox: PostgresInbox, id: UUID) {
    self.inbox = inbox
    self.id = id
  }

  private var operation: String { "send the payloads of share \(id.uuidString)" }

  /// Whether any payload was received.
  var hasPayloads: Bool {
    state.withLock { !$0.chunks.isEmpty || !$0.inline.isEmpty }
  }

  /// Reads `source` to its end into the share (see `PayloadReceivingManifest`).
  func receive(
    at position: Int, from source: PayloadSource, isCancelled: () -> Bool,
    progress: (Int64) -> Void
  ) throws -> (byteCount: Int64, sha256: String) {
    let byteCount: Int64 =
      switch source {
      case .file(_, let byteCount, _): byteCount
      case .bytes(let bytes): Int64(bytes.count)
      }
    let isSmall = state.withLock { state -> Bool in
      guard byteCount <= ChunkUpload.inlineLimit,
        state.inlineTotal + Int(byteCount) <= ChunkUpload.inlineShareLimit
      else { return false }
      state.inlineTotal += Int(byteCount)
      return true
    }
    if isSmall {
      let bytes = try Self.whole(source, byteCount: byteCount)
      let sha256 = try bytes.withUnsafeBytes { try SHA256Digest.hex(of: $0) }
      progress(byteCount)
      try state.withLock { state throws(CancellationError) in
        guard !state.isEnded else { throw CancellationError() }
        state.inline[position] = bytes
      }
      return (byteCount, sha256)
    }
    let slot = try transaction()
    let digest = try SHA256Digest()
    let id = id
    let operation = operation
    let chunks = try slot.withCurrentConnection(operation: operation) { connection -> Int in
      var chunks: Int32 = 0
      try connection.copyIn(ChunkUpload.copy, operation: operation) { copy in
        try Self.read(source, byteCount: byteCount, isCancelled: isCancelled) { bytes, total in
          digest.update(bytes)
          copy.beginRow(fields: 4)
          copy.field(id)
          copy.field(Int32(position))
          copy.field(chunks)
          try copy.field(bytes)
          chunks += 1
          progress(total)
        }
      }
      return Int(chunks)
    }
    try state.withLock { state throws(CancellationError) in
      guard !state.isEnded else { throw CancellationError() }
      state.chunks[position] = chunks
    }
    return (byteCount, digest.finish())
  }

  /// The share's transaction, opened on a connection of its own when first needed.
  private func transaction() throws -> ConnectionSlot {
    try state.withLock { state throws -> ConnectionSlot in
      guard !state.isEnded else { throw CancellationError() }
      if let slot = state.slot { return slot }
      let slot = inbox.pool.checkOut()
      do {
        try slot.withConnection(isIdempotent: true) { connection in
          try connection.beginTransaction(operation: operation)
        }
      } catch {
        inbox.checkIn(slot)
        throw error
      }
      state.slot = slot
      return slot
    }
  }

  /// Commits the share: its rows, with the small payloads, in the transaction that holds the
  /// large ones, or in one statement when there is no such transaction. Every file item of
  /// `manifest` must have been received.
  ///
  /// - Throws: `PayloadError.missing` for a file item not received; `PostgresError`;
  ///   `CommitOutcomeUnknown` when the connection was lost as the `COMMIT` was sent.
  func commit(
    _ manifest: ShareManifest, commitRows: (ShareManifest, [PGValue]) throws -> Void
  ) throws {
    let taken = state.withLock { state -> State in
      defer {
        state.isEnded = true
        state.slot = nil
      }
      return state
    }
    var bytes: [UInt8] = []
    var parts: [(position: Int, offset: Int, length: Int)] = []
    for (position, item) in manifest.items.enumerated() where item.kind == .file {
      if let inline = taken.inline[position] {
        if !inline.isEmpty { parts.append((position, bytes.count, inline.count)) }
        bytes.append(contentsOf: inline)
      } else if taken.chunks[position] == nil {
        if let slot = taken.slot { end(slot) }
        throw PayloadError.missing(
          shareID: manifest.id, item: position, path: item.file ?? "items[\(position)]",
          heldBy: nil)
      }
    }
    let parameters = try PreparedPostgresManifest.parameters(
      manifest, objects: [:], chunks: PreparedPostgresManifest.chunkCounts(manifest),
      inline: bytes, parts: parts)
    guard let slot = taken.slot else {
      try commitRows(manifest, parameters)
      return
    }
    let operation = "commit share \(manifest.id.uuidString) with its payloads"
    let committing = Mutex(false)
    do {
      try slot.withCurrentConnection(operation: operation) { connection in
        try connection.query(PreparedPostgresManifest.insert, parameters, operation: operation)
        committing.withLock { $0 = true }
        try connection.commitTransaction(operation: operation)
      }
      inbox.checkIn(slot)
    } catch let error as PostgresError where error.isConnectionFailure {
      inbox.checkIn(slot)
      guard committing.withLock({ $0 }) else { throw error }
      throw CommitOutcomeUnknown(underlying: error)
    } catch {
      end(slot)
      throw error
    }
  }

  /// Forgets the share: its transaction, if one was opened, is rolled back.
  func discard() {
    let slot = state.withLock { state -> ConnectionSlot? in
      defer {
        state.isEnded = true
        state.slot = nil
        state.inline = [:]
      }
      return state.slot
    }
    if let slot { end(slot) }
  }

  /// Rolls back the transaction on `slot` and gives the slot back.
  private func end(_ slot: ConnectionSlot) {
    let operation = operation
    try? slot.withCurrentConnection(operation: operation) { connection in
      if connection.isInTransaction { try connection.rollbackTransaction(operation: operation) }
    }
    inbox.checkIn(slot)
  }

  /// All of `source`, which must hold exactly `byteCount` bytes.
  private static func whole(_ source: PayloadSource, byteCount: Int64) throws -> [UInt8] {
    switch source {
    case .bytes(let bytes): return Array(bytes)
    case .file(let file, _, let path):
      // One byte more than expected, to see a file that grew.
      var bytes = [UInt8](repeating: 0, count: Int(byteCount) + 1)
      let count = try bytes.withUnsafeMutableBytes {
        try file.readFully(fromAbsoluteOffset: 0, into: $0)
      }
      guard Int64(count) == byteCount else {
        throw changed(path, expected: byteCount, found: Int64(count))
      }
      try checkSize(file, path: path, byteCount: byteCount)
      bytes.removeLast()
      return bytes
    }
  }

  /// Reads `source` a chunk at a time, handing each to `body` with the bytes read so far;
  /// throws when it does not hold exactly `byteCount` bytes, or the share stops.
  private static func read(
    _ source: PayloadSource, byteCount: Int64, isCancelled: () -> Bool,
    _ body: (UnsafeRawBufferPointer, Int64) throws -> Void
  ) throws {
    switch source {
    case .bytes(let bytes):
      var offset = 0
      while offset < bytes.count {
        if isCancelled() { throw CancellationError() }
        let end = min(bytes.count, offset + ChunkUpload.chunkSize)
        try body(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), Int64(end))
        offset = end
      }
    case .file(let file, _, let path):
      let buffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: ChunkUpload.chunkSize, alignment: 64)
      defer { buffer.deallocate() }
      var total: Int64 = 0
      while true {
        if isCancelled() { throw CancellationError() }
        let count = try file.readFully(fromAbsoluteOffset: total, into: buffer)
        if count == 0 { break }
        // Nothing past the size the share took is sent.
        guard total + Int64(count) <= byteCount else {
          throw changed(path, expected: byteCount, found: total + Int64(count))
        }
        total += Int64(count)
        try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]), total)
      }
      guard total == byteCount else { throw changed(path, expected: byteCount, found: total) }
      try checkSize(file, path: path, byteCount: byteCount)
    }
  }

  /// Throws unless `file` still holds `byteCount` bytes.
  private static func checkSize(_ file: FileDescriptor, path: String, byteCount: Int64) throws {
    let size = try file.status().size
    guard size == byteCount else { throw changed(path, expected: byteCount, found: size) }
  }

  private static func changed(_ path: String, expected: Int64, found: Int64) -> IOError {
    IOError(
      .other, operation: .copy, path: path,
      cause: PayloadSourceChanged(expected: expected, found: found))
  }
}
