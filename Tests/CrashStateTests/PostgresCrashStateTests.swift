import CrashStates
import Foundation
import SystemCalls
import TestSupport
import Testing

/// The crash states of the PostgreSQL backends whose payloads are files: the inbox in the
/// database with its payloads in the group directory, and the library in the database with its
/// files in a directory. Each state restores the database's snapshot of its last commit, then
/// restarts as `ingest-cli inbox list|import|sweep --inbox-url ... --library-url ...` would.
///
/// At the size CI runs unless `INGEST_CRASH_STATES=full` (see `CrashStateExploration`).
@Suite(
  "Power loss: the PostgreSQL inbox and library, whose payloads are files",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresCrashStateTests {
  /// The bounds: CI's, or the full exploration's.
  static var bounds: CrashStateSpace.Bounds {
    FullExploration.isEnabled ? FullExploration.bounds : CrashStateTests.bounds
  }

  /// The restart orders: in CI the import first (each state costs a few connections; the
  /// directory backend's tests run both orders), both in the full exploration.
  static var orders: [RestartCheck.Order] {
    FullExploration.isEnabled ? RestartCheck.Order.allCases : [.importFirst]
  }

  /// Explores `scenario` under both models and expects every state to pass.
  static func expectEveryStatePasses(_ scenario: CrashScenario) async throws {
    let work = try CrashWorkDirectory()
    defer { work.remove() }
    try await scenario.expectEveryStatePasses(
      bounds: Self.bounds, work: work.path, orders: Self.orders)
  }

  @Test("A share of three files into the PostgreSQL inbox: every state passes, both models")
  func share() async throws {
    try await PostgresServer.sharing {
      let database = try await PostgresCrashDatabase.make()
      defer { database.drop() }
      let directory = try TemporaryDirectory(prefix: "crash-postgres-share")
      defer { directory.remove() }
      let sources = try ScenarioRecordings.sources([1000, 100_000, 4 << 20], in: directory.path)
      let scenario = try await ScenarioRecordings.recordPostgresShare(
        "a share into the PostgreSQL inbox", providers: sources.map(ScenarioRecordings.provider),
        root: directory.path + "/root", snapshots: directory.path + "/snapshots",
        database: database)
      let commits = scenario.history.blackBoxes.first?.commits.count
      #expect(commits == 1, "\(scenario.history.listing)")
      try await Self.expectEveryStatePasses(scenario)
      // The checks can fail here too: without the payloads' flushes the database commits a
      // share whose bytes a power loss may take.
      let broken = scenario.history.without {
        BrokenProtocolTests.isFlush($0, ofDirectory: false) { $0.contains("/.staging/") }
      }
      let work = try CrashWorkDirectory()
      defer { work.remove() }
      let report = try await scenario.explore(
        .posixMinimum, order: .importFirst, bounds: BrokenProtocolTests.bounds, work: work.path,
        history: broken)
      print(report.summary)
      #expect(
        report.violations.contains { $0.problems.contains { $0.contains("no complete copy") } },
        "\(report.summary)")
    }
  }

  @Test("An import of two shares into the PostgreSQL library: every state passes, both models")
  func importShares() async throws {
    try await PostgresServer.sharing {
      let database = try await PostgresCrashDatabase.make()
      defer { database.drop() }
      let directory = try TemporaryDirectory(prefix: "crash-postgres-import")
      defer { directory.remove() }
      let sizes = [[1000, 100_000], [4 << 20]]
      let sources = try sizes.indices.map {
        try ScenarioRecordings.sources(sizes[$0], in: directory.path, seed: UInt64(50 + $0))
      }
      let scenario = try await ScenarioRecordings.recordPostgresImport(
        "an import into the PostgreSQL library", shares: sizes.count,
        root: directory.path + "/root", snapshots: directory.path + "/snapshots",
        database: database
      ) { sources[$0].map(ScenarioRecordings.provider) }
      let commits = scenario.history.blackBoxes.first?.commits.count
      #expect(commits == 1, "\(scenario.history.listing)")
      try await Self.expectEveryStatePasses(scenario)
    }
  }
}
