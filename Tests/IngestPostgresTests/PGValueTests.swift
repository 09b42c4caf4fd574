import Foundation
import TestSupport
import Testing

@testable import IngestPostgres

/// Typed parameters against the real server: each kind arrives as the type it says, with the
/// value it holds, and comes back readable by type.
@Suite(
  "PostgreSQL typed parameters (a real server)",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PGValueTests {
  /// A value, a statement that reads it back (its type first, as `pg_typeof` names it), and
  /// the row the server must answer.
  struct Case: CustomStringConvertible, Sendable {
    var description: String
    var value: PGValue
    var sql: String
    var expected: [String?]
  }

  static let uuid = UUID(uuidString: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0") ?? UUID()
  static let other = UUID(uuidString: "00000000-0000-0000-0000-0000000000FF") ?? UUID()
  static let awkward = "it's \"quoted\"; DROP TABLE x; -- \\ ünïcödé 日本語 🦆\n\ttab"

  static let cases: [Case] = [
    Case(
      description: "text with quotes, a backslash and Unicode", value: .text(awkward),
      sql: "SELECT pg_typeof($1)::text, $1, length($1)::text",
      expected: ["text", awkward, String(awkward.count)]),
    Case(
      description: "empty text, not NULL", value: .text(""),
      sql: "SELECT pg_typeof($1)::text, $1, ($1 IS NULL)::text", expected: ["text", "", "false"]),
    Case(
      description: "the largest bigint", value: .int64(.max),
      sql: "SELECT pg_typeof($1)::text, $1::text, ($1 = 9223372036854775807)::text",
      expected: ["bigint", "9223372036854775807", "true"]),
    Case(
      description: "the smallest bigint", value: .int64(.min),
      sql: "SELECT pg_typeof($1)::text, $1::text, ($1 + 1 = -9223372036854775807)::text",
      expected: ["bigint", "-9223372036854775808", "true"]),
    Case(
      description: "a negative integer", value: .int32(-2_000_000_001),
      sql: "SELECT pg_typeof($1)::text, $1::text", expected: ["integer", "-2000000001"]),
    Case(
      description: "true", value: .bool(true), sql: "SELECT pg_typeof($1)::text, $1::text",
      expected: ["boolean", "true"]),
    Case(
      description: "false", value: .bool(false), sql: "SELECT pg_typeof($1)::text, $1::text",
      expected: ["boolean", "false"]),
    Case(
      description: "bytes with zero bytes", value: .bytes([0, 1, 0, 0xFF, 0x27, 0]),
      sql: "SELECT pg_typeof($1)::text, encode($1, 'hex'), length($1)::text",
      expected: ["bytea", "000100ff2700", "6"]),
    Case(
      description: "no bytes, not NULL", value: .bytes([]),
      sql: "SELECT pg_typeof($1)::text, encode($1, 'hex'), ($1 IS NULL)::text",
      expected: ["bytea", "", "false"]),
    Case(
      description: "a UUID", value: .uuid(uuid), sql: "SELECT pg_typeof($1)::text, $1::text",
      expected: ["uuid", uuid.uuidString.lowercased()]),
    Case(
      description: "an array of UUIDs", value: .uuids([uuid, other]),
      sql: """
        SELECT pg_typeof($1)::text, array_length($1, 1)::text, $1[2]::text,
          ('\(uuid.uuidString)'::uuid = ANY($1))::text
        """,
      expected: ["uuid[]", "2", other.uuidString.lowercased(), "true"]),
    Case(
      description: "an empty array of UUIDs", value: .uuids([]),
      sql: """
        SELECT pg_typeof($1)::text, cardinality($1)::text,
          ('\(uuid.uuidString)'::uuid <> ALL($1))::text
        """,
      expected: ["uuid[]", "0", "true"]),
    Case(
      description: "a time after 2000, to the microsecond",
      value: .timestamp(Date(timeIntervalSince1970: 1_700_000_000.123456)),
      sql: """
        SELECT pg_typeof($1)::text, ($1 = '2023-11-14 22:13:20.123456+00'::timestamptz)::text
        """,
      expected: ["timestamp with time zone", "true"]),
    Case(
      description: "a time before 2000",
      value: .timestamp(Date(timeIntervalSince1970: 631_152_000.5)),
      sql: "SELECT pg_typeof($1)::text, ($1 = '1990-01-01 00:00:00.5+00'::timestamptz)::text",
      expected: ["timestamp with time zone", "true"]),
    Case(
      description: "NULL", value: .null, sql: "SELECT $1::text, ($1::bigint IS NULL)::text",
      expected: [nil, "true"]),
    Case(
      description: "nil text is NULL", value: .text(nil as String?),
      sql: "SELECT ($1::text IS NULL)::text", expected: ["true"]),
  ]

  @Test("Each kind of value arrives as its type, with its value", arguments: cases)
  func roundTrip(_ testCase: Case) async throws {
    try await PostgresServer.sharing {
      let connection = try Self.connect()
      let rows = try connection.query(testCase.sql, [testCase.value], operation: "echo")
      #expect(rows.rows.map(\.values) == [testCase.expected])
    }
  }

  @Test("A string holding U+0000 is refused by the server, not cut short")
  func nulInText() async throws {
    try await PostgresServer.sharing {
      let connection = try Self.connect()
      #expect(throws: PostgresError.self) {
        try connection.query("SELECT $1", [.text("before\u{0}after")], operation: "echo")
      }
    }
  }

  @Test("Rows are read back by type; a value of another type is an error naming the column")
  func readByType() async throws {
    try await PostgresServer.sharing {
      let connection = try Self.connect()
      let received = Date(timeIntervalSince1970: 1_700_000_000.123456)
      let rows = try connection.query(
        """
        SELECT $1::bigint, $2::integer, $3::boolean, $4::uuid,
          \(PostgresInbox.microseconds("$5::timestamptz")), NULL::text, 'word'
        """,
        [.int64(.min), .int32(7), .bool(false), .uuid(Self.uuid), .timestamp(received)],
        operation: "read by type")
      let row = try #require(rows.first)
      #expect(try row.decode(Int64.self, at: 0, column: "a") == .min)
      #expect(try row.decode(Int.self, at: 1, column: "b") == 7)
      #expect(try row.decode(Bool.self, at: 2, column: "c") == false)
      #expect(try row.decode(UUID.self, at: 3, column: "d") == Self.uuid)
      let date = try row.decode(Date.self, at: 4, column: "e")
      #expect(abs(date.timeIntervalSince(received)) < 0.000_001)
      #expect(try row.decode(String?.self, at: 5, column: "f") == nil)
      #expect(try row.decode(String.self, at: 6, column: "g") == "word")
      let null = #expect(throws: PostgresDecodingError.self) {
        try row.decode(String.self, at: 5, column: "f")
      }
      #expect(null?.description.contains("column f (position 5)") == true)
      #expect(null?.found == "NULL")
      let mismatch = #expect(throws: PostgresDecodingError.self) {
        try row.decode(Int?.self, at: 6, column: "g")
      }
      #expect(mismatch?.column == "g")
      #expect(mismatch?.found == "text that is not one")
      #expect(mismatch?.description.contains("word") == false, "the value itself is never shown")
      let missing = #expect(throws: PostgresDecodingError.self) {
        try row.decode(String?.self, at: 7, column: "h")
      }
      #expect(missing?.found == "no such column (the row has 7)")
    }
  }

  @Test("Several values of different kinds bind in order, in a pipeline too")
  func severalInAPipeline() async throws {
    try await PostgresServer.sharing {
      let connection = try Self.connect()
      let statement = PGStatement(
        "SELECT $1 || ':' || $2::text || ':' || $3::text || ':' || encode($4, 'hex')",
        [.text("a'b"), .int64(42), .uuid(Self.other), .bytes([0, 0xAB])])
      let outcomes = try connection.pipeline([statement, statement], operation: "pipeline")
      let expected = "a'b:42:\(Self.other.uuidString.lowercased()):00ab"
      for outcome in outcomes {
        #expect(try outcome.get().first?.decode(String.self, at: 0, column: "joined") == expected)
      }
    }
  }

  static func connect() throws -> PGConnection {
    let server = try #require(PostgresServer.url)
    let url = try #require(PostgresURL(server))
    return try PGConnection(url: url, connectTimeout: 30, applicationName: "tests")
  }
}
