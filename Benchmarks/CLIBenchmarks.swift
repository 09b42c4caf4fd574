import Foundation
import TestSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The `cli` section: what one `ingest-cli` process costs, from `posix_spawn` to its exit.
///
/// Issue 32's goals (`CLIBenchmarks+StartUp.swift`): a command that answers one question costs
/// about what `file` costs, each figure `ingest-cli` beside `file` or `cp` on the same files in
/// the same run, the two alternating. Issue 11's goal: `ingest-cli share small.png` end to end,
/// into a fresh group directory on the disk each time, under 25 ms median.
///
/// The `ingest-cli` measured is the one `scripts/install.sh` builds and installs, from its
/// build directory (`INGEST_CLI` names another, an installed one):
///
///     scripts/install.sh --build-only
///     swift run -c release Benchmarks cli
enum CLIBenchmarks {
  static func run() throws {
    Harness.section("cli")
    let executable =
      ProcessInfo.processInfo.environment["INGEST_CLI"]
      ?? ProjectPaths.packageRoot.appendingPathComponent(".build/install/release/ingest-cli").path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      print("  skipped: no \(executable); build it with: scripts/install.sh --build-only")
      return
    }
    guard let cp = Harness.which("cp"), let file = Harness.which("file") else {
      print("  skipped: cp and file must be on PATH (apt-get install coreutils file)")
      return
    }
    print("  \(executable): \(build(of: executable))")
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("CLIBenchmarks-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let source = root + "/small.png"
    try FileManager.default.copyItem(
      atPath: ProjectPaths.corpus.appendingPathComponent("files/screenshot.png").path,
      toPath: source)

    try startUp(executable, file: file, cp: cp)
    try shareOnDisk(executable, source: source, cp: cp, root: root)
  }

  /// Issue 11: a share into a fresh group directory on the disk, flushes and all.
  static func shareOnDisk(_ executable: String, source: String, cp: String, root: String) throws {
    let rounds = 41
    var shares: [Double] = []
    var copies: [Double] = []
    for round in 0...rounds {
      let group = root + "/group-\(round)"
      let copyDirectory = root + "/copy-\(round)"
      try FileManager.default.createDirectory(
        atPath: copyDirectory, withIntermediateDirectories: false)
      let share = try spawn(
        executable, ["share", source], environment: ["INGEST_GROUP_DIR": group])
      let copy = try spawn(cp, [source, copyDirectory + "/small.png"])
      guard round > 0 else { continue }  // the first round warms the page cache
      shares.append(share.wall)
      copies.append(copy.wall)
    }
    let share = Harness.median(shares)
    let copy = Harness.median(copies)
    Harness.report(
      "ingest-cli share small.png (98 B) on the disk, wall time, fresh group each time",
      String(
        format: "%.2f ms median of %d (p90 %.2f ms); %.1fx cp (%.2f ms)", share * 1000,
        shares.count, percentile(shares, 0.9) * 1000, share / copy, copy * 1000),
      goal: "< 25 ms median", met: share < 0.025)
  }

  static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }

  /// How the binary was linked, as far as start-up goes: `scripts/install.sh` links a
  /// position-dependent program (ELF type EXEC), `swift build` a position-independent one.
  static func build(of path: String) -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else { return "unreadable" }
    defer { try? handle.close() }
    let header = handle.readData(ofLength: 18)
    guard header.count == 18, header.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]) else {
      return "not an ELF file"
    }
    switch UInt16(header[16]) | UInt16(header[17]) << 8 {
    case 2: return "position-dependent, as scripts/install.sh links it"
    case 3:
      return "position-independent: not the scripts/install.sh build, so every start costs more"
    case let type: return "ELF type \(type)"
    }
  }

  /// What a spawned process cost: its processor time (user and system, from `wait4`) and the
  /// wall time from `posix_spawn` to its exit, in seconds.
  struct Cost {
    var processor: Double
    var wall: Double
  }

  /// Runs a program to its exit with its output to /dev/null; throws unless it exits 0.
  static func spawn(_ path: String, _ arguments: [String], environment: [String: String] = [:])
    throws -> Cost
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
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let wall = Double(Harness.now() - start) / 1e9
    guard status == 0 else {
      throw HarnessError(message: "\(path) \(arguments) ended with wait status \(status)")
    }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return Cost(processor: seconds(usage.ru_utime) + seconds(usage.ru_stime), wall: wall)
  }
}
