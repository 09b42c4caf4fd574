internal import CMicroHTTPD
import Synchronization
import SystemCalls

/// Every libmicrohttpd call of the package.
///
/// The daemon runs with no thread of its own (no `MHD_USE_INTERNAL_POLLING_THREAD`): it is
/// started with `MHD_USE_EPOLL`, and `ShareServer.run` waits on its epoll descriptor with
/// `Readiness.wait` and calls `runOnce()` on a worker of `IOExecutor.shared`, the package's one
/// owner of threads. Its callbacks therefore run on that worker. A request whose body has
/// arrived is suspended (`MHD_suspend_connection`), shared by a task on the same executor, and
/// resumed from there (`MHD_resume_connection`, safe from any thread: MHD wakes the loop through
/// its inter-thread channel, `MHD_USE_ITC`, which `MHD_ALLOW_SUSPEND_RESUME` includes). A
/// `multipart/form-data` body goes through MHD's post processor on the same worker, as it
/// arrives, into `FormUpload`.
final class HTTPDaemon: Sendable {
  /// The `MHD_Daemon`, until `stop()`.
  private let daemon = Mutex<MHDPointer?>(nil)
  let handler: any HTTPRequestHandler
  /// Requests begun and not yet completed (MHD's completion callback ran).
  private let inFlight = Atomic<Int>(0)
  /// The port the daemon listens on (the kernel's pick for port 0).
  var port: UInt16 { portValue.load(ordering: .relaxed) }
  private let portValue = Atomic<UInt16>(0)
  /// MHD's epoll descriptor: readable when `runOnce()` has work.
  var descriptor: Int32 { descriptorValue.load(ordering: .relaxed) }
  private let descriptorValue = Atomic<Int32>(-1)

  /// The uploads let in at once; more wait, suspended, in arrival order.
  let slots: UploadSlots
  /// Wakes the loop when a connection is resumed: MHD handles resumed connections in its next
  /// `MHD_run`, and its epoll descriptor does not become readable for them. The loop resets it
  /// before it runs MHD.
  let resumed: WakeEvent
  /// How long a request's body may take to arrive, from its head.
  let requestTimeLimit: Duration
  /// The connections open, and which of them wait for a request's head.
  let connections: ConnectionTable

  private init(
    handler: any HTTPRequestHandler, limits: Limits, resumed: WakeEvent
  ) {
    self.handler = handler
    self.resumed = resumed
    self.slots = UploadSlots(limit: limits.uploads)
    self.requestTimeLimit = limits.requestTime
    self.connections = ConnectionTable(
      limit: limits.connections, headerTimeLimit: limits.headerTime,
      cut: { cmicrohttpd_cut($0) }, room: { resumed.signal() })
  }

  /// What the daemon lets in: connections, uploads and how long each may take.
  struct Limits: Sendable {
    /// The most connections at once.
    var connections: Int
    /// The most connections from one IP address (0: no limit of its own).
    var connectionsPerAddress: Int
    /// Seconds a connection may stay idle (MHD's timer, restarted at every byte).
    var idleSeconds: Int
    /// How long a connection may take to send a whole request head.
    var headerTime: Duration
    /// The most bodies taken at once.
    var uploads: Int
    /// How long a request's body may take to arrive, from its head.
    var requestTime: Duration
  }

  /// Starts listening on `listener`, speaking TLS with `tls`; requests are served by
  /// `runOnce()`.
  static func start(
    listener: ShareServer.Listener, socketPermissions: UInt32, tls: ShareServer.TLSCredentials?,
    limits: Limits, handler: any HTTPRequestHandler
  ) throws(ShareServerError) -> HTTPDaemon {
    let resumed: WakeEvent
    do {
      resumed = try WakeEvent()
    } catch {
      throw .loopFailed(error)
    }
    let server = HTTPDaemon(handler: handler, limits: limits, resumed: resumed)
    let context = Unmanaged.passUnretained(server).toOpaque()
    let flags = UInt32(MHD_USE_EPOLL.rawValue) | UInt32(MHD_ALLOW_SUSPEND_RESUME.rawValue)
    var socket: Int32 = -1
    var host: String?
    var port: UInt16 = 0
    switch listener {
    case .address(let address, let chosen):
      host = address
      port = chosen
    case .unixSocket(let path):
      socket = try UnixSocketListener.listen(
        at: path, permissions: socketPermissions, backlog: Int32(clamping: limits.connections))
    }
    let started = cmicrohttpd_start(
      flags, socket, host, port, tls?.privateKey, tls?.certificateChain, accessHandler, context,
      completionHandler, context, connectionNotifier, context,
      UInt32(clamping: limits.connections), UInt32(clamping: limits.connectionsPerAddress),
      UInt32(clamping: limits.idleSeconds), 0)
    guard let started else {
      let errno = Errno.current
      if socket >= 0 {
        try? FileDescriptor(rawValue: socket, path: "<listening socket>").close()
        if case .unixSocket(let path) = listener { UnixSocketListener.remove(path) }
      }
      throw .cannotListen(listener, errno: errno)
    }
    server.portValue.store(cmicrohttpd_port(started), ordering: .relaxed)
    server.descriptorValue.store(cmicrohttpd_epoll_descriptor(started), ordering: .relaxed)
    server.daemon.withLock { $0 = MHDPointer(pointer: started) }
    return server
  }

  /// Serves what is ready (accepts, reads, calls the handler, writes); never blocks.
  func runOnce() {
    daemon.withLock { daemon in
      if let daemon { _ = MHD_run(daemon.pointer) }
    }
  }

  /// How long the loop may wait before `runOnce()` must run again (a connection's timeout).
  func timeout(atMost limit: Duration) -> Duration {
    daemon.withLock { daemon -> Duration in
      var milliseconds: UInt64 = 0
      guard let daemon, MHD_get_timeout(daemon.pointer, &milliseconds) == .YES else { return limit }
      return min(limit, .milliseconds(Int64(clamping: milliseconds)))
    }
  }

  /// Whether requests are still being received, shared or answered.
  var hasRequestsInFlight: Bool { inFlight.load(ordering: .acquiring) > 0 }

  /// Stops accepting connections (the listening socket is closed); requests in flight go on.
  func quiesce() {
    daemon.withLock { daemon in
      guard let daemon else { return }
      let socket = MHD_quiesce_daemon(daemon.pointer)
      if socket >= 0 { try? FileDescriptor(rawValue: socket, path: "<listening socket>").close() }
    }
  }

  /// Closes every connection and frees the daemon.
  func stop() {
    daemon.withLock { daemon in
      if let daemon { MHD_stop_daemon(daemon.pointer) }
      daemon = nil
    }
  }

  /// Cuts off the connections with no whole request head within the header time limit;
  /// what it and the admissions since the last call cut off.
  func sweepConnections() -> ConnectionTable.Cuts { connections.sweep() }

  /// For a stop past its time limit: answers the requests still waiting for an upload slot
  /// with 503 (`Retry-After`), and cuts off the connections whose bodies are still arriving
  /// (their uploads are removed). Shares being committed and pages being made are left to
  /// finish. Returns how many of each.
  func endStragglers() -> (turnedAway: Int, cutOff: Int) {
    let waiting = slots.takeWaiting()
    for exchange in waiting {
      exchange.turnAway(
        with: .unavailable("the server is stopping; send this again shortly"),
        waking: resumed)
    }
    return (waiting.count, connections.cutUnheld())
  }

  fileprivate func began() { inFlight.add(1, ordering: .releasing) }
  fileprivate func ended() { inFlight.subtract(1, ordering: .releasing) }
}

/// One request, from its head to MHD's completion callback: handed to MHD as the request's
/// context (retained until then).
final class HTTPExchange: Sendable {
  enum Phase: Sendable {
    /// Its body is arriving into the upload.
    case receiving
    /// The request has arrived whole; it is suspended at MHD's next call (see `park`).
    case parking
    /// Suspended while its upload is shared.
    case processing
    /// A response is queued.
    case answered
  }

  struct State: Sendable {
    var phase = Phase.receiving
    var upload: Upload?
    var form: FormUpload?
    /// A page made off the loop (`HTTPHeadDecision.respondLater`), once the request has ended.
    var page: (@Sendable () async -> HTTPResponse)?
    /// The response waiting for the connection's resume.
    var pending: HTTPResponse?
    var status: Int?
    var bodyBytes: Int64 = 0
    /// Whether it holds one of the daemon's upload slots (taken at its first body byte).
    var holdsSlot = false
    /// Suspended at its head until an upload slot is free, no byte of its body taken (and no
    /// `100 Continue` sent).
    var isWaitingForSlot = false
    /// Resumed at its head (a slot came, or the server turned it away): MHD calls the handler
    /// once more with no body, where a response can still be queued.
    var isResumedAtHead = false
    /// The answer to give at that call instead of taking the body.
    var headAnswer: HTTPResponse?
  }

  let head: HTTPRequestHead
  /// The connection's socket: its key in the daemon's connection table.
  let socket: Int32
  /// When the request's head arrived: its body must arrive within the request time limit.
  let started = ContinuousClock.now
  let state = Mutex(State())
  /// The `MHD_Connection` while suspended (the pointer stays inside the mutex).
  private let connection = Mutex<MHDPointer?>(nil)
  /// The `MHD_PostProcessor` of a form, until its body has ended.
  fileprivate let postProcessor = Mutex<MHDPointer?>(nil)

  init(head: HTTPRequestHead, socket: Int32) {
    self.head = head
    self.socket = socket
  }

  /// Suspends the connection; `table` marks it held, so that no sweep cuts it meanwhile.
  fileprivate func suspend(_ suspended: OpaquePointer, holding table: ConnectionTable) {
    table.setHeld(socket, true)
    connection.withLock { $0 = MHDPointer(pointer: suspended) }
    MHD_suspend_connection(suspended)
  }

  /// Resumes a connection that waited for an upload slot, now that it holds one: MHD hands
  /// it the bytes it had not taken.
  func admit(waking loop: WakeEvent) {
    state.withLock {
      $0.isWaitingForSlot = false
      $0.isResumedAtHead = true
      $0.holdsSlot = true
    }
    connection.withLock { connection in
      if let connection { MHD_resume_connection(connection.pointer) }
      connection = nil
    }
    loop.signal()
  }

  /// Resumes a connection that waited for an upload slot with `response` instead (no slot
  /// taken, no byte of its body read).
  func turnAway(with response: HTTPResponse, waking loop: WakeEvent) {
    state.withLock {
      $0.isWaitingForSlot = false
      $0.isResumedAtHead = true
      $0.headAnswer = response
    }
    connection.withLock { connection in
      if let connection { MHD_resume_connection(connection.pointer) }
      connection = nil
    }
    loop.signal()
  }

  /// Resumes the suspended connection with `response`; the handler queues it when MHD calls
  /// back.
  func resume(with response: HTTPResponse, waking loop: WakeEvent) {
    state.withLock { $0.pending = response }
    connection.withLock { connection in
      if let connection { MHD_resume_connection(connection.pointer) }
      connection = nil
    }
    loop.signal()
  }
}

/// A daemon's or a connection's pointer, kept inside a mutex.
///
/// `@unchecked Sendable`, against the house style, because region-based isolation cannot
/// see these pointers as disconnected: they arrive as parameters of MHD's C callbacks (or are
/// made from them), so they cannot be moved into a `Mutex` as `sending` values, as Sniffing's
/// libmagic handles are. The rule the compiler cannot check: the daemon's pointer is used only
/// under `HTTPDaemon`'s lock; a connection's is stored only while the connection is suspended,
/// and used once, for `MHD_resume_connection`, which
/// libmicrohttpd allows from any thread.
private struct MHDPointer: @unchecked Sendable {
  let pointer: OpaquePointer
}

/// Queues `response` on `connection`; false when MHD refuses it (the connection then closes).
private func queue(
  _ response: HTTPResponse, on connection: OpaquePointer, exchange: HTTPExchange
) -> MHD_Result {
  exchange.state.withLock { $0.phase = .answered }
  var body = response.body
  let made = body.withUnsafeMutableBytes { bytes in
    MHD_create_response_from_buffer(bytes.count, bytes.baseAddress, .RESPMEM_MUST_COPY)
  }
  guard let made else { return .NO }
  defer { MHD_destroy_response(made) }
  _ = MHD_add_response_header(made, "Content-Type", response.contentType)
  for (name, value) in response.headers {
    _ = MHD_add_response_header(made, name, value)
  }
  let queued = MHD_queue_response(connection, UInt32(response.status), made)
  if queued == .YES { exchange.state.withLock { $0.status = response.status } }
  return queued
}

private func header(_ connection: OpaquePointer, _ name: String) -> String? {
  MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
}

/// MHD's access handler: called once with the head, once per chunk of body, once when the body
/// has ended, and once more after a resume.
private let accessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, data, size, requestContext in
  guard let context, let connection, let size, let requestContext else { return .NO }
  let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
  guard let existing = requestContext.pointee else {
    let head = HTTPRequestHead(
      method: method.map { String(cString: $0) } ?? "",
      path: url.map { String(cString: $0) } ?? "",
      authorization: header(connection, "Authorization"),
      contentType: header(connection, "Content-Type"),
      contentLength: header(connection, "Content-Length").flatMap { Int64($0) },
      accept: header(connection, "Accept"), acceptLanguage: header(connection, "Accept-Language"),
      cookie: header(connection, "Cookie"), host: header(connection, "Host"),
      origin: header(connection, "Origin"), fetchSite: header(connection, "Sec-Fetch-Site"),
      contentDisposition: header(connection, "Content-Disposition"),
      idempotencyKey: header(connection, "Idempotency-Key"),
      query: HTTPRequestHead.queryKeys.reduce(into: [:]) { query, key in
        query[key] = MHD_lookup_connection_value(connection, .GET_ARGUMENT_KIND, key)
          .map { String(cString: $0) }
      })
    let exchange = HTTPExchange(head: head, socket: cmicrohttpd_connection_socket(connection))
    requestContext.pointee = Unmanaged.passRetained(exchange).toOpaque()
    daemon.connections.headArrived(exchange.socket)
    daemon.began()
    switch daemon.handler.decide(head) {
    case .respond(let response):
      return queue(response, on: connection, exchange: exchange)
    case .respondLater(let answer):
      // A page that reads the inbox, the library or an image: made off the loop, as a share
      // is, once MHD has the whole request (see `park`).
      exchange.state.withLock { $0.page = answer }
      return .YES
    case .receive(let upload):
      exchange.state.withLock { $0.upload = upload }
    case .receiveForm(let form):
      exchange.state.withLock { $0.form = form }
      // The buffer holds a part's headers whole: 64 KiB lets a file name of tens of KB through
      // (it is never used), where 16 KiB made such a form "malformed".
      let made = MHD_create_post_processor(
        connection, 64 * 1024, formIterator, Unmanaged.passUnretained(exchange).toOpaque())
      guard let made else {
        return queue(
          .error(400, "the multipart/form-data body has no boundary"), on: connection,
          exchange: exchange)
      }
      exchange.postProcessor.withLock { $0 = MHDPointer(pointer: made) }
    }
    // Back-pressure, decided at the head: past the upload limit the request waits here,
    // suspended, before MHD sends `100 Continue` or reads a byte of its body (which waits in
    // the kernel's buffers and the client's). While it waits a response can still be queued,
    // as it cannot once the body has begun: one whose slot comes too late is answered 503.
    if daemon.slots.acquire(exchange) {
      exchange.state.withLock { $0.holdsSlot = true }
    } else {
      exchange.state.withLock { $0.isWaitingForSlot = true }
      exchange.suspend(connection, holding: daemon.connections)
    }
    return .YES
  }
  let exchange = Unmanaged<HTTPExchange>.fromOpaque(existing).takeUnretainedValue()
  let (phase, upload, form, pending) = exchange.state.withLock {
    ($0.phase, $0.upload, $0.form, $0.pending)
  }
  daemon.connections.setHeld(exchange.socket, false)
  let resumedAtHead = exchange.state.withLock { state -> (HTTPResponse?, Bool)? in
    guard state.isResumedAtHead else { return nil }
    state.isResumedAtHead = false
    defer { state.headAnswer = nil }
    return (state.headAnswer, state.holdsSlot)
  }
  if let (answer, holdsSlot) = resumedAtHead {
    // The call after a resume at the head: the body is still unread.
    if let answer {
      form?.discard()
      return queue(answer, on: connection, exchange: exchange)
    }
    if holdsSlot, ContinuousClock.now - exchange.started > daemon.requestTimeLimit {
      daemon.handler.tooSlow(exchange.head, waited: true)
      form?.discard()
      return queue(
        .unavailable("the server was busy with other uploads past this request's time limit"),
        on: connection, exchange: exchange)
    }
    return .YES
  }
  if size.pointee > 0 {
    guard case .receiving = phase else {
      size.pointee = 0
      return .YES
    }
    if ContinuousClock.now - exchange.started > daemon.requestTimeLimit {
      // Too slow: closed unanswered (MHD 0.9 cannot queue a 408 in the middle of a body),
      // and what arrived is removed by the completion callback.
      daemon.handler.tooSlow(exchange.head, waited: false)
      return .NO
    }
    let count = size.pointee
    size.pointee = 0
    exchange.state.withLock { $0.bodyBytes += Int64(count) }
    if let form {
      guard form.countBody(count) else {
        return queue(form.refusal ?? .error(413, "too large"), on: connection, exchange: exchange)
      }
      // Once refused, the rest of the body (within the limit) is read and dropped, so the
      // refusal can be answered at its end.
      guard form.refusal == nil else { return .YES }
      let parsed = exchange.postProcessor.withLock { processor in
        processor.map { MHD_post_process($0.pointer, data, count) } ?? .NO
      }
      if parsed == .NO, form.refusal == nil {
        form.refuse(
          .error(
            400,
            "the multipart/form-data body is malformed (or a part's header line is longer than"
              + " 64 KiB)"))
      }
      return .YES
    }
    guard let upload else { return .YES }
    if let refusal = upload.append(UnsafeRawBufferPointer(start: data, count: count)) {
      exchange.state.withLock { $0.upload = nil }
      return queue(refusal, on: connection, exchange: exchange)
    }
    return .YES
  }
  switch phase {
  case .receiving:
    if let form {
      // The end of the body: the post processor says whether the last part was complete.
      let ended = exchange.postProcessor.withLock { processor in
        defer { processor = nil }
        return processor.map { MHD_destroy_post_processor($0.pointer) } ?? .NO
      }
      guard ended == .YES, form.refusal == nil else {
        form.discard()
        let refusal =
          form.refusal ?? .error(400, "the multipart/form-data body ended in the middle of a part")
        return queue(refusal, on: connection, exchange: exchange)
      }
    }
    let hasWork = exchange.state.withLock { $0.page != nil }
    guard form != nil || upload != nil || hasWork else { return .NO }
    exchange.state.withLock { $0.phase = .parking }
    return .YES
  case .parking:
    park(exchange, connection, daemon)
    return .YES
  case .processing:
    guard let pending else { return .YES }
    return queue(pending, on: connection, exchange: exchange)
  case .answered:
    return .YES
  }
}

/// Suspends a request that has arrived whole and makes its answer off the loop: its share
/// (the staged body), or its page.
///
/// Called at the MHD call after the one where the request ended, never at that one: MHD 0.9
/// does not update a suspended connection's event-loop state, so one suspended in the pass
/// where its body ended would still be marked for reading, and at its resume MHD would read
/// first; a client that half-closed after its body (FIN) would then be closed unanswered.
/// Returning once without a response lets MHD mark the connection blocked (and call again at
/// once: it stays in MHD's ready list); suspended then, its resume goes straight to the answer.
private func park(_ exchange: HTTPExchange, _ connection: OpaquePointer, _ daemon: HTTPDaemon) {
  let (upload, form, page) = exchange.state.withLock { state in
    defer {
      state.phase = .processing
      state.upload = nil
      state.form = nil
      state.page = nil
    }
    return (state.upload, state.form, state.page)
  }
  exchange.suspend(connection, holding: daemon.connections)
  if let page {
    Task(executorPreference: IOExecutor.shared) {
      exchange.resume(with: await page(), waking: daemon.resumed)
    }
    return
  }
  // In flight until its files are removed too, so that a graceful stop waits for that.
  daemon.began()
  Task(executorPreference: IOExecutor.shared) {
    let response =
      if let form {
        await daemon.handler.finish(form, head: exchange.head)
      } else if let upload {
        await daemon.handler.finish(upload, head: exchange.head)
      } else {
        HTTPResponse.error(500, "nothing was received")
      }
    exchange.resume(with: response, waking: daemon.resumed)
    // The staged body goes once the answer is on its way: removing a large file takes a while
    // (a quarter of a second for 1 GiB), and the client need not wait for it.
    upload?.discard()
    form?.discard()
    daemon.ended()
  }
}

/// MHD's completion callback: the request is over (answered, or its connection closed).
private let completionHandler: MHD_RequestCompletedCallback = {
  context, _, requestContext, _ in
  guard let context, let requestContext, let existing = requestContext.pointee else { return }
  requestContext.pointee = nil
  let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
  let exchange = Unmanaged<HTTPExchange>.fromOpaque(existing).takeRetainedValue()
  let state = exchange.state.withLock { state in
    let copy = state
    state.upload = nil
    state.form = nil
    return copy
  }
  exchange.postProcessor.withLock { processor in
    if let processor { _ = MHD_destroy_post_processor(processor.pointer) }
    processor = nil
  }
  // A body that never finished (the client went away, the limit cut it off) leaves nothing.
  state.upload?.discard()
  state.form?.discard()
  if state.holdsSlot, let next = daemon.slots.release() { next.admit(waking: daemon.resumed) }
  if state.isWaitingForSlot { daemon.slots.remove(exchange) }
  // A kept-alive connection waits for its next head from now.
  daemon.connections.setHeld(exchange.socket, false)
  daemon.connections.requestEnded(exchange.socket)
  daemon.handler.completed(exchange.head, status: state.status, bodyBytes: state.bodyBytes)
  daemon.ended()
}

/// MHD's connection callback: each connection's start and end, for the connection table.
private let connectionNotifier: MHD_NotifyConnectionCallback = {
  context, connection, _, event in
  guard let context, let connection else { return }
  let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
  let socket = cmicrohttpd_connection_socket(connection)
  if event == .CONNECTION_NOTIFY_STARTED {
    daemon.connections.opened(socket)
  } else {
    daemon.connections.closed(socket)
  }
}

/// The post processor's callback: one call per piece of a form's part.
private let formIterator: MHD_PostDataIterator = {
  context, _, key, filename, contentType, _, data, offset, size in
  guard let context else { return .NO }
  let exchange = Unmanaged<HTTPExchange>.fromOpaque(context).takeUnretainedValue()
  guard let form = exchange.state.withLock({ $0.form }) else { return .NO }
  let key = key.map { String(cString: $0) } ?? ""
  let contentType = contentType.map { String(cString: $0) }
  let received = form.receive(
    key: key,
    isFile: FormUpload.isFile(key: key, hasFileName: filename != nil, contentType: contentType),
    fileName: offset == 0 ? filename.map { String(cString: $0) } : nil,
    contentType: contentType, offset: offset,
    bytes: UnsafeRawBufferPointer(start: data, count: size))
  return received ? .YES : .NO
}

/// The daemon's upload slots: at most `limit` requests take body bytes at once; the others wait,
/// suspended, in the order their first bytes came, and each is admitted when a slot frees.
/// Used on the loop's thread only (MHD's callbacks); the mutex makes that checkable.
final class UploadSlots: Sendable {
  private struct State: Sendable {
    var active = 0
    var waiting: [HTTPExchange] = []
  }

  let limit: Int
  private let state = Mutex(State())

  init(limit: Int) { self.limit = max(1, limit) }

  /// Takes a slot for `exchange`, or queues it: false means it waits for `release()`.
  func acquire(_ exchange: HTTPExchange) -> Bool {
    state.withLock { state in
      if state.active < limit {
        state.active += 1
        return true
      }
      state.waiting.append(exchange)
      return false
    }
  }

  /// Gives a slot back; the next waiting exchange, if any, takes it over (admit it).
  func release() -> HTTPExchange? {
    state.withLock { state in
      if state.waiting.isEmpty {
        state.active -= 1
        return nil
      }
      return state.waiting.removeFirst()
    }
  }

  /// Requests waiting for a slot.
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// Takes every waiting request out of the queue (to be turned away).
  func takeWaiting() -> [HTTPExchange] {
    state.withLock { state in
      defer { state.waiting = [] }
      return state.waiting
    }
  }

  /// Takes `exchange` out of the queue (its connection ended while it waited).
  func remove(_ exchange: HTTPExchange) {
    state.withLock { state in state.waiting.removeAll { $0 === exchange } }
  }
}
