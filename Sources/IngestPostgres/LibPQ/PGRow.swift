import Foundation

/// The rows a statement returned and how many rows it affected.
struct PGRows: Sendable {
  /// The rows, in the order the server sent them.
  var rows: [PGRow]
  /// What `PQcmdTuples` says: rows inserted, updated, deleted or selected.
  var affected: Int

  /// The first row, if any.
  var first: PGRow? { rows.first }
}

/// One row of a result, its columns as the server wrote them in text format (NULL is nil),
/// decoded by type and throwing, as postgres-nio's `PostgresRow` decodes.
///
/// `decode(_:at:column:)` takes a column's position and its name (for the error): a column
/// the row does not have, NULL where a non-optional type is asked, or text that is not a value
/// of the type is `PostgresDecodingError` naming the column, never nil or a default.
struct PGRow: Sendable, Hashable {
  /// The columns, in the statement's order.
  var values: [String?]

  /// Column `index`, named `column` in the statement, as a `T`.
  ///
  /// - Throws: `PostgresDecodingError` when the row has no such column or its value is not a
  ///   `T` (NULL for a non-optional type).
  func decode<T: PGDecodable>(_ type: T.Type = T.self, at index: Int, column: String)
    throws(PostgresDecodingError) -> T
  {
    guard values.indices.contains(index) else {
      throw PostgresDecodingError(
        column: column, position: index, expected: T.postgresTypeName,
        found: "no such column (the row has \(values.count))")
    }
    guard let value = T(postgresText: values[index]) else {
      throw PostgresDecodingError(
        column: column, position: index, expected: T.postgresTypeName,
        found: values[index] == nil ? "NULL" : "text that is not one")
    }
    return value
  }
}

/// A value a column decodes to from PostgreSQL's text format (`PGRow.decode`).
protocol PGDecodable {
  /// The type as an error names it: `bigint`, `uuid`.
  static var postgresTypeName: String { get }
  /// The value `text` writes (nil: NULL), or nil when it is not one of this type.
  init?(postgresText text: String?)
}

extension String: PGDecodable {
  static var postgresTypeName: String { "text" }
  init?(postgresText text: String?) {
    guard let text else { return nil }
    self = text
  }
}

extension Int: PGDecodable {
  static var postgresTypeName: String { "an integer" }
  init?(postgresText text: String?) {
    guard let text, let value = Int(text) else { return nil }
    self = value
  }
}

extension Int64: PGDecodable {
  static var postgresTypeName: String { "a bigint" }
  init?(postgresText text: String?) {
    guard let text, let value = Int64(text) else { return nil }
    self = value
  }
}

extension Bool: PGDecodable {
  static var postgresTypeName: String { "a boolean" }
  init?(postgresText text: String?) {
    switch text {
    case "t": self = true
    case "f": self = false
    default: return nil
    }
  }
}

extension UUID: PGDecodable {
  static var postgresTypeName: String { "a uuid" }
  init?(postgresText text: String?) {
    guard let text, let value = UUID(uuidString: text) else { return nil }
    self = value
  }
}

/// A time selected as integer microseconds since 1970 (`PostgresInbox.microseconds`).
extension Date: PGDecodable {
  static var postgresTypeName: String { "microseconds since 1970" }
  init?(postgresText text: String?) {
    guard let text, let value = Int64(text) else { return nil }
    self.init(
      timeIntervalSince1970: Double(value / 1_000_000) + Double(value % 1_000_000) / 1_000_000)
  }
}

extension Optional: PGDecodable where Wrapped: PGDecodable {
  static var postgresTypeName: String { "\(Wrapped.postgresTypeName) or NULL" }
  init?(postgresText text: String?) {
    guard let text else {
      self = .none
      return
    }
    guard let value = Wrapped(postgresText: text) else { return nil }
    self = .some(value)
  }
}

/// A column of a result that is not of the type the program reads it as: a schema changed by
/// hand, or a query and its reader that disagree. Names the column and what was found, never
/// the value.
public struct PostgresDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The column's name in the statement.
  public var column: String
  /// Its position, from 0.
  public var position: Int
  /// The type the program reads it as.
  public var expected: String
  /// What the row held instead: `NULL`, `text that is not one`.
  public var found: String

  /// `column status (position 4): expected text, found NULL`.
  public var description: String {
    "cannot read column \(column) (position \(position)) of a share-ingest row: expected"
      + " \(expected), found \(found)"
  }
}
