import Foundation
import Ingest
import SystemCalls

extension PostgresInbox {
  /// Checks, within `seconds`, that the database can be reached now: a connection of its own
  /// (never one of the pool's, which may be held up by a statement), made with
  /// `connect_timeout`, `statement_timeout` and an answer timeout of `seconds` (so that a
  /// server that stopped running is not ready either), and one `SELECT` of the inbox
  /// table. Never retried: readiness says how the database is, not how it will be.
  ///
  /// A readiness route (`serve`'s `GET /readyz`) calls it, so a load balancer sends shares only
  /// to servers whose database answers.
  ///
  /// - Throws: `PostgresError` saying what failed (the database cannot be reached, or the
  ///   statement failed or timed out).
  public func checkReachable(within seconds: Int = 2) async throws {
    let url = self.url
    let options = pool.target.options
    try await IOExecutor.shared.run {
      var bounded = options
      bounded.statementTimeoutMilliseconds = max(1, seconds) * 1000
      bounded.tcpUserTimeoutMilliseconds = max(1, seconds) * 1000
      let connection = try PGConnection(
        url: url, connectTimeout: seconds, applicationName: options.applicationName,
        settings: bounded.connectionSettings(boundsStatements: true),
        answerTimeout: .seconds(max(1, seconds)))
      try connection.query(
        "SELECT 1 FROM share_ingest.inbox_shares LIMIT 1", operation: "check readiness")
    }
  }
}
