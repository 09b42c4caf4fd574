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
  ///
  /// `transform` reads the row with the throwing, typed `SQLiteRow.decode` methods: a value of
  /// another type than asked (NULL for a number, text for an integer) stops the read with an
  /// error naming the column, never a default in its place.
  package func rows<T>(
    _ values: [SQLiteValue], _ transform: (SQLiteRow) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> [T] {
    try bind(values)
    defer { reset() }
    var results: [T] = []
    while try step() {
      results.append(try transform(SQLiteRow(handle: handle, sqlite: sqlite, statement: self)))
    }
    return results
  }

  /// How many parameters the statement has (`sqlite3_bind_parameter_count`): the largest
  /// `?NNN` it names.
  package var parameterCount: Int { Int(sqlite.sqlite3_bind_parameter_count(handle)) }

  /// An error about this statement that SQLite did not raise itself (a binding or a decoding
  /// the statement's caller got wrong), with SQLite's result code for it.
  func misuse(_ operation: String, resultCode: Int32, _ message: String) -> SQLiteError {
    SQLiteError(
      operation: operation, path: connection.path, statement: sql, resultCode: resultCode,
      message: message)
  }

  /// Binds `values` to the parameters `?1`, `?2`... in order, refusing a count that differs
  /// from the statement's (as GRDB does): a value too many or too few would otherwise leave a
  /// parameter NULL or be dropped without a word.
  private func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    guard values.count == parameterCount else {
      throw misuse(
        "bind", resultCode: SQLITE_RANGE,
        "the statement has \(parameterCount) parameters but \(values.count) values were given")
    }
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
///
/// Every read is typed and throws, as GRDB's `Row` and postgres-nio's `PostgresRow` decode: a
/// column is named (`decode(_:named:)`) or given by an index checked against the row's width
/// (`decode(_:at:)`), and a value whose storage class is not the type's (NULL where a
/// non-optional is asked, text where an integer is) is `SQLITE_MISMATCH` naming the column and
/// the storage class found, never a default. The value itself is never in the message.
package struct SQLiteRow {
  fileprivate let handle: OpaquePointer
  fileprivate let sqlite: csqlite_api
  fileprivate let statement: SQLiteStatement

  /// How many columns the row has.
  package var columnCount: Int32 { sqlite.sqlite3_column_count(handle) }

  /// The name of column `index` (its alias when the statement gave one).
  package func columnName(_ index: Int32) -> String {
    sqlite.sqlite3_column_name(handle, index).map { String(cString: $0) } ?? "column \(index)"
  }

  /// Column `index` as a `T`.
  ///
  /// - Throws: `SQLiteError` (`SQLITE_RANGE`) for an index past the row's columns,
  ///   (`SQLITE_MISMATCH`) for a value that is not a `T`.
  package func decode<T: SQLiteDecodable>(_ type: T.Type = T.self, at index: Int32)
    throws(SQLiteError) -> T
  {
    guard index >= 0, index < columnCount else {
      throw statement.misuse(
        "read column \(index)", resultCode: SQLITE_RANGE,
        "the row has \(columnCount) columns, so there is no column \(index)")
    }
    let stored = storedValue(index)
    guard let value = T(stored: stored) else {
      throw statement.misuse(
        "read column \(columnName(index))", resultCode: SQLITE_MISMATCH,
        "expected \(T.sqliteTypeName), found \(stored.storageClass)")
    }
    return value
  }

  /// The column named `name` as a `T`.
  ///
  /// - Throws: `SQLiteError` (`SQLITE_RANGE`) when the row has no column of that name,
  ///   (`SQLITE_MISMATCH`) for a value that is not a `T`.
  package func decode<T: SQLiteDecodable>(_ type: T.Type = T.self, named name: String)
    throws(SQLiteError) -> T
  {
    guard let index = (0..<columnCount).first(where: { columnName($0) == name }) else {
      throw statement.misuse(
        "read column \(name)", resultCode: SQLITE_RANGE, "the row has no column \(name)")
    }
    return try decode(type, at: index)
  }

  /// The value of column `index` as SQLite stores it.
  private func storedValue(_ index: Int32) -> SQLiteStoredValue {
    switch sqlite.sqlite3_column_type(handle, index) {
    case SQLITE_NULL: return .null
    case SQLITE_INTEGER: return .integer(sqlite.sqlite3_column_int64(handle, index))
    case SQLITE_TEXT:
      guard let bytes = sqlite.sqlite3_column_text(handle, index) else { return .null }
      let count = Int(sqlite.sqlite3_column_bytes(handle, index))
      return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
    case SQLITE_FLOAT: return .other("a real number")
    default: return .other("a blob")
    }
  }
}

/// A column's value as SQLite stores it, before it is decoded to a Swift type.
package enum SQLiteStoredValue: Sendable {
  case integer(Int64)
  case text(String)
  case null
  /// A real or a blob, which the library never stores: named by its storage class.
  case other(String)

  /// The storage class, as an error message names it.
  var storageClass: String {
    switch self {
    case .integer: "an integer"
    case .text: "text"
    case .null: "NULL"
    case .other(let name): name
    }
  }
}

/// A type a row's column decodes to (`SQLiteRow.decode`).
package protocol SQLiteDecodable {
  /// The type as an error message names it: `an integer`, `text`.
  static var sqliteTypeName: String { get }
  /// The value `stored` holds, or nil when it is not one of this type.
  init?(stored: SQLiteStoredValue)
}

extension Int64: SQLiteDecodable {
  /// `an integer`.
  package static var sqliteTypeName: String { "an integer" }
  /// An integer column's value.
  package init?(stored: SQLiteStoredValue) {
    guard case .integer(let value) = stored else { return nil }
    self = value
  }
}

extension Int: SQLiteDecodable {
  /// `an integer`.
  package static var sqliteTypeName: String { "an integer" }
  /// An integer column's value.
  package init?(stored: SQLiteStoredValue) {
    guard case .integer(let value) = stored else { return nil }
    self.init(exactly: value)
  }
}

extension String: SQLiteDecodable {
  /// `text`.
  package static var sqliteTypeName: String { "text" }
  /// A text column's value.
  package init?(stored: SQLiteStoredValue) {
    guard case .text(let value) = stored else { return nil }
    self = value
  }
}

extension Optional: SQLiteDecodable where Wrapped: SQLiteDecodable {
  /// `Wrapped`'s name, or NULL.
  package static var sqliteTypeName: String { "\(Wrapped.sqliteTypeName) or NULL" }
  /// nil for NULL, else the wrapped type's value.
  package init?(stored: SQLiteStoredValue) {
    if case .null = stored {
      self = .none
    } else if let value = Wrapped(stored: stored) {
      self = .some(value)
    } else {
      return nil
    }
  }
}
