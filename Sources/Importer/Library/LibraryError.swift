import SystemCalls

/// Why the library cannot be opened, read or written.
public enum LibraryError: Error, Sendable, NameQuotingDescription {
  /// A SQLite call failed; the error says which, on what, and SQLite's message.
  case database(SQLiteError)
  /// The database file, its directory or the library's files directory cannot be made or used.
  case files(IOError)
  /// There is no library at the path (and the caller asked not to create one).
  case notFound(path: String)
  /// The library was written by a newer version of this program.
  case newerSchema(path: String, version: Int, supported: Int)
  /// The file is a SQLite database of another program, or not a database at all.
  case notALibrary(path: String, reason: String)
  /// A stored value is not what the schema promises (NULL where a value must be, a share id
  /// that is not a UUID, an item kind this program does not know): only a damaged or
  /// hand-edited file has one. Never read as a default in its place.
  case unreadableRow(table: String, column: String, row: String, reason: String)
  /// WAL mode could not be turned on (a file system without shared memory, such as some
  /// network file systems); SQLite kept the journal mode named.
  case journalMode(path: String, mode: String)

  /// The description for a terminal: each name quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// What went wrong and what to do, each path written by `quoting`.
  public func description(quoting: NameQuoting) -> String {
    switch self {
    case .database(let error):
      return error.description(quoting: quoting)
    case .files(let error):
      return error.description(quoting: quoting)
    case .notFound(let path):
      return
        "no library at \(quoting.quote(path)); import shares first (ingest-cli inbox import)"
        + " or name one with --library PATH"
    case .newerSchema(let path, let version, let supported):
      return
        "the library \(quoting.quote(path)) has schema version \(version), newer than the"
        + " \(supported) this program knows; use a newer ingest-cli"
    case .notALibrary(let path, let reason):
      return "\(quoting.quote(path)) is not a share-ingest library: \(reason)"
    case .unreadableRow(let table, let column, let row, let reason):
      return
        "the library's \(table) row \(row) cannot be read: column \(column): \(reason)"
        + " (the file was damaged or edited by hand)"
    case .journalMode(let path, let mode):
      return
        "cannot turn on WAL mode for \(quoting.quote(path)) (the journal mode stays"
        + " \(mode)); keep the library on a local file system"
    }
  }

  /// The SQLite error underneath, if any.
  public var sqliteError: SQLiteError? {
    if case .database(let error) = self { return error }
    return nil
  }
}
