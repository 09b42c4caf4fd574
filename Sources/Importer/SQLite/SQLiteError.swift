import SystemCalls

/// A failed SQLite call: the operation, the library file, the statement, and SQLite's own
/// message and result code.
///
/// Built only by the connection (`Sources/Importer/SQLite/`), which reads the message from
/// SQLite right after the failing call. Statements carry no user content (every value is a
/// bound parameter), so the SQL is safe to show.
public struct SQLiteError: Error, Sendable, Hashable, NameQuotingDescription {
  /// What was being done: `open`, `prepare`, `bind`, `step`, `execute`, `begin`, `commit`...
  public var operation: String
  /// The database file.
  public var path: String
  /// The SQL, when the failure was about a statement.
  public var statement: String?
  /// SQLite's extended result code (`SQLITE_BUSY` is 5, `SQLITE_CONSTRAINT_UNIQUE` 2067).
  public var resultCode: Int32
  /// SQLite's message (`sqlite3_errmsg`), such as `database is locked`.
  public var message: String

  /// Creates an error.
  public init(
    operation: String, path: String, statement: String? = nil, resultCode: Int32,
    message: String
  ) {
    self.operation = operation
    self.path = path
    self.statement = statement
    self.resultCode = resultCode
    self.message = message
  }

  /// The primary result code (the low byte of the extended one).
  public var primaryResultCode: Int32 { resultCode & 0xFF }

  /// Whether another connection held the lock for longer than the busy timeout.
  public var isBusy: Bool { primaryResultCode == 5 || primaryResultCode == 6 }

  /// Whether the file is not a database, or is damaged.
  public var isNotADatabase: Bool { primaryResultCode == 26 || primaryResultCode == 11 }

  /// Whether the device is full.
  public var isFull: Bool { primaryResultCode == 13 }

  /// Whether the file could not be opened or written for a reason outside SQLite (permissions,
  /// a read-only file system, a missing directory).
  public var isCannotOpen: Bool {
    primaryResultCode == 14 || primaryResultCode == 8 || primaryResultCode == 3
  }

  /// The C name of the result code, such as `SQLITE_CONSTRAINT_UNIQUE` or `SQLITE_BUSY`.
  public var codeName: String {
    if let name = Self.extendedNames[resultCode] { return name }
    if let name = Self.primaryNames[primaryResultCode] { return name }
    return "SQLite result code \(resultCode)"
  }

  /// The description for a terminal: the path quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// `cannot step "INSERT INTO records …" in /path/library.sqlite: UNIQUE constraint failed:
  /// records.share_id (SQLITE_CONSTRAINT_UNIQUE)`, the path written by `quoting`.
  public func description(quoting: NameQuoting) -> String {
    var text = "cannot \(operation)"
    if let statement { text += " \"\(Self.abbreviated(statement))\"" }
    text += " in \(quoting.quote(path)): \(message) (\(codeName))"
    return text
  }

  /// The statement on one line, its first 80 characters.
  static func abbreviated(_ statement: String) -> String {
    let line = statement.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return line.count <= 80 ? line : String(line.prefix(79)) + "…"
  }

  private static let primaryNames: [Int32: String] = [
    1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT",
    5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY",
    9: "SQLITE_INTERRUPT", 10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 12: "SQLITE_NOTFOUND",
    13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 15: "SQLITE_PROTOCOL", 16: "SQLITE_EMPTY",
    17: "SQLITE_SCHEMA", 18: "SQLITE_TOOBIG", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH",
    21: "SQLITE_MISUSE", 22: "SQLITE_NOLFS", 23: "SQLITE_AUTH", 24: "SQLITE_FORMAT",
    25: "SQLITE_RANGE", 26: "SQLITE_NOTADB",
  ]

  private static let extendedNames: [Int32: String] = [
    517: "SQLITE_BUSY_SNAPSHOT", 773: "SQLITE_BUSY_TIMEOUT", 787: "SQLITE_CONSTRAINT_FOREIGNKEY",
    1299: "SQLITE_CONSTRAINT_NOTNULL", 1555: "SQLITE_CONSTRAINT_PRIMARYKEY",
    2067: "SQLITE_CONSTRAINT_UNIQUE", 275: "SQLITE_CONSTRAINT_CHECK",
    3091: "SQLITE_CONSTRAINT_DATATYPE", 526: "SQLITE_CANTOPEN_ISDIR",
    1550: "SQLITE_CANTOPEN_SYMLINK", 778: "SQLITE_IOERR_WRITE", 1034: "SQLITE_IOERR_FSYNC",
    266: "SQLITE_IOERR_READ", 4618: "SQLITE_IOERR_SHMOPEN",
  ]
}
