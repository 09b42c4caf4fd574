internal import CSQLite
import SystemCalls

/// One connection to a SQLite database file: open, execute, prepare (cached), transactions.
///
/// Every SQLite call of the package is in this folder (`Sources/Importer/SQLite/`), as
/// swift-system keeps its system calls in one place. A connection is used by one thread at a
/// time (it is opened without SQLite's own mutex): `Library` keeps it behind a `Mutex`.
/// Errors carry the operation, the file, the statement and SQLite's message.
package final class SQLiteConnection {
  /// The database file.
  package let path: String
  /// SQLite's functions (`SQLiteLibrary`); statements and rows call through them too.
  let sqlite: csqlite_api
  private let handle: OpaquePointer
  private var cache: [String: SQLiteStatement] = [:]

  /// Opens (and creates, when missing) the database at `path`.
  ///
  /// A symbolic link in place of the file is refused (`SQLITE_OPEN_NOFOLLOW`). Result codes are
  /// extended (`SQLITE_CONSTRAINT_UNIQUE`, not only `SQLITE_CONSTRAINT`).
  /// SQLite itself is loaded the first time a connection opens; when it cannot be, opening
  /// fails with a message naming the library and its package.
  package init(path: String, readOnly: Bool = false) throws(SQLiteError) {
    self.path = path
    let sqlite: csqlite_api
    switch SQLiteLibrary.loaded.result {
    case .success(let functions): sqlite = functions
    case .failure(let error):
      throw SQLiteError(operation: "open", path: path, resultCode: 1, message: "\(error)")
    }
    self.sqlite = sqlite
    var opened: OpaquePointer?
    let flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
      | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
    let status = sqlite.sqlite3_open_v2(path, &opened, flags, nil)
    guard status == SQLITE_OK, let opened else {
      let message = opened.map { Self.message(sqlite.sqlite3_errmsg($0)) } ?? "out of memory"
      let code = opened.map { sqlite.sqlite3_extended_errcode($0) } ?? status
      _ = sqlite.sqlite3_close_v2(opened)
      throw SQLiteError(operation: "open", path: path, resultCode: code, message: message)
    }
    handle = opened
    _ = sqlite.sqlite3_extended_result_codes(handle, 1)
  }

  deinit {
    for statement in cache.values { statement.finalize() }
    _ = sqlite.sqlite3_close_v2(handle)
  }

  /// Waits up to `milliseconds` for another connection's lock before failing with
  /// `SQLITE_BUSY` (`sqlite3_busy_timeout`).
  package func setBusyTimeout(milliseconds: Int32) {
    _ = sqlite.sqlite3_busy_timeout(handle, milliseconds)
  }

  /// Runs `sql` (one or more statements, no parameters, no rows wanted).
  package func execute(_ sql: String) throws(SQLiteError) {
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite.sqlite3_exec(handle, sql, nil, nil, &message)
    guard status == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? Self.message(sqlite.sqlite3_errmsg(handle))
      sqlite.sqlite3_free(message)
      throw SQLiteError(
        operation: "execute", path: path, statement: sql,
        resultCode: sqlite.sqlite3_extended_errcode(handle), message: text)
    }
  }

  /// The prepared statement for `sql`, prepared once per connection and reused.
  package func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let cached = cache[sql] { return cached }
    var prepared: OpaquePointer?
    let status = sqlite.sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
    guard status == SQLITE_OK, let prepared else {
      throw error("prepare", statement: sql)
    }
    let statement = SQLiteStatement(handle: prepared, connection: self, sql: sql)
    cache[sql] = statement
    return statement
  }

  /// How a transaction begins.
  package enum Begin: String, Sendable {
    /// `BEGIN`: a read transaction. Every statement in it reads one snapshot of the database
    /// (WAL keeps it from the first read to the end).
    case read = "BEGIN"
    /// `BEGIN IMMEDIATE`: a write transaction. It takes the write lock at the start, where the
    /// busy timeout applies: a deferred transaction that upgrades to writing later can fail at
    /// once with `SQLITE_BUSY_SNAPSHOT` when another connection wrote meanwhile.
    case write = "BEGIN IMMEDIATE"
  }

  /// Runs `body` in a transaction begun as `begin` says, up to `COMMIT`, rolling back when it
  /// throws.
  package func transaction<R>(_ begin: Begin, _ body: () throws -> R) throws -> R {
    try execute(begin.rawValue)
    let result: R
    do {
      result = try body()
      try execute("COMMIT")
    } catch {
      if isInTransaction { try? execute("ROLLBACK") }
      throw error
    }
    return result
  }

  /// Runs `body` in a write transaction (`BEGIN IMMEDIATE` … `COMMIT`, see `Begin.write`),
  /// rolling back when it throws.
  package func writeTransaction<R>(_ body: () throws -> R) throws -> R {
    try transaction(.write, body)
  }

  /// Runs `body` in a read transaction (`BEGIN` … `COMMIT`): a record and its items are never
  /// read across another connection's commit (see `Begin.read`).
  package func readTransaction<R>(_ body: () throws -> R) throws -> R {
    try transaction(.read, body)
  }

  /// Whether a transaction is open (`sqlite3_get_autocommit` is 0).
  package var isInTransaction: Bool { sqlite.sqlite3_get_autocommit(handle) == 0 }

  /// The rowid of the last row inserted on this connection.
  package var lastInsertedRowID: Int64 { sqlite.sqlite3_last_insert_rowid(handle) }

  /// The first column of the first row `sql` returns, as text; nil when there is no row.
  package func text(_ sql: String) throws(SQLiteError) -> String? {
    try statement(sql).rows([]) { row throws(SQLiteError) in try row.decode(String?.self, at: 0) }
      .first ?? nil
  }

  /// The first column of the first row `sql` returns, as an integer; nil when there is no row.
  package func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
    try statement(sql).rows(values) { row throws(SQLiteError) in try row.decode(Int64.self, at: 0) }
      .first
  }

  /// SQLite's message (`sqlite3_errmsg`), which is never NULL for a connection.
  private static func message(_ text: UnsafePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? "no message from SQLite"
  }

  /// An error for the call that just failed on this connection.
  func error(_ operation: String, statement: String?) -> SQLiteError {
    SQLiteError(
      operation: operation, path: path, statement: statement,
      resultCode: sqlite.sqlite3_extended_errcode(handle),
      message: Self.message(sqlite.sqlite3_errmsg(handle))
    )
  }
}

/// SQLite, loaded the first time a connection opens (`SharedLibrary`): commands that never
/// open the library database never map it.
enum SQLiteLibrary {
  static let loaded = LoadedLibrary<csqlite_api>(.sqlite) { handle in
    var missing: UnsafePointer<CChar>?
    let functions = csqlite_resolve(handle, &missing)
    return (functions?.pointee, missing.map { String(cString: $0) })
  }
}
