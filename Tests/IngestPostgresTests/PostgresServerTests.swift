import Foundation
import Synchronization
import TestSupport
import Testing

@testable import IngestPostgres

/// Against the real server: errors carry the server's SQLSTATE, and migrations are safe twice
/// and at once.
@Suite(
  "PostgreSQL connection and migration (a real server)",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresServerTests {
  @Test("A failed statement carries the server's SQLSTATE and message")
  func sqlState() async throws {
    try await PostgresServer.sharing {
      let server = try #require(PostgresServer.url)
      let url = try #require(PostgresURL(server))
      let connection = try PGConnection(url: url, connectTimeout: 30, applicationName: "tests")
      let error = #expect(throws: PostgresError.self) {
        try connection.query("SELECT 1 / $1::integer", [.int32(0)], operation: "divide")
      }
      #expect(error?.sqlState == "22012")
      #expect(error?.message == "division by zero")
      #expect(error?.isConnectionFailure == false)
      #expect(error?.description.contains("(SQLSTATE 22012)") == true)
      // A value is bound, never spliced: a quote in it is just a character.
      let rows = try connection.query(
        "SELECT $1::text", [.text("it's; DROP TABLE x")], operation: "echo")
      #expect(rows.rows == [PGRow(values: ["it's; DROP TABLE x"])])
    }
  }

  @Test("A database never migrated is refused with what to run")
  func notMigrated() async throws {
    try await PostgresServer.sharing {
      let database = try PostgresServer.makeDatabase()
      defer { PostgresServer.dropDatabase(database) }
      let url = try #require(PostgresURL(database))
      let library = try PostgresLibrary(
        url: url, filesPath: "/nonexistent", createsFilesDirectory: false)
      await #expect(throws: PostgresSchemaError.notMigrated(target: url.redacted)) {
        try await library.connect()
      }
    }
  }

  @Test("Migrating twice, and from four connections at once, is safe")
  func migrateTwiceAndConcurrently() async throws {
    try await PostgresServer.sharing {
      let database = try PostgresServer.makeDatabase()
      defer { PostgresServer.dropDatabase(database) }
      let url = try #require(PostgresURL(database))
      // Four migrations at once, each on a worker of its own.
      let migrations = try await withThrowingTaskGroup(of: PostgresSchema.Migration.self) {
        migrations in
        for _ in 0..<4 { migrations.addTask { try await PostgresSchema.migrate(url) } }
        return try await migrations.reduce(into: []) { $0.append($1) }
      }
      #expect(migrations.filter { $0.from == 0 }.count == 1)
      #expect(migrations.allSatisfy { $0.to == PostgresSchema.currentVersion })
      let again = try await PostgresSchema.migrate(url)
      #expect(again.from == PostgresSchema.currentVersion)
      let library = try PostgresLibrary(
        url: url, filesPath: "/nonexistent", createsFilesDirectory: false)
      try await library.connect()
    }
  }
}

@Suite("The PostgreSQL server is there in CI")
struct PostgresServerPresenceTests {
  @Test("Under CI=true a missing server fails the run instead of skipping its tests")
  func presentInCI() {
    #expect(
      PostgresServer.isAvailable || !PostgresServer.isCI,
      Comment(
        rawValue: "CI=true but INGEST_TEST_POSTGRES_URL is not set: run the tests under"
          + " scripts/with-postgres.sh (as .ci/run does)"))
    if !PostgresServer.isAvailable { print(PostgresServer.skipMessage) }
  }
}
