import Foundation
import SystemCalls
import TestSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Issue 37's large figure: `curl` uploads a 1 GiB file to the release `ingest-cli serve` (a
/// fresh process each round), which stages it, shares it (sniffing, the payload's copy with its
/// SHA-256, the commit and its flushes) and answers 201; the server's peak resident memory
/// (`VmHWM`) and the throughput, beside `curl` uploading the same file to `DiskSinkServer` (the
/// same libmicrohttpd, writing the body to disk and flushing it, nothing more), alternating.
///
/// The `ingest-cli` measured: `$INGEST_CLI`, else the one beside this executable (`swift build
/// -c release --product ingest-cli`), else the one `scripts/install.sh --build-only` builds.
extension ServeBenchmarks {
  static func largeUpload() throws {
    guard let cli = releaseCLI() else {
      print(
        "  skipped the 1 GiB upload: no release ingest-cli; build it with swift build -c release"
          + " --product ingest-cli (or set INGEST_CLI)")
      return
    }
    guard let curl = Harness.which("curl"), let sync = Harness.which("sync") else {
      print("  skipped the 1 GiB upload: curl and sync must be on PATH (apt-get install curl)")
      return
    }
    print("  \(cli): \(CLIBenchmarks.build(of: cli))")
    let root = IngestBenchmarks.scratch.appendingPathComponent(
      "ServeBenchmarks-large-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let source = root.appendingPathComponent("large.mov")
    try ItemProviderBenchmarks.writeLargeFile(at: source)
    let tokenFile = root.appendingPathComponent("tokens").path
    try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
    // Every type, files up to 2 GiB: the default contract stops at 512 MiB.
    let contract = root.appendingPathComponent("contract.json").path
    try Data(
      #"{"acceptedTypes": ["public.item"], "maximumFileSize": 2147483648, "maximumShareSize": 2147483648}"#
        .utf8
    ).write(to: URL(fileURLWithPath: contract))

    var ours: [Double] = []
    var baseline: [Double] = []
    var peaks: [Int] = []
    var idlePeaks: [Int] = []
    var sinkPeaks: [Int] = []
    var processor: (ours: [Double], baseline: [Double]) = ([], [])
    for round in 0..<6 {
      var pair: (ours: Double, baseline: Double) = (0, 0)
      for step in round % 2 == 0 ? [0, 1] : [1, 0] {
        try Harness.run(executable: sync, [])
        let directory = root.appendingPathComponent("round-\(round)-\(step)").path
        try FileSystem.makeDirectories(directory)
        let server =
          step == 0
          ? try ServerProcess(
            cli,
            [
              "serve", "--port", "0", "--token-file", tokenFile, "--contract", contract,
              "--max-body", "2147483648", "--group-dir", directory,
            ], log: root.path + "/serve-\(round).log")
          : try ServerProcess(
            CommandLine.arguments[0], ["--child", "disk-sink", directory],
            log: root.path + "/sink-\(round).log")
        let idle = server.peakResidentBytes
        let upload: CLIBenchmarks.Cost
        do {
          upload = try CLIBenchmarks.spawn(
            curl,
            [
              "-sS", "--fail", "-o", "/dev/null", "-X", "POST", "-T", source.path,
              "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: video/quicktime",
              "-H", "Expect:", "http://127.0.0.1:\(server.port)/share",
            ])
        } catch {
          server.stop()
          throw HarnessError(message: "\(error); the server's log: \(server.log)")
        }
        let peak = server.peakResidentBytes
        let serverProcessor = server.processorSeconds
        server.stop()
        if step == 0 {
          pair.ours = upload.wall
          if round > 0 {
            peaks.append(peak)
            idlePeaks.append(idle)
            processor.ours.append(serverProcessor)
          }
        } else {
          let stored = try FileSystem.status(ofPath: directory + "/body-1").size
          guard stored == 1 << 30 else {
            throw HarnessError(message: "the disk sink stored \(stored) bytes, not 1 GiB")
          }
          pair.baseline = upload.wall
          if round > 0 {
            sinkPeaks.append(peak)
            processor.baseline.append(serverProcessor)
          }
        }
        try FileSystem.removeTree(directory)
      }
      // The first round warms the page cache and both programs' pages.
      if round == 0 { continue }
      ours.append(pair.ours)
      baseline.append(pair.baseline)
    }
    reportLarge(
      ours: ours, baseline: baseline, peaks: peaks, idlePeaks: idlePeaks, sinkPeaks: sinkPeaks,
      processor: processor)
  }

  private static func reportLarge(
    ours: [Double], baseline: [Double], peaks: [Int], idlePeaks: [Int], sinkPeaks: [Int],
    processor: (ours: [Double], baseline: [Double])
  ) {
    let mebibytes = Double(1 << 30) / 1_048_576
    let rounds = zip(ours, baseline).map { String(format: "%.2f/%.2f", $0, $1) }
    print(
      "  rounds (curl to ingest-cli serve s/curl to the disk sink s): \(rounds.joined(separator: " "))"
    )
    let ratio = Harness.median(zip(ours, baseline).map { $1 / $0 })
    Harness.report(
      "a 1 GiB upload, curl -T to ingest-cli serve, committed as a share (median of"
        + " \(ours.count) alternating pairs)",
      String(
        format: "%.0f MiB/s (%.2f s); median pair ratio %.2fx the disk sink's throughput",
        mebibytes / Harness.median(ours), Harness.median(ours), ratio),
      goal: ">= 0.8x", met: ratio >= 0.8)
    Harness.report(
      "baseline: curl -T to a libmicrohttpd server that writes the body to a file and flushes it",
      String(
        format: "%.0f MiB/s (%.2f s)", mebibytes / Harness.median(baseline),
        Harness.median(baseline)),
      goal: "baseline", met: nil)
    let peak = peaks.max() ?? .max
    Harness.report(
      "a 1 GiB upload: peak RSS (VmHWM) of the ingest-cli serve process, max of \(peaks.count)",
      Harness.mebibytes(peak), goal: "<= 32 MiB", met: peak <= 32 << 20)
    Harness.report(
      "the same process before the upload, listening; the disk sink after its upload",
      "\(Harness.mebibytes(idlePeaks.max() ?? 0)); \(Harness.mebibytes(sinkPeaks.max() ?? 0))",
      goal: "info", met: nil)
    Harness.report(
      "processor time of the server process per upload (user and system): ingest-cli serve;"
        + " the disk sink",
      String(
        format: "%.2f s; %.2f s", Harness.median(processor.ours),
        Harness.median(processor.baseline)),
      goal: "info", met: nil)
  }

  /// The release `ingest-cli` to run, if there is one.
  static func releaseCLI() -> String? {
    let candidates: [String?] = [
      ProcessInfo.processInfo.environment["INGEST_CLI"],
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("ingest-cli").path,
      ProjectPaths.packageRoot.appendingPathComponent(".build/install/release/ingest-cli").path,
    ]
    return candidates.compactMap { $0 }.first {
      !$0.isEmpty && FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}

/// A server running as a child process that prints `listening on http://HOST:PORT` as its first
/// line; its standard error goes to a log file.
struct ServerProcess {
  let process: Process
  let port: UInt16
  let logPath: String

  init(_ executable: String, _ arguments: [String], log: String) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    guard FileManager.default.createFile(atPath: log, contents: nil) else {
      throw HarnessError(message: "cannot create \(log)")
    }
    process.standardError = FileHandle(forWritingAtPath: log)
    logPath = log
    try process.run()
    var line: [UInt8] = []
    while line.last != 10 {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      guard let first = byte.first else { break }
      line.append(first)
    }
    let text = String(decoding: line, as: UTF8.self)
    guard text.hasPrefix("listening on http://"),
      let port = text.split(separator: ":").last.flatMap({
        UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines))
      })
    else {
      process.terminate()
      process.waitUntilExit()
      let log = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw HarnessError(message: "\(executable) printed \(text.debugDescription); its log: \(log)")
    }
    self.port = port
  }

  /// `VmHWM` of the process so far.
  var peakResidentBytes: Int {
    Harness.peakResidentBytes(ofProcess: "\(process.processIdentifier)") ?? 0
  }

  /// The processor time (user and system) the process has used so far, from
  /// `/proc/PID/stat`.
  var processorSeconds: Double {
    guard
      let stat = try? String(
        contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
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
    process.terminate()
    process.waitUntilExit()
  }
}
