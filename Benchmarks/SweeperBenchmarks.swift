import Foundation
import InboxReading
import Ingest
import Synchronization
import TestSupport

/// Issue 42's goal for the sweeper: over 1 GiB of manifests it cannot read, at most 64 MiB
/// peak, and every payload they name kept. The sweep runs in a fresh process (its own
/// `VmHWM`), beside the same sweep over the same payloads with no manifests at all (the
/// sweeper's own cost).
enum SweeperBenchmarks {
  /// How many manifests, and how large each is: 64 x 16 MiB = 1 GiB.
  static let manifestCount = 64
  static let manifestSize = 16 << 20

  static func run() throws {
    Harness.section("sweeper over 1 GiB of unreadable manifests (issue 42)")
    let directory = try TemporaryDirectory(prefix: "sweep-benchmarks")
    defer { directory.remove() }
    let empty = directory.path + "/empty"
    let full = directory.path + "/full"
    var named: [String] = []
    for group in [empty, full] {
      _ = try GroupDirectory(path: group)
    }
    // Half the manifests are over the inbox's 16 MiB limit (a newer writer's extra field);
    // half are just under it and not JSON at all. Each names one payload, near its end.
    for index in 0..<manifestCount {
      let payload = "\(UUID().uuidString).jpeg"
      named.append(payload)
      let id = UUID()
      let head: String
      let tail: String
      if index % 2 == 0 {
        head = """
          {"schemaVersion": 3, "id": "\(id.uuidString)", "receivedAt": "2026-09-21T14:13:20Z", \
          "extra": "
          """
        tail = "\", \"parts\": [{\"path\": \"Incoming/\(payload)\"}]}"
      } else {
        head = "share \(id.uuidString) cut short: "
        tail = " <file=Incoming/\(payload)> (cut"
      }
      let size = index % 2 == 0 ? manifestSize + 1024 : manifestSize - 1024
      var bytes = Array(head.utf8)
      let filler = Array("lorem ipsum dolor sit amet ".utf8)
      while bytes.count + filler.count < size - tail.utf8.count {
        bytes += filler
      }
      bytes += Array(tail.utf8)
      try Data(bytes).write(to: URL(fileURLWithPath: "\(full)/Inbox/\(id.uuidString).json"))
    }
    let orphans = (0..<manifestCount).map { _ in "\(UUID().uuidString).bin" }
    for group in [empty, full] {
      for name in (group == full ? named : []) + orphans {
        try Data(repeating: 7, count: 4096).write(
          to: URL(fileURLWithPath: "\(group)/Incoming/\(name)"))
      }
    }
    let total = try FileManager.default.contentsOfDirectory(atPath: full + "/Inbox").reduce(0) {
      $0
        + ((try FileManager.default.attributesOfItem(atPath: "\(full)/Inbox/\($1)")[.size]
          as? Int) ?? 0)
    }
    let baseline = try measure(empty)
    let measured = try measure(full)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: full + "/Incoming"))
    let kept = named.filter(left.contains).count
    let orphansLeft = orphans.filter(left.contains).count
    Harness.report(
      "sweep, \(manifestCount) unreadable manifests (\(Harness.mebibytes(total)) on disk)",
      String(
        format: "%@ peak, %.2f s; %d of %d named payloads kept, %d of %d orphans removed",
        Harness.mebibytes(measured.peak), measured.seconds, kept, named.count,
        orphans.count - orphansLeft, orphans.count),
      goal: "<= 64 MiB, every payload kept",
      met: measured.peak <= 64 << 20 && kept == named.count && orphansLeft == 0)
    Harness.report(
      "baseline: the same sweep with no manifests",
      String(
        format: "%@ peak, %.2f s", Harness.mebibytes(baseline.peak), baseline.seconds),
      goal: "baseline", met: nil)
  }

  /// Sweeps `group` in a fresh process: its peak resident size and wall time.
  static func measure(_ group: String) throws -> (peak: Int, seconds: Double) {
    let output = try Harness.runSelf(["--child", "sweep-group", group])
    let fields = output.split(whereSeparator: \.isWhitespace)
    guard fields.count >= 2, let seconds = Double(fields[0]), let peak = Int(fields[1]) else {
      throw HarnessError(message: "child printed \(output)")
    }
    return (peak, seconds)
  }

  /// Child mode: sweeps the group at `arguments[0]` at threshold 0 and prints its wall time
  /// and this process's peak resident size.
  static func sweepChild(_ arguments: [String]) throws {
    guard let path = arguments.first else {
      throw HarnessError(message: "sweep-group needs a group directory")
    }
    let group = try GroupDirectory(path: path)
    let start = Date()
    let finished = Mutex<Result<InboxSweeper.Report, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      do {
        let report = try await InboxSweeper(group: group).sweep(olderThan: .zero)
        finished.withLock { $0 = .success(report) }
      } catch {
        finished.withLock { $0 = .failure(error) }
      }
      done.signal()
    }
    done.wait()
    _ = try finished.withLock { $0 }?.get()
    print(
      String(format: "%.3f", Date().timeIntervalSince(start)), Harness.peakResidentBytes())
  }
}
