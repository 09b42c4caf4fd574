import Foundation

/// The connection settings every library connection gets, and why.
extension Library {
  /// How long a connection waits for another's write lock: 10 seconds.
  ///
  /// Two importers (or an importer and a checkpoint) take turns on the write lock; one share's
  /// transaction holds it for a few milliseconds, so a wait of seconds means something is
  /// wrong, and the import then fails, leaving the share in the inbox for the next run.
  package static let busyTimeoutMilliseconds: Int32 = 10_000

  /// Applies the settings:
  ///
  /// - `busy_timeout` 10 s (above): concurrent importers wait for each other instead of failing.
  ///   Writes use `BEGIN IMMEDIATE`, so the wait happens at the start of a transaction, where
  ///   the busy handler applies.
  /// - `journal_mode = WAL`: readers (the summary card, `library list`) never block the importer
  ///   nor it them, and a commit is one append to the log instead of a rollback journal written,
  ///   flushed and deleted. The mode is stored in the file; it is set on every open anyway
  ///   (it is a no-op then), retried while another process holds the lock a switch needs.
  /// - `synchronous = FULL`: the log is flushed (`fsync`) at every commit. With WAL, `NORMAL`
  ///   flushes only at checkpoints, so a commit that returned can be lost to a power failure;
  ///   the importer deletes the inbox manifest right after the commit, so under `NORMAL` a power
  ///   failure could keep the deletion and lose the commit: a lost share. `FULL` makes each
  ///   commit durable before the manifest goes. (`EXTRA` adds a directory flush that only the
  ///   rollback-journal modes need.) The cost is one `fsync` per share, which the benchmark's
  ///   baseline pays as well.
  /// - `foreign_keys = ON`: an item cannot name a record that is not there, and deleting a
  ///   record deletes its items.
  package static func configure(_ connection: SQLiteConnection) throws(LibraryError) {
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    do throws(SQLiteError) {
      try connection.execute("PRAGMA foreign_keys = ON")
    } catch {
      throw libraryError(error, path: connection.path)
    }
    try enableWAL(connection)
    do throws(SQLiteError) {
      try connection.execute("PRAGMA synchronous = FULL")
    } catch {
      throw libraryError(error, path: connection.path)
    }
  }

  /// Switches to WAL. The switch needs the database to itself; while another connection is
  /// switching or reading, SQLite answers with the old mode (or `SQLITE_BUSY`), so it is
  /// retried up to the busy timeout.
  private static func enableWAL(_ connection: SQLiteConnection) throws(LibraryError) {
    let deadline = Date(timeIntervalSinceNow: Double(busyTimeoutMilliseconds) / 1000)
    while true {
      var failure = LibraryError.journalMode(path: connection.path, mode: "unknown")
      do throws(SQLiteError) {
        let mode = try connection.text("PRAGMA journal_mode = WAL")?.lowercased() ?? "unknown"
        if mode == "wal" { return }
        failure = .journalMode(path: connection.path, mode: mode)
      } catch  where error.isBusy {
        failure = .database(error)
      } catch {
        throw libraryError(error, path: connection.path)
      }
      guard Date() < deadline else { throw failure }
      usleep(10_000)
    }
  }

  /// A SQLite error as a library error: a file that is not a database is not a library.
  static func libraryError(_ error: SQLiteError, path: String) -> LibraryError {
    error.isNotADatabase ? .notALibrary(path: path, reason: error.message) : .database(error)
  }
}
