import Foundation
import Ingest
import Synchronization
import SystemCalls

/// The main app's library: a SQLite database of the shares imported from the inbox, and a
/// directory of their files beside it.
///
/// ```
/// <data>/share-ingest/library.sqlite          the database (mode 0600, WAL)
/// <data>/share-ingest/library.sqlite-files/   the records' files (0700; each file 0600)
/// ```
///
/// Only the main app's side opens it: the share extension writes the inbox and never links
/// this module (two processes writing one database is what the inbox exists to avoid). Many
/// importers and readers may open one library at once; writers take turns (see
/// `Library+Settings.swift`). Keep one instance per process: its connection is used by one
/// thread at a time.
public final class Library: LibraryStore {
  /// The database file.
  public let path: String
  /// The directory of the records' files: the database path with `-files` appended, as
  /// SQLite names its `-wal` and `-shm` files.
  public let filesPath: String
  /// The files directory, opened once; files are named relative to it.
  package let files: FileDescriptor
  private let connection: Mutex<SQLiteConnection>

  /// The default library, beside the default group directory:
  /// `$XDG_DATA_HOME/share-ingest/library.sqlite` (`~/.local/share` when unset).
  ///
  /// - Parameter environment: The variables to read; nil, the default, reads the process's.
  public static func defaultPath(environment: [String: String]? = nil) throws -> String {
    try GroupLocation.defaultLibraryPath(environment: environment)
  }

  /// Opens the library at `path`, creating it (its directory 0700, the database 0600) and
  /// bringing its schema to the current version.
  ///
  /// - Parameters:
  ///   - path: The database file (``defaultPath(environment:)`` for the default library); its
  ///     files directory is this path with `-files` appended.
  ///   - create: Whether a missing library is created; when false, a missing one is
  ///     `LibraryError.notFound` (what reading commands want).
  /// - Throws: `LibraryError`: `.newerSchema` for a library a newer program wrote,
  ///   `.notALibrary` for another program's database, `.database` or `.files` for the rest.
  public init(path: String, create: Bool = true) throws(LibraryError) {
    self.path = path
    filesPath = path + "-files"
    do throws(IOError) {
      if !create, !FileSystem.exists(path) {
        throw IOError(.notFound, operation: .openForReading, path: path)
      }
      try FileSystem.makeDirectories(FileSystem.parentPath(path))
      // SQLite would create the file 0644 less the umask, and its -wal and -shm files take the
      // database's mode: create it private first (an empty file is a new database to SQLite).
      do throws(IOError) {
        try FileDescriptor.open(
          path, .readWrite, options: [.create, .exclusive, .noFollow], permissions: 0o600
        ).close()
      } catch  where error.code == .alreadyExists {}
      try FileSystem.makeDirectories(filesPath)
    } catch  where error.code == .notFound && !create {
      throw .notFound(path: path)
    } catch {
      throw .files(error)
    }
    let files: FileDescriptor
    do throws(IOError) { files = try FileDescriptor.openDirectory(filesPath) } catch {
      throw .files(error)
    }
    do throws(LibraryError) {
      let connection: SQLiteConnection
      do throws(SQLiteError) { connection = try SQLiteConnection(path: path) } catch {
        throw Self.libraryError(error, path: path)
      }
      try Self.configure(connection)
      try Self.migrate(connection)
      self.files = files
      self.connection = Mutex(connection)
    } catch {
      try? files.close()
      throw error
    }
  }

  deinit {
    try? files.close()
  }

  /// Runs `body` with the connection on the calling thread, one thread at a time; SQLite
  /// errors become `LibraryError.database`. (Package access for the benchmark's baseline,
  /// which writes the same rows through the same connection settings.)
  package func withConnectionOnThisThread<R: Sendable>(
    _ body: (SQLiteConnection) throws -> R
  ) throws -> R {
    do {
      return try connection.withLock { connection in try body(connection) }
    } catch let error as SQLiteError {
      throw LibraryError.database(error)
    }
  }

  /// `withConnectionOnThisThread` on a worker of the I/O executor (`IOExecutor`): every query
  /// of an `async` method runs there, never on the cooperative pool.
  package func withConnection<R: Sendable>(_ body: (SQLiteConnection) throws -> R) async throws
    -> R
  {
    try await IOExecutor.shared.run { try withConnectionOnThisThread(body) }
  }

  /// The database file's path.
  public var location: String { path }

  /// The schema version of the open library (`PRAGMA user_version`).
  public func schemaVersion() async throws -> Int {
    try await withConnection { Int(try $0.integer("PRAGMA user_version") ?? 0) }
  }

  /// `PRAGMA quick_check`: "ok" when the file's structure is sound.
  public func quickCheck() async throws -> String {
    try await withConnection { try $0.text("PRAGMA quick_check") ?? "no answer" }
  }

  // MARK: Schema

  /// Brings the schema to `LibrarySchema.currentVersion` (`SchemaMigrator`, one step per
  /// write transaction), refusing a newer file and another program's database. Reads first,
  /// so an up-to-date library is opened without a write lock.
  static func migrate(_ connection: SQLiteConnection) throws(LibraryError) {
    let path = connection.path
    do {
      try LibrarySchema.migrator.migrate(LibrarySchemaStore(connection: connection))
    } catch let error as SQLiteError {
      throw libraryError(error, path: path)
    } catch let error as LibraryError {
      throw error
    } catch {
      throw .notALibrary(path: path, reason: "\(error)")
    }
  }

  /// `LibrarySchema`'s versions on a SQLite file: `PRAGMA user_version`, with
  /// `PRAGMA application_id` telling our files from another program's.
  struct LibrarySchemaStore: SchemaStore {
    let connection: SQLiteConnection

    func version() throws -> Int {
      // One statement, so one snapshot: read one by one, the three could straddle another
      // connection's migration (the version from before it, the tables from after) and make
      // a library being created look like another program's database.
      let rows = try connection.statement(
        """
        SELECT (SELECT user_version FROM pragma_user_version),
          (SELECT application_id FROM pragma_application_id),
          (SELECT count(*) FROM sqlite_master)
        """
      ).rows([]) { row throws(SQLiteError) in
        (
          try row.decode(Int.self, at: 0), try row.decode(Int64.self, at: 1),
          try row.decode(Int64.self, at: 2)
        )
      }
      let state = rows.first ?? (0, 0, 0)
      try Library.check(state, path: connection.path)
      return state.0
    }

    func inMigrationTransaction<R>(_ body: () throws -> R) throws -> R {
      try connection.writeTransaction(body)
    }

    func apply(_ step: SchemaStep) throws {
      try connection.execute(step.sql)
    }

    func record(version: Int) throws {
      try connection.execute(
        "PRAGMA application_id = \(LibrarySchema.applicationID);"
          + " PRAGMA user_version = \(version)")
    }

    func newer(version: Int, supported: Int) -> any Error {
      LibraryError.newerSchema(path: connection.path, version: version, supported: supported)
    }
  }

  /// Refuses another program's database (the migrator refuses a newer version of ours).
  private static func check(
    _ state: (version: Int, application: Int64, tables: Int64), path: String
  ) throws(LibraryError) {
    if state.application == LibrarySchema.applicationID {
      return
    } else if state.application != 0 {
      throw .notALibrary(
        path: path,
        reason: "its application id is \(String(state.application, radix: 16)), not ours")
    } else if state.version != 0 || state.tables != 0 {
      throw .notALibrary(path: path, reason: "it is another program's SQLite database")
    }
  }
}
