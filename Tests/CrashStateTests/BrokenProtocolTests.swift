import CrashStates
import Foundation
import SystemCalls
import TestSupport
import Testing

/// The checks can fail: the same recordings with a flush of the protocol left out (a broken
/// variant of it) leave states the restart check reports.
@Suite("Power loss: a protocol without its flushes fails the checks")
struct BrokenProtocolTests {
  /// States drawn at each crash point: fewer than for the protocol itself, since one failing
  /// state is enough (the extremes and the states one choice away from them come first).
  static let bounds = CrashStateSpace.Bounds(perCrashPoint: 16)

  /// Whether `operation` is an fsync of a path `matches` accepts, of a directory or a file.
  static func isFlush(
    _ operation: RecordedOperation, ofDirectory: Bool, _ matches: (String) -> Bool
  ) -> Bool {
    guard case .sync(_, let path, let isDirectory, _, _) = operation.kind else { return false }
    return isDirectory == ofDirectory && matches(path)
  }

  /// A share of two small files, recorded into a fresh group in `directory`.
  static func smallShare(in directory: TemporaryDirectory) async throws -> CrashScenario {
    let sources = try ScenarioRecordings.sources([1000, 20_000], in: directory.path, seed: 3)
    return try await ScenarioRecordings.recordShare(
      "a share of two files", providers: sources.map(ScenarioRecordings.provider),
      root: directory.path + "/root")
  }

  @Test("Payloads never flushed: a committed manifest names a file whose bytes were lost")
  func unflushedPayloads() async throws {
    let directory = try TemporaryDirectory(prefix: "crash-broken")
    defer { directory.remove() }
    let work = try CrashWorkDirectory()
    defer { work.remove() }
    let scenario = try await Self.smallShare(in: directory)
    let broken = scenario.history.without {
      Self.isFlush($0, ofDirectory: false) { $0.contains("/.staging/") }
    }
    #expect(broken.operations.count == scenario.history.operations.count - 2)
    for model in PersistenceModel.allCases {
      let report = try await scenario.explore(
        model, order: .importFirst, bounds: Self.bounds, work: work.path,
        history: broken)
      print(report.summary)
      #expect(
        report.violations.contains { $0.problems.contains { $0.contains("no complete copy") } },
        "\(report.summary)")
    }
  }

  @Test("Inbox/ never flushed: a share reported committed is lost (POSIX minimum only)")
  func unflushedInbox() async throws {
    let directory = try TemporaryDirectory(prefix: "crash-broken")
    defer { directory.remove() }
    let work = try CrashWorkDirectory()
    defer { work.remove() }
    let scenario = try await Self.smallShare(in: directory)
    let broken = scenario.history.without {
      Self.isFlush($0, ofDirectory: true) { $0.hasSuffix("/Inbox") }
    }
    for model in PersistenceModel.allCases {
      let report = try await scenario.explore(
        model, order: .importFirst, bounds: Self.bounds, work: work.path,
        history: broken)
      print(report.summary)
      let lost = report.violations.filter {
        $0.problems.contains { $0.contains("reported committed before the crash, and is gone") }
      }
      // Under ext4 the flush of Incoming/ that follows commits the journal, the rename in it.
      #expect(lost.isEmpty == (model == .ext4Ordered), "\(report.summary)")
    }
  }

  @Test("The library's files never flushed: a committed record names a file that is gone")
  func unflushedLibraryFiles() async throws {
    let directory = try TemporaryDirectory(prefix: "crash-broken")
    defer { directory.remove() }
    let work = try CrashWorkDirectory()
    defer { work.remove() }
    let scenario = try await CrashStateTests.oneShareImport(in: directory)
    let broken = scenario.history.without {
      Self.isFlush($0, ofDirectory: true) { $0.hasSuffix("/library.sqlite-files") }
    }
    #expect(broken.operations.count == scenario.history.operations.count - 1)
    for model in PersistenceModel.allCases {
      let report = try await scenario.explore(
        model, order: .importFirst, bounds: Self.bounds, work: work.path,
        history: broken)
      print(report.summary)
      #expect(
        report.violations.contains {
          $0.problems.contains { $0.contains("is not whole in the library") }
        }, "\(report.summary)")
    }
  }
}
