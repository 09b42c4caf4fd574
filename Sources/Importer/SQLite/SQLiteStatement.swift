internal import CSQLite

/// A value bound to a statement's parameter.
package enum SQLiteValue: Sendable, Hashable {
  case integer(Int64)
  case text(String)
  case null

  /// `text`, or `null` for nil.
  package static func text(_ value: String?) -> SQLiteValue {
    value.map { .text($0) } ?? .null
  }

  /// `integer`, or `null` for nil.
  package static func integer(_ value: Int64?) -> SQLiteValue {
    value.map { .integer($0) } ?? .null
  }
}

/// A prepared statement, owned and cached by its connection; used by one thread at a time.
///
/// Each use binds all parameters, steps, and resets, so a cached statement never holds a read
/// transaction open between uses.
package final class SQLiteStatement {
  private let handle: OpaquePointer
  private unowned let connection: SQLiteConnection
  /// SQLite's functions, as the connection loaded them (kept here: the connection finalizes
  /// its statements from its `deinit`).
  private let sqlite: csqlite_api
  /// The SQL.
  package let sql: String

  init(handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
    self.handle = handle
    self.connection = connection
    self.sqlite = connection.sqlite
    self.sql = sql
  }

  func finalize() {
    _ = sqlite.sqlite3_finalize(handle)
  }

  /// Runs the statement with `values` bound to its parameters, in order; rows are discarded.
  package func run(_ values: [SQLiteValue]) throws(SQLiteError) {
    try bind(values)
    defer { reset() }
    while try step() {}
  }

  /// Runs the statement with `values` bound and maps each row it returns.
  package func rows<T>(_ values: [SQLiteValue], _ transform: (SQLiteRow) -> T) throws(SQLiteError)
    -> [T]
  {
    try bind(values)
    defer { reset() }
    var results: [T] = []
    while try step() {
      results.append(transform(SQLiteRow(handle: handle, sqlite: sqlite)))
    }
    return results
  }

  private func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    _ = sqlite.sqlite3_reset(handle)
    _ = sqlite.sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32
      switch value {
      case .integer(let number): status = sqlite.sqlite3_bind_int64(handle, index, number)
      case .null: status = sqlite.sqlite3_bind_null(handle, index)
      case .text(let text) where text.isEmpty:
        status = sqlite.sqlite3_bind_text(handle, index, "", 0, Self.transient)
      case .text(let text):
        // The length is given, so a text holding U+0000 is bound whole; SQLite copies it.
        var text = text
        status = text.withUTF8 { bytes in
          sqlite.sqlite3_bind_text(
            handle, index, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
            Int32(bytes.count), Self.transient)
        }
      }
      guard status == SQLITE_OK else { throw connection.error("bind", statement: sql) }
    }
  }

  /// Steps once: true when a row is ready, false when the statement is done.
  private func step() throws(SQLiteError) -> Bool {
    switch sqlite.sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw connection.error("step", statement: sql)
    }
  }

  private func reset() {
    _ = sqlite.sqlite3_reset(handle)
  }

  /// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns. The C macro is
  /// a cast of -1 that Swift does not import.
  private static let transient = unsafeBitCast(
    OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}

/// The current row of a statement, valid only inside the closure it is handed to.
package struct SQLiteRow {
  fileprivate let handle: OpaquePointer
  fileprivate let sqlite: csqlite_api

  /// Column `index` as an integer (0 for NULL).
  package func integer(_ index: Int32) -> Int64 {
    sqlite.sqlite3_column_int64(handle, index)
  }

  /// Column `index` as an integer, nil for NULL.
  package func optionalInteger(_ index: Int32) -> Int64? {
    isNull(index) ? nil : integer(index)
  }

  /// Column `index` as text, nil for NULL.
  package func text(_ index: Int32) -> String? {
    guard let bytes = sqlite.sqlite3_column_text(handle, index) else { return nil }
    let count = Int(sqlite.sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// Whether column `index` is NULL.
  package func isNull(_ index: Int32) -> Bool {
    sqlite.sqlite3_column_type(handle, index) == SQLITE_NULL
  }
}
