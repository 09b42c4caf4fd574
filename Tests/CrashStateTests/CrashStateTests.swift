import CrashStates
import Foundation
import Ingest
import SystemCalls
import TestSupport
import Testing

/// The crash states of one share and one import, at the size CI runs; the full exploration of
/// every scenario is `CrashStateExploration`.
@Suite("Power loss: the crash states of a share and an import, restarted and checked")
struct CrashStateTests {
  /// States drawn at each crash point in CI.
  static let bounds = CrashStateSpace.Bounds(perCrashPoint: 64)

  @Test("A share of three files (one copied by the kernel): every state passes, both models")
  func share() async throws {
    let directory = try TemporaryDirectory(prefix: "crash-share")
    defer { directory.remove() }
    let work = try CrashWorkDirectory()
    defer { work.remove() }
    let scenario = try await Self.threeFileShare(in: directory)
    #expect(scenario.history.operations.count > 20, "\(scenario.history.listing)")
    try await scenario.expectEveryStatePasses(bounds: Self.bounds, work: work.path)
  }

  @Test("A share of three files published by rename: every state passes, both models")
  func shareByRename() async throws {
    let directory = try TemporaryDirectory(prefix: "crash-share-rename")
    defer { directory.remove() }
    let work = try CrashWorkDirectory()
    defer { work.remove() }
    let fault = FaultInjector.shared.inject(
      .notSupported, into: .link, under: directory.path + "/root", times: .max)
    let scenario: CrashScenario
    do {
      defer { FaultInjector.shared.remove(fault) }
      scenario = try await Self.threeFileShare(in: directory)
    }
    // Every payload renamed into Incoming/, none linked.
    let incoming = CrashLayout(root: scenario.history.root).group + "/Incoming/"
    let renames = scenario.history.operations.filter {
      if case .rename(_, _, let to, _) = $0.kind { to.hasPrefix(incoming) } else { false }
    }
    let links = scenario.history.operations.filter {
      if case .link = $0.kind { true } else { false }
    }
    #expect(renames.count == 3, "\(scenario.history.listing)")
    #expect(links.isEmpty, "\(scenario.history.listing)")
    try await scenario.expectEveryStatePasses(bounds: Self.bounds, work: work.path)
  }

  @Test("An import of a share of three files: every state passes, both models")
  func importShare() async throws {
    let directory = try TemporaryDirectory(prefix: "crash-import")
    defer { directory.remove() }
    let work = try CrashWorkDirectory()
    defer { work.remove() }
    let scenario = try await Self.oneShareImport(in: directory)
    #expect(scenario.history.operations.count > 5, "\(scenario.history.listing)")
    try await scenario.expectEveryStatePasses(bounds: Self.bounds, work: work.path)
  }

  /// Records a share of three files (1000 bytes, 100 kB, and 4 MiB, which the kernel copies)
  /// into a fresh group in `directory`.
  static func threeFileShare(in directory: TemporaryDirectory) async throws -> CrashScenario {
    let sources = try ScenarioRecordings.sources([1000, 100_000, 4 << 20], in: directory.path)
    return try await ScenarioRecordings.recordShare(
      "a share of three files", providers: sources.map(ScenarioRecordings.provider),
      root: directory.path + "/root")
  }

  /// Commits a share of the same three files into a fresh group in `directory`, with an empty
  /// library beside it, and records one import pass.
  static func oneShareImport(in directory: TemporaryDirectory) async throws -> CrashScenario {
    let sources = try ScenarioRecordings.sources([1000, 100_000, 4 << 20], in: directory.path)
    return try await ScenarioRecordings.recordImport(
      "an import of one share", shares: 1, root: directory.path + "/root",
      snapshots: directory.path + "/snapshots"
    ) { _ in sources.map(ScenarioRecordings.provider) }
  }
}
