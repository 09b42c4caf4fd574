import CrashStates
import Foundation
import SystemCalls
import TestSupport
import Testing

/// The states the exploration found a first share failing on under the POSIX minimum, kept.
///
/// A first share makes the group directory and its `Incoming/`, `Inbox/` and `.staging/`, and
/// used to flush none of their parents: a directory's name is durable only once its parent is
/// flushed, so a power loss after the share reported committed could keep the manifest (the
/// flush of `Inbox/` made it durable) and lose `Incoming/` or `.staging/` with every payload in
/// them, or lose the group directory whole. (Under ext4's journal any later flush commits the
/// names, and no state failed.) Every directory the layer makes now has its name flushed in its
/// parent before it is used (`FileSystem.makeDirectories`, `FileDescriptor.ensureDirectory`).
@Suite("Power loss: a first share's states the exploration found failing, kept")
struct ShareRegressionTests {
  /// Records a first share of two files, which makes the group's directories.
  static func firstShare(in directory: TemporaryDirectory) async throws -> CrashScenario {
    let sources = try ScenarioRecordings.sources([1000, 20_000], in: directory.path, seed: 13)
    return try await ScenarioRecordings.recordFirstShare(
      "a first share", providers: sources.map(ScenarioRecordings.provider),
      root: directory.path + "/root")
  }

  /// Whether `operation` flushes the recording's root or the group directory itself.
  static func flushesGroupParents(_ operation: RecordedOperation, root: String) -> Bool {
    guard case .sync(_, let path, true, _, _) = operation.kind else { return false }
    return path == root || path == CrashLayout(root: root).group
  }

  @Test("Every directory a first share makes is durable before its commit")
  func directoriesDurableBeforeCommit() async throws {
    let directory = try TemporaryDirectory(prefix: "crash-regression")
    defer { directory.remove() }
    let scenario = try await Self.firstShare(in: directory)
    let history = scenario.history
    let commit = try #require(
      history.operations.firstIndex {
        if case .rename(_, _, let to, _) = $0.kind { return to.hasSuffix(".json") }
        return false
      }, "\(history.listing)")
    let units = try history.units(under: .posixMinimum)
    let directories = units.filter {
      if case .addName(_, _, .directory) = $0.effect { return true }
      return false
    }
    // The group, Incoming/, Inbox/ and .staging/.
    #expect(directories.count == 4, "\(history.listing)")
    for unit in directories {
      let durable = try #require(unit.durableAfter, "\(unit.summary) is never flushed")
      #expect(durable < commit, "\(unit.summary) is durable only after the commit")
    }
  }

  @Test("Without those flushes the states found fail again; with them every state passes")
  func statesFound() async throws {
    let directory = try TemporaryDirectory(prefix: "crash-regression")
    defer { directory.remove() }
    let work = try CrashWorkDirectory()
    defer { work.remove() }
    let scenario = try await Self.firstShare(in: directory)
    let root = scenario.history.root
    let broken = scenario.history.without { Self.flushesGroupParents($0, root: root) }
    #expect(broken.operations.count < scenario.history.operations.count)
    for model in PersistenceModel.allCases {
      let report = try await scenario.explore(
        model, order: .importFirst, bounds: CrashStateTests.bounds, work: work.path)
      print(report.summary)
      #expect(report.run > 0)
      #expect(report.violations.isEmpty, "\(report)")
      let old = try await scenario.explore(
        model, order: .importFirst, bounds: BrokenProtocolTests.bounds, work: work.path,
        history: broken)
      print(old.summary)
      let lost = old.violations.filter {
        $0.problems.contains {
          $0.contains("no complete copy") || $0.contains("reported committed before the crash")
        }
      }
      // Under ext4 the flushes that follow commit the journal, the directories' names in it.
      #expect(lost.isEmpty == (model == .ext4Ordered), "\(old.summary)")
    }
  }
}
