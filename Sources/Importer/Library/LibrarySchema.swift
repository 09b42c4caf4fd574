/// The library's tables, their versions, and the statements that write them.
///
/// The schema version is `PRAGMA user_version`; `PRAGMA application_id` marks the file as a
/// share-ingest library, so another program's SQLite file is refused instead of being given
/// our tables. `SchemaMigrator`, the runner PostgreSQL's schema shares, applies the steps in
/// order from the file's version to the current one, each in the same write transaction as the
/// version bump, so a crash leaves a file at one version or the next. Version 1 is itself a
/// step (from an empty file), and a step once shipped is never edited: a new version appends
/// one. `Tests/Fixtures/library/` keeps a version-1 file.
package enum LibrarySchema {
  /// `SHLB`, in `PRAGMA application_id`.
  package static let applicationID: Int64 = 0x5348_4C42

  /// The version this program writes.
  package static var currentVersion: Int { migrator.currentVersion }

  /// Each version's statements, applied to a file of the version before.
  static let migrator = SchemaMigrator([
    SchemaStep(version: 1, sql: version1), SchemaStep(version: 2, sql: version2),
  ])

  /// Version 1.
  ///
  /// Times are integers: microseconds since 1970-01-01T00:00:00Z, so day bounds compare
  /// exactly. `share_id` is the manifest's id in upper case, unique: the library's guard
  /// against importing a share twice. `records_by_received_at` serves the day's summary (a
  /// range, newest first, without a sort); `records_by_status` serves the list by status.
  /// An item's `file` is a name in the library's files directory.
  static let version1 = """
    CREATE TABLE records (
      id INTEGER PRIMARY KEY,
      share_id TEXT NOT NULL UNIQUE,
      received_at INTEGER NOT NULL,
      imported_at INTEGER NOT NULL,
      source TEXT,
      status TEXT NOT NULL
    ) STRICT;
    CREATE INDEX records_by_received_at ON records (received_at);
    CREATE INDEX records_by_status ON records (status, received_at);
    CREATE TABLE items (
      record_id INTEGER NOT NULL REFERENCES records (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('file', 'text', 'url')),
      type_identifier TEXT NOT NULL,
      text TEXT,
      url TEXT,
      file TEXT,
      byte_count INTEGER,
      sha256 TEXT,
      suggested_name TEXT,
      PRIMARY KEY (record_id, position)
    ) STRICT;
    """

  /// Version 2: a record's title (the manifest's `title`, a form's title or a page's),
  /// display-only; records imported before it have none.
  static let version2 = """
    ALTER TABLE records ADD COLUMN title TEXT;
    """

  // MARK: Statements

  /// The record of a share id, if imported.
  package static let selectRecordID = "SELECT id FROM records WHERE share_id = ?1"

  /// A record: share id, received, imported, source, status, title.
  package static let insertRecord = """
    INSERT INTO records (share_id, received_at, imported_at, source, status, title)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6)
    """

  /// An item: record, position, kind, type, text, URL, file, byte count, SHA-256, name.
  package static let insertItem = """
    INSERT INTO items (record_id, position, kind, type_identifier, text, url, file, byte_count,
      sha256, suggested_name)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
    """

  /// The records in `[?1, ?2)` microseconds, for the summary.
  static let countDay = """
    SELECT count(*) FROM records WHERE received_at >= ?1 AND received_at < ?2
    """

  /// The newest `?3` records in `[?1, ?2)` microseconds.
  static let newestOfDay = """
    SELECT id, share_id, received_at, imported_at, source, status, title FROM records
    WHERE received_at >= ?1 AND received_at < ?2
    ORDER BY received_at DESC, id DESC LIMIT ?3
    """

  /// The items of one record, in order.
  static let itemsOfRecord = """
    SELECT position, kind, type_identifier, text, url, file, byte_count, sha256, suggested_name
    FROM items WHERE record_id = ?1 ORDER BY position
    """
}
