import Foundation
import Ingest
import TestSupport
import Testing

@testable import Importer

/// Rows in and out of SQLite: bindings counted against the statement, columns decoded typed
/// and throwing, and a record read with its items in one snapshot.
@Suite("SQLite rows: counted bindings, typed decoding, one snapshot per read", .onIOExecutor)
struct SQLiteRowTests {
  /// A fresh database file in its own directory.
  struct Database {
    let directory: TemporaryDirectory
    let connection: SQLiteConnection

    init() throws {
      directory = try TemporaryDirectory()
      connection = try SQLiteConnection(path: directory.path + "/rows.sqlite")
      try connection.execute("CREATE TABLE t (i INTEGER, s TEXT)")
    }

    func remove() { directory.remove() }
  }

  @Test("A binding of more or fewer values than the statement's parameters is refused")
  func bindingCount() throws {
    let database = try Database()
    defer { database.remove() }
    let insert = try database.connection.statement("INSERT INTO t (i, s) VALUES (?1, ?2)")
    #expect(insert.parameterCount == 2)
    for values: [SQLiteValue] in [[.integer(1)], [.integer(1), .text("a"), .null], []] {
      let error = #expect(throws: SQLiteError.self) { try insert.run(values) }
      #expect(error?.codeName == "SQLITE_RANGE")
      #expect(
        error?.message == "the statement has 2 parameters but \(values.count) values were given")
    }
    #expect(try database.connection.integer("SELECT count(*) FROM t") == 0, "nothing written")
    try insert.run([.integer(1), .text("a")])
    #expect(try database.connection.integer("SELECT count(*) FROM t") == 1)
  }

  @Test("Columns decode by name or checked index; a value of another type is an error")
  func typedDecoding() throws {
    let database = try Database()
    defer { database.remove() }
    try database.connection.execute("INSERT INTO t (i, s) VALUES (NULL, 'text')")
    let select = try database.connection.statement("SELECT i, s FROM t")
    func read<T>(_ decode: (SQLiteRow) throws(SQLiteError) -> T) throws(SQLiteError) -> T? {
      try select.rows([], decode).first
    }
    #expect(
      try read { row throws(SQLiteError) in try row.decode(Int64?.self, named: "i") } == .some(nil))
    #expect(try read { row throws(SQLiteError) in try row.decode(String.self, at: 1) } == "text")

    let null = #expect(throws: SQLiteError.self) {
      try read { row throws(SQLiteError) in try row.decode(Int64.self, named: "i") }
    }
    #expect(null?.codeName == "SQLITE_MISMATCH")
    #expect(null?.operation == "read column i")
    #expect(null?.message == "expected an integer, found NULL")

    let text = #expect(throws: SQLiteError.self) {
      try read { row throws(SQLiteError) in try row.decode(Int64?.self, at: 1) }
    }
    #expect(text?.message == "expected an integer or NULL, found text")
    #expect(text?.message.contains("text'") == false, "the value itself is never shown")

    let missing = #expect(throws: SQLiteError.self) {
      try read { row throws(SQLiteError) in try row.decode(String.self, named: "nothing") }
    }
    #expect(missing?.codeName == "SQLITE_RANGE")
    let past = #expect(throws: SQLiteError.self) {
      try read { row throws(SQLiteError) in try row.decode(String.self, at: 2) }
    }
    #expect(past?.message == "the row has 2 columns, so there is no column 2")
  }

  /// A library holding one text share; its path and the record's id.
  static func libraryWithOneRecord(_ fixture: ImporterFixture) async throws -> Library {
    let library = try fixture.library()
    let record = LibraryRecord(
      shareID: UUID(), receivedAt: Date(), importedAt: Date(), source: nil, status: .toSort,
      items: [LibraryItem(kind: .text, typeIdentifier: "public.plain-text", text: "a note")])
    #expect(try await library.insert(record))
    return library
  }

  @Test("A stored value the schema does not allow is an error naming table, column and row")
  func unreadableRows() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let library = try await Self.libraryWithOneRecord(fixture)
    // What only a damaged or hand-edited file holds: an item kind this program does not know
    // (past the CHECK constraint), then a share id that is not a UUID.
    try library.withConnectionOnThisThread { connection in
      try connection.execute(
        "PRAGMA ignore_check_constraints = ON; UPDATE items SET kind = 'sound';"
          + " PRAGMA ignore_check_constraints = OFF")
    }
    let id = try #require(
      try library.withConnectionOnThisThread { try $0.integer("SELECT id FROM records") })
    await #expect {
      try await library.records()
    } throws: { error in
      guard case .unreadableRow(let table, let column, let row, _) = error as? LibraryError
      else { return false }
      return table == "items" && column == "kind" && row == "record_id \(id), position 0"
    }
    try library.withConnectionOnThisThread { connection in
      try connection.execute("UPDATE items SET kind = 'text'; UPDATE records SET share_id = 'x'")
    }
    await #expect {
      try await library.records()
    } throws: { error in
      guard case .unreadableRow(let table, let column, let row, let reason) = error as? LibraryError
      else { return false }
      return table == "records" && column == "share_id" && row == "id \(id)"
        && reason == "not a UUID"
    }
    let message = await #expect(throws: LibraryError.self) { try await library.records() }
    #expect(
      message?.description
        == "the library's records row id \(id) cannot be read: column share_id: not a UUID"
        + " (the file was damaged or edited by hand)")
  }

  @Test("A read transaction reads one snapshot: another connection's commit is not seen in it")
  func oneSnapshot() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let library = try await Self.libraryWithOneRecord(fixture)
    let other = try SQLiteConnection(path: fixture.libraryPath)
    let counts = try library.withConnectionOnThisThread { connection in
      try connection.readTransaction {
        let before = try connection.integer("SELECT count(*) FROM items")
        try other.execute(
          "INSERT INTO items (record_id, position, kind, type_identifier, text)"
            + " SELECT id, 1, 'text', 'public.plain-text', 'later' FROM records")
        let after = try connection.integer("SELECT count(*) FROM items")
        return (before, after)
      }
    }
    #expect(counts.0 == 1 && counts.1 == 1, "the second read saw the other connection's commit")
    let records = try await library.records()
    #expect(records.first?.items.count == 2, "seen once the read transaction ended")
  }
}
