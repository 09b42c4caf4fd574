import Foundation
import Ingest
import TestSupport
import Testing

@testable import IngestPostgres

@Suite("PostgreSQL URLs and errors, without a server")
struct PostgresURLTests {
  struct RedactionCase: CustomTestStringConvertible, Sendable {
    var url: String
    var redacted: String
    var testDescription: String { url }
  }

  @Test(
    "A URL's password never shows: in the authority and in the query",
    arguments: [
      RedactionCase(
        url: "postgresql://ingest:s3cret@db.internal:5432/share_ingest",
        redacted: "postgresql://ingest:***@db.internal:5432/share_ingest"),
      RedactionCase(
        url: "postgres://db/share?user=a&password=hunter2&sslmode=require",
        redacted: "postgres://db/share?user=a&password=***&sslmode=require"),
      RedactionCase(
        url: "postgresql:///share_ingest?host=/run/postgresql",
        redacted: "postgresql:///share_ingest?host=/run/postgresql"),
      RedactionCase(
        url: "postgresql://user@host/db", redacted: "postgresql://user@host/db"),
    ])
  func redaction(_ example: RedactionCase) throws {
    let url = try #require(PostgresURL(example.url))
    #expect(url.redacted == example.redacted)
    #expect("\(url)" == example.redacted)
  }

  @Test(
    "Only postgresql:// and postgres:// URLs are PostgreSQL URLs",
    arguments: [
      ("postgresql://h/db", true), ("postgres:///db", true), ("/var/lib/library.sqlite", false),
      ("mysql://h/db", false), ("postgresql:/db", false), ("", false),
    ])
  func scheme(_ text: String, _ isPostgres: Bool) {
    #expect((PostgresURL(text) != nil) == isPostgres)
    #expect(PostgresURL.isPostgres(text) == isPostgres)
  }

  @Test("An error names the operation, the server, the SQLSTATE, the detail and the hint")
  func errorDescription() {
    let error = PostgresError(
      operation: "claim share 1", target: "postgresql://h/db", sqlState: "55P03",
      message: "could not obtain lock", detail: "row locked", hint: "try later")
    #expect(
      error.description
        == "PostgreSQL claim share 1 on postgresql://h/db failed: could not obtain lock"
        + " (SQLSTATE 55P03); row locked; hint: try later")
    #expect(!error.isTemporary)
    var lost = PostgresError(
      operation: "connect", target: "postgresql://h/db", sqlState: nil,
      message: "connection refused", isConnectionFailure: true, retriedFor: .seconds(10))
    #expect(lost.isTemporary)
    #expect(lost.description.hasSuffix("; gave up reconnecting after 10.0 s"))
    lost.retriedFor = nil
    #expect(PostgresError.isConnectionState("57P01"))
    #expect(PostgresError.isConnectionState("08006"))
    #expect(!PostgresError.isConnectionState("23505"))
  }

  @Test("In a log or an answer, an error says what failed and never the server's message")
  func redactedError() {
    let duplicate = PostgresError(
      operation: "commit share", target: "postgresql://h/db", sqlState: "23505",
      message: "duplicate key value violates unique constraint", detail: "Key (text)=(secret)")
    #expect(LogRedaction.describe(duplicate) == "PostgreSQL commit share failed: SQLSTATE 23505")
    let down = PostgresError(
      operation: "connect", target: "postgresql://h/db", sqlState: nil,
      message: "connection refused", isConnectionFailure: true)
    #expect(
      LogRedaction.describe(down) == "PostgreSQL connect failed: the database cannot be reached")
    let share = ShareError.commitFailed(down)
    #expect(!share.redactedDescription.contains("PostgresError"))
    #expect(share.redactedDescription.hasSuffix("the database cannot be reached"))
  }

  @Test("Schema errors say what to run")
  func schemaErrors() {
    #expect(
      "\(PostgresSchemaError.notMigrated(target: "postgresql://h/db"))".contains(
        "ingest-cli db migrate URL"))
    #expect(
      "\(PostgresSchemaError.newer(target: "t", version: 3, supported: 1))".contains(
        "use a newer ingest-cli"))
  }

  @Test("A server that is not there is a connection failure, tried for the reconnect window")
  func unreachable() async throws {
    let url = try #require(PostgresURL("postgresql:///nowhere?host=/nonexistent-socket-dir"))
    let error = await #expect(throws: PostgresError.self) {
      try await PostgresSchema.migrate(
        url, options: PostgresOptions(reconnectTimeout: .milliseconds(300)))
    }
    #expect(error?.isConnectionFailure == true)
    // Retried for the window and then given up: measured where it retried (on a worker of
    // the I/O executor), not around the await, which a busy machine may delay.
    let retried = try #require(error?.retriedFor)
    #expect(retried < .seconds(5))
  }
}
