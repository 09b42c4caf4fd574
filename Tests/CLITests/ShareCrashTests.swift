import Foundation
import Synchronization
import SystemCalls
import TestSupport
import Testing

/// Real share processes killed with SIGKILL at random points, and real processes sharing and
/// importing at once. CI kills `INGEST_CRASH_KILLS` share processes (default 40, to fit its
/// time; a share that finishes before its kill does not count); the full run is
/// `INGEST_CRASH_KILLS=250 swift test --filter ShareCrashTests`.
@Suite("Crashes and concurrency: real processes, killed or racing", .serialized)
struct ShareCrashTests {
  /// Three source files of a few megabytes, so a kill lands in every stage.
  static func sources(in directory: TemporaryDirectory) throws -> [URL] {
    var generator = SplitMix64(seed: 0x5EED)
    return try (0..<3).map { index in
      var bytes = [UInt8](repeating: 0, count: (1 + index) << 20)
      for offset in stride(from: 0, to: bytes.count, by: 8) {
        withUnsafeBytes(of: generator.next()) { word in
          for (step, byte) in word.enumerated() where offset + step < bytes.count {
            bytes[offset + step] = byte
          }
        }
      }
      // A JPEG's first bytes, so the files are shared as photos.
      bytes.replaceSubrange(0..<4, with: [0xFF, 0xD8, 0xFF, 0xE0])
      return try directory.file("source \(index).jpg", contents: Data(bytes))
    }
  }

  @Test("SIGKILL at random points never leaves a partial file or a broken manifest")
  func killedShares() async throws {
    try await Offload.run {
      let kills = Int(ProcessInfo.processInfo.environment["INGEST_CRASH_KILLS"] ?? "") ?? 40
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let group = directory.path + "/crash group"
      let sources = try Self.sources(in: directory)
      let expected = Set(try sources.map { try FileDigest.fingerprint(of: $0.path) })
      let seed =
        UInt64(ProcessInfo.processInfo.environment["INGEST_CRASH_SEED"] ?? "") ?? 20_261_201
      var generator = SplitMix64(seed: seed)

      // How long one whole share takes here, so kills spread over all of it.
      let clock = ContinuousClock()
      let started = clock.now
      #expect(
        try CLI.runBlocking(["share", "--group-dir", group] + sources.map(\.path)).status == 0)
      let whole = clock.now - started
      let span = max(
        whole.components.seconds * 1_000_000 + whole.components.attoseconds / 1_000_000_000_000,
        20_000)

      var count = KillCount(wanted: kills)
      while count.wantsMore {
        try count.run(
          {
            try ChildProcess.spawn(
              CLI.executable.path,
              arguments: ["share", "--group-dir", group] + sources.map(\.path),
              standardOutput: .nullDevice, standardError: .nullDevice)
          }, killingAfter: Int64.random(in: 0...(span * 12 / 10), using: &generator))
      }

      // Every manifest names complete files whose size and digest are a source's, each share
      // once; whatever a crash cut short is recoverable (payloads in .staging are complete).
      let report = try InboxInvariant.check(group: group, expected: expected, itemsPerShare: 3)
      print(
        "crash test (seed \(seed)): \(count.runs) runs, \(count.killed) killed, \(count.finished)"
          + " finished; \(report.manifests - 1) of them committed,"
          + " \(count.runs - report.manifests + 1) rolled back"
          + " or cut off; \(report.incomingBeforeSweep) files in Incoming and"
          + " \(report.stagedBeforeSweep) in .staging before the sweep; swept \(report.swept),"
          + " completed \(report.completed)")
      #expect(count.killed >= kills, "\(count.killed) of \(kills) kills in \(count.runs) runs")
    }
  }

  @Test("Four sharers and two importers at once: every share imported exactly once")
  func concurrentSharersAndImporters() async throws {
    try await withIOExecutor {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let group = directory.path + "/group"
      let destination = directory.path + "/imported"
      let photo = CLI.packageRoot.appendingPathComponent("corpus/files/photo.jpg").path
      let sharesPerSharer = 15
      let committed = Mutex<[String]>([])
      let handled = Mutex<[String]>([])
      let sharing = Atomic<Int>(4)

      await Offload.concurrently(6) { worker in
        if worker < 4 {
          for _ in 0..<sharesPerSharer {
            guard
              let result = try? CLI.runBlocking(["share", "--json", "--group-dir", group, photo]),
              result.status == 0, let report = try? CLI.json(result.standardOutput),
              let id = report["shareID"] as? String
            else { continue }
            committed.withLock { $0.append(id) }
          }
          sharing.subtract(1, ordering: .sequentiallyConsistent)
        } else {
          while true {
            let done = sharing.load(ordering: .sequentiallyConsistent) == 0
            if let result = try? CLI.runBlocking([
              "inbox", "import", "--to", destination, "--group-dir", group, "--json",
            ]),
              let report = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [String: Any]
            {
              handled.withLock { $0 += (report["handled"] as? [String]) ?? [] }
            }
            if done { break }
          }
        }
      }
      let shared = committed.withLock { $0 }
      let imported = handled.withLock { $0 }
      #expect(shared.count == 4 * sharesPerSharer)
      #expect(imported.sorted() == shared.sorted(), "each share handled exactly once")
      let delivered = try FileManager.default.contentsOfDirectory(atPath: destination)
      #expect(delivered.sorted() == shared.sorted())
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox").filter {
          $0.hasSuffix(".json")
        }.isEmpty)
      print("concurrency test: \(shared.count) shares by 4 sharers, imported by 2 importers")
    }
  }
}
