import Foundation
import Importer
import Ingest
import SystemCalls
import TestSupport
import Testing

@testable import IngestPostgres

/// `db migrate` from schema version 3, whose sharers put payloads in large objects: the
/// objects of the shares waiting move into `payload_chunks`, and the shares import as before;
/// and from version 4, whose chunks had to follow their item's row: the chunks' foreign key
/// becomes deferred (a share streams its chunks first), and the shares waiting import as before.
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

  /// Commits a share the way a version-4 sharer did: the share's rows, then its payload's
  /// chunks (`pattern` repeated `count` times, made by the server, in 1 MiB rows) after them.
  static func version4Share(
    _ url: PostgresURL, pattern: [UInt8], count: Int
  ) throws -> (id: UUID, bytes: [UInt8]) {
    let id = UUID()
    let bytes = Self.bytes(pattern, count)
    let hex = pattern.map { String(format: "%02x", $0) }.joined()
    let digest = try PayloadDigest.sha256(of: bytes)
    let file = "Incoming/\(UUID().uuidString).png"
    let chunks = (bytes.count + (1 << 20) - 1) >> 20
    try PostgresServer.psql(
      url.string,
      """
      BEGIN;
      INSERT INTO share_ingest.inbox_shares (id, received_at, source)
      VALUES ('\(id.uuidString)', clock_timestamp(), 'files');
      INSERT INTO share_ingest.inbox_items
        (share_id, position, kind, type_identifier, file, byte_count, sha256, suggested_name,
         payload_chunks)
      VALUES ('\(id.uuidString)', 0, 'file', 'public.png', '\(file)', \(bytes.count),
        '\(digest)', 'v4.png', \(chunks));
      WITH payload AS (SELECT decode(repeat('\(hex)', \(count)), 'hex') AS data)
      INSERT INTO share_ingest.payload_chunks (share_id, position, chunk, data)
      SELECT '\(id.uuidString)', 0, c.n,
        substring(payload.data FROM c.n * 1048576 + 1 FOR 1048576)
      FROM payload CROSS JOIN generate_series(0, \(chunks) - 1) AS c(n);
      COMMIT;
      """)
    return (id, bytes)
  }

  @Test("db migrate carries a version-4 database forward: chunks may precede their item's row")
  func migratesVersion4() async throws {
    try await PostgresServer.sharing {
      let database = try PostgresServer.makeDatabase()
      let url = try #require(PostgresURL(database))
      let directory = try TemporaryDirectory()
      defer {
        PostgresServer.dropDatabase(database)
        directory.remove()
      }
      // Version 4, as an older program migrated it, with a share waiting.
      try PostgresServer.psql(
        database,
        PostgresSchema.bootstrap
          + PostgresSchema.migrator.steps.filter { $0.version <= 4 }.map(\.sql).joined()
          + "INSERT INTO share_ingest.schema_version (version) VALUES (4);")
      let waiting = try Self.version4Share(url, pattern: [0x89, 0x50, 0x4e, 0x47], count: 300_001)
      func count(_ sql: String) throws -> Int {
        Int(try PostgresServer.psql(database, sql).first ?? "") ?? -1
      }
      let deferred = """
        SELECT count(*) FROM pg_constraint
        WHERE conrelid = 'share_ingest.payload_chunks'::regclass AND contype = 'f'
          AND condeferrable AND condeferred
        """
      #expect(try count(deferred) == 0)
      // Chunks before their item's row are refused at version 4 (the key is checked at once).
      let early = UUID().uuidString
      let earlyDigest = try PayloadDigest.sha256(of: [1, 2])
      let chunksFirst = """
        BEGIN;
        INSERT INTO share_ingest.payload_chunks (share_id, position, chunk, data)
        VALUES ('\(early)', 0, 0, '\\x0102');
        INSERT INTO share_ingest.inbox_shares (id, received_at, source)
        VALUES ('\(early)', clock_timestamp(), 'files');
        INSERT INTO share_ingest.inbox_items
          (share_id, position, kind, type_identifier, file, byte_count, sha256, payload_chunks)
        VALUES ('\(early)', 0, 'file', 'public.png', 'Incoming/\(early).png', 2,
          '\(earlyDigest)', 1);
        COMMIT;
        """
      #expect(throws: (any Error).self) { try PostgresServer.psql(database, chunksFirst) }
      #expect(try count("SELECT count(*) FROM share_ingest.inbox_shares") == 1)

      let migration = try await PostgresSchema.migrate(url)
      #expect(migration.from == 4 && migration.to == PostgresSchema.currentVersion)
      #expect(try count(deferred) == 1)
      // Now the same transaction commits: the key is checked at its end.
      try PostgresServer.psql(database, chunksFirst)
      #expect(try count("SELECT count(*) FROM share_ingest.inbox_shares") == 2)
      // A chunk whose item never comes still fails at the commit, leaving nothing.
      let orphan = UUID().uuidString
      #expect(throws: (any Error).self) {
        try PostgresServer.psql(
          database,
          """
          BEGIN;
          INSERT INTO share_ingest.payload_chunks (share_id, position, chunk, data)
          VALUES ('\(orphan)', 0, 0, '\\x01');
          COMMIT;
          """)
      }
      #expect(
        try count(
          "SELECT count(*) FROM share_ingest.payload_chunks WHERE share_id = '\(orphan)'") == 0)

      // Both import from their chunks, checked, on a host without the sharers' files.
      let files = directory.path + "/library-files"
      let importer = LibraryImporter(
        library: try PostgresLibrary(url: url, filesPath: files),
        inbox: PostgresInbox(
          url: url, group: try GroupDirectory(path: directory.path + "/importer")))
      let pass = try await importer.importPending()
      #expect(Set(pass.imported) == [waiting.id, try #require(UUID(uuidString: early))])
      #expect(pass.errors.isEmpty, "\(pass.errors)")
      let library = try PostgresLibrary(url: url, filesPath: files)
      for record in try await library.records(status: nil, limit: nil) {
        let item = try #require(record.items.first)
        let path = library.absolutePath(ofFile: try #require(item.file))
        let expected = record.shareID == waiting.id ? waiting.bytes : [1, 2]
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == expected)
      }
      #expect(try count("SELECT count(*) FROM share_ingest.payload_chunks") == 0)
    }
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
