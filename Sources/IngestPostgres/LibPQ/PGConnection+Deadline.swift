internal import CPostgres
import Foundation
import Synchronization
import SystemCalls

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Every wait for the server bounded: statements are sent without waiting (libpq's
/// non-blocking mode for the sending), and the answer awaited with `poll` on the socket, at
/// most `answerTimeout`.
///
/// The server's `statement_timeout` cannot bound a server that is not running (stopped with
/// SIGSTOP, swapped out, a virtual machine paused), and TCP's timeouts cannot either while its
/// kernel acknowledges what is sent. On the deadline the statement is cancelled (a cancel
/// request, sent beside, never waited for) and the connection is given up: its socket shut
/// down, `isBroken` true, so its slot makes a new one. The error is a connection failure
/// (temporary: a watcher outlives it, `serve` answers 503) with `answerTimeout` set, and is
/// not retried on a new connection (the server was reached and did not answer).
extension PGConnection {
  /// The moment the current wait must end by; nil without a bound.
  func answerDeadline() -> ContinuousClock.Instant? {
    answerTimeout.map { ContinuousClock.now + $0 }
  }

  /// Sends a statement with `send` (a `PQsend...` call) and returns its last result, as
  /// `PQexec` does (stopping at a `COPY`'s start), every wait bounded by `answerTimeout`.
  ///
  /// - Throws: `PostgresError` when the statement cannot be sent, the connection is lost, or
  ///   the server did not answer in time (the connection is then given up).
  func exchange(operation: String, _ send: () -> Int32) throws(PostgresError) -> OpaquePointer? {
    let deadline = answerDeadline()
    try sendWithoutBlocking(operation: operation, until: deadline) { () throws(PostgresError) in
      guard send() == 1 else { throw failure(operation) }
    }
    var last: OpaquePointer?
    do {
      while true {
        try awaitResult(operation: operation, until: deadline)
        guard let result = pq.getResult(handle) else { break }
        if let last { pq.clear(last) }
        last = result
        let status = pq.resultStatus(result)
        if status == PGRES_COPY_IN || status == PGRES_COPY_OUT || status == PGRES_COPY_BOTH
          || pq.status(handle) == CONNECTION_BAD
        {
          break
        }
      }
    } catch {
      if let last { pq.clear(last) }
      throw error
    }
    return last
  }

  /// Runs `body` (which queues data: `PQsend...`, `PQputCopyData`) in non-blocking mode, then
  /// sends everything queued within `deadline`, and goes back to blocking mode (for libpq's
  /// calls that need it: large objects).
  func sendWithoutBlocking(
    operation: String, until deadline: ContinuousClock.Instant?,
    _ body: () throws(PostgresError) -> Void
  ) throws(PostgresError) {
    guard pq.setnonblocking(handle, 1) == 0 else { throw failure(operation) }
    do {
      try body()
      try flush(operation: operation, until: deadline)
    } catch {
      // Back to blocking mode when nothing waits to be sent (never waiting: libpq tries to
      // send what waits in the mode it is in, non-blocking).
      if !isAbandoned { _ = pq.setnonblocking(handle, 0) }
      throw error
    }
    guard pq.setnonblocking(handle, 0) == 0 else { throw failure(operation) }
  }

  /// Sends what libpq has queued, waiting (within `deadline`) for room on the socket and
  /// reading what the server sends meanwhile, so that neither side waits on the other.
  func flush(operation: String, until deadline: ContinuousClock.Instant?) throws(PostgresError) {
    while true {
      let outcome = pq.flush(handle)
      if outcome == 0 { return }
      guard outcome > 0 else { throw failure(operation) }
      let ready = try waitForSocket(writing: true, operation: operation, until: deadline)
      if ready.isReadable {
        guard pq.consumeInput(handle) == 1 else { throw failure(operation) }
      }
    }
  }

  /// Reads from the socket (within `deadline`) until a result can be taken with
  /// `PQgetResult` without blocking.
  func awaitResult(operation: String, until deadline: ContinuousClock.Instant?)
    throws(PostgresError)
  {
    while pq.isBusy(handle) == 1 {
      _ = try waitForSocket(writing: false, operation: operation, until: deadline)
      guard pq.consumeInput(handle) == 1 else { throw failure(operation) }
    }
  }

  /// Waits until the socket is readable (or, with `writing`, writable), at most until
  /// `deadline`; past it the connection is given up (`abandon`).
  ///
  /// - Returns: Whether the socket is readable (the server sent something, or closed).
  func waitForSocket(
    writing: Bool, operation: String, until deadline: ContinuousClock.Instant?
  ) throws(PostgresError) -> (isReadable: Bool, isWritable: Bool) {
    guard let descriptor = socket else { throw failure(operation) }
    let events = Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0)
    while true {
      var milliseconds: Int32 = -1
      if let deadline {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { throw abandon(operation: operation) }
        // Rounded up, so that the wait never ends just short of the deadline and spins.
        milliseconds = Int32(
          clamping: left.components.seconds * 1000
            + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
      }
      var entry = pollfd(fd: descriptor, events: events, revents: 0)
      // libpq's own socket, waited on as libpq's asynchronous interface asks; on an I/O
      // executor worker, as every libpq call is.
      let count = Glibc.poll(&entry, 1, milliseconds)
      if count < 0 {
        guard errno == EINTR else {
          let reason = String(cString: strerror(errno))
          throw PostgresError(
            operation: operation, target: url.redacted, sqlState: nil,
            message: "waiting for the server failed: \(reason)", isConnectionFailure: true)
        }
        continue
      }
      if count == 0 { continue }  // The deadline is checked above.
      let readable = entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
      let writable = entry.revents & Int16(POLLOUT | POLLHUP | POLLERR) != 0
      return (readable, writable)
    }
  }

  /// Gives the connection up after the server did not answer within `answerTimeout`: asks the
  /// server to cancel the statement (beside, never waited for: a stopped server answers the
  /// request only when it runs again), shuts the socket down (so that closing the connection
  /// does not wait either), and returns the error to throw.
  func abandon(operation: String) -> PostgresError {
    if !isAbandoned {
      isAbandoned = true
      CancelRequests.send(pq.getCancel(handle), api: pq)
      if let descriptor = socket { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
    }
    let timeout = answerTimeout ?? .zero
    return PostgresError(
      operation: operation, target: url.redacted, sqlState: nil,
      message: "the database did not answer within \(PostgresError.seconds(timeout)) s;"
        + " the statement was cancelled and the connection dropped",
      isConnectionFailure: true, answerTimeout: timeout)
  }
}

/// Cancel requests on their way, each on an I/O worker of its own (libpq's `PQcancel` blocks
/// until the server has read the request). At most one at a time: a server that does not run
/// holds its request until it runs again, and must not hold a worker per statement given up;
/// the statements whose request is not sent end by the server's own `statement_timeout` once
/// it runs, or when it finds their connection closed.
private enum CancelRequests {
  /// Whether a request is on its way.
  static let isSending = Atomic<Bool>(false)

  /// Sends `request` (from `PQgetCancel`) beside the caller, unless one is on its way; frees
  /// it either way.
  static func send(_ request: OpaquePointer?, api: cpostgres_api) {
    guard let request else { return }
    guard isSending.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else {
      api.freeCancel(request)
      return
    }
    let pending = PendingCancel(request: request, api: api)
    IOExecutor.shared.executeBeside {
      pending.send()
      isSending.store(false, ordering: .releasing)
    }
  }
}

/// One cancel request, owned by the worker that sends it. Its pointer travels as its address
/// (a value the compiler can send): nothing else keeps it once `CancelRequests.send` hands it
/// over, and `send()` takes it once.
private final class PendingCancel: Sendable {
  private let state: Mutex<(address: UInt, api: cpostgres_api)?>

  init(request: OpaquePointer, api: cpostgres_api) {
    state = Mutex((UInt(bitPattern: request), api))
  }

  /// Sends the request (once) and frees it.
  func send() {
    guard let (address, api) = state.withLock({ $0.take() }),
      let request = OpaquePointer(bitPattern: address)
    else { return }
    var reason = [CChar](repeating: 0, count: 256)
    _ = api.cancel(request, &reason, Int32(reason.count))
    api.freeCancel(request)
  }
}
