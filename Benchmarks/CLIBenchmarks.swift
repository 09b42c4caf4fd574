import Foundation
import TestSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Issue 11's goal: `ingest-cli share small.png` end to end, from process start to exit, with a
/// fresh group directory each time, under 25 ms median; `cp` of the same file measured in the
/// same run, and the ratio reported. `ingest-cli --version` shows what start-up alone costs.
///
/// The release `ingest-cli` is taken from beside this executable (`.build/release`), built as
/// `scripts/install.sh` builds it: `swift build -c release --static-swift-stdlib`, then
/// `.build/release/Benchmarks cli`. Linked dynamically, start-up alone costs about 15 ms more
/// (the dynamic linker's symbol lookups in libFoundation and the Swift runtime).
enum CLIBenchmarks {
  static func run() throws {
    Harness.section("cli")
    let executable = URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("ingest-cli").path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      print(
        "  skipped: no \(executable); build it with: swift build -c release --static-swift-stdlib")
      return
    }
    guard let cp = Harness.which("cp") else {
      print("  skipped: no cp on PATH")
      return
    }
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("CLIBenchmarks-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let source = root + "/small.png"
    try FileManager.default.copyItem(
      atPath: ProjectPaths.corpus.appendingPathComponent("files/screenshot.png").path,
      toPath: source)

    let rounds = 41
    var shares: [Double] = []
    var copies: [Double] = []
    var versions: [Double] = []
    for round in 0...rounds {
      let group = root + "/group-\(round)"
      let copyDirectory = root + "/copy-\(round)"
      try FileManager.default.createDirectory(
        atPath: copyDirectory, withIntermediateDirectories: false)
      let share = try spawn(
        executable, ["share", source], environment: ["INGEST_GROUP_DIR": group])
      let copy = try spawn(cp, [source, copyDirectory + "/small.png"], environment: [:])
      let version = try spawn(executable, ["--version"], environment: [:])
      guard round > 0 else { continue }  // the first round warms the page cache
      shares.append(share)
      copies.append(copy)
      versions.append(version)
    }
    let share = Harness.median(shares)
    let copy = Harness.median(copies)
    Harness.report(
      "ingest-cli share small.png (98 B), process start to exit, fresh group each time",
      String(
        format: "%.2f ms median of %d (p90 %.2f ms); %.1fx cp", share * 1000, shares.count,
        percentile(shares, 0.9) * 1000, share / copy),
      goal: "< 25 ms median", met: share < 0.025)
    Harness.report(
      "baseline: cp small.png into a directory",
      String(format: "%.2f ms median", copy * 1000), goal: "baseline", met: nil)
    Harness.report(
      "ingest-cli --version (start-up alone: loading, linking, runtime)",
      String(format: "%.2f ms median", Harness.median(versions) * 1000), goal: "info", met: nil)
  }

  static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }

  /// Seconds from `posix_spawn` to the child's exit; throws unless it exits 0. Its output goes
  /// to /dev/null.
  static func spawn(_ path: String, _ arguments: [String], environment: [String: String]) throws
    -> Double
  {
    var variables = ProcessInfo.processInfo.environment
    for (key, value) in environment { variables[key] = value }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid = pid_t()
    let start = Harness.now()
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw HarnessError(message: "cannot run \(path): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let elapsed = Double(Harness.now() - start) / 1e9
    guard status == 0 else {
      throw HarnessError(message: "\(path) \(arguments) ended with wait status \(status)")
    }
    return elapsed
  }
}
