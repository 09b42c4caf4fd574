internal import CPostgres
import Foundation
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// One connection to a PostgreSQL server: connect, run a statement with bound parameters, run
/// a parameterless script, listen for notifications.
///
/// Every libpq call of the package is in this folder (`Sources/IngestPostgres/LibPQ/`), as
/// swift-system keeps its system calls in one place. Values always travel as bound parameters
/// (`PQexecParams`, each `PGValue` with its type, in binary format), never spliced into SQL;
/// only fixed DDL without parameters goes through `PQexec`. Results come back in text format,
/// read by type through `PGRow`. Transactions and savepoints go through `withTransaction` and
/// `withSavepoint` (`PGConnection+Transactions`). A connection is used by one thread at a time:
/// `ConnectionSlot` keeps it behind a `Mutex`. Errors carry the operation, the server (its URL
/// without a password), the SQLSTATE and the server's message.
///
/// Statements are sent without waiting and their answers awaited with `poll` on the socket
/// (`PGConnection+Deadline`), each wait bounded by `answerTimeout`: a server that stopped
/// answering (paused, its kernel still acknowledging, so that no TCP timeout fires) is given
/// up, its statement cancelled and the connection dropped, with a `PostgresError` saying so.
final class PGConnection {
  /// The server, for messages.
  let url: PostgresURL
  /// The libpq connection; used only in this folder (`PGConnection+Pipeline`,
  /// `PGConnection+LargeObjects`).
  let handle: OpaquePointer
  /// libpq's functions.
  let pq: cpostgres_api
  /// How long a statement may wait for the server's answer (sending it and reading its
  /// result), and a `COPY` for the server to take or give data; nil: no bound (migrations).
  let answerTimeout: Duration?
  /// Whether the connection was given up after the server did not answer in time.
  var isAbandoned = false

  /// Connects to `url`; `connectTimeout` seconds at most (libpq's `connect_timeout`, which the
  /// URL may override), with `settings` (further libpq keywords and values: TCP timeouts,
  /// keepalives, `options`), which the URL may override too. Notices (`CREATE ... IF NOT
  /// EXISTS` skipping) are not printed. `answerTimeout` bounds each wait for the server's
  /// answer afterwards (nil: none).
  init(
    url: PostgresURL, connectTimeout: Int, applicationName: String,
    settings: [(String, String)] = [], answerTimeout: Duration? = nil
  ) throws(PostgresError) {
    self.url = url
    self.answerTimeout = answerTimeout
    let library: cpostgres_api
    switch LibPQ.loaded.result {
    case .success(let functions): library = functions
    case .failure(let error):
      throw PostgresError(
        operation: "load libpq", target: url.redacted, sqlState: nil, message: "\(error)")
    }
    pq = library
    let pq = library
    let keywords =
      ["connect_timeout", "fallback_application_name"] + settings.map(\.0) + ["dbname"]
    let values =
      [String(max(2, connectTimeout)), applicationName] + settings.map(\.1) + [url.string]
    // Later keywords override earlier ones, and `dbname` is expanded from the URL: what the
    // URL says wins over the defaults before it.
    let connection = CStrings.withNullTerminated(keywords) { keywords in
      CStrings.withNullTerminated(values) { values in pq.connectdbParams(keywords, values, 1) }
    }
    guard let connection else {
      throw PostgresError(
        operation: "connect", target: url.redacted, sqlState: nil, message: "out of memory")
    }
    guard pq.status(connection) == CONNECTION_OK else {
      let message = Self.text(pq.errorMessage(connection))
      pq.finish(connection)
      throw PostgresError(
        operation: "connect", target: url.redacted, sqlState: nil, message: message,
        isConnectionFailure: true)
    }
    _ = pq.setNoticeProcessor(connection, { _, _ in }, nil)
    handle = connection
  }

  deinit {
    pq.finish(handle)
  }

  /// Whether the connection is lost (the server closed it, or it broke, or it was given up).
  var isBroken: Bool { isAbandoned || pq.status(handle) != CONNECTION_OK }

  /// Whether a transaction is open on the connection (in progress, idle in it, or failed).
  var isInTransaction: Bool {
    let status = pq.transactionStatus(handle)
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
  }

  /// Whether the transaction open on the connection failed: every statement but `ROLLBACK`
  /// (to a savepoint, or of the whole transaction) is refused until it is rolled back.
  var isInFailedTransaction: Bool {
    pq.transactionStatus(handle) == PQTRANS_INERROR
  }

  /// The connection's socket, for waiting on notifications; nil when there is none.
  var socket: Int32? {
    let descriptor = pq.socket(handle)
    return descriptor >= 0 ? descriptor : nil
  }

  /// Runs one statement with `parameters` bound in order to `$1`, `$2`..., and returns its
  /// rows.
  ///
  /// - Parameter operation: What the statement does, for errors (`claim`, `commit share`).
  @discardableResult
  func query(_ sql: String, _ parameters: [PGValue] = [], operation: String)
    throws(PostgresError) -> PGRows
  {
    let result = try exchange(operation: operation) {
      PGParameters.with(parameters) { count, types, values, lengths, formats in
        pq.sendQueryParams(handle, sql, count, types, values, lengths, formats, 0)
      }
    }
    return try rows(of: result, operation: operation)
  }

  /// Runs `sql`, one or more statements without parameters (fixed DDL, `LISTEN`).
  func execute(_ sql: String, operation: String) throws(PostgresError) {
    let result = try exchange(operation: operation) { pq.sendQuery(handle, sql) }
    _ = try rows(of: result, operation: operation)
  }

  /// Reads what arrived on the socket without blocking and returns the notifications received
  /// (channel and payload), oldest first.
  ///
  /// - Throws: `PostgresError` when the connection is lost.
  func notifications() throws(PostgresError) -> [(channel: String, payload: String)] {
    guard pq.consumeInput(handle) == 1 else {
      throw PostgresError(
        operation: "read notifications", target: url.redacted, sqlState: nil,
        message: Self.text(pq.errorMessage(handle)), isConnectionFailure: true)
    }
    var received: [(channel: String, payload: String)] = []
    while let notification = pq.notifies(handle) {
      received.append(
        (
          String(cString: notification.pointee.relname),
          String(cString: notification.pointee.extra)
        ))
      pq.freemem(notification)
    }
    return received
  }

  /// The rows of a finished statement, or its error; clears `result`.
  func rows(of result: OpaquePointer?, operation: String) throws(PostgresError)
    -> PGRows
  {
    guard let result else {
      // No result at all: the statement could not be sent (a lost connection) or memory ran
      // out.
      throw PostgresError(
        operation: operation, target: url.redacted, sqlState: nil,
        message: Self.text(pq.errorMessage(handle)), isConnectionFailure: isBroken)
    }
    defer { pq.clear(result) }
    let status = pq.resultStatus(result)
    if status == PGRES_PIPELINE_ABORTED {
      throw PostgresError(
        operation: operation, target: url.redacted, sqlState: nil,
        message: "not run: an earlier statement of the pipeline failed")
    }
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      let sqlState = field(result, "C")
      let primary = field(result, "M")
      throw PostgresError(
        operation: operation, target: url.redacted, sqlState: sqlState,
        message: primary ?? Self.text(pq.resultErrorMessage(result)),
        detail: field(result, "D"), hint: field(result, "H"),
        isConnectionFailure: isBroken || PostgresError.isConnectionState(sqlState))
    }
    let rowCount = Int(pq.ntuples(result))
    let columnCount = Int(pq.nfields(result))
    var rows: [PGRow] = []
    rows.reserveCapacity(rowCount)
    for row in 0..<rowCount {
      var values: [String?] = []
      values.reserveCapacity(columnCount)
      for column in 0..<columnCount {
        if pq.getisnull(result, Int32(row), Int32(column)) == 1 {
          values.append(nil)
        } else {
          values.append(pq.getvalue(result, Int32(row), Int32(column)).map { String(cString: $0) })
        }
      }
      rows.append(PGRow(values: values))
    }
    let affected = pq.cmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0
    return PGRows(rows: rows, affected: affected)
  }

  /// An error field of a result (`C` the SQLSTATE, `M` the message, `D` detail, `H` hint).
  private func field(_ result: OpaquePointer, _ code: Unicode.Scalar) -> String? {
    guard let value = pq.resultErrorField(result, Int32(code.value)) else { return nil }
    return String(cString: value)
  }

  /// libpq's message, without its trailing newline.
  static func text(_ message: UnsafePointer<CChar>?) -> String {
    guard let message else { return "unknown error" }
    let text = String(cString: message)
    var end = text.endIndex
    while end > text.startIndex, text[text.index(before: end)].isWhitespace {
      end = text.index(before: end)
    }
    let trimmed = String(text[..<end])
    return trimmed.isEmpty
      ? "unknown error"
      : trimmed.replacingOccurrences(of: "\n", with: "; ")
        .replacingOccurrences(of: "\t", with: " ")
  }
}

/// C strings for libpq's arrays of `const char *`.
enum CStrings {
  /// Calls `body` with `strings` as an array of C strings (nil stays NULL), freed after.
  static func with<R>(
    _ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R
  ) -> R {
    let copies = strings.map { $0.flatMap { strdup($0) } }
    defer { for copy in copies { free(copy) } }
    return body(copies.map { $0.map { UnsafePointer($0) } })
  }

  /// `with`, for a keyword or value list ending in NULL as `PQconnectdbParams` wants.
  static func withNullTerminated<R>(
    _ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R
  ) -> R {
    with(strings.map(Optional.some) + [nil], body)
  }
}

/// libpq, loaded the first time a connection is made: a process that never reaches a
/// PostgreSQL server never maps it, nor the libraries it brings (TLS, Kerberos, LDAP: about
/// 3 MiB of memory in every process that linked it). `INGEST_LIBPQ` names another copy (a path,
/// or a soname the loader finds), for systems that keep libpq elsewhere.
private enum LibPQ {
  static let loaded: LoadedLibrary<cpostgres_api> = {
    let variable = ProcessEnvironment.value("INGEST_LIBPQ").flatMap {
      $0.isEmpty ? nil : $0
    }
    let name = variable ?? "libpq.so.5"
    var reason = [CChar](repeating: 0, count: 512)
    let api = cpostgres_load(name, &reason, reason.count)
    let detail = String(
      decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if let api { return LoadedLibrary(.success(api.pointee)) }
    let library = SharedLibrary(
      name: "libpq", soname: "libpq.so.5", variable: "INGEST_LIBPQ",
      packages: "libpq5 (with libpq-dev)")
    return LoadedLibrary(.failure(library.failure(detail)))
  }()
}
