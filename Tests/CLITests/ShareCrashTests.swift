import Foundation
import Synchronization
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
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["share", "--group-dir", group] + sources.map(\.path)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try count.run(
          process, killingAfter: Int64.random(in: 0...(span * 12 / 10), using: &generator))
      }

      // Every manifest names complete files whose size and digest are a source's, each share
      // once; whatever a crash cut short is recoverable (payloads in .staging are complete).
      let inbox = group + "/Inbox"
      let manifests = try FileManager.default.contentsOfDirectory(atPath: inbox)
        .filter { $0.hasSuffix(".json") }
      var referenced = Set<String>()
      for name in manifests {
        let manifest = try CLI.json(String(contentsOfFile: inbox + "/" + name, encoding: .utf8))
        #expect(manifest["id"] as? String == String(name.dropLast(5)))
        let items = try #require(manifest["items"] as? [[String: Any]])
        #expect(items.count == 3)
        for item in items {
          let file = try #require(item["file"] as? String)
          let fileName = String(file.dropFirst("Incoming/".count))
          #expect(!referenced.contains(fileName), "\(fileName) is in two manifests")
          referenced.insert(fileName)
          var path = group + "/" + file
          if !FileManager.default.fileExists(atPath: path) {
            path = group + "/.staging/" + fileName
          }
          let fingerprint = try FileDigest.fingerprint(of: path)
          #expect(
            fingerprint == "\(item["byteCount"] as? Int ?? -1):\(item["sha256"] as? String ?? "")")
          #expect(expected.contains(fingerprint))
        }
      }
      // No file in Incoming/ is partial: each is a whole copy of a source.
      let incoming = try FileManager.default.contentsOfDirectory(atPath: group + "/Incoming")
      for name in incoming {
        #expect(
          expected.contains(try FileDigest.fingerprint(of: group + "/Incoming/" + name)), "\(name)")
      }
      // After the sweeper nothing is left that no manifest references.
      let staged = try FileManager.default.contentsOfDirectory(atPath: group + "/.staging").count
      let sweep = try CLI.runBlocking([
        "inbox", "sweep", "--older-than", "0", "--group-dir", group, "--json",
      ])
      #expect(sweep.status == 0)
      let report = try CLI.json(sweep.standardOutput)
      let after = Set(try FileManager.default.contentsOfDirectory(atPath: group + "/Incoming"))
      #expect(after == referenced)
      #expect(try FileManager.default.contentsOfDirectory(atPath: group + "/.staging").isEmpty)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox").allSatisfy {
          $0.hasSuffix(".json")
        })
      let swept =
        (report["removedFromStaging"] as? Int ?? 0) + (report["removedFromIncoming"] as? Int ?? 0)
        + (report["removedFromInbox"] as? Int ?? 0)
      print(
        "crash test (seed \(seed)): \(count.runs) runs, \(count.killed) killed, \(count.finished)"
          + " finished; \(manifests.count - 1) of them committed,"
          + " \(count.runs - manifests.count + 1) rolled back"
          + " or cut off; \(incoming.count) files in Incoming and \(staged) in .staging before the"
          + " sweep; swept \(swept), completed \(report["completed"] as? Int ?? 0)")
      #expect(count.killed >= kills, "\(count.killed) of \(kills) kills in \(count.runs) runs")
    }
  }

  @Test("Four sharers and two importers at once: every share imported exactly once")
  func concurrentSharersAndImporters() async throws {
    try await Offload.run {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let group = directory.path + "/group"
      let destination = directory.path + "/imported"
      let photo = CLI.packageRoot.appendingPathComponent("corpus/files/photo.jpg").path
      let sharesPerSharer = 15
      let committed = Mutex<[String]>([])
      let handled = Mutex<[String]>([])
      let sharing = Atomic<Int>(4)

      Offload.concurrently(6) { worker in
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
