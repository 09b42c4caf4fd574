import Foundation
import TestSupport
import Testing

@testable import IngestPostgres

/// Transactions and savepoints against the real server: what commits is there for another
/// connection, what throws is gone, and a savepoint undoes only its own work.
@Suite(
  "PostgreSQL transactions and savepoints (a real server)",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PGTransactionTests {
  /// An error of the test's own, thrown from a body.
  struct Refused: Error, Equatable {}

  @Test("withTransaction commits what its body did, for every connection to see")
  func commits() async throws {
    try await Self.withTable { connection, other throws in
      let returned = try connection.withTransaction(operation: "insert") {
        try Self.insert("kept", connection)
        #expect(connection.isInTransaction)
        return 7
      }
      #expect(returned == 7)
      #expect(!connection.isInTransaction)
      #expect(try Self.values(other) == ["kept"])
    }
  }

  @Test("withTransaction rolls back when its body throws, and throws the body's error on")
  func rollsBackOnThrow() async throws {
    try await Self.withTable { connection, other throws in
      #expect(throws: Refused()) {
        try connection.withTransaction(operation: "insert") {
          try Self.insert("gone", connection)
          throw Refused()
        }
      }
      #expect(!connection.isInTransaction)
      #expect(try Self.values(connection).isEmpty)
      #expect(try Self.values(other).isEmpty)
      // The connection goes on. (Through a function of its own: a closure written here was
      // given the same symbol as the `#expect(throws:)` closure above by this toolchain, which
      // then ran that one in its place.)
      try Self.insertInTransaction("next", connection)
      #expect(try Self.values(other) == ["next"])
    }
  }

  @Test("A statement that fails in the body rolls the transaction back with the server's error")
  func rollsBackOnStatementFailure() async throws {
    try await Self.withTable { connection, other throws in
      let error = #expect(throws: PostgresError.self) {
        try connection.withTransaction(operation: "insert") {
          try Self.insert("gone", connection)
          try connection.query("SELECT 1 / $1::integer", [.int32(0)], operation: "divide")
        }
      }
      #expect(error?.sqlState == "22012")
      #expect(!connection.isInTransaction)
      #expect(try Self.values(other).isEmpty)
    }
  }

  @Test("A body that swallows a failed statement does not commit: the transaction is rolled back")
  func failedTransactionIsNotCommitted() async throws {
    try await Self.withTable { connection, other throws in
      let error = #expect(throws: PostgresError.self) {
        try connection.withTransaction(operation: "insert") {
          try Self.insert("gone", connection)
          _ = try? connection.query("SELECT 1 / $1::integer", [.int32(0)], operation: "divide")
        }
      }
      #expect(error?.sqlState == "25P02")
      #expect(!connection.isInTransaction)
      #expect(try Self.values(other).isEmpty)
    }
  }

  @Test("withTransaction inside a transaction is refused; the outer one rolls back whole")
  func nestedTransactionIsRefused() async throws {
    try await Self.withTable { connection, other throws in
      let error = #expect(throws: PostgresError.self) {
        try connection.withTransaction(operation: "outer") {
          try Self.insert("outer", connection)
          try connection.withTransaction(operation: "inner") {
            try Self.insert("inner", connection)
          }
        }
      }
      #expect(error?.message.contains("already open") == true)
      #expect(!connection.isInTransaction)
      #expect(try Self.values(other).isEmpty)
    }
  }

  @Test("withSavepoint undoes only its own work when it throws; nested savepoints of one name")
  func savepoints() async throws {
    try await Self.withTable { connection, other throws in
      try connection.withTransaction(operation: "savepoints") {
        try Self.insert("a", connection)
        #expect(throws: Refused()) {
          try connection.withSavepoint("step", operation: "b") {
            try Self.insert("b", connection)
            throw Refused()
          }
        }
        #expect(!connection.isInFailedTransaction)
        try connection.withSavepoint("step", operation: "c and d") {
          try Self.insert("c", connection)
          // The same name nested: the inner one fails (a statement error), the outer is kept.
          #expect(throws: PostgresError.self) {
            try connection.withSavepoint("step", operation: "d") {
              try Self.insert("d", connection)
              try connection.query("SELECT 1 / $1::integer", [.int32(0)], operation: "divide")
            }
          }
          try Self.insert("e", connection)
        }
        // Nothing is visible outside the transaction before it commits.
        #expect(try Self.values(other).isEmpty)
      }
      #expect(try Self.values(other) == ["a", "c", "e"])
    }
  }

  @Test("withSavepoint outside a transaction is refused by the server")
  func savepointNeedsATransaction() async throws {
    try await Self.withTable { connection, other throws in
      let error = #expect(throws: PostgresError.self) {
        try connection.withSavepoint("step", operation: "alone") {
          try Self.insert("alone", connection)
        }
      }
      #expect(error?.sqlState == "25P01")
      #expect(try Self.values(other).isEmpty)
    }
  }

  @Test("A pipeline in a savepoint: all of it, or none of it and the transaction goes on")
  func pipelineInSavepoint() async throws {
    try await Self.withTable { connection, other throws in
      try connection.withTransaction(operation: "pipeline") {
        try Self.insert("a", connection)
        let failed = try connection.pipeline(
          [
            Self.insertion("b"), PGStatement("SELECT 1 / $1::integer", [.int32(0)]),
            Self.insertion("c"),
          ], inSavepoint: "batch", operation: "a batch that fails")
        guard case .failure(let error) = failed else {
          Issue.record("a batch with a division by zero succeeded")
          return
        }
        #expect(error.sqlState == "22012")
        #expect(!connection.isInFailedTransaction)
        let kept = try connection.pipeline(
          [Self.insertion("d"), Self.insertion("e")], inSavepoint: "batch",
          operation: "a batch that succeeds")
        let rows = try kept.get()
        #expect(
          try rows.map { try $0.first?.decode(String.self, at: 0, column: "value") } == ["d", "e"])
      }
      #expect(try Self.values(other) == ["a", "d", "e"])
    }
  }

  // MARK: Support

  /// Runs `body` with two connections to a new database holding an empty table `t (v text)`:
  /// one to work on, the other to look from outside its transactions.
  static func withTable(
    _ body: (_ connection: PGConnection, _ other: PGConnection) throws -> Void
  ) async throws {
    try await PostgresServer.sharing {
      let database = try PostgresServer.makeDatabase()
      defer { PostgresServer.dropDatabase(database) }
      let url = try #require(PostgresURL(database))
      let connection = try PGConnection(url: url, connectTimeout: 30, applicationName: "tests")
      let other = try PGConnection(url: url, connectTimeout: 30, applicationName: "tests")
      try connection.execute(
        "CREATE TABLE t (position serial PRIMARY KEY, v text NOT NULL)", operation: "create")
      try body(connection, other)
    }
  }

  /// The statement inserting `value`, returning it.
  static func insertion(_ value: String) -> PGStatement {
    PGStatement("INSERT INTO t (v) VALUES ($1) RETURNING v", [.text(value)])
  }

  static func insert(_ value: String, _ connection: PGConnection) throws {
    let statement = insertion(value)
    try connection.query(statement.sql, statement.parameters, operation: "insert")
  }

  static func insertInTransaction(_ value: String, _ connection: PGConnection) throws {
    try connection.withTransaction(operation: "insert") { try insert(value, connection) }
  }

  /// The table's values, in the order they were inserted.
  static func values(_ connection: PGConnection) throws -> [String] {
    try connection.query("SELECT v FROM t ORDER BY position", operation: "read").rows.map {
      try $0.decode(String.self, at: 0, column: "v")
    }
  }
}
