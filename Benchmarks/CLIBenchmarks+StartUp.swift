import Foundation
import TestSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

extension CLIBenchmarks {
  /// One comparison: a command of `ingest-cli` beside a baseline process doing the same kind of
  /// work, and the most processor time the command may take, as a multiple of the baseline's.
  struct Pair {
    var name: String
    var command: [String]
    var baseline: (program: String, arguments: [String])
    var goal: Double?
    /// Runs before each of the two processes, untimed (a fresh directory for each).
    var prepare: () throws -> [String: String] = { [:] }
  }

  /// Issue 32: one process per question, beside `file` (or `cp`) answering the same in the same
  /// run. Each round runs every pair, the two processes alternating (which goes first changes
  /// every round); the figures are medians of processor time (user and system, from `wait4`)
  /// and wall time.
  static func startUp(_ executable: String, file: String, cp: String) throws {
    let files = ProjectPaths.corpus.appendingPathComponent("files")
    let photo = files.appendingPathComponent("photo.heic").path
    let movie = files.appendingPathComponent("video.mov").path
    let pdf = files.appendingPathComponent("document.pdf").path
    let rule = ProjectPaths.packageRoot.appendingPathComponent("examples/PhotoShare/Info.plist")
      .path
    var pairs = [
      Pair(
        name: "--version", command: ["--version"], baseline: (file, ["--version"]), goal: 1.5),
      Pair(
        name: "types photo.heic", command: ["types", photo],
        baseline: (file, ["--mime-type", photo]), goal: 2),
      Pair(
        name: "types video.mov", command: ["types", movie],
        baseline: (file, ["--mime-type", movie]), goal: 2),
      Pair(
        name: "types document.pdf", command: ["types", pdf],
        baseline: (file, ["--mime-type", pdf]), goal: 2),
      Pair(
        name: "rule check Info.plist --source photos-photo",
        command: ["rule", "check", rule, "--source", "photos-photo"],
        baseline: (file, ["--mime-type", photo]), goal: 3),
      Pair(
        name: "uti public.heic", command: ["uti", "public.heic"],
        baseline: (file, ["--mime-type", photo]), goal: 3),
    ]
    // The whole-directory run: every share-relevant file of the sniffing section's corpus.
    let (_, relevant, source) = try SniffingBenchmarks.files()
    let everything = relevant.map(\.path)
    pairs.append(
      Pair(
        name: "types on \(everything.count) share-relevant files of \(source), one process",
        command: ["types"] + everything, baseline: (file, ["--mime-type"] + everything),
        goal: nil))
    let ram = try ramDirectory()
    if let ram {
      let small = ram + "/small.png"
      try FileManager.default.copyItem(
        atPath: files.appendingPathComponent("screenshot.png").path, toPath: small)
      pairs.append(
        Pair(
          name: "share small.png into a fresh group on a RAM file system",
          command: ["share", small], baseline: (cp, [small, ram + "/copy/small.png"]), goal: 3,
          prepare: {
            for name in ["group", "copy"] {
              try? FileManager.default.removeItem(atPath: ram + "/" + name)
            }
            try FileManager.default.createDirectory(
              atPath: ram + "/copy", withIntermediateDirectories: false)
            return ["INGEST_GROUP_DIR": ram + "/group"]
          }))
    }
    defer { if let ram { try? FileManager.default.removeItem(atPath: ram) } }

    let rounds = 61
    var costs = [(ingest: [Cost], baseline: [Cost])](repeating: ([], []), count: pairs.count)
    for round in 0...rounds {
      for (index, pair) in pairs.enumerated() {
        var measured: (ingest: Cost?, baseline: Cost?) = (nil, nil)
        for side in round % 2 == 0 ? [0, 1] : [1, 0] {
          let environment = try pair.prepare()
          if side == 0 {
            measured.ingest = try spawn(executable, pair.command, environment: environment)
          } else {
            measured.baseline = try spawn(pair.baseline.program, pair.baseline.arguments)
          }
        }
        guard round > 0, let ingest = measured.ingest, let baseline = measured.baseline else {
          continue  // the first round warms the page cache
        }
        costs[index].ingest.append(ingest)
        costs[index].baseline.append(baseline)
      }
    }
    for (pair, cost) in zip(pairs, costs) {
      report(pair, ingest: cost.ingest, baseline: cost.baseline)
    }
    if ram == nil {
      print("  (no RAM file system at /dev/shm: the share beside cp is skipped)")
    }
  }

  /// Prints one pair's medians and the ratio of processor times.
  static func report(_ pair: Pair, ingest: [Cost], baseline: [Cost]) {
    let processor = Harness.median(ingest.map(\.processor))
    let wall = Harness.median(ingest.map(\.wall))
    let baselineProcessor = Harness.median(baseline.map(\.processor))
    let baselineWall = Harness.median(baseline.map(\.wall))
    let ratio = processor / baselineProcessor
    let baselineName =
      ([URL(fileURLWithPath: pair.baseline.program).lastPathComponent]
      + pair.baseline.arguments.prefix(1).map { $0.hasPrefix("-") ? $0 : "FILE" }).joined(
        separator: " ")
    Harness.report(
      "ingest-cli \(pair.name)",
      String(
        format: "%.2f ms processor, %.2f ms wall; %@: %.2f ms, %.2f ms; %.2fx processor time",
        processor * 1000, wall * 1000, baselineName, baselineProcessor * 1000,
        baselineWall * 1000, ratio),
      goal: pair.goal.map { String(format: "<= %.1fx %@'s processor time", $0, baselineName) }
        ?? "info",
      met: pair.goal.map { ratio <= $0 })
  }

  /// A fresh directory on the RAM file system at /dev/shm, where a flush costs nothing; nil
  /// where there is none.
  static func ramDirectory() throws -> String? {
    let mounts = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
    let isTmpfs = mounts.split(separator: "\n").contains { line in
      let fields = line.split(separator: " ")
      return fields.count > 2 && fields[1] == "/dev/shm" && fields[2] == "tmpfs"
    }
    guard isTmpfs, access("/dev/shm", W_OK) == 0 else { return nil }
    let directory = "/dev/shm/CLIBenchmarks-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    return directory
  }
}
