internal import CPostgres
import Foundation

/// `COPY ... FROM STDIN (FORMAT binary)` and results in binary format: payload chunks
/// (`bytea`) streamed to and from the server without text encoding, in bounded memory.
extension PGConnection {
  /// Runs `sql`, a `COPY ... FROM STDIN (FORMAT binary)`, with `body` sending the rows
  /// (`PGCopyIn`), and ends it; the rows are in when this returns (in the caller's
  /// transaction, when one is open).
  ///
  /// Each wait for the server (to start, to take data, to end) is bounded by `answerTimeout`
  /// (`PGConnection+Deadline`): the data goes out in non-blocking mode, awaited with `poll`.
  ///
  /// - Throws: `PostgresError` when the server refuses the statement or a row, the connection
  ///   is lost, or the server did not answer in time; whatever `body` throws (the `COPY` is
  ///   then ended as failed, so nothing it sent stays).
  func copyIn(_ sql: String, operation: String, _ body: (PGCopyIn) throws -> Void) throws {
    guard let started = try exchange(operation: operation, { pq.sendQuery(handle, sql) }) else {
      throw failure(operation)
    }
    guard pq.resultStatus(started) == PGRES_COPY_IN else {
      _ = try rows(of: started, operation: operation)
      throw PostgresError(
        operation: operation, target: url.redacted, sqlState: nil,
        message: "the server did not start the COPY")
    }
    pq.clear(started)
    let copy = PGCopyIn(connection: self, operation: operation)
    guard pq.setnonblocking(handle, 1) == 0 else { throw failure(operation) }
    do {
      try copy.start()
      try body(copy)
      try copy.finish()
    } catch {
      // A connection given up is dropped as it is: nothing more is sent or awaited on it.
      guard !isAbandoned else { throw error }
      // Ends the COPY as failed: the server discards it (and fails the transaction).
      if pq.putCopyEnd(handle, "the client stopped the COPY") == 1 {
        do throws(PostgresError) {
          try flush(operation: operation, until: answerDeadline())
          _ = try drainResults(operation: operation)
        } catch {
          // Failing to end the COPY leaves the connection lost or given up; `body`'s error
          // is the one to report.
        }
      }
      _ = pq.setnonblocking(handle, 0)
      throw error
    }
    if let failure = try drainResults(operation: operation) { throw failure }
    guard pq.setnonblocking(handle, 0) == 0 else { throw failure(operation) }
  }

  /// Reads every result left of the statement in progress (each within the answer timeout);
  /// the first error among them.
  ///
  /// - Throws: `PostgresError` when the server did not answer in time or the connection is
  ///   lost.
  private func drainResults(operation: String) throws(PostgresError) -> PostgresError? {
    var first: PostgresError?
    let deadline = answerDeadline()
    while true {
      try awaitResult(operation: operation, until: deadline)
      guard let result = pq.getResult(handle) else { break }
      do {
        _ = try rows(of: result, operation: operation)
      } catch {
        if first == nil { first = error }
      }
    }
    return first
  }

  /// Runs one statement with `parameters` and returns its rows with every column in binary
  /// format (`bytea` as its bytes, `integer` as 4 bytes most significant first, `uuid` as
  /// 16 bytes); a NULL is nil.
  func queryBinary(_ sql: String, _ parameters: [PGValue] = [], operation: String)
    throws(PostgresError) -> [[[UInt8]?]]
  {
    let result = try exchange(operation: operation) {
      PGParameters.with(parameters) { count, types, values, lengths, formats in
        pq.sendQueryParams(handle, sql, count, types, values, lengths, formats, 1)
      }
    }
    guard let result, pq.resultStatus(result) == PGRES_TUPLES_OK else {
      // Its error, read as any other statement's.
      _ = try rows(of: result, operation: operation)
      return []
    }
    defer { pq.clear(result) }
    let rowCount = Int(pq.ntuples(result))
    let columnCount = Int(pq.nfields(result))
    var rows: [[[UInt8]?]] = []
    rows.reserveCapacity(rowCount)
    for row in 0..<Int32(rowCount) {
      var values: [[UInt8]?] = []
      for column in 0..<Int32(columnCount) {
        if pq.getisnull(result, row, column) == 1 {
          values.append(nil)
          continue
        }
        let length = Int(pq.getlength(result, row, column))
        guard let value = pq.getvalue(result, row, column) else {
          values.append(nil)
          continue
        }
        values.append(
          Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(value), count: length)))
      }
      rows.append(values)
    }
    return rows
  }
}

/// The rows of a `COPY ... FROM STDIN (FORMAT binary)` on their way: the header, then each
/// row's fields, then the trailer (`PGConnection.copyIn`).
final class PGCopyIn {
  private let connection: PGConnection
  private let operation: String
  /// A row's header and small fields, assembled before they are sent.
  private var pending: [UInt8] = []

  init(connection: PGConnection, operation: String) {
    self.connection = connection
    self.operation = operation
  }

  /// The binary format's signature, flags (none) and header extension (none).
  fileprivate func start() throws(PostgresError) {
    pending = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00] + [0, 0, 0, 0] + [0, 0, 0, 0]
  }

  /// Starts a row of `fields` fields.
  func beginRow(fields: Int16) {
    Self.append(fields, to: &pending)
  }

  /// Adds a `uuid` field.
  func field(_ uuid: UUID) {
    Self.append(Int32(16), to: &pending)
    withUnsafeBytes(of: uuid.uuid) { pending.append(contentsOf: $0) }
  }

  /// Adds an `integer` field.
  func field(_ value: Int32) {
    Self.append(Int32(4), to: &pending)
    Self.append(value, to: &pending)
  }

  /// Adds a `bytea` field holding `bytes` (sent as they are, not copied first).
  func field(_ bytes: UnsafeRawBufferPointer) throws(PostgresError) {
    Self.append(Int32(clamping: bytes.count), to: &pending)
    try flush()
    try send(bytes)
  }

  /// Sends the trailer, and waits (within the answer timeout) until all is sent.
  fileprivate func finish() throws(PostgresError) {
    Self.append(Int16(-1), to: &pending)
    try flush()
    while true {
      let outcome = connection.pq.putCopyEnd(connection.handle, nil)
      guard outcome >= 0 else { throw connection.failure(operation) }
      // 0: not queued, the buffer full (non-blocking mode): send what waits first.
      try connection.flush(operation: operation, until: connection.answerDeadline())
      if outcome == 1 { return }
    }
  }

  /// Sends what was assembled.
  private func flush() throws(PostgresError) {
    guard !pending.isEmpty else { return }
    let bytes = pending
    pending.removeAll(keepingCapacity: true)
    var failure: PostgresError?
    bytes.withUnsafeBytes { buffer in
      do throws(PostgresError) { try send(buffer) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Sends `bytes`: queued by libpq (in non-blocking mode), then sent, each wait for room on
  /// the socket bounded by the answer timeout; libpq's buffer holds at most one call's bytes.
  private func send(_ bytes: UnsafeRawBufferPointer) throws(PostgresError) {
    var offset = 0
    while offset < bytes.count {
      guard let base = bytes.baseAddress else { return }
      let count = min(bytes.count - offset, Int(Int32.max))
      let outcome = connection.pq.putCopyData(
        connection.handle, base.advanced(by: offset).assumingMemoryBound(to: CChar.self),
        Int32(count))
      guard outcome >= 0 else { throw connection.failure(operation) }
      // 0: not queued, the buffer full: sent what waits, then queued again.
      try connection.flush(operation: operation, until: connection.answerDeadline())
      if outcome == 1 { offset += count }
    }
  }

  private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
  }
}
