import CrashStates
import Foundation
import Importer
import Ingest
import SystemCalls
import TestSupport
import Testing

/// The states the exploration found the importer failing on under the POSIX minimum, kept.
///
/// The importer used to move each payload from `Incoming/` into the library's files directory
/// by a rename: two directory changes, which a power loss may keep apart. Keeping the new name
/// but not the removal left the payload with two names, which the reading side refuses (the
/// share failed on every later import); keeping the removal but not the new name lost the
/// payload's only copy (the share could never be imported). The importer now gives the
/// payload its library name by a hard link, flushes the files directory, and only then drops
/// the name in `Incoming/`, before the commit; an attempt that finds both names drops the
/// library's (its record is not committed) or the inbox's (it is).
@Suite("Power loss: the import's states the exploration found failing, kept")
struct ImportRegressionTests {
  /// A group with one committed share of two files under `root`, an empty library beside it,
  /// and the share's manifest.
  static func committedShare(root: String, in directory: TemporaryDirectory) async throws
    -> ShareManifest
  {
    let group = try ScenarioRecordings.makeRoot(root)
    let sources = try ScenarioRecordings.sources([2000, 30_000], in: directory.path, seed: 7)
    let id = try await ScenarioRecordings.share(
      sources.map(ScenarioRecordings.provider), into: group)
    _ = try Library(path: CrashLayout(root: root).library)
    return try #require(try CrashScenario.manifests(root: root)[id])
  }

  @Test(
    "A payload linked into the library by an import that died before its commit is imported once",
    arguments: RestartCheck.Order.allCases)
  func linkedBeforeCommit(_ order: RestartCheck.Order) async throws {
    let directory = try TemporaryDirectory(prefix: "crash-regression")
    defer { directory.remove() }
    let root = directory.path + "/root"
    let manifest = try await Self.committedShare(root: root, in: directory)
    let layout = CrashLayout(root: root)
    // The state: the first payload under both names, as the dead import's link left it.
    let name = try #require(manifest.items.first?.fileName)
    #expect(
      link(layout.group + "/Incoming/" + name, layout.libraryFiles + "/\(manifest.id)-0.jpeg") == 0)
    let check = RestartCheck(
      order: order, written: [manifest.id: manifest], initiallyCommitted: [manifest.id])
    let problems = await check.run(
      CrashExploration.State(root: root, crashPoint: 0, notes: [], summary: "kept"))
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test(
    "A payload still in Incoming/ after its share's commit is released, not imported again",
    arguments: RestartCheck.Order.allCases)
  func linkedAfterCommit(_ order: RestartCheck.Order) async throws {
    let directory = try TemporaryDirectory(prefix: "crash-regression")
    defer { directory.remove() }
    let root = directory.path + "/root"
    let manifest = try await Self.committedShare(root: root, in: directory)
    let layout = CrashLayout(root: root)
    // The state: committed, and then nothing removed (every unlink in the group fails).
    let fault = FaultInjector.shared.inject(
      .ioError, into: .unlink, under: layout.group, times: .max)
    let group = try GroupDirectory(path: layout.group)
    let pass = try await LibraryImporter(
      library: try Library(path: layout.library), inbox: DirectoryInbox(group: group)
    ).importPending()
    FaultInjector.shared.remove(fault)
    #expect(pass.imported == [manifest.id])
    #expect(layout.names(in: "Incoming").count == 2)
    #expect(layout.names(in: "Inbox") == ["\(manifest.id).json"])
    let check = RestartCheck(
      order: order, written: [manifest.id: manifest], initiallyCommitted: [manifest.id])
    let problems = await check.run(
      CrashExploration.State(root: root, crashPoint: 0, notes: [], summary: "kept"))
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test("The import removes no name from Incoming/ before the library's names are flushed")
  func noRemovalBeforeFlush() async throws {
    let directory = try TemporaryDirectory(prefix: "crash-regression")
    defer { directory.remove() }
    let scenario = try await CrashStateTests.oneShareImport(in: directory)
    let operations = scenario.history.operations
    let flush = try #require(
      operations.firstIndex {
        if case .sync(_, let path, true, _, _) = $0.kind {
          path.hasSuffix("/" + CrashLayout.libraryName + "-files")
        } else {
          false
        }
      }, "\(scenario.history.listing)")
    let incoming = CrashLayout(root: scenario.history.root).group + "/Incoming/"
    let early = operations[..<flush].filter { operation in
      switch operation.kind {
      case .unlink(_, let path): path.hasPrefix(incoming)
      case .rename(_, let from, _, _): from.hasPrefix(incoming)
      default: false
      }
    }
    #expect(early.isEmpty, "\(scenario.history.listing)")
    // Every payload was linked before the flush, and its name in Incoming/ removed after it,
    // before the commit.
    let links = operations[..<flush].filter {
      if case .link(_, let from, _) = $0.kind { from.hasPrefix(incoming) } else { false }
    }
    #expect(links.count == 3, "\(scenario.history.listing)")
    let commit = try #require(
      operations.firstIndex { if case .note = $0.kind { true } else { false } })
    let released = operations[flush..<commit].filter {
      if case .unlink(_, let path) = $0.kind { path.hasPrefix(incoming) } else { false }
    }
    #expect(released.count == 3, "\(scenario.history.listing)")
  }
}
