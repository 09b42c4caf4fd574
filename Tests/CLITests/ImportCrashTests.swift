import Foundation
import Importer
import Synchronization
import SystemCalls
import TestSupport
import Testing

/// Real importer processes killed with SIGKILL at random points, and real processes sharing
/// and importing into one library at once. CI kills `INGEST_IMPORT_KILLS` importers (default
/// 100; an import that finishes before its kill does not count); the documented larger run is
/// `INGEST_IMPORT_KILLS=1000 swift test --filter ImportCrashTests`.
@Suite(
  "Library import: killed importers and concurrent importers, every share exactly once",
  .serialized)
struct ImportCrashTests {
  /// What a group directory and a library hold, checked: the library opens and is sound, and
  /// every share made is in the library or in the inbox, never lost, never twice.
  static func check(
    group: String, libraryPath: String, made: Set<String>
  ) async throws -> (imported: Set<String>, pending: Set<String>, strayFiles: Int) {
    let library = try await Library.open(path: libraryPath)
    #expect(try await library.quickCheck() == "ok")
    let records = try await library.records()
    let imported = Set(records.map(\.shareID.uuidString))
    #expect(imported.count == records.count, "a share id twice in the library")
    let pending = Set(
      try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox")
        .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) })
    #expect(imported.union(pending) == made, "a share was lost")
    #expect(imported.isSubset(of: made), "a share nobody made")
    var referenced = Set<String>()
    for record in records {
      for item in record.items {
        guard let file = item.file else { continue }
        referenced.insert(file)
        let path = library.absolutePath(ofFile: file)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
        #expect(Int64(size) == item.byteCount, "\(file) of a committed record")
      }
    }
    // Files placed by an import killed before its commit: their shares are still pending.
    let stray = try FileManager.default.contentsOfDirectory(atPath: library.filesPath)
      .filter { !referenced.contains($0) }
    for name in stray {
      #expect(
        pending.contains(String(name.prefix(36))) || name.hasPrefix("."),
        "\(name) belongs to no pending share")
    }
    return (imported, pending, stray.count)
  }

  @Test("SIGKILL at random points of import never duplicates or loses a share")
  func killedImports() async throws {
    try await withIOExecutor {
      let kills = Int(ProcessInfo.processInfo.environment["INGEST_IMPORT_KILLS"] ?? "") ?? 100
      let seed =
        UInt64(ProcessInfo.processInfo.environment["INGEST_CRASH_SEED"] ?? "") ?? 20_261_202
      var generator = SplitMix64(seed: seed)
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let group = directory.path + "/group"
      let library = directory.path + "/data/library.sqlite"
      let photo = CLI.packageRoot.appendingPathComponent("corpus/files/photo.jpg").path
      let pdf = CLI.packageRoot.appendingPathComponent("corpus/files/document.pdf").path
      var made = Set<String>()
      var round = 0

      func share() throws {
        let arguments =
          round % 2 == 0
          ? ["share", "--json", "--group-dir", group, photo, pdf]
          : [
            "share", "--json", "--group-dir", group, "--source", "safari-page", "--url",
            "https://example.com/\(round)", "--text", "round \(round)\nof the crash test",
          ]
        round += 1
        let result = try CLI.runBlocking(arguments)
        let id = try #require(try CLI.json(result.standardOutput)["shareID"] as? String)
        made.insert(id)
      }
      func importer() throws -> ChildProcess {
        try ChildProcess.spawn(
          CLI.executable.path,
          arguments: ["inbox", "import", "--group-dir", group, "--library", library, "--json"],
          standardOutput: .nullDevice, standardError: .nullDevice)
      }

      // How long an import takes here, with nothing to do and per share, so each kill lands
      // anywhere in the import that runs (the later shares of a long one included).
      let timing = try ImportKills(importer: importer, share: share)

      var count = KillCount(wanted: kills)
      var maxPending = 0
      var placedBeforeCommit = 0
      var committedBeforeDelete = 0
      var pending = 0
      while count.wantsMore {
        try share()
        let delay = timing.delay(pending: pending, using: &generator)
        try count.run(importer, killingAfter: delay)
        let state = try await Self.check(group: group, libraryPath: library, made: made)
        pending = state.pending.count
        maxPending = max(maxPending, pending)
        if state.strayFiles > 0 { placedBeforeCommit += 1 }
        if !state.imported.isDisjoint(with: state.pending) { committedBeforeDelete += 1 }
      }

      // A last import, not killed, takes everything: each share once, nothing left anywhere.
      let last = try CLI.runBlocking([
        "inbox", "import", "--group-dir", group, "--library", library,
      ])
      #expect(last.status == 0, "\(last.standardError)")
      let state = try await Self.check(group: group, libraryPath: library, made: made)
      #expect(state.imported == made)
      #expect(state.pending.isEmpty)
      #expect(state.strayFiles == 0)
      #expect(try FileManager.default.contentsOfDirectory(atPath: group + "/Incoming").isEmpty)
      #expect(try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox").isEmpty)
      let records = try await Library.open(path: library).records()
      let photoSize = try FileManager.default.attributesOfItem(atPath: photo)[.size] as? Int
      for record in records where record.items.contains(where: { $0.file != nil }) {
        #expect(record.items.count == 2)
        #expect(record.items.first?.byteCount == photoSize.map(Int64.init))
      }
      print(
        "import crash test (seed \(seed)): start-up \(timing.startup) µs,"
          + " \(timing.perShare) µs per share; \(count.runs) imports, \(count.killed) killed,"
          + " \(count.finished) finished; \(made.count) shares, all imported once; up to"
          + " \(maxPending) pending at once; \(placedBeforeCommit) kills fell between placing"
          + " files and the commit, \(committedBeforeDelete) between the commit and the inbox's"
          + " delete")
      #expect(count.killed >= kills, "\(count.killed) of \(kills) kills in \(count.runs) imports")
    }
  }

  @Test("Four sharers and two library importers at once: every share imported exactly once")
  func concurrentSharersAndImporters() async throws {
    try await withIOExecutor {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let group = directory.path + "/group"
      let library = directory.path + "/library.sqlite"
      let photo = CLI.packageRoot.appendingPathComponent("corpus/files/photo.jpg").path
      let sharesPerSharer = 15
      let committed = Mutex<[String]>([])
      let imported = Mutex<[String]>([])
      let leftovers = Mutex<[String]>([])
      let failures = Mutex<[String]>([])
      let sharing = Atomic<Int>(4)

      await Offload.concurrently(6) { worker in
        if worker < 4 {
          for index in 0..<sharesPerSharer {
            let arguments =
              index % 3 == 2
              ? ["share", "--json", "--group-dir", group, "--text", "sharer \(worker) #\(index)"]
              : ["share", "--json", "--group-dir", group, photo]
            guard let result = try? CLI.runBlocking(arguments), result.status == 0,
              let report = try? CLI.json(result.standardOutput),
              let id = report["shareID"] as? String
            else { continue }
            committed.withLock { $0.append(id) }
          }
          sharing.subtract(1, ordering: .sequentiallyConsistent)
        } else {
          while true {
            let done = sharing.load(ordering: .sequentiallyConsistent) == 0
            if let result = try? CLI.runBlocking([
              "inbox", "import", "--group-dir", group, "--library", library, "--json",
            ]) {
              if let report = try? CLI.json(result.standardOutput) {
                imported.withLock { $0 += (report["imported"] as? [String]) ?? [] }
                leftovers.withLock { $0 += (report["alreadyInLibrary"] as? [String]) ?? [] }
              }
              if result.status != 0 { failures.withLock { $0.append(result.standardError) } }
            }
            if done { break }
          }
        }
      }
      let shared = committed.withLock { $0 }
      let importedIDs = imported.withLock { $0 }
      #expect(shared.count == 4 * sharesPerSharer)
      #expect(importedIDs.sorted() == shared.sorted(), "each share imported exactly once")
      #expect(leftovers.withLock { $0 }.isEmpty)
      #expect(failures.withLock { $0 }.isEmpty)
      let records = try await Library.open(path: library).records()
      #expect(records.map(\.shareID.uuidString).sorted() == shared.sorted())
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox").filter {
          $0.hasSuffix(".json")
        }.isEmpty)
      #expect(try FileManager.default.contentsOfDirectory(atPath: group + "/Incoming").isEmpty)
      print("library concurrency test: \(shared.count) shares by 4 sharers, 2 importers, 1 library")
    }
  }
}
