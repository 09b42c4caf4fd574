internal import CPostgres

/// Large objects through libpq's `lo_*` calls: a payload written or read in chunks, so memory
/// does not grow with its size. Every call needs a transaction open on the connection; an
/// object made in a transaction that rolls back is gone with it.
///
/// A failed call fails the transaction (the server raised an error): the caller rolls back.
extension PGConnection {
  /// How a large object is opened.
  enum LargeObjectAccess {
    case read
    case write

    var mode: Int32 {
      switch self {
      case .read: INV_READ
      case .write: INV_WRITE
      }
    }
  }

  /// Makes a new, empty large object and returns its oid.
  func createLargeObject(operation: String) throws(PostgresError) -> UInt32 {
    let oid = pq.loCreate(handle, 0)
    guard oid != 0 else { throw failure(operation) }
    return oid
  }

  /// Opens the large object `oid` and returns its descriptor (valid until `closeLargeObject`
  /// or the transaction's end).
  func openLargeObject(_ oid: UInt32, _ access: LargeObjectAccess, operation: String)
    throws(PostgresError) -> Int32
  {
    let descriptor = pq.loOpen(handle, oid, access.mode)
    guard descriptor >= 0 else { throw failure(operation) }
    return descriptor
  }

  /// Writes all of `bytes` at the descriptor's position.
  func writeLargeObject(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, operation: String)
    throws(PostgresError)
  {
    var offset = 0
    while offset < bytes.count {
      guard let base = bytes.baseAddress else { return }
      let chunk = min(bytes.count - offset, Int(Int32.max))
      let written = pq.loWrite(
        handle, descriptor, base.advanced(by: offset).assumingMemoryBound(to: CChar.self), chunk)
      guard written > 0 else { throw failure(operation) }
      offset += Int(written)
    }
  }

  /// Reads up to `buffer.count` bytes at the descriptor's position; 0 at the end.
  func readLargeObject(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, operation: String
  ) throws(PostgresError) -> Int {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
    let read = pq.loRead(
      handle, descriptor, base.assumingMemoryBound(to: CChar.self),
      min(buffer.count, Int(Int32.max)))
    guard read >= 0 else { throw failure(operation) }
    return Int(read)
  }

  /// Closes a descriptor `openLargeObject` gave.
  func closeLargeObject(_ descriptor: Int32, operation: String) throws(PostgresError) {
    guard pq.loClose(handle, descriptor) >= 0 else { throw failure(operation) }
  }
}
