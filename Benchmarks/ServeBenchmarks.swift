import Foundation
import InboxReading
import Ingest
import ShareServer
import ShareWebApp
import Sniffing
import SystemCalls

/// Issue 37's figures for the share target over HTTP, each beside a baseline in the same run:
///
/// - a 20 KB share over loopback HTTP (a `ShareServer` in this process, a keep-alive client
///   on a socket) beside the same share made in this process as `ingest-cli share FILE` makes it
///   (`LocalShare`, then `SharePipeline.share`): at most 1.5x;
/// - 64 clients at once, each posting a share: p50, p99 and no missed deadline
///   (`ServeBenchmarks+Load.swift`), beside the same 64 shares made in process (`ingest-load`);
/// - a 256 MiB and a 1 GiB upload with `curl` to the release `ingest-cli serve`: its peak
///   memory (at most 32 MiB) and time, at most 1.3x `curl` uploading the same file to a server
///   on the same libmicrohttpd that writes it to disk, flushes it and nothing more (issue 43;
///   `ServeBenchmarks+Large.swift`).
///
/// `serve-small`, `serve-load` and `serve-large` run one part alone.
enum ServeBenchmarks {
  /// The bearer token every request of the section presents.
  static let token = "serve-benchmark-token"

  static func run() async throws {
    Harness.section("serve")
    try await smallShares()
    try await loadedShares()
    try largeUpload()
  }

  /// The `serve-small` section.
  static func smallSharesAlone() async throws {
    Harness.section("serve")
    try await smallShares()
  }

  /// The `serve-load` section.
  static func loadedSharesAlone() async throws {
    Harness.section("serve")
    try await loadedShares()
  }

  /// The `serve-large` section.
  static func largeUploadAlone() throws {
    Harness.section("serve")
    try largeUpload()
  }

  // MARK: A 20 KB share

  /// The 20 KB shares on the disk (the goal), then on a RAM file system where there is one (a
  /// flush costs nothing there, so what HTTP adds is seen beside the pipeline's processor time
  /// alone).
  static func smallShares() async throws {
    let disk = IngestBenchmarks.scratch.appendingPathComponent(
      "ServeBenchmarks-\(UUID().uuidString)")
    try await compareSmallShares(in: disk, goal: true)
    let memory = URL(fileURLWithPath: "/dev/shm")
    if FileManager.default.isWritableFile(atPath: memory.path) {
      try await compareSmallShares(
        in: memory.appendingPathComponent("ServeBenchmarks-\(UUID().uuidString)"), goal: false)
    }
  }

  /// Rounds of `count` shares of a 20 KB file each way, one share after the other, the ways
  /// taking turns to go first; each way into a group directory of its own under `root`. A third
  /// way tells what the server's staging costs apart from HTTP: the share made in process from a
  /// file first written into `.staging/`, as the server stages a body.
  static func compareSmallShares(in root: URL, goal: Bool) async throws {
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let count = 200
    let sources = try IngestBenchmarks.makeSources(count, in: root)
    let bodies = try sources.map { Array(try Data(contentsOf: $0)) }
    let requests = bodies.map {
      LoopbackHTTPClient.post(path: "/share", token: token, contentType: "image/jpeg", body: $0)
    }
    let server = try RunningShareServer(groupDirectory: root.path + "/http")
    let local = SharePipeline(group: try GroupDirectory(path: root.path + "/local"))
    let staged = SharePipeline(group: try GroupDirectory(path: root.path + "/staged"))
    let sniffer = ContentSniffer()
    var times: [[Double]] = [[], [], []]
    var roundTrips: [Double] = []
    do {
      // Every line below runs on a worker of the I/O executor, as `ingest-cli share` runs its
      // share: the client's waits block that worker, never Swift's cooperative pool.
      try await withTaskExecutorPreference(IOExecutor.shared) {
        let client = try LoopbackHTTPClient(port: server.port, connections: 1)
        let health = LoopbackHTTPClient.get(path: "/healthz")
        for round in 0..<6 {
          for step in [0, 1, 2].map({ ($0 + round) % 3 }) {
            let start = Harness.now()
            switch step {
            case 0:
              for request in requests {
                let answer = try client.exchange([request])[0]
                guard answer.status == 201 else {
                  throw HarnessError(
                    message: "POST /share answered \(answer.status): \(answer.body)")
                }
              }
            case 1:
              for source in sources {
                try await share(source, through: local, sniffer: sniffer)
              }
            default:
              for body in bodies {
                try await shareStaged(body, through: staged, sniffer: sniffer)
              }
            }
            // The first round warms every way up.
            if round > 0 { times[step].append(Double(Harness.now() - start) / 1e9 / Double(count)) }
          }
          // The HTTP exchange alone: a request the server answers from its head.
          if round > 0 {
            for _ in 0..<count { roundTrips.append(try client.exchange([health])[0].seconds) }
          }
        }
      }
    } catch {
      try? await server.stop()
      await local.close()
      await staged.close()
      throw error
    }
    try await server.stop()
    await local.close()
    await staged.close()
    report(
      overHTTP: times[0], inProcess: times[1], fromStaging: times[2],
      roundTrip: Harness.median(roundTrips),
      place: goal ? "on the disk" : "on a RAM file system (/dev/shm)", goal: goal)
  }

  /// What `ingest-cli share FILE` does in process: wrap the file, share it.
  private static func share(_ file: URL, through pipeline: SharePipeline, sniffer: ContentSniffer)
    async throws
  {
    let share = try LocalShare(files: [file], sniffer: sniffer)
    let outcome = await pipeline.share(share.items, source: share.source)
    guard outcome.isCommitted else {
      throw HarnessError(message: "a share failed: \(String(describing: outcome.error))")
    }
  }

  /// The same from `body` written into the group's `.staging/` first, as the server stages a
  /// body (a new file, written, closed, named with its type's extension, removed after).
  private static func shareStaged(
    _ body: [UInt8], through pipeline: SharePipeline, sniffer: ContentSniffer
  ) async throws {
    let staging = pipeline.group.staging
    let name = "upload-" + UUID().uuidString
    let file = try staging.open(
      name, .writeOnly, options: [.create, .exclusive, .noFollow], permissions: 0o600)
    try body.withUnsafeBytes { try file.writeAll($0) }
    try file.close()
    try staging.rename(name, to: name + ".jpeg", replacing: false)
    try await share(
      URL(fileURLWithPath: staging.path(of: name + ".jpeg")), through: pipeline, sniffer: sniffer)
    try staging.removeFile(name + ".jpeg")
  }

  private static func report(
    overHTTP: [Double], inProcess: [Double], fromStaging: [Double], roundTrip: Double,
    place: String, goal: Bool
  ) {
    let rounds = zip(overHTTP, inProcess).map {
      String(format: "%.3f/%.3f", $0 * 1000, $1 * 1000)
    }
    print(
      "  rounds \(place) (ms per share, over HTTP/in process): \(rounds.joined(separator: " "))")
    let ratio = Harness.median(zip(overHTTP, inProcess).map { $0 / $1 })
    let http = Harness.median(overHTTP)
    let local = Harness.median(inProcess)
    let staged = Harness.median(fromStaging)
    Harness.report(
      "a 20 KB share over loopback HTTP \(place), POST /share on one keep-alive connection to a"
        + " ShareServer in this process (median of \(overHTTP.count) rounds of 200)",
      String(format: "%.3f ms per share; median pair ratio %.2fx in process", http * 1000, ratio),
      goal: goal ? "<= 1.5x" : "info", met: goal ? ratio <= 1.5 : nil)
    Harness.report(
      "baseline: the same share in process, as ingest-cli share FILE makes it (LocalShare,"
        + " SharePipeline.share)",
      String(format: "%.3f ms per share", local * 1000), goal: "baseline", met: nil)
    Harness.report(
      "the same in process from a file first written into .staging/ as the server stages a body"
        + " (no HTTP); what HTTP adds on top (the difference of the medians); GET /healthz round"
        + " trip",
      String(
        format: "%.3f ms per share (%.2fx in process); %.0f µs; %.0f µs", staged * 1000,
        Harness.median(zip(fromStaging, inProcess).map { $0 / $1 }), (http - staged) * 1e6,
        roundTrip * 1e6),
      goal: "info", met: nil)
  }
}

/// A `ShareServer` serving in this process (on the I/O executor, as `ingest-cli serve` runs it)
/// in front of a pipeline of its own, on port 0, with the section's token.
struct RunningShareServer {
  let server: ShareServer
  let pipeline: SharePipeline
  private let serving: Task<Void, any Error>

  init(groupDirectory: String) throws {
    pipeline = SharePipeline(group: try GroupDirectory(path: groupDirectory))
    let configuration = ShareServer.Configuration(
      listener: .address("127.0.0.1", port: 0), tokens: try BearerTokens([ServeBenchmarks.token]))
    // With the web app in front of the share route, as `ingest-cli serve` runs it.
    let server = try ShareServer(
      pipeline: pipeline, inbox: DirectoryInbox(group: pipeline.group), library: nil,
      configuration: configuration)
    self.server = server
    serving = Task { try await server.run() }
  }

  var port: UInt16 { server.port }

  /// Stops accepting, waits for the requests in flight, and closes the pipeline.
  func stop() async throws {
    server.stop()
    try await serving.value
    await pipeline.close()
  }
}
