import Foundation
import InboxReading
import Ingest
import SystemCalls

/// Streams a share's payload files from the sharer's `Incoming/` into large objects, in the
/// transaction that commits the share, 1 MiB at a time: memory does not grow with the file.
///
/// The files are the sharer's own (its loader copied them there, complete and flushed); each
/// is opened without following a link and must hold the bytes its manifest says. Nothing it
/// writes outlives the transaction unless the transaction commits, so a sharer that dies
/// mid-way leaves no object behind.
struct LargeObjectUpload {
  /// The chunk written at a time.
  static let chunkSize = 1 << 20

  let group: GroupDirectory
  let operation: String

  /// Puts `item`'s payload (item `position` of share `shareID`) in a new large object, in the
  /// transaction open on `connection`, and returns its oid.
  ///
  /// - Throws: `IOError` when the file cannot be read, `PayloadError` when it does not hold the
  ///   manifest's size, `PostgresError` when the server refuses.
  func put(
    _ item: ShareManifest.Item, position: Int, shareID: UUID, _ connection: PGConnection
  ) throws
    -> UInt32
  {
    guard let name = item.fileName, let byteCount = item.byteCount else {
      throw PayloadError.missing(
        shareID: shareID, item: position, path: item.file ?? "a file item without its file",
        heldBy: nil)
    }
    let file = try group.incoming.open(name, .readOnly, options: [.noFollow])
    return try file.closeAfter {
      let oid = try connection.createLargeObject(operation: operation)
      let descriptor = try connection.openLargeObject(oid, .write, operation: operation)
      let buffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: Self.chunkSize, alignment: 64)
      defer { buffer.deallocate() }
      var total: Int64 = 0
      while true {
        let count = try file.readFully(fromAbsoluteOffset: total, into: buffer)
        if count == 0 { break }
        try connection.writeLargeObject(
          descriptor, UnsafeRawBufferPointer(rebasing: buffer[..<count]), operation: operation)
        total += Int64(count)
        if count < buffer.count { break }
      }
      try connection.closeLargeObject(descriptor, operation: operation)
      guard total == byteCount else {
        throw PayloadError.sizeMismatch(
          shareID: shareID, item: position, path: group.absolutePath(item.file ?? name),
          expected: byteCount, found: total)
      }
      return oid
    }
  }
}
