import Foundation
import Ingest
import SystemCalls

/// A small HTTP server that answers `GET /metrics` with `metrics` in the Prometheus text
/// format, and nothing else (every other path is 404, every body refused unread): for a
/// process that is not a share server, such as `inbox watch --metrics-port`.
///
/// It runs as the share server does (libmicrohttpd with no thread of its own, served on a
/// worker of the I/O executor), with small limits: 16 connections, 4 from one address, a
/// request head within 5 seconds.
public final class MetricsServer: Sendable {
  private let daemon: HTTPDaemon
  private let wake: WakeEvent
  private let listener: ShareServer.Listener

  /// Starts listening on `listener` (connections wait in the kernel's queue until `run()`).
  ///
  /// - Throws: `ShareServerError.cannotListen`.
  public init(listener: ShareServer.Listener, metrics: Metrics) throws(ShareServerError) {
    do {
      wake = try WakeEvent()
    } catch {
      throw .loopFailed(error)
    }
    self.listener = listener
    daemon = try HTTPDaemon.start(
      listener: listener, socketPermissions: 0o600, tls: nil,
      limits: HTTPDaemon.Limits(
        connections: 16, connectionsPerAddress: 4, idleSeconds: 10, headerTime: .seconds(5),
        uploads: 1, requestTime: .seconds(10)),
      handler: MetricsRoute(metrics: metrics))
  }

  /// The port it listens on (0 on a Unix socket).
  public var port: UInt16 { daemon.port }

  /// Serves requests until `stop()`.
  ///
  /// - Throws: `ShareServerError.loopFailed` when waiting fails.
  public func run() async throws(ShareServerError) {
    try await daemon.serve(removing: listener) { () throws(ShareServerError) in
      while !wake.isSignalled {
        _ = daemon.sweepConnections()
        let ready = try daemon.turn(alsoWaitingFor: [wake.descriptor], atMost: .seconds(1))
        if ready[0] { break }
      }
    }
  }

  /// Asks `run()` to return. Safe from any thread.
  public func stop() {
    wake.signal()
  }
}

/// `GET /metrics`, and nothing else.
private struct MetricsRoute: HTTPRequestHandler {
  let metrics: Metrics

  func decide(_ head: HTTPRequestHead) -> HTTPHeadDecision {
    guard head.path == "/metrics" else {
      return .respond(.error(404, "no such route; this server answers GET /metrics"))
    }
    guard head.method == "GET" || head.method == "HEAD" else {
      return .respond(.text(405, "method not allowed: GET /metrics"))
    }
    return .respond(
      HTTPResponse(status: 200, body: metrics.exposition(), contentType: Metrics.contentType))
  }

  func finish(_ upload: Upload, head: HTTPRequestHead) async -> HTTPResponse {
    .error(405, "this server takes no bodies")
  }

  func finish(_ form: FormUpload, head: HTTPRequestHead) async -> HTTPResponse {
    .error(405, "this server takes no bodies")
  }

  func tooSlow(_ head: HTTPRequestHead, waited: Bool) {}

  func completed(_ head: HTTPRequestHead, status: Int?, bodyBytes: Int64) {}
}
