import Foundation
import Importer
import Ingest
import IngestPostgres
import TestSupport
import Testing

/// `ingest-cli` with payloads in PostgreSQL (`--payloads URL`, `INGEST_PAYLOADS_URL`): the
/// sharer and the importer on "two hosts" (two group directories that share nothing), the
/// database the only thing between them.
@Suite(
  "PostgreSQL payloads through ingest-cli: no shared file system",
  .serialized,
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresPayloadTests {
  typealias Setup = PostgresProcessTests.Setup

  @Test("Shared on one host with --payloads, imported on another: the database carries it")
  func twoHosts() async throws {
    try await PostgresServer.sharing {
      try await Offload.run {
        let setup = try Setup()
        defer { setup.remove() }
        let sharerHost = setup.directory.path + "/sharer-host"
        let importerHost = setup.directory.path + "/importer-host"
        let shared = try CLI.runBlocking(
          [
            "share", "--json", "--group-dir", sharerHost, "--payloads", setup.database, setup.photo,
          ],
          environment: ["INGEST_INBOX_URL": setup.database])
        #expect(shared.status == 0, "\(shared.standardError)")
        let id = try #require(try CLI.json(shared.standardOutput)["shareID"] as? String)
        // The sharer keeps no copy of what the database holds.
        #expect(
          try FileManager.default.contentsOfDirectory(atPath: sharerHost + "/Incoming").isEmpty)
        // In chunks of bytea, not large objects.
        #expect(
          try PostgresServer.psql(
            setup.database, "SELECT count(DISTINCT share_id) FROM share_ingest.payload_chunks")
            == ["1"])
        #expect(
          try PostgresServer.psql(setup.database, "SELECT count(*) FROM pg_largeobject_metadata")
            == ["0"])
        // The variable says the same as the option.
        let text = try CLI.runBlocking(
          ["share", "--json", "--group-dir", sharerHost, "--text", "a note"],
          environment: ["INGEST_INBOX_URL": setup.database, "INGEST_PAYLOADS_URL": setup.database])
        #expect(text.status == 0, "\(text.standardError)")
        let imported = try CLI.runBlocking(
          ["inbox", "import", "--json", "--group-dir", importerHost],
          environment: setup.environment)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(try setup.state().imported.count == 2)
        #expect(try setup.state().pending.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: importerHost + "/Library")
        #expect(files.count == 1)
        #expect(files.first?.hasPrefix(id) == true)
        let placed = importerHost + "/Library/" + (files.first ?? "")
        #expect(try FileDigest.sha256(of: placed) == (try FileDigest.sha256(of: setup.photo)))
        #expect(
          try PostgresServer.psql(setup.database, "SELECT count(*) FROM pg_largeobject_metadata")
            == ["0"])
        #expect(
          try PostgresServer.psql(
            setup.database, "SELECT count(*) FROM share_ingest.payload_chunks")
            == ["0"])
        let swept = try CLI.runBlocking(
          ["inbox", "sweep", "--json", "--older-than", "0s", "--group-dir", importerHost],
          environment: setup.environment)
        #expect(swept.status == 0, "\(swept.standardError)")
        #expect(try CLI.json(swept.standardOutput)["largeObjectsRemoved"] as? Int == 0)
      }
    }
  }

  @Test(
    "matrix run commits every row to a PostgreSQL inbox and imports it, payloads in either store",
    arguments: [PostgresPayloads.groupDirectory, .chunks])
  func matrixRun(payloads: PostgresPayloads) async throws {
    try await PostgresServer.sharing {
      try await Offload.run {
        let setup = try Setup()
        defer { setup.remove() }
        var environment = setup.environment
        if payloads == .chunks { environment["INGEST_PAYLOADS_URL"] = setup.database }
        let example = CLI.packageRoot.appendingPathComponent("examples/PhotoShare").path
        let result = try CLI.runBlocking(
          [
            "matrix", "run", "--json", example + "/matrix.json", "--rule", example + "/Info.plist",
          ], environment: environment)
        #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
        let state = try setup.state()
        #expect(!state.imported.isEmpty)
        #expect(state.pending.isEmpty)
        let files = try PostgresServer.psql(
          setup.database,
          "SELECT count(*) FROM share_ingest.library_items WHERE kind = 'file'")
        #expect(files != ["0"])
        #expect(
          try PostgresServer.psql(setup.database, "SELECT count(*) FROM pg_largeobject_metadata")
            == ["0"])
      }
    }
  }

  @Test("--payloads without the inbox in that database is a usage error that says why")
  func usage() async throws {
    try await PostgresServer.sharing {
      try await Offload.run {
        let setup = try Setup()
        defer { setup.remove() }
        let other = try PostgresServer.makeDatabase(prefix: "cli")
        defer { PostgresServer.dropDatabase(other) }
        #expect(try CLI.runBlocking(["db", "migrate", other]).status == 0)
        let alone = try CLI.runBlocking(
          ["share", "--group-dir", setup.group, "--payloads", setup.database, "--text", "x"])
        #expect(alone.status == 64)
        #expect(alone.standardError.contains("--inbox URL"), "\(alone.standardError)")
        let elsewhere = try CLI.runBlocking(
          ["share", "--group-dir", setup.group, "--payloads", other, "--text", "x"],
          environment: ["INGEST_INBOX_URL": setup.database])
        #expect(elsewhere.status == 64)
        #expect(
          elsewhere.standardError.contains("not the inbox's database"),
          "\(elsewhere.standardError)")
        let notAURL = try CLI.runBlocking(
          ["share", "--group-dir", setup.group, "--payloads", "s3://bucket", "--text", "x"],
          environment: ["INGEST_INBOX_URL": setup.database])
        #expect(notAURL.status == 64)
        #expect(try setup.state().pending.isEmpty)
      }
    }
  }
}
