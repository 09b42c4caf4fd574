import Foundation
import Importer
import SystemCalls

/// The share-ingest tables on PostgreSQL, their versions, and the migration that makes them.
///
/// Everything lives in the schema `share_ingest`: the inbox (`inbox_shares`, `inbox_items`),
/// the library (`library_records`, `library_items`) and `schema_version`, one row holding the
/// version and an id made for the database when it was first migrated. `migrate` is the only
/// writer of the tables' definitions. It runs the steps with `SchemaMigrator`, the runner the
/// SQLite library shares: each step newer than the version found in a transaction of its own
/// that takes a transaction-scoped advisory lock, creates `schema_version` if missing, applies
/// the step and records its version. So it is safe to run twice, and by two processes at once
/// (the second waits for the first, then finds nothing to do), and a migration that stops
/// leaves the database at one version or the next. A step once shipped is never edited: a new
/// version appends one. Then, in one more transaction, it creates the two roles and grants
/// them what each may do (`PostgresRoles`).
///
/// The backends never migrate: they check the version on their first connection and refuse a
/// database that was not migrated (`ingest-cli db migrate URL`) or that a newer program
/// migrated, since workers often lack the rights DDL needs.
public enum PostgresSchema {
  /// The version this program writes and reads.
  public static var currentVersion: Int { migrator.currentVersion }

  /// The key of the advisory lock migrations hold: `SHINGEST` in ASCII.
  static let advisoryLockKey: Int64 = 0x5348_494E_4745_5354

  /// The channel `NOTIFY` wakes watchers on, with the share id as payload.
  static let inboxChannel = "share_ingest_inbox"

  /// What a migration did.
  public struct Migration: Sendable, Hashable {
    /// The version found (0 for a database without share-ingest tables).
    public var from: Int
    /// The version it is at now.
    public var to: Int
  }

  /// Brings the database at `url` to `currentVersion` and grants the roles
  /// (`PostgresRoles`) what each may do (see the type's discussion).
  ///
  /// - Throws: `PostgresSchemaError.newer` for a database a newer program migrated,
  ///   `PostgresError` when the server refuses (the SQLSTATE says why: `42501` for a role
  ///   without the right to create; `PostgresRoles` says which roles must exist when the role
  ///   migrating cannot create them).
  @discardableResult
  public static func migrate(_ url: PostgresURL, options: PostgresOptions = PostgresOptions())
    async throws -> Migration
  {
    try await IOExecutor.shared.run { try migrateNow(url, options: options) }
  }

  /// `migrate`, on the calling thread (a worker of the I/O executor).
  static func migrateNow(_ url: PostgresURL, options: PostgresOptions) throws -> Migration {
    let target = DatabaseTarget(url: url, options: options, checksSchema: false)
    return try target.retrying {
      let connection = try target.connect()
      let store = PostgresSchemaStore(connection: connection, target: url.redacted)
      let (from, to) = try migrator.migrate(store)
      try store.inMigrationTransaction {
        try connection.execute(PostgresRoles.grants, operation: "migrate: grant the roles")
      }
      return Migration(from: from, to: to)
    }
  }

  /// The share-ingest steps on a PostgreSQL database: the version in `schema_version`, each
  /// step's transaction holding the advisory lock.
  struct PostgresSchemaStore: SchemaStore {
    let connection: PGConnection
    /// The database, as errors name it.
    let target: String

    func version() throws -> Int {
      let table = try connection.query(
        "SELECT to_regclass('share_ingest.schema_version') IS NOT NULL",
        operation: "migrate: look for schema_version")
      guard try table.first?.decode(Bool.self, at: 0, column: "exists") == true else { return 0 }
      let rows = try connection.query(
        "SELECT version FROM share_ingest.schema_version", operation: "migrate: read version")
      return try rows.first?.decode(Int.self, at: 0, column: "version") ?? 0
    }

    func inMigrationTransaction<R>(_ body: () throws -> R) throws -> R {
      try connection.withTransaction(operation: "migrate") {
        try connection.query(
          "SELECT pg_advisory_xact_lock($1::bigint)", [.int64(advisoryLockKey)],
          operation: "migrate: take the migration lock")
        try connection.execute(bootstrap, operation: "migrate: create schema_version")
        return try body()
      }
    }

    func apply(_ step: SchemaStep) throws {
      try connection.execute(step.sql, operation: "migrate: apply version \(step.version)")
    }

    func record(version: Int) throws {
      try connection.query(
        """
        INSERT INTO share_ingest.schema_version (version) VALUES ($1::integer)
        ON CONFLICT (singleton) DO UPDATE SET version = excluded.version
        """, [.int32(Int32(version))], operation: "migrate: record version")
    }

    func newer(version: Int, supported: Int) -> any Error {
      PostgresSchemaError.newer(target: target, version: version, supported: supported)
    }
  }

  /// The share-ingest id of the database at `url` (made when it was first migrated), which
  /// tells two URLs that name one database apart from two databases.
  ///
  /// - Throws: `PostgresError`, or `PostgresSchemaError` for a database that was not migrated.
  public static func databaseID(at url: PostgresURL, options: PostgresOptions = PostgresOptions())
    async throws -> UUID
  {
    try await IOExecutor.shared.run {
      let target = DatabaseTarget(url: url, options: options)
      _ = try target.retrying { try target.connect() }
      guard let id = target.databaseID else {
        throw PostgresSchemaError.notMigrated(target: url.redacted)
      }
      return id
    }
  }

  /// Checks that `connection`'s database is at `currentVersion`; returns its id.
  static func check(_ connection: PGConnection) throws -> UUID {
    let rows: PGRows
    do {
      rows = try connection.query(
        "SELECT version, database_id::text FROM share_ingest.schema_version",
        operation: "check the schema version")
    } catch {
      if error.isMissingSchema {
        throw PostgresSchemaError.notMigrated(target: connection.url.redacted)
      }
      throw error
    }
    guard let row = rows.first else {
      throw PostgresSchemaError.notMigrated(target: connection.url.redacted)
    }
    let version = try row.decode(Int.self, at: 0, column: "version")
    let id = try row.decode(UUID.self, at: 1, column: "database_id")
    if version > currentVersion {
      throw PostgresSchemaError.newer(
        target: connection.url.redacted, version: version, supported: currentVersion)
    }
    if version < currentVersion {
      throw PostgresSchemaError.older(
        target: connection.url.redacted, version: version, current: currentVersion)
    }
    return id
  }

  /// Made before the version is read, inside the migration's lock.
  static let bootstrap = """
    CREATE SCHEMA IF NOT EXISTS share_ingest;
    CREATE TABLE IF NOT EXISTS share_ingest.schema_version (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      version integer NOT NULL,
      database_id uuid NOT NULL DEFAULT gen_random_uuid()
    );
    """

  /// Each version's statements, applied to a database of the version before. A new step
  /// that makes a table also gives it its grants in `PostgresRoles.tables`.
  static let migrator = SchemaMigrator([
    SchemaStep(version: 1, sql: version1), SchemaStep(version: 2, sql: version2),
    SchemaStep(version: 3, sql: version3), SchemaStep(version: 4, sql: version4),
    SchemaStep(version: 5, sql: version5),
  ])

  /// Version 1: the inbox and the library.
  ///
  /// A share is one `inbox_shares` row and its `inbox_items`, committed in one statement; its
  /// insert notifies `share_ingest_inbox` (delivered at commit). Importers lock a share's row
  /// with `FOR UPDATE SKIP LOCKED` for as long as their transaction lasts. The library's
  /// `share_id` is unique: its guard against recording a share twice. Times are `timestamptz`
  /// (microseconds, as the SQLite library keeps them); an item's `file` is, in the inbox,
  /// `Incoming/<name>` relative to the group directory, and in the library a name in its files
  /// directory.
  static let version1 = """
    CREATE TABLE share_ingest.inbox_shares (
      id uuid PRIMARY KEY,
      received_at timestamptz NOT NULL,
      committed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      source text,
      not_included jsonb NOT NULL DEFAULT '[]',
      attempts integer NOT NULL DEFAULT 0,
      last_attempt timestamptz,
      last_error text
    );
    CREATE INDEX inbox_shares_by_received_at ON share_ingest.inbox_shares (received_at, id);
    CREATE TABLE share_ingest.inbox_items (
      share_id uuid NOT NULL REFERENCES share_ingest.inbox_shares (id) ON DELETE CASCADE,
      position integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('file', 'text', 'url')),
      type_identifier text NOT NULL,
      file text,
      byte_count bigint,
      sha256 text,
      suggested_name text,
      text text,
      url text,
      PRIMARY KEY (share_id, position)
    );
    CREATE FUNCTION share_ingest.notify_inbox() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('share_ingest_inbox', NEW.id::text);
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER inbox_shares_notify AFTER INSERT ON share_ingest.inbox_shares
      FOR EACH ROW EXECUTE FUNCTION share_ingest.notify_inbox();
    CREATE TABLE share_ingest.library_records (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      share_id uuid NOT NULL UNIQUE,
      received_at timestamptz NOT NULL,
      imported_at timestamptz NOT NULL,
      source text,
      status text NOT NULL
    );
    CREATE INDEX library_records_by_received_at ON share_ingest.library_records (received_at);
    CREATE INDEX library_records_by_status ON share_ingest.library_records (status, received_at);
    CREATE TABLE share_ingest.library_items (
      record_id bigint NOT NULL REFERENCES share_ingest.library_records (id) ON DELETE CASCADE,
      position integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('file', 'text', 'url')),
      type_identifier text NOT NULL,
      text text,
      url text,
      file text,
      byte_count bigint,
      sha256 text,
      suggested_name text,
      PRIMARY KEY (record_id, position)
    );
    """
}

extension PostgresSchema {
  /// Version 2: payloads as large objects (`--payloads postgresql://...`).
  ///
  /// An inbox item's `payload_oid` names the large object holding its payload, when the sharer
  /// put it in the database (NULL: the payload is in the group directory's `Incoming/`). Every
  /// large object a sharer makes is registered in `payload_objects` in the same transaction
  /// as the object and the share's rows, so a share that never commits leaves neither, and the
  /// sweeper (`PostgresInbox.sweepPayloads`) knows which objects are share-ingest's and removes
  /// only registered ones that no inbox item names. Deleting an item (the import that records
  /// its share, in the claim's transaction) removes its object and its registration with it
  /// (a trigger, so every way of deleting a share does, cascades included); an object already
  /// gone is passed over.
  static let version2 = """
    ALTER TABLE share_ingest.inbox_items ADD COLUMN payload_oid oid;
    CREATE INDEX inbox_items_by_payload ON share_ingest.inbox_items (payload_oid)
      WHERE payload_oid IS NOT NULL;
    CREATE TABLE share_ingest.payload_objects (
      oid oid PRIMARY KEY,
      share_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE FUNCTION share_ingest.unlink_payload() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_largeobject_metadata WHERE oid = OLD.payload_oid) THEN
        PERFORM lo_unlink(OLD.payload_oid);
      END IF;
      DELETE FROM share_ingest.payload_objects WHERE oid = OLD.payload_oid;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER inbox_items_unlink_payload AFTER DELETE ON share_ingest.inbox_items
      FOR EACH ROW WHEN (OLD.payload_oid IS NOT NULL)
      EXECUTE FUNCTION share_ingest.unlink_payload();
    """
}

extension PostgresSchema {
  /// Version 3: a share's title (the manifest's `title`: a form's title, a page's), in the
  /// inbox and in the library; display-only, and NULL for shares made before it.
  static let version3 = """
    ALTER TABLE share_ingest.inbox_shares ADD COLUMN title text;
    ALTER TABLE share_ingest.library_records ADD COLUMN title text;
    """
}

extension PostgresSchema {
  /// Version 4: payloads as chunks of `bytea` (`PostgresPayloads.chunks`), and the large
  /// objects of shares waiting in the inbox moved into them.
  ///
  /// A file item's payload is `payload_chunks` rows `0..<n` (n in the item's
  /// `payload_chunks`; 1 MiB each, the last shorter, none for an empty file), stored
  /// uncompressed out of line (`STORAGE EXTERNAL`: payloads are mostly compressed already). The
  /// chunks belong to their item (a foreign key, `ON DELETE CASCADE`): they commit with the
  /// share's rows and go with them, whichever way the rows are deleted, so none can be
  /// orphaned. Moving a large object reads it with `lo_get` (the migrating role must be able
  /// to), then unlinks it and its registration; an item whose object is already gone keeps its
  /// `payload_oid`, and its share is refused as before.
  static let version4 = """
    ALTER TABLE share_ingest.inbox_items ADD COLUMN payload_chunks integer
      CHECK (payload_chunks >= 0);
    CREATE TABLE share_ingest.payload_chunks (
      share_id uuid NOT NULL,
      position integer NOT NULL,
      chunk integer NOT NULL CHECK (chunk >= 0),
      data bytea NOT NULL,
      PRIMARY KEY (share_id, position, chunk),
      FOREIGN KEY (share_id, position) REFERENCES share_ingest.inbox_items (share_id, position)
        ON DELETE CASCADE
    );
    ALTER TABLE share_ingest.payload_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
    UPDATE share_ingest.inbox_items i
    SET payload_chunks = ((i.byte_count + 1048575) / 1048576)::integer
    WHERE i.payload_oid IS NOT NULL AND i.byte_count IS NOT NULL
      AND EXISTS (SELECT 1 FROM pg_largeobject_metadata m WHERE m.oid = i.payload_oid);
    INSERT INTO share_ingest.payload_chunks (share_id, position, chunk, data)
    SELECT i.share_id, i.position, c.n, lo_get(i.payload_oid, c.n::bigint * 1048576, 1048576)
    FROM share_ingest.inbox_items i
    CROSS JOIN LATERAL generate_series(0, i.payload_chunks - 1) AS c(n)
    WHERE i.payload_oid IS NOT NULL AND i.payload_chunks IS NOT NULL;
    DELETE FROM share_ingest.payload_objects p USING share_ingest.inbox_items i
    WHERE i.payload_oid = p.oid AND i.payload_chunks IS NOT NULL;
    SELECT count(lo_unlink(i.payload_oid)) FROM share_ingest.inbox_items i
    WHERE i.payload_oid IS NOT NULL AND i.payload_chunks IS NOT NULL;
    UPDATE share_ingest.inbox_items SET payload_oid = NULL
    WHERE payload_oid IS NOT NULL AND payload_chunks IS NOT NULL;
    """
}

extension PostgresSchema {
  /// Version 5: a payload's chunks may go in before its item's row, in the same transaction
  /// (the foreign key checked at commit), so that a share streams its payloads straight from
  /// their source and writes its rows, with the sizes and digests measured on the way, last
  /// (`ChunkReceiver`). Deleting an item still removes its chunks at once (`ON DELETE
  /// CASCADE` is never deferred).
  static let version5 = """
    ALTER TABLE share_ingest.payload_chunks
      ALTER CONSTRAINT payload_chunks_share_id_position_fkey DEFERRABLE INITIALLY DEFERRED;
    """
}

/// A database whose share-ingest schema this program cannot use.
public enum PostgresSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The database has no share-ingest tables.
  case notMigrated(target: String)
  /// The database is at an older version than this program's.
  case older(target: String, version: Int, current: Int)
  /// A newer program migrated the database.
  case newer(target: String, version: Int, supported: Int)

  /// What is wrong and what to do.
  public var description: String {
    switch self {
    case .notMigrated(let target):
      "the database \(target) has no share-ingest tables; create them with"
        + " ingest-cli db migrate URL"
    case .older(let target, let version, let current):
      "the database \(target) has share-ingest schema version \(version), older than this"
        + " program's \(current); bring it up to date with ingest-cli db migrate URL"
    case .newer(let target, let version, let supported):
      "the database \(target) has share-ingest schema version \(version), newer than the"
        + " \(supported) this program knows; use a newer ingest-cli"
    }
  }
}
