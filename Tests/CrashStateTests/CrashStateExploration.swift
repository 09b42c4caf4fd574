import CrashStates
import Foundation
import TestSupport
import Testing

/// The full exploration: every scenario, under both models, restarted in both orders, with up
/// to `INGEST_CRASH_STATES_BOUND` states drawn at each crash point (default 4096); with a
/// PostgreSQL server, its backends too (`PostgresCrashStateTests`):
///
///     INGEST_CRASH_STATES=full scripts/with-postgres.sh \
///       swift test --filter 'CrashStateExploration|PostgresCrashStateTests'
///
/// Each scenario prints one line of counts per model and order.
@Suite(
  "Power loss: the full exploration of every scenario (INGEST_CRASH_STATES=full)",
  .enabled(if: FullExploration.isEnabled))
struct CrashStateExploration {
  /// What is recorded.
  enum Scenario: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case threeFileShare = "a share of three files, one of 4 MiB"
    case keepPartialShare = "a keep-partial share"
    case firstShare = "a first share, which makes the group's directories"
    case oneImport = "an import of one share"
    case groupImport = "an import of a group of five shares"
    case sweep = "a sweep of what crashes left"
    case recoveryByImport = "recovery by an import"
    case recoveryBySweep = "recovery by a sweep"

    var testDescription: String { rawValue }

    func record(in directory: TemporaryDirectory) async throws -> CrashScenario {
      let root = directory.path + "/root"
      let snapshots = directory.path + "/snapshots"
      switch self {
      case .threeFileShare:
        return try await CrashStateTests.threeFileShare(in: directory)
      case .keepPartialShare:
        return try await ScenarioRecordings.recordKeepPartialShare(
          root: root, sources: directory.path)
      case .firstShare:
        let sources = try ScenarioRecordings.sources([1000, 20_000], in: directory.path)
        return try await ScenarioRecordings.recordFirstShare(
          rawValue, providers: sources.map(ScenarioRecordings.provider), root: root)
      case .oneImport:
        return try await CrashStateTests.oneShareImport(in: directory)
      case .groupImport:
        let sizes = ScenarioRecordings.groupSizes()
        let sources = try sizes.indices.map {
          try ScenarioRecordings.sources(sizes[$0], in: directory.path, seed: UInt64(40 + $0))
        }
        return try await ScenarioRecordings.recordImport(
          rawValue, shares: sizes.count, root: root, snapshots: snapshots
        ) { sources[$0].map(ScenarioRecordings.provider) }
      case .sweep:
        return try await ScenarioRecordings.recordSweep(root: root, sources: directory.path)
      case .recoveryByImport, .recoveryBySweep:
        return try await ScenarioRecordings.recordRecovery(
          importing: self == .recoveryByImport, root: root, snapshots: snapshots,
          sources: directory.path)
      }
    }
  }

  @Test(
    "Every state passes, under both models, restarted in both orders", arguments: Scenario.allCases)
  func explore(_ scenario: Scenario) async throws {
    let directory = try TemporaryDirectory(prefix: "crash-full")
    defer { directory.remove() }
    let work = try CrashWorkDirectory()
    defer { work.remove() }
    let recorded = try await scenario.record(in: directory)
    try await recorded.expectEveryStatePasses(bounds: FullExploration.bounds, work: work.path)
  }
}

/// Whether the full exploration runs, and its bounds.
enum FullExploration {
  /// `INGEST_CRASH_STATES=full`.
  static let isEnabled = ProcessInfo.processInfo.environment["INGEST_CRASH_STATES"] == "full"

  /// `INGEST_CRASH_STATES_BOUND` states at most at each crash point (default 4096).
  static var bounds: CrashStateSpace.Bounds {
    .init(
      perCrashPoint: Int(ProcessInfo.processInfo.environment["INGEST_CRASH_STATES_BOUND"] ?? "")
        ?? 4096)
  }
}
