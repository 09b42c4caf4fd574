import Foundation
import Synchronization
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Real `ingest-cli` sharers and importers killed with SIGKILL at random points, at the same
/// time, with payloads in PostgreSQL (chunks of `bytea`) and nothing shared between the sharing
/// host and the importing host but the database. `INGEST_POSTGRES_KILLS` sharers and as many
/// importers are killed (default 100 each; a process that finishes before its kill does not
/// count).
@Suite(
  "PostgreSQL payloads: sharers and importers killed at random points",
  .serialized,
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresPayloadKillTests {
  typealias Setup = PostgresProcessTests.Setup

  /// Two JPEG-looking files of 1 and 2 MiB, so a kill can land in either upload.
  static func sources(in directory: String) throws -> [String] {
    var generator = SplitMix64(seed: 0x3030)
    return try (1...2).map { megabytes in
      var bytes = [UInt8](repeating: 0, count: megabytes << 20)
      for index in bytes.indices where index % 8 == 0 {
        withUnsafeBytes(of: generator.next()) { word in
          for step in 0..<8 where index + step < bytes.count { bytes[index + step] = word[step] }
        }
      }
      bytes.replaceSubrange(0..<4, with: [0xFF, 0xD8, 0xFF, 0xE0])
      let path = directory + "/source \(megabytes).jpg"
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      return path
    }
  }

  /// How many large objects exist, are registered, and are named by inbox items.
  static func objects(_ setup: Setup) throws -> (existing: Int, registered: Int, named: Int) {
    let row = try PostgresServer.psql(
      setup.database,
      """
      SELECT (SELECT count(*) FROM pg_largeobject_metadata),
        (SELECT count(*) FROM share_ingest.payload_objects),
        (SELECT count(*) FROM share_ingest.inbox_items WHERE payload_oid IS NOT NULL)
      """
    ).first?.split(separator: "|").map { Int($0) ?? -1 }
    return (row?[0] ?? -1, row?[1] ?? -1, row?[2] ?? -1)
  }

  /// Payload chunks that are not what their items say: items in the inbox missing chunks (or
  /// holding more), and chunks of no item (which the foreign key forbids).
  static func unmatchedChunks(_ setup: Setup) throws -> Int {
    Int(
      try PostgresServer.psql(
        setup.database,
        """
        SELECT (SELECT count(*) FROM share_ingest.inbox_items i
            WHERE i.payload_chunks IS NOT NULL AND i.payload_chunks <> (
              SELECT count(*) FROM share_ingest.payload_chunks c
              WHERE c.share_id = i.share_id AND c.position = i.position))
          + (SELECT count(*) FROM share_ingest.payload_chunks c WHERE NOT EXISTS (
              SELECT 1 FROM share_ingest.inbox_items i
              WHERE i.share_id = c.share_id AND i.position = c.position))
        """
      ).first ?? "") ?? -1
  }

  @Test("Every committed share is imported exactly once, and no payload is orphaned")
  func killedSharersAndImporters() async throws {
    try await PostgresServer.sharing {
      try await Offload.run {
        let environment = ProcessInfo.processInfo.environment
        let kills = Int(environment["INGEST_POSTGRES_KILLS"] ?? "") ?? 100
        let seed = UInt64(environment["INGEST_CRASH_SEED"] ?? "") ?? 20_261_230
        var generator = SplitMix64(seed: seed)
        let setup = try Setup()
        defer { setup.remove() }
        let sharerHost = setup.directory.path + "/sharer-host"
        let importerHost = setup.directory.path + "/importer-host"
        let sources = try Self.sources(in: setup.directory.path)
        let expected = Set(try sources.map { try FileDigest.fingerprint(of: $0) })
        let sharing = environment.merging([
          "INGEST_INBOX_URL": setup.database, "INGEST_PAYLOADS_URL": setup.database,
        ]) { $1 }
        let importing = environment.merging(setup.environment) { $1 }
        @Sendable func process(_ arguments: [String], _ environment: [String: String]) throws
          -> ChildProcess
        {
          try ChildProcess.spawn(
            CLI.executable.path, arguments: arguments, environment: .replacing(environment),
            standardOutput: .nullDevice, standardError: .nullDevice)
        }
        @Sendable func sharer() throws -> ChildProcess {
          try process(["share", "--group-dir", sharerHost] + sources, sharing)
        }
        @Sendable func importer() throws -> ChildProcess {
          try process(["inbox", "import", "--group-dir", importerHost], importing)
        }
        // Shares known to be committed: made by sharers that ran to their end.
        var made = Set<String>()
        func share() throws {
          let result = try CLI.runBlocking(
            ["share", "--json", "--group-dir", sharerHost] + sources, environment: sharing)
          let id = try #require(try CLI.json(result.standardOutput)["shareID"] as? String)
          made.insert(id)
        }
        // How long a whole share takes here, so sharers' kills spread over all of it.
        let started = ContinuousClock.now
        try share()
        let whole = ContinuousClock.now - started
        let span = max(
          whole.components.seconds * 1_000_000 + whole.components.attoseconds
            / 1_000_000_000_000, 20_000)
        let timing = try ImportKills(importer: importer, share: share)

        let sharers = Mutex(KillCount(wanted: kills))
        let importers = Mutex(KillCount(wanted: kills))
        var rounds = 0
        var maxPending = 0
        var maxObjects = 0
        var pending = 0
        while sharers.withLock({ $0.wantsMore }) || importers.withLock({ $0.wantsMore }) {
          rounds += 1
          if rounds % 8 == 0 { try share() }
          let delays = [
            Int64.random(in: 0...(span * 12 / 10), using: &generator),
            timing.delay(pending: pending, using: &generator),
          ]
          let failure = Mutex<String?>(nil)
          // A sharer and an importer at once, each killed at its own point.
          DispatchQueue.concurrentPerform(iterations: 2) { side in
            do {
              if side == 0 {
                try sharers.withLock { count in
                  if count.wantsMore { try count.run(sharer, killingAfter: delays[0]) }
                }
              } else {
                try importers.withLock { count in
                  if count.wantsMore { try count.run(importer, killingAfter: delays[1]) }
                }
              }
            } catch {
              failure.withLock { $0 = "\(error)" }
            }
          }
          #expect(failure.withLock { $0 } == nil)
          let state = try setup.state()
          let imported = Set(state.imported)
          #expect(imported.count == state.imported.count, "a share twice in the library")
          #expect(imported.isDisjoint(with: state.pending), "a share in the inbox and the library")
          #expect(made.isSubset(of: imported.union(state.pending)), "a committed share was lost")
          // Never an orphan, even before a sweep: every object is registered and named.
          let objects = try Self.objects(setup)
          #expect(
            objects.existing == objects.registered && objects.registered == objects.named,
            "large objects \(objects)")
          #expect(try Self.unmatchedChunks(setup) == 0, "payload chunks unmatched")
          pending = state.pending.count
          maxPending = max(maxPending, pending)
          maxObjects = max(maxObjects, objects.existing)
        }
        let last = try CLI.runBlocking(
          ["inbox", "import", "--group-dir", importerHost], environment: importing)
        #expect(last.status == 0, "\(last.standardError)")
        let state = try setup.state()
        #expect(state.pending.isEmpty)
        #expect(Set(state.imported).count == state.imported.count)
        #expect(made.isSubset(of: Set(state.imported)))
        // Every share's two files, whole, in the importing host's library; nothing else (no
        // partial copy a killed importer left: the next attempt at its share removed it).
        let library = importerHost + "/Library"
        let files = try FileManager.default.contentsOfDirectory(atPath: library)
        #expect(files.count == state.imported.count * 2)
        for name in files {
          #expect(
            expected.contains(try FileDigest.fingerprint(of: library + "/" + name)), "\(name)")
        }
        // The sweep finds nothing orphaned; the sharing host's leftovers of killed sharers go.
        let swept = try CLI.runBlocking(
          ["inbox", "sweep", "--json", "--older-than", "0s", "--group-dir", importerHost],
          environment: importing)
        #expect(swept.status == 0, "\(swept.standardError)")
        #expect(try CLI.json(swept.standardOutput)["largeObjectsRemoved"] as? Int == 0)
        #expect(try Self.objects(setup) == (0, 0, 0))
        #expect(
          try PostgresServer.psql(
            setup.database, "SELECT count(*) FROM share_ingest.payload_chunks")
            == ["0"])
        let local = try CLI.runBlocking(
          ["inbox", "sweep", "--older-than", "0s", "--group-dir", sharerHost],
          environment: sharing)
        #expect(local.status == 0, "\(local.standardError)")
        for folder in ["Incoming", ".staging"] {
          #expect(
            try FileManager.default.contentsOfDirectory(atPath: sharerHost + "/" + folder).isEmpty,
            "\(folder)")
        }
        let sharerCount = sharers.withLock { $0 }
        let importerCount = importers.withLock { $0 }
        print(
          "PostgreSQL payload kill test (seed \(seed)): \(sharerCount.runs) sharers,"
            + " \(sharerCount.killed) killed; \(importerCount.runs) imports,"
            + " \(importerCount.killed) killed; \(state.imported.count) shares imported once"
            + " (\(made.count) seen committed, the rest by sharers whose output was not read);"
            + " up to \(maxPending) pending and \(maxObjects) large objects at once; none"
            + " orphaned")
        #expect(sharerCount.killed >= kills, "\(sharerCount.killed) of \(kills) sharers killed")
        #expect(importerCount.killed >= kills, "\(importerCount.killed) of \(kills) imports killed")
      }
    }
  }
}
