import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `ingest-cli share FILE` with payloads in PostgreSQL sends the file straight from where it
/// is into the database: no copy in the sharer's group directory, and a sharer killed while
/// it streams leaves nothing behind.
@Suite(
  "PostgreSQL payloads through ingest-cli: straight from the source",
  .serialized,
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresStreamTests {
  typealias Setup = PostgresProcessTests.Setup

  /// A JPEG-looking file of `megabytes` MiB (a random MiB repeated).
  static func source(megabytes: Int, in directory: String) throws -> String {
    var generator = SplitMix64(seed: 0x4646)
    var block = (0..<(1 << 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    block.replaceSubrange(0..<4, with: [0xFF, 0xD8, 0xFF, 0xE0])
    let path = directory + "/source \(megabytes).jpg"
    try #require(FileManager.default.createFile(atPath: path, contents: nil), "create \(path)")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    for _ in 0..<megabytes { try handle.write(contentsOf: Data(block)) }
    try handle.close()
    return path
  }

  /// The sharer's group directory's folders, each with its entries and modification time.
  static func footprint(_ group: String) throws -> [String] {
    try ["", "/Incoming", "/.staging", "/Inbox"].map { folder in
      let path = group + folder
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
      let entries = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
      return "\(folder) \(time) \(entries)"
    }
  }

  /// Payload chunks, and shares in the inbox.
  static func stored(_ setup: Setup) throws -> (chunks: Int, shares: Int) {
    let row = try PostgresServer.psql(
      setup.database,
      """
      SELECT (SELECT count(*) FROM share_ingest.payload_chunks),
        (SELECT count(*) FROM share_ingest.inbox_shares)
      """
    ).first?.split(separator: "|").map { Int($0) ?? -1 }
    return (row?[0] ?? -1, row?[1] ?? -1)
  }

  @Test("share FILE lands exactly once, with no file written in the group directory")
  func landsOnce() async throws {
    try await PostgresServer.sharing {
      try await Offload.run {
        let setup = try Setup()
        defer { setup.remove() }
        let sharerHost = setup.directory.path + "/sharer-host"
        let importerHost = setup.directory.path + "/importer-host"
        let source = try Self.source(megabytes: 5, in: setup.directory.path)
        let sharing = ["INGEST_INBOX_URL": setup.database, "INGEST_PAYLOADS_URL": setup.database]
        // A first share makes the group's folders.
        let text = try CLI.runBlocking(
          ["share", "--group-dir", sharerHost, "--text", "first"], environment: sharing)
        #expect(text.status == 0, "\(text.standardError)")
        let before = try Self.footprint(sharerHost)
        let shared = try CLI.runBlocking(
          ["share", "--json", "--group-dir", sharerHost, source], environment: sharing)
        #expect(shared.status == 0, "\(shared.standardError)")
        let id = try #require(try CLI.json(shared.standardOutput)["shareID"] as? String)
        // Not a file made and removed: the folders' times are as they were.
        #expect(try Self.footprint(sharerHost) == before)
        #expect(try Self.stored(setup) == (5, 2))
        let imported = try CLI.runBlocking(
          ["inbox", "import", "--json", "--group-dir", importerHost],
          environment: setup.environment)
        #expect(imported.status == 0, "\(imported.standardError)")
        let state = try setup.state()
        #expect(state.imported.filter { $0 == id.uppercased() }.count == 1)
        #expect(state.pending.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: importerHost + "/Library")
        #expect(files.count == 1)
        let placed = importerHost + "/Library/" + (files.first ?? "")
        #expect(try FileDigest.sha256(of: placed) == (try FileDigest.sha256(of: source)))
        #expect(try Self.stored(setup) == (0, 0))
      }
    }
  }

  @Test("A sharer killed while it streams leaves nothing, before or after a sweep")
  func killedWhileStreaming() async throws {
    try await PostgresServer.sharing {
      let setup = try Setup()
      defer { setup.remove() }
      let sharerHost = setup.directory.path + "/sharer-host"
      let importerHost = setup.directory.path + "/importer-host"
      let source = try Self.source(megabytes: 512, in: setup.directory.path)
      let process = try ChildProcess.spawn(
        CLI.executable.path, arguments: ["share", "--group-dir", sharerHost, source],
        environment: .adding([
          "INGEST_INBOX_URL": setup.database, "INGEST_PAYLOADS_URL": setup.database,
        ]),
        standardInput: .nullDevice, standardOutput: .nullDevice, standardError: .nullDevice)
      // Killed once its COPY has sent some chunks (seen from another connection).
      let copying = """
        SELECT count(*) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'COPY share_ingest.payload_chunks%'
          AND state = 'active'
        """
      let seen = try await waitUntil(limit: .seconds(120)) {
        try await Offload.run {
          try PostgresServer.psql(setup.database, copying) == ["1"] || !process.isRunning
        }
      }
      #expect(seen && process.isRunning, "the sharer ended before its COPY was seen")
      try process.send(SIGKILL)
      let outcome = await process.wait()
      #expect(outcome.signal == SIGKILL, "\(outcome)")
      // The server rolls the transaction back when it sees the connection go.
      let ended = try await waitUntil(limit: .seconds(60)) {
        try await Offload.run { try PostgresServer.psql(setup.database, copying) == ["0"] }
      }
      #expect(ended)
      try await Offload.run {
        #expect(try Self.stored(setup) == (0, 0))
        let swept = try CLI.runBlocking(
          ["inbox", "sweep", "--json", "--older-than", "0s", "--group-dir", importerHost],
          environment: setup.environment)
        #expect(swept.status == 0, "\(swept.standardError)")
        #expect(try Self.stored(setup) == (0, 0))
        // Nothing of it on the sharer's disk either.
        for folder in ["Incoming", ".staging", "Inbox"] {
          let path = sharerHost + "/" + folder
          let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
          #expect(entries.isEmpty, "\(folder): \(entries)")
        }
      }
    }
  }
}
