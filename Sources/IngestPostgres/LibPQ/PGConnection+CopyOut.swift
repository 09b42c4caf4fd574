internal import CPostgres
import Foundation

/// `COPY (SELECT ...) TO STDOUT (FORMAT binary)`: rows streamed from the server as it makes
/// them, each read where libpq received it (no copy in Swift), so the server sends the next
/// rows while the client works on this one, in bounded memory (one row, and libpq's buffer).
extension PGConnection {
  /// Starts `sql`, a `COPY (...) TO STDOUT (FORMAT binary)`; its rows are then read with
  /// `PGCopyOut.nextRow(on:)` on this connection, which runs nothing else until they are all
  /// read (or `PGCopyOut.finish(on:)` read and dropped the rest).
  ///
  /// - Throws: `PostgresError` when the server refuses the statement.
  ///
  /// Each wait for the server (to start, for each row, to end) is bounded by `answerTimeout`
  /// (`PGConnection+Deadline`): the rows are taken with libpq's non-blocking `PQgetCopyData`,
  /// the socket awaited with `poll`.
  func copyOut(_ sql: String, operation: String) throws(PostgresError) -> PGCopyOut {
    guard let started = try exchange(operation: operation, { pq.sendQuery(handle, sql) }) else {
      throw failure(operation)
    }
    guard pq.resultStatus(started) == PGRES_COPY_OUT else {
      _ = try rows(of: started, operation: operation)
      throw PostgresError(
        operation: operation, target: url.redacted, sqlState: nil,
        message: "the server did not start the COPY")
    }
    pq.clear(started)
    return PGCopyOut(pq: pq, operation: operation, target: url.redacted)
  }
}

/// The rows of a `COPY ... TO STDOUT (FORMAT binary)` on their way (`PGConnection.copyOut`).
/// Each row is the buffer libpq allocated for it, kept until the next row is read: its fields
/// point into it.
final class PGCopyOut {
  private let pq: cpostgres_api
  private let operation: String
  /// The server, for messages.
  private let target: String
  /// The current row's buffer (libpq's), freed when the next is read.
  private var buffer: UnsafeMutablePointer<CChar>?
  private var sawHeader = false
  /// Whether the COPY ended (its last row read and the statement's result taken).
  private(set) var isFinished = false

  fileprivate init(pq: cpostgres_api, operation: String, target: String) {
    self.pq = pq
    self.operation = operation
    self.target = target
  }

  deinit {
    if let buffer { pq.freemem(buffer) }
  }

  /// The binary format's signature (`PGCOPY\n\377\r\n\0`).
  private static let signature: [UInt8] = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00]

  /// The next row's fields (nil for a NULL), pointing into memory valid until the next call;
  /// nil once the rows are done, when the statement's own result was taken too (the
  /// connection is free again).
  ///
  /// - Throws: `PostgresError` when the server fails the statement (its transaction is then
  ///   failed), the connection is lost, or a row is not in the binary format (a connection
  ///   failure: the connection is given up), or did not send the row within the connection's
  ///   `answerTimeout` (the connection is then given up).
  func nextRow(on connection: PGConnection) throws(PostgresError) -> [UnsafeRawBufferPointer?]? {
    let deadline = connection.answerDeadline()
    while !isFinished {
      if let buffer {
        pq.freemem(buffer)
        self.buffer = nil
      }
      var received: UnsafeMutablePointer<CChar>?
      // Without blocking: 0 while no whole row has arrived, then the socket is awaited.
      let length = pq.getCopyData(connection.handle, &received, 1)
      if length == 0 {
        _ = try connection.waitForSocket(writing: false, operation: operation, until: deadline)
        guard pq.consumeInput(connection.handle) == 1 else {
          var failure = connection.failure(operation)
          failure.isConnectionFailure = true
          throw failure
        }
        continue
      }
      if length == -1 {
        try end(on: connection)
        return nil
      }
      guard length >= 0, let received else {
        // Mid-COPY, the connection cannot be used for anything else: given up.
        var failure = connection.failure(operation)
        failure.isConnectionFailure = true
        throw failure
      }
      buffer = received
      var bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(received), count: Int(length))
      if !sawHeader {
        // The header comes before the first row, in its message or one of its own.
        let fixed = Self.signature.count + 8
        guard bytes.count >= fixed, bytes.prefix(Self.signature.count).elementsEqual(Self.signature)
        else { throw malformed("no binary COPY header") }
        let extensionLength = Int(
          Self.integer(bytes, at: Self.signature.count + 4, as: UInt32.self))
        guard bytes.count >= fixed + extensionLength else { throw malformed("a short header") }
        bytes = UnsafeRawBufferPointer(rebasing: bytes[(fixed + extensionLength)...])
        sawHeader = true
        if bytes.isEmpty { continue }
      }
      guard bytes.count >= 2 else { throw malformed("a row without its field count") }
      let count = Int16(bitPattern: Self.integer(bytes, at: 0, as: UInt16.self))
      // The trailer (-1): what follows is the end of the COPY.
      if count == -1 { continue }
      guard count >= 0 else { throw malformed("a field count of \(count)") }
      var fields: [UnsafeRawBufferPointer?] = []
      fields.reserveCapacity(Int(count))
      var offset = 2
      for _ in 0..<count {
        guard bytes.count - offset >= 4 else { throw malformed("a field without its length") }
        let size = Int32(bitPattern: Self.integer(bytes, at: offset, as: UInt32.self))
        offset += 4
        if size == -1 {
          fields.append(nil)
          continue
        }
        guard size >= 0, bytes.count - offset >= Int(size) else {
          throw malformed("a field longer than its row")
        }
        fields.append(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(size)]))
        offset += Int(size)
      }
      return fields
    }
    return nil
  }

  /// Reads and drops the rows left, then takes the statement's result: the connection can run
  /// other statements again. Nothing when the COPY ended already.
  ///
  /// - Throws: `PostgresError` as `nextRow(on:)` does.
  func finish(on connection: PGConnection) throws(PostgresError) {
    while try nextRow(on: connection) != nil {}
  }

  /// Takes the statement's result (and any after it) once the rows are done.
  private func end(on connection: PGConnection) throws(PostgresError) {
    isFinished = true
    var first: PostgresError?
    let deadline = connection.answerDeadline()
    while true {
      try connection.awaitResult(operation: operation, until: deadline)
      guard let result = pq.getResult(connection.handle) else { break }
      do throws(PostgresError) {
        _ = try connection.rows(of: result, operation: operation)
      } catch {
        if first == nil { first = error }
      }
    }
    if let first { throw first }
  }

  /// A big-endian integer of `bytes` at `offset`.
  private static func integer<T: FixedWidthInteger>(
    _ bytes: UnsafeRawBufferPointer, at offset: Int, as _: T.Type
  ) -> T {
    T(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
  }

  /// A row not in the format: the connection, mid-COPY, is given up (a connection failure,
  /// which closes it and ends its transaction).
  private func malformed(_ problem: String) -> PostgresError {
    PostgresError(
      operation: operation, target: target, sqlState: nil,
      message: "the server sent \(problem) in a binary COPY", isConnectionFailure: true)
  }
}
