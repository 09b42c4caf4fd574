import Foundation
import InboxReading
import Ingest
import SystemCalls
import TestSupport
import Testing

@testable import IngestPostgres

#if canImport(Glibc)
  import Glibc
#endif

/// A server that stops answering (its backend stopped with `SIGSTOP`: its kernel still
/// acknowledges what is sent, so no TCP timeout fires, and its `statement_timeout` cannot fire
/// either) is given up after the answer timeout, in a statement, in a `COPY`, and under a claim;
/// once it runs again, the next operation works.
///
/// The bound checked is generous (three times the timeout) and proves only that the wait ends.
/// Each test has the server to itself: a stopped backend holds up other tests' statements
/// (`DROP DATABASE` waits for every backend), and their blocked threads could keep this test
/// from letting it run again.
@Suite(
  "PostgreSQL answer timeout: a stopped server is given up (a real server)",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct AnswerTimeoutTests {
  static let timeout = Duration.seconds(2)

  /// Options with the test's answer timeout.
  static var options: PostgresOptions {
    var options = PostgresOptions()
    options.answerTimeoutMilliseconds = 2000
    return options
  }

  /// The process id of the server's backend for `connection`.
  /// A connection to `url` whose answers are awaited at most `timeout`.
  static func connect(_ url: PostgresURL) throws -> PGConnection {
    try PGConnection(
      url: url, connectTimeout: 10, applicationName: "tests", answerTimeout: timeout)
  }

  static func backend(_ connection: PGConnection) throws -> pid_t {
    let rows = try connection.query("SELECT pg_backend_pid()", operation: "backend pid")
    let row = try #require(rows.first)
    return pid_t(try row.decode(Int.self, at: 0, column: "pg_backend_pid"))
  }

  /// Stops `pid` with `SIGSTOP` for `body`, then lets it run again, whatever happens.
  static func stopped<T>(_ pid: pid_t, _ body: () throws -> T) rethrows -> T {
    #expect(kill(pid, SIGSTOP) == 0, "SIGSTOP \(pid): errno \(errno)")
    defer { #expect(kill(pid, SIGCONT) == 0, "SIGCONT \(pid): errno \(errno)") }
    return try body()
  }

  /// Checks that `error` says the server did not answer within the test's timeout.
  static func expectUnanswered(_ error: PostgresError?, elapsed: Duration) {
    #expect(error?.answerTimeout == timeout, "\(String(describing: error))")
    #expect(error?.isConnectionFailure == true)
    #expect(error?.isTemporary == true, "a watcher outlives it; serve answers 503")
    #expect(error?.description.contains("did not answer within 2 s") == true)
    #expect(error?.redactedDescription.contains("did not answer within 2 s") == true)
    #expect(elapsed < timeout * 3, "given up after \(elapsed)")
  }

  @Test("A statement in flight on a stopped backend fails within the timeout, not forever")
  func statement() async throws {
    try await PostgresServer.havingServerToItself {
      let url = try #require(PostgresServer.url.flatMap(PostgresURL.init))
      try await IOExecutor.shared.run {
        let connection = try Self.connect(url)
        let pid = try Self.backend(connection)
        let clock = ContinuousClock()
        let (error, elapsed) = Self.stopped(pid) {
          let started = clock.now
          let error = #expect(throws: PostgresError.self) {
            try connection.query("SELECT 1", operation: "probe")
          }
          return (error, clock.now - started)
        }
        Self.expectUnanswered(error, elapsed: elapsed)
        #expect(connection.isBroken, "a connection given up is not used again")
        // The server runs again: a new connection answers.
        let again = try Self.connect(url)
        #expect(try Self.backend(again) != pid)
      }
    }
  }

  @Test("A COPY whose server stops taking data fails within the timeout")
  func copy() async throws {
    try await PostgresServer.havingServerToItself {
      let url = try #require(PostgresServer.url.flatMap(PostgresURL.init))
      try await IOExecutor.shared.run {
        let connection = try Self.connect(url)
        let pid = try Self.backend(connection)
        try connection.execute(
          "CREATE TEMPORARY TABLE blobs (n integer, data bytea)", operation: "create")
        // 64 MiB, far more than the socket's buffers hold once the server stops reading.
        let chunk = [UInt8](repeating: 0x5A, count: 1 << 20)
        let clock = ContinuousClock()
        var started: ContinuousClock.Instant?
        let error = #expect(throws: PostgresError.self) {
          try connection.copyIn("COPY blobs FROM STDIN (FORMAT binary)", operation: "copy") {
            copy in
            for n in 0..<64 {
              if n == 1 {
                #expect(kill(pid, SIGSTOP) == 0)
                started = clock.now
              }
              copy.beginRow(fields: 2)
              copy.field(Int32(n))
              try chunk.withUnsafeBytes { try copy.field($0) }
            }
          }
        }
        let elapsed = clock.now - (started ?? clock.now)
        #expect(kill(pid, SIGCONT) == 0)
        Self.expectUnanswered(error, elapsed: elapsed)
        #expect(connection.isBroken)
      }
    }
  }

  @Test("A COPY TO whose server stops sending rows fails within the timeout")
  func copyOut() async throws {
    try await PostgresServer.havingServerToItself {
      let url = try #require(PostgresServer.url.flatMap(PostgresURL.init))
      try await IOExecutor.shared.run {
        let connection = try PGConnection(
          url: url, connectTimeout: 10, applicationName: "tests", answerTimeout: Self.timeout)
        let pid = try Self.backend(connection)
        // 64 rows of 1 MiB on the wire (stored compressed), far more than the socket's
        // buffers hold once the server stops sending.
        try connection.execute(
          """
          CREATE TEMPORARY TABLE blobs AS SELECT n, convert_to(repeat('x', 1048576), 'UTF8') AS data
          FROM generate_series(0, 63) n
          """, operation: "create")
        let copy = try connection.copyOut(
          "COPY (SELECT n, data FROM blobs ORDER BY n) TO STDOUT (FORMAT binary)",
          operation: "copy out")
        #expect(try copy.nextRow(on: connection)?.count == 2)
        let clock = ContinuousClock()
        #expect(kill(pid, SIGSTOP) == 0)
        let started = clock.now
        var rows = 1
        let error = #expect(throws: PostgresError.self) {
          while try copy.nextRow(on: connection) != nil { rows += 1 }
        }
        let elapsed = clock.now - started
        #expect(kill(pid, SIGCONT) == 0)
        #expect(rows < 64, "every row arrived before the server stopped")
        Self.expectUnanswered(error, elapsed: elapsed)
        #expect(connection.isBroken)
      }
    }
  }

  @Test("A claim whose server stops is a temporary error: the share stays, then imports")
  func claim() async throws {
    try await PostgresServer.havingServerToItself {
      let database = try PostgresServer.makeDatabase(prefix: "answer")
      let directory = try TemporaryDirectory()
      defer {
        PostgresServer.dropDatabase(database)
        directory.remove()
      }
      let url = try #require(PostgresURL(database))
      try await PostgresSchema.migrate(url)
      let group = try await GroupDirectory.open(path: directory.path + "/group")
      let inbox = PostgresInbox(url: url, group: group, options: Self.options)
      let id = UUID()
      let prepared = try await inbox.reserve(id)
      try await prepared.write(
        ShareManifest(
          id: id, receivedAt: Date(), source: "notes",
          items: [.text("while the server stops", typeIdentifier: "public.plain-text")]))
      try await prepared.makeDurable()
      try await prepared.commit()
      let claim = try await #require(try inbox.claim(id) as? PostgresClaim)
      let pid = try await IOExecutor.shared.run {
        try claim.slot.withCurrentConnection(operation: "backend pid") {
          try Self.backend($0)
        }
      }
      #expect(kill(pid, SIGSTOP) == 0)
      let clock = ContinuousClock()
      let started = clock.now
      var caught: PostgresError?
      do {
        try await claim.finish()
      } catch let error as PostgresError {
        caught = error
      }
      let elapsed = clock.now - started
      #expect(kill(pid, SIGCONT) == 0)
      Self.expectUnanswered(caught, elapsed: elapsed)
      // The share was not removed: its claim ends with the dropped connection's transaction
      // once the server runs again and finds the connection closed; then it imports.
      await #expect(try inbox.pending().map(\.id) == [id])
      var next: (any InboxClaim)?
      let patience = ContinuousClock.now + .seconds(30)
      while next == nil, ContinuousClock.now < patience {
        next = try await inbox.claimNext()
        if next == nil { try await IOExecutor.shared.sleep(for: .milliseconds(20)) }
      }
      let taken = try #require(next, "the share was never released")
      #expect(taken.manifest.id == id)
      try await taken.finish()
      await #expect(try inbox.pending().isEmpty)
    }
  }
}
