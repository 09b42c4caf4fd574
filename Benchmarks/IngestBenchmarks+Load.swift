import Foundation
import Ingest
import ItemProvider
import SystemCalls

/// Issue 29's load figure: 64 shares at once in one process, each of a 20 KB file, alone and
/// with four busy processes hogging the cores; each share's latency (p50, p99) and how many
/// missed the product's 30 s deadline (none may).
extension IngestBenchmarks {
  static let concurrentShareCount = 64
  static let hogCount = 4

  /// The `ingest-load` section.
  static func loadedShares() async throws {
    Harness.section("ingest-load")
    let root = scratch.appendingPathComponent("IngestBenchmarks-load-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let sources = try makeSources(concurrentShareCount, in: root)
    let rounds = 5
    var quiet = LoadFigures()
    var hogged = LoadFigures()
    for round in 0..<rounds {
      // Alternate which goes first, so neither always meets a warmer cache.
      for withHogs in round % 2 == 0 ? [false, true] : [true, false] {
        let hogs = withHogs ? try startHogs(hogCount) : []
        let figures: LoadFigures
        do {
          figures = try await concurrentShares(sources, into: root.path + "/g-\(round)-\(withHogs)")
        } catch {
          stopHogs(hogs)
          throw error
        }
        stopHogs(hogs)
        if withHogs { hogged.add(figures) } else { quiet.add(figures) }
      }
    }
    print(
      "  \(concurrentShareCount) shares at once (20 KB each, one pipeline, the product's 30 s"
        + " deadline), \(rounds) rounds each; with \(hogCount) processes spinning on the"
        + " \(ProcessInfo.processInfo.activeProcessorCount) cores, and without")
    for (name, figures) in [("alone", quiet), ("with \(hogCount) hogs", hogged)] {
      Harness.report(
        "    \(name)",
        String(
          format: "p50 %.1f ms, p99 %.1f ms, max %.1f ms; %d of %d missed the deadline,"
            + " %d failed otherwise",
          PostgresBenchmarks.percentile(figures.latencies, 0.5) * 1e3,
          PostgresBenchmarks.percentile(figures.latencies, 0.99) * 1e3,
          (figures.latencies.max() ?? 0) * 1e3, figures.missed, figures.latencies.count,
          figures.failed),
        goal: "no share misses its deadline", met: figures.missed == 0 && figures.failed == 0)
    }
  }

  /// What a round (or several) of concurrent shares measured.
  struct LoadFigures {
    var latencies: [Double] = []
    var missed = 0
    var failed = 0

    mutating func add(_ other: LoadFigures) {
      latencies += other.latencies
      missed += other.missed
      failed += other.failed
    }
  }

  /// An extension item holding `source` as a JPEG file representation (copied, not opened in
  /// place), as Photos hands one.
  static func jpegItem(_ source: URL) -> NSExtensionItem {
    let provider = NSItemProvider()
    provider.registerFileRepresentation(
      forTypeIdentifier: "public.jpeg", fileOptions: [], visibility: .all
    ) { completion in
      completion(source, false, nil)
      return nil
    }
    let item = NSExtensionItem()
    item.attachments = [provider]
    return item
  }

  /// Every source shared at once, each a task of its own (as an app that starts a share per
  /// request would), through one pipeline into `directory`.
  static func concurrentShares(_ sources: [URL], into directory: String) async throws
    -> LoadFigures
  {
    let group = try GroupDirectory(path: directory)
    let pipeline = SharePipeline(group: group)
    let figures = await withTaskGroup(of: (Double, ShareError?).self) { shares in
      for source in sources {
        shares.addTask {
          let item = jpegItem(source)
          let started = Harness.now()
          let outcome = await pipeline.share([item], source: "benchmark")
          return (Double(Harness.now() - started) / 1e9, outcome.error)
        }
      }
      var figures = LoadFigures()
      for await (seconds, error) in shares {
        figures.latencies.append(seconds)
        switch error {
        case nil: break
        case .deadlineExceeded?: figures.missed += 1
        case _?: figures.failed += 1
        }
      }
      return figures
    }
    await pipeline.close()
    return figures
  }

  /// `count` processes that spin on the processor until stopped.
  static func startHogs(_ count: Int) throws -> [ChildProcess] {
    try (0..<count).map { _ in
      try ChildProcess.spawn("/bin/sh", arguments: ["-c", "while :; do :; done"])
    }
  }

  static func stopHogs(_ hogs: [ChildProcess]) {
    for hog in hogs {
      try? hog.send(SIGKILL)
      _ = hog.wait()
    }
  }
}
