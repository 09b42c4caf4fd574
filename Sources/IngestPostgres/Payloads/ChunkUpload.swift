import Digests
import Foundation
import InboxReading
import Ingest
import SystemCalls

/// Puts a share's payload files from the sharer's `Incoming/` into `payload_chunks`, in the
/// transaction that commits the share: 1 MiB rows of `bytea`, sent with `COPY ... FROM STDIN
/// (FORMAT binary)`, read from the file and sent one chunk at a time (memory does not grow
/// with the file), each file's size and SHA-256 checked against its manifest as it streams.
/// Small payloads (`isSmall`) instead travel inside the statement that inserts the share's
/// rows (`inline`): one round trip for the whole share.
///
/// Each file is opened without following a link. Nothing written outlives the transaction
/// unless it commits, so a sharer that dies mid-way leaves no chunk behind.
struct ChunkUpload {
  /// The bytes of a chunk (the last of a payload may be shorter).
  static let chunkSize = 1 << 20
  /// The largest payload sent inside the insert statement.
  static let inlineLimit = 256 << 10
  /// The largest share (all its payloads together) sent inside the insert statement.
  static let inlineShareLimit = 1 << 20

  /// The `COPY` the chunks travel in.
  static let copy = """
    COPY share_ingest.payload_chunks (share_id, position, chunk, data) FROM STDIN (FORMAT binary)
    """

  let group: GroupDirectory
  let operation: String

  /// The number of chunks of a payload of `byteCount` bytes.
  static func chunkCount(_ byteCount: Int64) -> Int {
    Int((byteCount + Int64(chunkSize) - 1) / Int64(chunkSize))
  }

  /// Whether every payload of `manifest` is small enough to travel in the insert statement.
  static func isSmall(_ manifest: ShareManifest) -> Bool {
    var total: Int64 = 0
    for item in manifest.items where item.kind == .file {
      guard let count = item.byteCount, count <= inlineLimit else { return false }
      total += count
    }
    return total <= inlineShareLimit
  }

  /// The payloads of `manifest`, read whole and checked: every file item's bytes, one after
  /// another, and where each starts (position, offset, length).
  ///
  /// - Throws: `IOError` when a file cannot be read, `PayloadError` when one does not hold its
  ///   manifest's size and SHA-256.
  func inline(_ manifest: ShareManifest) throws -> (
    bytes: [UInt8], parts: [(position: Int, offset: Int, length: Int)]
  ) {
    var bytes: [UInt8] = []
    var parts: [(position: Int, offset: Int, length: Int)] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: Self.inlineLimit + 1, alignment: 64)
    defer { buffer.deallocate() }
    for (position, item) in manifest.items.enumerated() where item.kind == .file {
      let length = try read(item, position: position, shareID: manifest.id, chunk: buffer) {
        chunk in
        bytes.append(contentsOf: chunk)
      }
      if length > 0 { parts.append((position, bytes.count - Int(length), Int(length))) }
    }
    return (bytes, parts)
  }

  /// Sends every file item's payload of `manifest` into `payload_chunks`, in the transaction
  /// open on `connection` (after the share's rows: the chunks belong to its items).
  ///
  /// - Throws: `IOError` when a file cannot be read, `PayloadError` when one does not hold its
  ///   manifest's size and SHA-256, `PostgresError` when the server refuses.
  func stream(_ manifest: ShareManifest, _ connection: PGConnection) throws {
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: Self.chunkSize, alignment: 64)
    defer { buffer.deallocate() }
    try connection.copyIn(Self.copy, operation: operation) { copy in
      for (position, item) in manifest.items.enumerated() where item.kind == .file {
        var chunk: Int32 = 0
        _ = try read(item, position: position, shareID: manifest.id, chunk: buffer) { bytes in
          copy.beginRow(fields: 4)
          copy.field(manifest.id)
          copy.field(Int32(position))
          copy.field(chunk)
          try copy.field(bytes)
          chunk += 1
        }
      }
    }
  }

  /// Reads item `position`'s file chunk by chunk into `buffer`, hands each chunk to `body`,
  /// and checks the file's size and SHA-256 against the manifest; returns its size.
  private func read(
    _ item: ShareManifest.Item, position: Int, shareID: UUID,
    chunk buffer: UnsafeMutableRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void
  ) throws -> Int64 {
    guard let name = item.fileName, let byteCount = item.byteCount else {
      throw PayloadError.missing(
        shareID: shareID, item: position, path: item.file ?? "a file item without its file",
        heldBy: nil)
    }
    let path = group.absolutePath(item.file ?? name)
    let file = try group.incoming.open(name, .readOnly, options: [.noFollow])
    return try file.closeAfter {
      let digest = try SHA256Digest()
      var total: Int64 = 0
      while total <= byteCount {
        let count = try file.readFully(fromAbsoluteOffset: total, into: buffer)
        if count == 0 { break }
        let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
        total += Int64(count)
        // Nothing past the manifest's size is sent: the share is refused below.
        if total > byteCount { break }
        digest.update(chunk)
        try body(chunk)
        if count < buffer.count { break }
      }
      guard total == byteCount else {
        throw PayloadError.sizeMismatch(
          shareID: shareID, item: position, path: path, expected: byteCount, found: total)
      }
      let found = digest.finish()
      if let expected = item.sha256, expected.lowercased() != found {
        throw PayloadError.digestMismatch(
          shareID: shareID, item: position, path: path, expected: expected, found: found)
      }
      return total
    }
  }
}
