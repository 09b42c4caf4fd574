import Foundation
import ImageCodecs
import ShareServer
import ShareWebApp
import SystemCalls
import TestSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Issue 42's campaign against `serve`'s thumbnails: a real `ingest-cli serve` (the one beside
/// this executable) started under a 2 GB address-space limit (`ulimit -v`), sent
/// `THUMBNAIL_FUZZ_REQUESTS` (default 100,000) thumbnail requests, each of a new share holding
/// a mutated or hand-built PNG, JPEG, HEIC or AVIF (written into the group directory as a
/// committed share, so every request reaches a decoder), eight at a time. It checks that the
/// server never dies (its process and `GET /healthz` every 1,000 requests), and reads from the
/// server's log what each thumbnail worker cost (processor time and peak resident memory, from
/// `wait4`). Run only when named: `swift run -c release Benchmarks thumbnail-fuzz`.
enum ThumbnailFuzzCampaign {
  static let addressSpaceKiB = 2 * 1024 * 1024

  static func run() throws {
    Harness.section("thumbnail fuzz campaign (issue 42)")
    let requests =
      Int(ProcessInfo.processInfo.environment["THUMBNAIL_FUZZ_REQUESTS"] ?? "")
      ?? 100_000
    let seed = UInt64(ProcessInfo.processInfo.environment["THUMBNAIL_FUZZ_SEED"] ?? "") ?? 42
    // A time budget, for a machine too busy to send them all: the campaign stops there and
    // reports how many it sent.
    let budget =
      UInt64(ProcessInfo.processInfo.environment["THUMBNAIL_FUZZ_SECONDS"] ?? "") ?? .max / 2
    let connections = 8
    let directory = try TemporaryDirectory(prefix: "thumbnail-fuzz")
    defer { directory.remove() }
    let group = directory.path + "/group"
    let cli = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("ingest-cli").path
    let logPath = directory.path + "/serve.log"
    let logFile = try FileDescriptor.open(logPath, .writeOnly, options: [.create, .truncate])
    let server = try logFile.closeAfter {
      try ChildProcess.spawn(
        "/bin/sh",
        arguments: [
          "-c",
          "ulimit -v \(addressSpaceKiB) && exec \"$0\" serve --insecure-no-token --port 0"
            + " --group-dir \"$1\"", cli, group,
        ], standardOutput: .pipe, standardError: .descriptor(logFile))
    }
    defer {
      try? server.send(SIGTERM)
      _ = server.wait()
      server.closePipes()
    }
    var line: [UInt8] = []
    var byte: [UInt8] = [0]
    while true {
      guard let output = server.standardOutput, try output.read(into: &byte) == 1 else {
        throw HarnessError(message: "serve ended before listening: \(try log(logPath).suffix(500))")
      }
      if byte[0] == 0x0A { break }
      line.append(byte[0])
    }
    let listening = String(decoding: line, as: UTF8.self)
    guard let port = listening.split(separator: ":").last.flatMap({ UInt16($0) }) else {
      throw HarnessError(message: "no port in \(listening)")
    }
    print(
      "ingest-cli serve (pid \(server.id)) under ulimit -v \(addressSpaceKiB)"
        + " KiB: \(listening)")

    let seeds = try Self.seeds()
    var generator = SplitMix64(seed: seed)
    let client = try LoopbackHTTPClient(port: port, connections: connections)
    var statuses: [Int: Int] = [:]
    var bySeed: [String: Int] = [:]
    var slowest = 0.0
    var healthChecks = 0
    let start = Harness.now()
    var sent = 0
    while sent < requests, (Harness.now() - start) / 1_000_000_000 < budget {
      var batch: [(id: UUID, paths: [String])] = []
      for _ in 0..<min(connections, requests - sent) {
        let seed = seeds[Int.random(in: 0..<seeds.count, using: &generator)]
        let edits =
          Int.random(in: 0..<10, using: &generator) == 0
          ? 0 : Int.random(in: 1...8, using: &generator)
        let bytes =
          seed.mutable && edits > 0
          ? HostileImages.mutated(seed.data, edits: edits, seed: generator.next()) : seed.data
        let planted = try HostileImages.plantShare(
          in: group, bytes: bytes, ext: seed.ext, typeIdentifier: seed.type)
        batch.append((planted.id, planted.paths))
        bySeed[seed.name, default: 0] += 1
      }
      let answers: [LoopbackHTTPClient.Answer]
      do {
        answers = try client.exchange(
          batch.map { LoopbackHTTPClient.get(path: "/thumbnail/\($0.id.uuidString)/0") })
      } catch {
        throw HarnessError(
          message: "\(error) after \(sent) requests; serve running: \(server.isRunning);"
            + " its log ends: \(try log(logPath).suffix(1500))")
      }
      for answer in answers {
        statuses[answer.status, default: 0] += 1
        slowest = max(slowest, answer.seconds)
      }
      for entry in batch {
        for path in entry.paths { unlink(path) }
      }
      let before = sent
      sent += batch.count
      if sent / 1000 != before / 1000 || sent >= requests {
        guard server.isRunning else {
          throw HarnessError(message: "serve died after \(sent) requests")
        }
        let health = try client.exchange([LoopbackHTTPClient.get(path: "/healthz")])
        guard health.first?.status == 200 else {
          throw HarnessError(message: "GET /healthz failed after \(sent) requests")
        }
        healthChecks += 1
        if sent / 5_000 != before / 5_000 {
          print(
            "  \(sent) requests, \((Harness.now() - start) / 1_000_000_000) s, statuses \(statuses)"
          )
        }
      }
    }
    let elapsed = Double(Harness.now() - start) / 1e9
    let workers = try Self.workerReports(try log(logPath))
    print(
      "requests: \(sent) in \(Int(elapsed)) s; statuses: \(statuses.sorted { $0.key < $1.key })")
    print("by seed: \(bySeed.sorted { $0.key < $1.key })")
    print(
      "server alive at the end: \(server.isRunning) (pid \(server.id));"
        + " /healthz 200 at \(healthChecks) checks; \(client.retries) GETs sent again after the"
        + " server closed an idle kept-alive connection")
    print(
      "slowest answer: \(String(format: "%.2f", slowest)) s"
        + " (wall clock, \(connections) requests at once)"
    )
    print(
      "thumbnail workers: \(workers.count); endings: \(workers.endings.sorted { $0.key < $1.key })")
    print(
      "most processor time of a worker: \(String(format: "%.3f", workers.maximumSeconds)) s;"
        + " most resident memory: \(String(format: "%.1f", workers.maximumMiB)) MiB"
        + " (limits: \(ThumbnailWorker.processorSecondsLimit) s,"
        + " \(ThumbnailWorker.addressSpaceLimit >> 20) MiB of address space)")
    guard server.isRunning else { throw HarnessError(message: "serve is not running") }
  }

  /// An image the campaign mutates (or sends as it is).
  struct Seed {
    var name: String
    var ext: String
    var type: String
    var data: Data
    var mutable = true
  }

  static func seeds() throws -> [Seed] {
    func corpus(_ name: String) throws -> Data {
      try Data(contentsOf: ProjectPaths.corpus.appendingPathComponent("files/\(name)"))
    }
    var samples: [UInt8] = []
    for y in 0..<200 {
      for x in 0..<300 { samples += [UInt8(x % 256), UInt8(y % 256), UInt8((x ^ y) % 256)] }
    }
    let picture = PixelImage(width: 300, height: 200, layout: .rgb, samples: samples)
    let heic = try corpus("photo.heic")
    let avif = try corpus("image.avif")
    var seeds: [Seed] = [
      Seed(name: "photo.heic", ext: "heic", type: "public.heic", data: heic),
      Seed(name: "photo.heic", ext: "heic", type: "public.heic", data: heic),
      Seed(name: "image.heif", ext: "heif", type: "public.heif", data: try corpus("image.heif")),
      Seed(name: "image.avif", ext: "avif", type: "public.avif", data: avif),
      Seed(name: "image.avif", ext: "avif", type: "public.avif", data: avif),
      Seed(name: "photo.jpg", ext: "jpg", type: "public.jpeg", data: try corpus("photo.jpg")),
      Seed(
        name: "screenshot.png", ext: "png", type: "public.png", data: try corpus("screenshot.png")),
      Seed(name: "animated.png", ext: "png", type: "public.png", data: try corpus("animated.png")),
      Seed(name: "made.png", ext: "png", type: "public.png", data: try ImageEncoder.png(picture)),
      Seed(
        name: "made.jpg", ext: "jpg", type: "public.jpeg",
        data: try ImageEncoder.jpeg(picture, quality: 0.8)),
      Seed(
        name: "grid 10000x10000", ext: "heic", type: "public.heic",
        data: HostileImages.heifGrid(outputWidth: 10_000, outputHeight: 10_000)),
      Seed(
        name: "grid 6000x6000 of 256 tiles", ext: "heic", type: "public.heic",
        data: HostileImages.heifGrid(
          outputWidth: 6_000, outputHeight: 6_000, rows: 16, columns: 16)),
      Seed(
        name: "grid 70000x70000", ext: "heic", type: "public.heic",
        data: HostileImages.heifGrid(outputWidth: 70_000, outputHeight: 70_000)),
      Seed(
        name: "jpeg 64x64 of 5000 scans", ext: "jpg", type: "public.jpeg",
        data: HostileImages.progressiveJPEG(width: 64, height: 64, scans: 5_000)),
      Seed(
        name: "jpeg 2048x2048 of 99 scans", ext: "jpg", type: "public.jpeg",
        data: HostileImages.progressiveJPEG(width: 2_048, height: 2_048, scans: 99)),
    ]
    // Heif grids made of the corpus photo's own tile data, which decodes: 4 tiles, 64 tiles.
    seeds.append(
      Seed(
        name: "grid of 4 real tiles", ext: "heic", type: "public.heic",
        data: HostileImages.heifGrid(
          outputWidth: 128, outputHeight: 128, claimedWidth: 128, claimedHeight: 128, rows: 2,
          columns: 2, tileBytes: Array(heic.suffix(64)))))
    return seeds
  }

  static func log(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  struct WorkerSummary {
    var count = 0
    var endings: [String: Int] = [:]
    var maximumSeconds = 0.0
    var maximumMiB = 0.0
  }

  /// The `thumbnail worker: ENDING, S s processor, M MiB resident` lines of the server's log.
  static func workerReports(_ log: String) throws -> WorkerSummary {
    var summary = WorkerSummary()
    for line in log.split(separator: "\n") {
      guard let range = line.range(of: "thumbnail worker: ") else { continue }
      let parts = line[range.upperBound...].components(separatedBy: ", ")
      guard parts.count == 3 else { continue }
      summary.count += 1
      summary.endings[parts[0], default: 0] += 1
      let seconds = Double(parts[1].split(separator: " ").first ?? "") ?? 0
      let mebibytes = Double(parts[2].split(separator: " ").first ?? "") ?? 0
      summary.maximumSeconds = max(summary.maximumSeconds, seconds)
      summary.maximumMiB = max(summary.maximumMiB, mebibytes)
    }
    return summary
  }
}
