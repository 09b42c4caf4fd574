import Foundation
import Ingest
import SystemCalls

/// Issue 37's load figure: 64 clients at once, each on a connection of its own posting a 20 KB
/// share to a `ShareServer` in this process, alone and with `ingest-load`'s four processes
/// spinning on the cores; each request's latency from the moment all 64 start (p50, p99) and
/// how many missed the product's 30 s deadline (none may). Beside it, in the same rounds, the
/// same 64 shares made at once in process (`IngestBenchmarks.concurrentShares`, the
/// `ingest-load` figure).
extension ServeBenchmarks {
  /// The product's deadline for a share (`SharePipeline.Options`' default).
  static let deadlineSeconds = 30.0

  /// 64 clients at once, alone and with hogs, beside 64 shares in process.
  static func loadedShares() async throws {
    let root = IngestBenchmarks.scratch.appendingPathComponent(
      "ServeBenchmarks-load-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let clients = IngestBenchmarks.concurrentShareCount
    let sources = try IngestBenchmarks.makeSources(clients, in: root)
    let requests = try sources.map {
      LoopbackHTTPClient.post(
        path: "/share", token: token, contentType: "image/jpeg",
        body: Array(try Data(contentsOf: $0)))
    }
    let rounds = 5
    var figures: [String: IngestBenchmarks.LoadFigures] = [:]
    for round in 0..<rounds {
      // Alternate what goes first, so that no side always meets a warmer cache.
      let order = round % 2 == 0 ? [false, true] : [true, false]
      for withHogs in order {
        let hogs = withHogs ? try IngestBenchmarks.startHogs(IngestBenchmarks.hogCount) : []
        defer { IngestBenchmarks.stopHogs(hogs) }
        for overHTTP in withHogs ? [true, false] : [false, true] {
          let directory = root.path + "/g-\(round)-\(withHogs)-\(overHTTP)"
          let measured =
            overHTTP
            ? try await concurrentPosts(requests, into: directory)
            : try await IngestBenchmarks.concurrentShares(sources, into: directory)
          figures["\(overHTTP) \(withHogs)", default: .init()].add(measured)
        }
      }
    }
    print(
      "  \(clients) clients at once, each posting a 20 KB share on a connection of its own (one"
        + " ShareServer, the product's 30 s deadline), \(rounds) rounds each; with"
        + " \(IngestBenchmarks.hogCount) processes spinning on the"
        + " \(ProcessInfo.processInfo.activeProcessorCount) cores, and without; beside them the"
        + " same \(clients) shares in process")
    for withHogs in [false, true] {
      let name = withHogs ? "with \(IngestBenchmarks.hogCount) hogs" : "alone"
      let http = figures["true \(withHogs)", default: .init()]
      let local = figures["false \(withHogs)", default: .init()]
      Harness.report(
        "    over HTTP, \(name)", describe(http), goal: "no share misses its deadline",
        met: http.missed == 0 && http.failed == 0)
      Harness.report(
        "    baseline: in process, \(name)",
        describe(local)
          + String(
            format: "; HTTP p50 %.2fx, p99 %.2fx",
            PostgresBenchmarks.percentile(http.latencies, 0.5)
              / PostgresBenchmarks.percentile(local.latencies, 0.5),
            PostgresBenchmarks.percentile(http.latencies, 0.99)
              / PostgresBenchmarks.percentile(local.latencies, 0.99)),
        goal: "baseline", met: nil)
    }
  }

  private static func describe(_ figures: IngestBenchmarks.LoadFigures) -> String {
    String(
      format: "p50 %.1f ms, p99 %.1f ms, max %.1f ms; %d of %d missed the deadline,"
        + " %d failed otherwise",
      PostgresBenchmarks.percentile(figures.latencies, 0.5) * 1e3,
      PostgresBenchmarks.percentile(figures.latencies, 0.99) * 1e3,
      (figures.latencies.max() ?? 0) * 1e3, figures.missed, figures.latencies.count,
      figures.failed)
  }

  /// Every request posted at once, each on a connection of its own (opened beforehand), to a
  /// server in front of a fresh group directory; a request missed its deadline when the
  /// server says so (the pipeline's deadline passed) or when its answer came after it.
  static func concurrentPosts(_ requests: [[UInt8]], into directory: String) async throws
    -> IngestBenchmarks.LoadFigures
  {
    let server = try RunningShareServer(groupDirectory: directory)
    let answers: [LoopbackHTTPClient.Answer]
    do {
      answers = try await withTaskExecutorPreference(IOExecutor.shared) {
        let client = try LoopbackHTTPClient(port: server.port, connections: requests.count)
        return try client.exchange(requests)
      }
    } catch {
      try? await server.stop()
      throw error
    }
    try await server.stop()
    var figures = IngestBenchmarks.LoadFigures()
    for answer in answers {
      figures.latencies.append(answer.seconds)
      if answer.body.contains("deadline") || answer.seconds > deadlineSeconds {
        figures.missed += 1
      } else if answer.status != 201 {
        figures.failed += 1
      }
    }
    return figures
  }
}
