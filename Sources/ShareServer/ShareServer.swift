import ActivationRules
import Foundation
import Ingest
import SystemCalls

/// A share target over HTTP: `POST /share` with one file as the body, or with a Web Share
/// Target form (`multipart/form-data`: `text`, `url`, files; see `FormUpload`), puts a share
/// into the inbox through the same rule, contract and pipeline as `ingest-cli share`;
/// `GET /healthz` answers `ok` while the process runs, `GET /readyz` says whether the inbox's
/// database can be reached (`Configuration.readiness`), and `GET /metrics` gives `metrics` in
/// the Prometheus text format.
///
/// Security by default: with `tokens`, a request to `/share` without one of them as
/// `Authorization: Bearer <token>` (the scheme's case aside) is answered 401 before any byte
/// of its body is stored; a body the contract cannot take (larger than its largest file, or
/// for a form its largest share and the form's overhead), or over `maximumBodySize`, is
/// answered 413 when its `Content-Length` says so, before a byte is read and with no
/// `100 Continue`; a body sent without one (chunked) is removed as soon as its bytes pass the
/// limit and its connection closed with no answer, since libmicrohttpd 0.9 cannot queue a
/// response in the middle of a body; no name from the request
/// becomes a file name; staged files are `0600` in the group's `0700` `.staging/`. Logs name
/// the method, the route, the status, sizes and type identifiers, never content or a header's
/// value.
///
/// On the open internet: at most `maximumConnections` connections, `maximumConnectionsPerAddress`
/// from one IP address; each must send a whole request head within `headerTimeLimitSeconds`
/// (a deadline, not an idle timer a byte restarts), and when every connection is taken, the
/// one waiting longest for its head is closed to let the newcomer in; so clients that dribble
/// header bytes or sit idle cannot keep others out. What cannot be answered, and is closed
/// instead: a body still arriving at `requestTimeLimitSeconds` or past `maximumBodySize`
/// without a declared length, a client gone before its body ended (a chunked body cut short
/// included), and at a stop past `stopTimeLimitSeconds`, the bodies still arriving.
///
/// Threads: the HTTP library (libmicrohttpd) starts none. It runs with no polling thread of
/// its own, and `run()` waits on its epoll descriptor and serves it on a worker of the
/// package's I/O executor, the one owner of threads (see Ingest's article on threads and the
/// I/O executor): each chunk of a body is written there as it arrives, and a body that has arrived
/// is shared by a task on the same executor while its connection is suspended, so one large
/// share does not hold up the others' bytes.
public final class ShareServer: Sendable {
  /// Where the server listens: an IP address and port, or a Unix socket.
  public enum Listener: Sendable, Hashable, NameQuotingDescription {
    /// An IPv4 or IPv6 address (not a name) and a port (0: one the kernel picks).
    case address(String, port: UInt16)
    /// A Unix stream socket at this path, made with `Configuration.unixSocketPermissions`
    /// (`0600` unless told: only this user's processes can connect). A socket left there by a
    /// server that ended is replaced; anything else at the path is refused, never removed.
    case unixSocket(path: String)

    /// The description for a terminal: a socket's path quoted (`NameQuoting.terminal`).
    public var description: String { description(quoting: .terminal) }

    /// `127.0.0.1 port 8787`, `unix socket /run/ingest.sock`, a socket's path written by
    /// `quoting`.
    public func description(quoting: NameQuoting) -> String {
      switch self {
      case .address(let host, let port): "\(host) port \(port)"
      case .unixSocket(let path): "unix socket \(quoting.quote(path))"
      }
    }
  }

  /// A private key and its certificate chain, PEM text, for HTTPS (through libmicrohttpd's
  /// GnuTLS).
  public struct TLSCredentials: Sendable {
    /// The private key, PEM (`-----BEGIN PRIVATE KEY-----`).
    public var privateKey: String
    /// The certificate, then any intermediates, PEM.
    public var certificateChain: String

    /// Credentials from PEM text.
    public init(privateKey: String, certificateChain: String) {
      self.privateKey = privateKey
      self.certificateChain = certificateChain
    }

    /// Reads the key and the certificate chain from PEM files.
    /// - Throws: `ShareServerError.unreadableTLSFile` naming the file and what is wrong.
    public init(privateKeyFile: String, certificateFile: String) throws(ShareServerError) {
      privateKey = try Self.readPEM(privateKeyFile, marker: "PRIVATE KEY")
      certificateChain = try Self.readPEM(certificateFile, marker: "CERTIFICATE")
    }

    private static func readPEM(_ path: String, marker: String) throws(ShareServerError)
      -> String
    {
      let bytes: [UInt8]
      do {
        bytes = try FileSystem.readFile(atPath: path, limit: 1 << 20)
      } catch {
        throw .unreadableTLSFile(path: path, problem: error.reason)
      }
      let text = String(decoding: bytes, as: UTF8.self)
      guard text.contains("-----BEGIN "), text.contains(marker + "-----") else {
        throw .unreadableTLSFile(path: path, problem: "it holds no PEM \(marker)")
      }
      return text
    }
  }

  /// Where the server listens and what it lets in.
  public struct Configuration: Sendable {
    /// Where to listen (default: loopback only, port 8787).
    public var listener: Listener
    /// The key and certificate to speak HTTPS with; nil: plain HTTP (loopback, a Unix socket,
    /// or behind a reverse proxy that terminates TLS).
    public var tls: TLSCredentials?
    /// The tokens a client must present; nil lets every client share (only behind something
    /// that authenticates).
    public var tokens: BearerTokens?
    /// The largest body taken, in bytes; nil (default): what the contract can take, its
    /// largest file for a file as the body, its largest share and the form's overhead
    /// (`ShareServer.formOverhead`) for a form. A body the contract cannot take is refused at
    /// its head whatever this says.
    public var maximumBodySize: Int64?
    /// The most connections at once (default: 256); when all are taken the one waiting
    /// longest for its request head is closed for a new one, else new ones wait in the
    /// kernel's queue.
    public var maximumConnections: Int
    /// The most connections one IP address may hold at once (default: 32; 0: no limit of its
    /// own); more are closed as they come. Not applied to a unix socket's peers. Behind a
    /// reverse proxy on TCP every connection comes from the proxy's address: give the total.
    public var maximumConnectionsPerAddress: Int = 32
    /// Seconds a connection has to send a whole request head, from its start or from the end
    /// of its previous request (default: 10): a deadline, which bytes do not restart.
    public var headerTimeLimitSeconds: Int = 10
    /// Seconds a graceful stop waits for the requests in flight (default: 30, well under
    /// systemd's 90 s): then requests still waiting for an upload slot are answered 503 and
    /// bodies still arriving are cut off (their bytes removed); shares being committed are
    /// finished.
    public var stopTimeLimitSeconds: Int = 30
    /// A Unix socket's permission bits: `0o600` (default) lets this user's processes connect,
    /// `0o660` this user's group too (a reverse proxy running as another user in that group).
    public var unixSocketPermissions: UInt32 = 0o600
    /// The most request bodies taken at once (default: 8); the others wait, their bytes in
    /// the kernel's buffers and the client's, not in this process (back-pressure).
    public var maximumUploads: Int
    /// Seconds a connection may stay idle before it is closed.
    public var connectionTimeoutSeconds: Int
    /// Whether browsers reach the server over HTTPS through a proxy that terminates TLS: the
    /// web app's pairing cookie is then `Secure` and its origin `https:`, as with `tls`.
    public var isBehindHTTPS = false
    /// Seconds a request's body may take to arrive, from its head (default: 15 minutes); a
    /// slower one is closed and its bytes removed.
    public var requestTimeLimitSeconds: Int
    /// Checks the inbox's database for `GET /readyz`: nil when it can be reached, else the
    /// error saying why not (answered 503 with `Retry-After`). Nil (default): the inbox is the
    /// group directory's, ready whenever the server runs. Keep it bounded: a load balancer
    /// waits for it (`PostgresInbox.checkReachable(within:)` takes 2 s at most).
    public var readiness: (@Sendable () async -> (any Error)?)?

    /// The address or host name of `listener`, for a TCP listener (nil for a Unix socket).
    public var host: String? {
      if case .address(let host, _) = listener { host } else { nil }
    }

    /// A configuration; `tokens` has no default, so none is left out by accident.
    public init(
      listener: Listener = .address("127.0.0.1", port: 8787), tls: TLSCredentials? = nil,
      tokens: BearerTokens?, maximumBodySize: Int64? = nil, maximumConnections: Int = 256,
      maximumUploads: Int = 8, connectionTimeoutSeconds: Int = 60,
      requestTimeLimitSeconds: Int = 900
    ) {
      self.listener = listener
      self.tls = tls
      self.tokens = tokens
      self.maximumBodySize = maximumBodySize
      self.maximumConnections = maximumConnections
      self.maximumUploads = maximumUploads
      self.connectionTimeoutSeconds = connectionTimeoutSeconds
      self.requestTimeLimitSeconds = requestTimeLimitSeconds
    }
  }

  private let daemon: HTTPDaemon
  /// What `GET /metrics` shows: shares accepted and refused by reason, bytes, answer times,
  /// database errors, responses by route and status (see the "Metrics" article).
  public let metrics: Metrics
  private let wake: WakeEvent
  private let log: @Sendable (String) -> Void

  /// Starts listening with the share routes alone, `POST /share` and `GET /healthz`
  /// (connections wait in the kernel's queue until `run()`). `ShareWebApp` serves its pages
  /// around them.
  ///
  /// - Parameters:
  ///   - pipeline: What commits each share (its group directory holds the staged uploads).
  ///   - rule: The activation rule a share must pass first, as `ingest-cli share --rule`.
  ///   - configuration: Where to listen, the tokens, and the limits.
  ///   - log: Receives one line per request and per share: no content, no header values.
  /// - Throws: `ShareServerError.cannotListen`.
  public convenience init(
    pipeline: SharePipeline, rule: ActivationRule? = nil, configuration: Configuration,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(ShareServerError) {
    try self.init(
      pipeline: pipeline, rule: rule, configuration: configuration, log: log,
      routes: { (share) throws(ShareServerError) in share })
  }

  /// Starts listening, with `routes` answering each request: the share routes, or a handler
  /// in front of them made from them (the web app).
  /// - Throws: `ShareServerError.cannotListen`, or what `routes` throws.
  package init(
    pipeline: SharePipeline, rule: ActivationRule?, configuration: Configuration,
    log: @escaping @Sendable (String) -> Void,
    routes makeRoutes: (ShareRoutes) throws(ShareServerError) -> any HTTPRequestHandler
  ) throws(ShareServerError) {
    do {
      wake = try WakeEvent()
    } catch {
      throw .loopFailed(error)
    }
    self.log = log
    metrics = Metrics()
    ServeMetrics.declare(in: metrics)
    let routes = try makeRoutes(
      ShareRoutes(
        pipeline: pipeline, rule: rule, tokens: configuration.tokens,
        limits: BodyLimits(
          contract: pipeline.contract, maximumBodySize: configuration.maximumBodySize),
        log: log, metrics: metrics, readiness: configuration.readiness))
    listener = configuration.listener
    stopTimeLimit = .seconds(configuration.stopTimeLimitSeconds)
    daemon = try HTTPDaemon.start(
      listener: configuration.listener,
      socketPermissions: configuration.unixSocketPermissions, tls: configuration.tls,
      limits: HTTPDaemon.Limits(
        connections: configuration.maximumConnections,
        connectionsPerAddress: configuration.maximumConnectionsPerAddress,
        idleSeconds: configuration.connectionTimeoutSeconds,
        headerTime: .seconds(configuration.headerTimeLimitSeconds),
        uploads: configuration.maximumUploads,
        requestTime: .seconds(configuration.requestTimeLimitSeconds)),
      handler: routes)
  }

  /// What a form adds to its files and fields, counted in the largest body a form may have
  /// when the contract sets it: part headers and boundaries (1 MiB).
  public static let formOverhead: Int64 = 1 << 20

  private let stopTimeLimit: Duration

  /// The port the server listens on (0 on a Unix socket).
  public var port: UInt16 { daemon.port }

  /// Where the server listens (with the port the kernel picked, for port 0).
  public var listening: Listener {
    switch listener {
    case .address(let host, _): .address(host, port: port)
    case .unixSocket: listener
    }
  }

  private let listener: Listener

  /// Serves requests until `stop()`; then stops accepting, finishes the requests in flight
  /// (uploads still arriving, shares being committed) and returns. A stop lasting past
  /// `Configuration.stopTimeLimitSeconds` answers the requests still waiting for an upload
  /// slot 503, cuts off the bodies still arriving (their bytes removed), logs what it did,
  /// and returns once the shares being committed are done.
  ///
  /// Runs on a worker of the package's I/O executor, whatever executor calls it: its wait
  /// blocks that worker, as `poll` does.
  /// - Throws: `ShareServerError.loopFailed` when waiting fails.
  public func run() async throws(ShareServerError) {
    try await daemon.serve(removing: listener) { () throws(ShareServerError) in try serve() }
  }

  /// Asks `run()` to stop accepting and return once the requests in flight are done. Safe
  /// from any thread.
  public func stop() {
    wake.signal()
  }

  /// Makes each of `signals` (such as `SIGINT` and `SIGTERM`) call `stop()` instead of ending
  /// the process. One server (or watcher) per process may do this.
  public func stopOnSignals(_ signals: [Int32]) {
    wake.signalOn(signals)
  }

  private func serve() throws(ShareServerError) {
    var stopping = false
    var stopDeadline: ContinuousClock.Instant?
    // Looked at only when a wait says the event is readable: a poll of its own at every turn
    // would be one more system call for every chunk of every body.
    var isStopSignalled = wake.isSignalled
    while true {
      if !stopping && isStopSignalled {
        stopping = true
        stopDeadline = .now + stopTimeLimit
        daemon.quiesce()
        log("stopping: no new connections; finishing the requests in flight")
      }
      if stopping && !daemon.hasRequestsInFlight { break }
      if let deadline = stopDeadline, ContinuousClock.now >= deadline {
        stopDeadline = nil
        let (turnedAway, cutOff) = daemon.endStragglers()
        log(
          "stopping: still busy after \(stopTimeLimit.components.seconds) s: answered"
            + " \(turnedAway) waiting for an upload slot 503, cut off \(cutOff) connections whose"
            + " requests had not ended (their uploads removed); finishing the shares being"
            + " committed")
      }
      let cuts = daemon.sweepConnections()
      if !cuts.isEmpty {
        log(
          "closed \(cuts.overdue + cuts.evicted) connections with no whole request head:"
            + " \(cuts.overdue) past the header time limit, \(cuts.evicted) at the connection"
            + " limit, to let others in")
      }
      // Once stopping, the wake event stays readable: wait on the daemon alone.
      let ready = try daemon.turn(
        alsoWaitingFor: stopping ? [] : [wake.descriptor],
        atMost: .milliseconds(stopping ? 100 : 1000))
      isStopSignalled = ready.first ?? false
    }
    log("stopped")
  }
}
