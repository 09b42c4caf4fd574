import Foundation
import SystemCalls
import TestSupport
import Testing

@testable import Importer
@testable import IngestPostgres

/// The one migration runner, on both engines with the same steps: each step commits with its
/// version or not at all, a failed step leaves the steps before it, a second run resumes, and
/// a newer database is refused.
@Suite("SchemaMigrator: the same semantics on SQLite and on PostgreSQL")
struct SchemaMigratorTests {
  /// An engine under test: a fresh database, its store, and a look at its tables.
  protocol Engine {
    func store() throws -> any SchemaStore
    func hasTable(_ name: String) throws -> Bool
  }

  /// A fresh SQLite file, through the library's store.
  struct SQLiteEngine: Engine {
    let connection: SQLiteConnection

    func store() throws -> any SchemaStore { Library.LibrarySchemaStore(connection: connection) }

    func hasTable(_ name: String) throws -> Bool {
      try connection.integer(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1", [.text(name)])
        == 1
    }
  }

  /// A fresh PostgreSQL database, through the share-ingest store (tables in `share_ingest`).
  struct PostgresEngine: Engine {
    let connection: PGConnection

    func store() throws -> any SchemaStore {
      PostgresSchema.PostgresSchemaStore(connection: connection, target: "the test database")
    }

    func hasTable(_ name: String) throws -> Bool {
      try connection.query(
        "SELECT to_regclass($1) IS NOT NULL", [.text("share_ingest." + name)],
        operation: "look for a table"
      ).first?.decode(Bool.self, at: 0, column: "exists") == true
    }
  }

  /// Runs the scenario on `engine`, whose statements name tables with `prefix`.
  static func scenario(_ engine: some Engine, prefix: String) throws {
    let one = SchemaStep(version: 1, sql: "CREATE TABLE \(prefix)one (x integer);")
    let two = SchemaStep(version: 2, sql: "CREATE TABLE \(prefix)two (x integer);")
    let broken = SchemaStep(
      version: 3,
      sql: "CREATE TABLE \(prefix)three (x integer); INSERT INTO \(prefix)nowhere VALUES (1);")
    let fixed = SchemaStep(version: 3, sql: "CREATE TABLE \(prefix)three (x integer);")

    // A step that fails rolls back alone: the database stays at the version before it.
    #expect(throws: (any Error).self) {
      try SchemaMigrator([one, two, broken]).migrate(engine.store())
    }
    #expect(try engine.store().version() == 2)
    #expect(try engine.hasTable("one"))
    #expect(try engine.hasTable("two"))
    #expect(try !engine.hasTable("three"), "the failed step's table was kept")

    // A second run resumes from there; a third finds nothing to do.
    let resumed = try SchemaMigrator([one, two, fixed]).migrate(engine.store())
    #expect(resumed.from == 2 && resumed.to == 3)
    #expect(try engine.hasTable("three"))
    let again = try SchemaMigrator([one, two, fixed]).migrate(engine.store())
    #expect(again.from == 3 && again.to == 3)

    // A program that knows fewer steps refuses the database.
    #expect(throws: (any Error).self) { try SchemaMigrator([one, two]).migrate(engine.store()) }
    #expect(try engine.store().version() == 3)
  }

  @Test("SQLite: a failed step leaves the version before it; the next run resumes")
  func sqlite() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let connection = try SQLiteConnection(path: directory.path + "/steps.sqlite")
    try Self.scenario(SQLiteEngine(connection: connection), prefix: "")
  }

  @Test(
    "PostgreSQL: a failed step leaves the version before it; the next run resumes",
    .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
  func postgres() async throws {
    try await PostgresServer.sharing {
      let database = try PostgresServer.makeDatabase(prefix: "steps")
      defer { PostgresServer.dropDatabase(database) }
      let url = try #require(PostgresURL(database))
      try await IOExecutor.shared.run {
        let connection = try PGConnection(url: url, connectTimeout: 10, applicationName: "test")
        try Self.scenario(PostgresEngine(connection: connection), prefix: "share_ingest.")
      }
    }
  }
}
