import Foundation
import Importer
import Ingest
import SystemCalls
import TestSupport
import Testing

@testable import IngestPostgres

/// `db migrate` from schema version 3, whose sharers put payloads in large objects: the
/// objects of the shares waiting move into `payload_chunks`, and the shares import as before.
@Suite(
  "PostgreSQL payloads: large objects of an older schema move into chunks (a real server)",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresPayloadMigrationTests {
  /// A payload made by the server and by the test alike: `pattern` repeated `count` times.
  static func bytes(_ pattern: [UInt8], _ count: Int) -> [UInt8] {
    Array((0..<count).map { _ in pattern }.joined())
  }

  /// Commits a share the way a version-3 sharer did: a large object holding `bytes` (made by
  /// the server from `pattern` repeated `count` times), registered, and the share's rows
  /// naming it.
  static func oldShare(
    _ url: PostgresURL, pattern: [UInt8], count: Int
  ) throws -> (id: UUID, bytes: [UInt8]) {
    let id = UUID()
    let bytes = Self.bytes(pattern, count)
    let hex = pattern.map { String(format: "%02x", $0) }.joined()
    let digest = try PayloadDigest.sha256(of: bytes)
    let file = "Incoming/\(UUID().uuidString).jpg"
    try PostgresServer.psql(
      url.string,
      """
      BEGIN;
      INSERT INTO share_ingest.inbox_shares (id, received_at, source)
      VALUES ('\(id.uuidString)', clock_timestamp(), 'photos');
      WITH object AS (
        SELECT lo_from_bytea(0, decode(repeat('\(hex)', \(count)), 'hex')) AS oid
      ), registered AS (
        INSERT INTO share_ingest.payload_objects (oid, share_id)
        SELECT oid, '\(id.uuidString)' FROM object
      )
      INSERT INTO share_ingest.inbox_items
        (share_id, position, kind, type_identifier, file, byte_count, sha256, suggested_name,
         payload_oid)
      SELECT '\(id.uuidString)', 0, 'file', 'public.jpeg', '\(file)', \(bytes.count),
        '\(digest)', 'old.jpg', oid
      FROM object;
      COMMIT;
      """)
    return (id, bytes)
  }

  @Test("db migrate moves a version-3 database's large-object payloads into chunks")
  func migratesLargeObjects() async throws {
    try await PostgresServer.sharing {
      let database = try PostgresServer.makeDatabase()
      let url = try #require(PostgresURL(database))
      let directory = try TemporaryDirectory()
      defer {
        PostgresServer.dropDatabase(database)
        directory.remove()
      }
      // Version 3, as an older program migrated it.
      try PostgresServer.psql(
        database,
        PostgresSchema.bootstrap
          + PostgresSchema.migrator.steps.filter { $0.version <= 3 }.map(\.sql).joined()
          + "INSERT INTO share_ingest.schema_version (version) VALUES (3);")
      // 2.5 MiB and 12 bytes (three chunks, the last short), and 6 bytes.
      let large = try Self.oldShare(url, pattern: [0xab, 0xcd, 0xef, 0x01], count: 655_363)
      let small = try Self.oldShare(url, pattern: [1, 2, 3], count: 2)
      func count(_ sql: String) throws -> Int {
        Int(try PostgresServer.psql(database, sql).first ?? "") ?? -1
      }
      #expect(try count("SELECT count(*) FROM pg_largeobject_metadata") == 2)

      let migration = try await PostgresSchema.migrate(url)
      #expect(migration.from == 3 && migration.to == PostgresSchema.currentVersion)
      #expect(try count("SELECT count(*) FROM pg_largeobject_metadata") == 0)
      #expect(try count("SELECT count(*) FROM share_ingest.payload_objects") == 0)
      #expect(try count("SELECT count(*) FROM share_ingest.payload_chunks") == 4)
      #expect(
        try count("SELECT count(*) FROM share_ingest.inbox_items WHERE payload_oid IS NOT NULL")
          == 0)

      // They import from the chunks, checked, on a host without the sharer's files.
      let files = directory.path + "/library-files"
      let importer = LibraryImporter(
        library: try PostgresLibrary(url: url, filesPath: files),
        inbox: PostgresInbox(
          url: url, group: try GroupDirectory(path: directory.path + "/importer")))
      let pass = try await importer.importPending()
      #expect(Set(pass.imported) == [large.id, small.id])
      #expect(pass.errors.isEmpty, "\(pass.errors)")
      let library = try PostgresLibrary(url: url, filesPath: files)
      for record in try await library.records(status: nil, limit: nil) {
        let item = try #require(record.items.first)
        let path = library.absolutePath(ofFile: try #require(item.file))
        let expected = record.shareID == large.id ? large.bytes : small.bytes
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == expected)
      }
      #expect(try count("SELECT count(*) FROM share_ingest.payload_chunks") == 0)
    }
  }
}
