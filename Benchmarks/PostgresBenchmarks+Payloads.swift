import Foundation
import Importer
import Ingest
import IngestPostgres
import SystemCalls
import TestSupport

/// Issue 30's payload figures: one file shared into a PostgreSQL inbox with its payload in the
/// group directory (the baseline) or in the database (chunks of bytea), 20 KB and 1 GiB, by
/// the release `ingest-cli` (built beside this executable: `swift build -c release`), `share`
/// then `inbox import` (for the database from another group directory: nothing shared but
/// the database); wall time and peak resident memory of each process (GNU time's `%M`: the
/// process is forked by `time`, a small process, so the figure is the command's own). Beside
/// them, psql's `\lo_import` and `\lo_export` of the same 1 GiB: the server's own speed. Then
/// `inbox import` of 1,000 small shares (`smallImports(root:)`). Needs GNU time
/// (`apt-get install time`).
///
///   scripts/with-postgres.sh swift run -c release Benchmarks postgres-payloads
extension PostgresBenchmarks {
  /// Both payload stores, 20 KB and 1 GiB.
  static func payloads() async throws {
    guard let root = try section("postgres-payloads", scratch: "PostgresPayloads") else { return }
    defer { try? FileSystem.removeTree(root) }
    let cli = releaseCLI
    guard FileManager.default.isExecutableFile(atPath: cli), let time = Harness.which("time")
    else {
      print("  skipped: needs \(cli) (swift build -c release) and GNU time on PATH")
      return
    }
    // Every type, files up to 2 GiB: the default contract stops at 512 MiB.
    let contract = root + "/contract.json"
    try Data(
      #"""
      {"acceptedTypes": ["public.item"], "maximumFileSize": 2147483648, \#
      "maximumShareSize": 2147483648}
      """#
      .utf8
    ).write(to: URL(fileURLWithPath: contract))
    let tools = Tools(cli: cli, time: time, contract: contract)
    print(
      "  ingest-cli share FILE into a PostgreSQL inbox, then ingest-cli inbox import into the"
        + " PostgreSQL library (with payloads in the database, from another group directory);"
        + " median wall time, highest peak resident memory of each process")
    // Each store's 20 KB import peak: the process's own floor, which the 1 GiB peak is also
    // given above.
    var floors: [PostgresPayloads: Int] = [:]
    for (label, size, rounds) in [("20 KB", 20_000, 7), ("1 GiB", 1 << 30, 2)] {
      let source = URL(fileURLWithPath: root + "/source-\(size).mov")
      if size >= 1 << 30 {
        try ItemProviderBenchmarks.writeLargeFile(at: source)
      } else {
        var generator = SplitMix64(seed: 30)
        try Data((0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
          .write(to: source)
      }
      var figures: [PostgresPayloads: Figures] = [:]
      for round in 0..<rounds {
        // Alternate which store goes first, so neither always meets a colder cache.
        let order: [PostgresPayloads] =
          round % 2 == 0 ? [.groupDirectory, .chunks] : [.chunks, .groupDirectory]
        for store in order {
          let figure = try await payloadRound(
            source: source.path, store: store, root: "\(root)/\(size)-\(round)", tools)
          figures[store, default: Figures()].add(figure)
        }
      }
      let baseline = figures[.groupDirectory] ?? Figures()
      for store in [PostgresPayloads.groupDirectory, .chunks] {
        let figure = figures[store] ?? Figures()
        let isGoal = store == .chunks && size >= 1 << 30
        let peak = max(figure.sharePeak, figure.importPeak)
        let ratios =
          store == .chunks
          ? String(
            format: "; %.2fx and %.2fx the group directory's times", figure.share / baseline.share,
            figure.importing / baseline.importing) : ""
        Harness.report(
          "  \(label), payload "
            + (store == .chunks ? "in the database (bytea chunks)" : "in the group directory"),
          "share \(seconds(figure.share)) (peak \(Harness.mebibytes(figure.sharePeak))), import"
            + " \(seconds(figure.importing)) (peak \(Harness.mebibytes(figure.importPeak)))"
            + ratios,
          goal: isGoal
            ? "<= 32 MiB on both sides, each within 3x the group directory's time"
            : store == .groupDirectory ? "baseline" : "",
          met: isGoal
            ? peak <= 32 << 20 && figure.share <= 3 * baseline.share
              && figure.importing <= 3 * baseline.importing : nil)
      }
      for store in [PostgresPayloads.groupDirectory, .chunks] {
        guard let figure = figures[store] else { continue }
        guard size >= 1 << 30, let floor = floors[store] else {
          floors[store] = figure.importPeak
          continue
        }
        Harness.report(
          "  1 GiB import's peak above the same process's floor (its 20 KB import), payload "
            + (store == .chunks ? "in the database" : "in the group directory"),
          "\(Harness.mebibytes(figure.importPeak - floor)) above"
            + " \(Harness.mebibytes(floor))", goal: "info", met: nil)
      }
      if size >= 1 << 30 { try serverSpeed(source: source.path, root: root) }
      try? FileSystem.removeFile(source.path)
    }
    // `inbox import` of 1,000 small shares, payloads in the database against the directory.
    try await smallImports(root: root)
  }

  /// The programs a round runs.
  struct Tools {
    var cli: String
    var time: String
    var contract: String
  }

  /// Times and peaks of the rounds of one store.
  struct Figures {
    var shareSeconds: [Double] = []
    var importSeconds: [Double] = []
    var sharePeak = 0
    var importPeak = 0

    var share: Double { Harness.median(shareSeconds) }
    var importing: Double { Harness.median(importSeconds) }

    mutating func add(_ round: (share: Double, sharePeak: Int, importing: Double, importPeak: Int))
    {
      shareSeconds.append(round.share)
      importSeconds.append(round.importing)
      sharePeak = max(sharePeak, round.sharePeak)
      importPeak = max(importPeak, round.importPeak)
    }
  }

  /// Opens the section `name`: nil (saying why) when no PostgreSQL server is available, else a
  /// fresh scratch directory `<scratch>-<UUID>` for the caller to remove.
  static func section(_ name: String, scratch: String) throws -> String? {
    Harness.section(name)
    guard PostgresServer.isAvailable else {
      print("  \(PostgresServer.skipMessage)")
      return nil
    }
    let root = IngestBenchmarks.scratch
      .appendingPathComponent("\(scratch)-\(UUID().uuidString)").path
    try FileSystem.makeDirectories(root)
    return root
  }

  /// The release `ingest-cli` beside this executable (`swift build -c release` builds both).
  static var releaseCLI: String {
    URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("ingest-cli").path
  }

  /// A fresh database with the schema migrated: its URL as text (drop it with
  /// `PostgresServer.dropDatabase`) and parsed. Dropped again if the migration fails.
  static func migratedDatabase() async throws -> (text: String, url: PostgresURL) {
    let database = try PostgresServer.makeDatabase(prefix: "bench")
    do {
      guard let url = PostgresURL(database) else {
        throw HarnessError(message: "not a PostgreSQL URL: \(database)")
      }
      try await PostgresSchema.migrate(url)
      return (database, url)
    } catch {
      PostgresServer.dropDatabase(database)
      throw error
    }
  }

  static func seconds(_ value: Double) -> String {
    value < 1 ? String(format: "%.1f ms", value * 1e3) : String(format: "%.2f s", value)
  }

  /// One share and its import by `ingest-cli`, on a fresh database.
  static func payloadRound(source: String, store: PostgresPayloads, root: String, _ tools: Tools)
    async throws -> (share: Double, sharePeak: Int, importing: Double, importPeak: Int)
  {
    let (database, _) = try await migratedDatabase()
    defer { PostgresServer.dropDatabase(database) }
    try FileSystem.makeDirectories(root)
    defer { try? FileSystem.removeTree(root) }
    let sharer = root + "/sharer"
    let importer = store == .chunks ? root + "/importer" : sharer
    let payloads = store == .chunks ? ["--payloads", database] : []
    let shared = try measured(
      tools,
      ["share", "--group-dir", sharer, "--inbox", database, "--contract", tools.contract]
        + payloads + [source], root: root)
    let imported = try measured(
      tools,
      [
        "inbox", "import", "--group-dir", importer, "--inbox", database, "--library", database,
        "--contract", tools.contract,
      ], root: root)
    let count = try PostgresServer.psql(
      database, "SELECT count(*) FROM share_ingest.library_records")
    guard count == ["1"] else {
      throw HarnessError(message: "the share was not imported (\(count))")
    }
    return (shared.seconds, shared.peak, imported.seconds, imported.peak)
  }

  /// Runs `ingest-cli arguments` under GNU time; its wall time and peak resident bytes.
  static func measured(_ tools: Tools, _ arguments: [String], root: String) throws
    -> (seconds: Double, peak: Int)
  {
    let report = root + "/time-\(UUID().uuidString)"
    let start = Harness.now()
    try Harness.run(executable: tools.time, ["-o", report, "-f", "%M", tools.cli] + arguments)
    let elapsed = Double(Harness.now() - start) / 1e9
    let text = try String(contentsOfFile: report, encoding: .utf8)
    guard let kibibytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw HarnessError(message: "GNU time printed \(text)")
    }
    return (elapsed, kibibytes << 10)
  }

  /// psql's `\lo_import` and `\lo_export` of `source`: how fast the server takes and gives a
  /// large object, whoever the client.
  static func serverSpeed(source: String, root: String) throws {
    guard let server = PostgresServer.url else { return }
    let database = try PostgresServer.makeDatabase(prefix: "bench")
    defer { PostgresServer.dropDatabase(database) }
    var start = Harness.now()
    try PostgresServer.psql(database, "\\lo_import \(source)")
    let importing = Double(Harness.now() - start) / 1e9
    guard
      let oid = try PostgresServer.psql(database, "SELECT max(oid) FROM pg_largeobject_metadata")
        .first
    else {
      throw HarnessError(message: "psql made no large object on \(server)")
    }
    start = Harness.now()
    try PostgresServer.psql(database, "\\lo_export \(oid) \(root)/exported")
    let exporting = Double(Harness.now() - start) / 1e9
    try? FileSystem.removeFile(root + "/exported")
    Harness.report(
      "  1 GiB through psql's \\lo_import and \\lo_export (the server's own speed)",
      "in \(seconds(importing)), out \(seconds(exporting))", goal: "reference", met: nil)
  }
}
