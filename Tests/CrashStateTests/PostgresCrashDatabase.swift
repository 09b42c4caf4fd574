import Foundation
import SystemCalls
import TestSupport

@testable import IngestPostgres

/// A PostgreSQL database as the black box of crash states: a snapshot is its committed rows
/// (every table of the `share_ingest` schema but its version) and large objects, read in one
/// statement (so one transaction's view), and a state restores the snapshot of its last
/// commit before it runs. Snapshots and restores block (libpq): they run on the I/O executor.
/// What a power loss does to the server itself is the server's business: a commit that returned
/// is kept, one that did not is not (its write-ahead log).
struct PostgresCrashDatabase: Sendable {
  /// The black box's name in a recording.
  static let boxName = "postgresql"

  /// The database.
  let url: PostgresURL

  /// A new database on the test server, migrated.
  static func make() async throws -> PostgresCrashDatabase {
    let made = try PostgresServer.makeDatabase(prefix: "crash")
    guard let url = PostgresURL(made) else {
      PostgresServer.dropDatabase(made)
      throw ScenarioError("the test server's URL does not parse")
    }
    do {
      try await PostgresSchema.migrate(url)
      // The server's own durability is not what is explored (a state restores a snapshot, it
      // does not crash the server): its commits need not wait for its disk.
      try await IOExecutor.shared.run {
        try PostgresCrashDatabase(url: url).connect().execute(
          """
          DO $$ BEGIN
            EXECUTE format('ALTER DATABASE %I SET synchronous_commit = off', current_database());
          END $$
          """, operation: "turn synchronous commits off")
      }
    } catch {
      PostgresServer.dropDatabase(made)
      throw error
    }
    return PostgresCrashDatabase(url: url)
  }

  /// Drops the database.
  func drop() {
    PostgresServer.dropDatabase(url.string)
  }

  private func connect() throws -> PGConnection {
    try PGConnection(url: url, connectTimeout: 10, applicationName: "share-ingest crash states")
  }

  /// The schema's tables that hold shares and records.
  private func tables(_ connection: PGConnection) throws -> [String] {
    try connection.query(
      """
      SELECT table_name::text FROM information_schema.tables
      WHERE table_schema = 'share_ingest' AND table_type = 'BASE TABLE'
        AND table_name <> 'schema_version'
      ORDER BY table_name
      """, operation: "list the tables"
    ).rows.map { try $0.decode(String.self, at: 0, column: "table_name") }
  }

  /// Writes the committed state to a new file at `path` (0600) and returns `path`. The rows
  /// are in a fixed order, so two snapshots of the same state are the same bytes.
  @discardableResult
  func snapshot(to path: String) async throws -> String {
    try await IOExecutor.shared.run { try snapshotNow(to: path) }
  }

  /// `snapshot(to:)`, blocking.
  private func snapshotNow(to path: String) throws -> String {
    let connection = try connect()
    let names = try tables(connection)
    let each = names.map {
      "'\($0)', (SELECT coalesce(json_agg(t ORDER BY t::text), '[]'::json)"
        + " FROM share_ingest.\($0) t)"
    }
    let rows = try connection.query(
      """
      SELECT json_build_object(
        'tables', json_build_object(\(each.joined(separator: ", "))),
        'largeObjects', (SELECT coalesce(json_agg(json_build_object(
          'oid', m.oid::bigint, 'data', encode(lo_get(m.oid), 'hex')) ORDER BY m.oid), '[]'::json)
          FROM pg_largeobject_metadata m))::text
      """, operation: "take a snapshot"
    )
    guard let text = try rows.first?.decode(String.self, at: 0, column: "snapshot") else {
      throw ScenarioError("the snapshot of \(url.redacted) came back empty")
    }
    let file = try FileDescriptor.open(
      path, .writeOnly, options: [.create, .exclusive, .noFollow], permissions: 0o600)
    try file.closeAfter { try file.writeAll(Array(text.utf8)) }
    return path
  }

  /// Makes the database hold exactly what the snapshot at `path` holds, in one transaction
  /// (triggers and foreign keys off meanwhile: the rows come back as they were). Blocks: call
  /// it on the I/O executor.
  func restore(from path: String) throws {
    let text = String(
      decoding: try FileSystem.readFile(atPath: path, followSymbolicLinks: false), as: UTF8.self)
    let connection = try connect()
    let names = try tables(connection)
    let operation = "restore a snapshot"
    try connection.withTransaction(operation: operation) {
      try connection.execute(
        "SET LOCAL session_replication_role = replica; "
          + names.map { "DELETE FROM share_ingest.\($0);" }.joined(separator: " "),
        operation: operation)
      try connection.execute(
        "SELECT lo_unlink(oid) FROM pg_largeobject_metadata", operation: operation)
      for name in names {
        try connection.query(
          """
          INSERT INTO share_ingest.\(name) OVERRIDING SYSTEM VALUE
          SELECT * FROM json_populate_recordset(NULL::share_ingest.\(name),
            ($1::json)->'tables'->'\(name)')
          """, [.text(text)], operation: operation)
      }
      try connection.query(
        """
        SELECT lo_from_bytea((o->>'oid')::oid, decode(o->>'data', 'hex'))
        FROM json_array_elements(($1::json)->'largeObjects') o
        """, [.text(text)], operation: operation)
    }
  }
}
