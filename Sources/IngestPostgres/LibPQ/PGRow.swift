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
/// read by type.
///
/// Each reader takes a column's position and says nil for NULL, for a column the row does not
/// have, and for text that is not a value of the type asked for.
struct PGRow: Sendable, Hashable {
  /// The columns, in the statement's order.
  var values: [String?]

  /// A column as text.
  func text(_ column: Int) -> String? {
    values.indices.contains(column) ? values[column] : nil
  }

  /// An `integer` or `bigint` column.
  func int(_ column: Int) -> Int? {
    text(column).flatMap { Int($0) }
  }

  /// A `bigint` column.
  func int64(_ column: Int) -> Int64? {
    text(column).flatMap { Int64($0) }
  }

  /// A `boolean` column (`t` or `f`).
  func bool(_ column: Int) -> Bool? {
    switch text(column) {
    case "t": true
    case "f": false
    default: nil
    }
  }

  /// A `uuid` column.
  func uuid(_ column: Int) -> UUID? {
    text(column).flatMap(UUID.init(uuidString:))
  }

  /// A time selected as integer microseconds since 1970 (`PostgresInbox.microseconds`).
  func date(_ column: Int) -> Date? {
    int64(column).map { value in
      Date(
        timeIntervalSince1970: Double(value / 1_000_000) + Double(value % 1_000_000) / 1_000_000)
    }
  }
}
