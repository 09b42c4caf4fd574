import Dispatch
import Foundation
import Synchronization
import SystemCalls
import TestSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Issue 37's large figure, and issue 43's: `curl` uploads a 256 MiB and a 1 GiB file to the
/// release `ingest-cli serve` (a fresh process each round), which stages it (hashing it as it
/// arrives), shares it (sniffing, the staged body adopted as the payload, the commit and its
/// flushes) and answers 201; the server's peak resident memory
/// (`VmHWM`) and the throughput, beside `curl` uploading the same file to `DiskSinkServer` (the
/// same libmicrohttpd, writing the body to disk and flushing it, nothing more), alternating.
/// The file is random bytes: content the package's own signatures do not know, so the server
/// also loads libmagic and maps its database, as it does for the first such upload it takes.
///
/// The `ingest-cli` measured is found as the `cli` section finds it: `$INGEST_CLI`, else the one
/// `scripts/install.sh --build-only` builds (what a user installs); else the one beside this
/// executable (`swift build -c release --product ingest-cli`). When both builds are there, the
/// other is measured once more for its memory: the plain build maps its Swift runtime and
/// Foundation as some twenty shared libraries, about 10 MiB more of resident pages.
extension ServeBenchmarks {
  /// What one upload measured.
  struct UploadFigures {
    /// Seconds from curl's start to its exit (after the server's answer).
    var seconds: Double
    /// The server's `VmHWM` after the upload, and before it (listening).
    var peak: Int
    var idlePeak: Int
    /// The server's processor time (user and system) by the end of the upload.
    var processor: Double
    /// Seconds from curl's start until the whole body was in the server's file (nil when the
    /// watch missed it).
    var arrival: Double?
  }

  /// The files an upload needs, under one directory removed at the end.
  struct UploadFiles {
    let root: URL
    let source: String
    /// The source's size.
    let size: Int
    let tokens: String
    let contract: String
    let curl: String
  }

  static func largeUpload() throws {
    for size in [256 << 20, 1 << 30] { try largeUpload(size: size) }
  }

  static func largeUpload(size: Int) throws {
    let builds = releaseBuilds()
    guard let cli = builds.first else {
      print(
        "  skipped the large uploads: no release ingest-cli; build it with scripts/install.sh"
          + " --build-only or swift build -c release --product ingest-cli (or set INGEST_CLI)")
      return
    }
    guard let curl = Harness.which("curl"), let sync = Harness.which("sync") else {
      print("  skipped the large uploads: curl and sync must be on PATH (apt-get install curl)")
      return
    }
    print("  \(cli): \(CLIBenchmarks.build(of: cli))")
    let root = IngestBenchmarks.scratch.appendingPathComponent(
      "ServeBenchmarks-large-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let files = UploadFiles(
      root: root, source: root.appendingPathComponent("large.mov").path, size: size,
      tokens: root.appendingPathComponent("tokens").path,
      contract: root.appendingPathComponent("contract.json").path, curl: curl)
    try ItemProviderBenchmarks.writeLargeFile(at: URL(fileURLWithPath: files.source), size: size)
    try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: files.tokens))
    // Every type, files up to 2 GiB: the default contract stops at 512 MiB.
    try Data(
      (#"{"acceptedTypes": ["public.item"], "maximumFileSize": 2147483648,"#
        + #" "maximumShareSize": 2147483648}"#).utf8
    ).write(to: URL(fileURLWithPath: files.contract))

    var ours: [UploadFigures] = []
    var baseline: [UploadFigures] = []
    for round in 0..<6 {
      var pair: (ours: UploadFigures?, baseline: UploadFigures?) = (nil, nil)
      for step in round % 2 == 0 ? [0, 1] : [1, 0] {
        try Harness.run(executable: sync, [])
        let name = "round-\(round)-\(step)"
        if step == 0 {
          pair.ours = try upload(files, server: cli, name: name)
        } else {
          pair.baseline = try upload(files, server: nil, name: name)
        }
      }
      // The first round warms the page cache and both programs' pages.
      guard round > 0, let figures = pair.ours, let sink = pair.baseline else { continue }
      ours.append(figures)
      baseline.append(sink)
    }
    reportLarge(ours: ours, baseline: baseline, size: size)
    if let other = builds.dropFirst().first {
      try Harness.run(executable: sync, [])
      let figures = try upload(files, server: other, name: "other-build")
      Harness.report(
        "the same upload to \(other) (\(CLIBenchmarks.build(of: other))), once: peak RSS; before"
          + " the upload",
        "\(Harness.mebibytes(figures.peak)); \(Harness.mebibytes(figures.idlePeak))",
        goal: "info", met: nil)
    }
  }

  /// Uploads the file with curl to a fresh server: `ingest-cli serve` at `server`, or the disk
  /// sink when nil, each into a directory of its own, removed afterwards.
  static func upload(_ files: UploadFiles, server executable: String?, name: String) throws
    -> UploadFigures
  {
    let directory = files.root.appendingPathComponent(name).path
    try FileSystem.makeDirectories(directory)
    defer { try? FileSystem.removeTree(directory) }
    let log = files.root.path + "/\(name).log"
    let server =
      if let executable {
        try ServerProcess(
          executable,
          [
            "serve", "--port", "0", "--token-file", files.tokens, "--contract", files.contract,
            "--max-body", "2147483648", "--group-dir", directory,
          ], log: log)
      } else {
        try ServerProcess(
          CommandLine.arguments[0], ["--child", "disk-sink", directory], log: log)
      }
    defer { server.stop() }
    let idle = server.peakResidentBytes
    let watch = ArrivalWatch(in: [directory, directory + "/.staging"], size: Int64(files.size))
    let started = Harness.now()
    let upload: CLIBenchmarks.Cost
    do {
      upload = try CLIBenchmarks.spawn(
        files.curl,
        [
          "-sS", "--fail", "-o", "/dev/null", "-X", "POST", "-T", files.source,
          "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: video/quicktime",
          "-H", "Expect:", "http://127.0.0.1:\(server.port)/share",
        ])
    } catch {
      _ = watch.stop()
      throw HarnessError(message: "\(error); the server's log: \(server.log)")
    }
    let arrival = watch.stop().map { Double($0 - started) / 1e9 }
    if executable == nil {
      let stored = try FileSystem.status(ofPath: directory + "/body-1").size
      guard stored == Int64(files.size) else {
        throw HarnessError(message: "the disk sink stored \(stored) bytes, not \(files.size)")
      }
    }
    return UploadFigures(
      seconds: upload.wall, peak: server.peakResidentBytes, idlePeak: idle,
      processor: server.processorSeconds, arrival: arrival)
  }

  private static func reportLarge(ours: [UploadFigures], baseline: [UploadFigures], size: Int) {
    let mebibytes = Double(size) / 1_048_576
    let label = size >= 1 << 30 ? "\(size >> 30) GiB" : "\(size >> 20) MiB"
    let rounds = zip(ours, baseline).map { String(format: "%.2f/%.2f", $0.seconds, $1.seconds) }
    print(
      "  rounds (curl to ingest-cli serve s/curl to the disk sink s): "
        + rounds.joined(separator: " ")
    )
    // Issue 43's goal: the upload takes at most 1.3x the disk sink's time.
    let ratio = Harness.median(zip(ours, baseline).map { $0.seconds / $1.seconds })
    let seconds = (
      ours: Harness.median(ours.map(\.seconds)), baseline: Harness.median(baseline.map(\.seconds))
    )
    Harness.report(
      "a \(label) upload, curl -T to ingest-cli serve, committed as a share (median of"
        + " \(ours.count) alternating pairs)",
      String(
        format: "%.0f MiB/s (%.2f s); median pair ratio %.2fx the disk sink's time",
        mebibytes / seconds.ours, seconds.ours, ratio),
      goal: "<= 1.3x", met: ratio <= 1.3)
    Harness.report(
      "baseline: curl -T to a libmicrohttpd server that writes the body to a file and flushes it",
      String(format: "%.0f MiB/s (%.2f s)", mebibytes / seconds.baseline, seconds.baseline),
      goal: "baseline", met: nil)
    let peak = ours.map(\.peak).max() ?? .max
    Harness.report(
      "a \(label) upload: peak RSS (VmHWM) of the ingest-cli serve process, max of"
        + " \(ours.count)",
      Harness.mebibytes(peak), goal: "<= 32 MiB", met: peak <= 32 << 20)
    Harness.report(
      "the same process before the upload, listening; the disk sink after its upload",
      Harness.mebibytes(ours.map(\.idlePeak).max() ?? 0) + "; "
        + Harness.mebibytes(baseline.map(\.peak).max() ?? 0),
      goal: "info", met: nil)
    let received = (
      ours: Harness.median(ours.compactMap(\.arrival)),
      baseline: Harness.median(baseline.compactMap(\.arrival))
    )
    Harness.report(
      "where the time goes (medians): the whole body in the server's file after; the answer"
        + " after that (ingest-cli serve: the digest's last chunk, sniffing, the commit and its"
        + " flushes; the disk sink: its flush)",
      String(
        format: "%.2f s / %.2f s; %.2f s / %.2f s", received.ours, received.baseline,
        seconds.ours - received.ours, seconds.baseline - received.baseline),
      goal: "info", met: nil)
    Harness.report(
      "processor time of the server process per upload (user and system): ingest-cli serve;"
        + " the disk sink",
      String(
        format: "%.2f s; %.2f s", Harness.median(ours.map(\.processor)),
        Harness.median(baseline.map(\.processor))),
      goal: "info", met: nil)
  }

  /// The release builds of `ingest-cli` there are, the one to measure first.
  static func releaseBuilds() -> [String] {
    if let given = ProcessInfo.processInfo.environment["INGEST_CLI"], !given.isEmpty {
      return [given]
    }
    let candidates = [
      ProjectPaths.packageRoot.appendingPathComponent(".build/install/release/ingest-cli").path,
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("ingest-cli").path,
    ]
    return candidates.filter { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

/// Looks, from a thread of its own, every 2 ms, for a file of a given size whose name begins
/// `upload-` (the server's staged body) or `body-` (the disk sink's) in some directories: when a
/// body has arrived whole.
final class ArrivalWatch: Sendable {
  private let seen = Atomic<UInt64>(0)
  private let isStopped = Atomic<Bool>(false)

  init(in directories: [String], size: Int64) {
    DispatchQueue.global().async { [self] in
      while !isStopped.load(ordering: .acquiring) && seen.load(ordering: .relaxed) == 0 {
        for directory in directories {
          let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
          for entry in entries where entry.hasPrefix("upload-") || entry.hasPrefix("body-") {
            if (try? FileSystem.status(ofPath: directory + "/" + entry).size) == size {
              seen.store(Harness.now(), ordering: .relaxed)
            }
          }
        }
        usleep(2000)
      }
    }
  }

  /// Stops looking; when the body was first seen whole, as `Harness.now()`.
  func stop() -> UInt64? {
    isStopped.store(true, ordering: .releasing)
    let time = seen.load(ordering: .relaxed)
    return time == 0 ? nil : time
  }
}

/// A server running as a child process that prints `listening on http://HOST:PORT` as its first
/// line; its standard error goes to a log file.
struct ServerProcess {
  let process: ChildProcess
  let port: UInt16
  let logPath: String

  init(_ executable: String, _ arguments: [String], log: String) throws {
    let logFile = try FileDescriptor.open(log, .writeOnly, options: [.create, .truncate])
    let process = try logFile.closeAfter {
      try ChildProcess.spawn(
        executable, arguments: arguments, standardOutput: .pipe,
        standardError: .descriptor(logFile))
    }
    self.process = process
    logPath = log
    var line: [UInt8] = []
    var byte: [UInt8] = [0]
    while line.last != 10, let output = process.standardOutput, try output.read(into: &byte) == 1 {
      line.append(byte[0])
    }
    let text = String(decoding: line, as: UTF8.self)
    guard text.hasPrefix("listening on http://"),
      let port = text.split(separator: ":").last.flatMap({
        UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines))
      })
    else {
      try? process.send(SIGTERM)
      _ = process.wait()
      process.closePipes()
      let log = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw HarnessError(message: "\(executable) printed \(text.debugDescription); its log: \(log)")
    }
    self.port = port
  }

  /// `VmHWM` of the process so far.
  var peakResidentBytes: Int {
    Harness.peakResidentBytes(ofProcess: "\(process.id)") ?? 0
  }

  /// The processor time (user and system) the process has used so far, from
  /// `/proc/PID/stat`.
  var processorSeconds: Double {
    guard
      let stat = try? String(
        contentsOfFile: "/proc/\(process.id)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return .nan }
    // After the command's name: state is field 3; utime and stime are fields 14 and 15.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
    else { return .nan }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// What the process wrote on standard error so far.
  var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

  /// Ends the process (SIGTERM) and waits for it.
  func stop() {
    try? process.send(SIGTERM)
    _ = process.wait()
    process.closePipes()
  }
}
