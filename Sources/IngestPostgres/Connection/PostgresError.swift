import Foundation
import InboxReading
import Ingest

/// A PostgreSQL operation that failed: what was being done, on which server, the SQLSTATE and
/// the server's message.
///
/// `isConnectionFailure` says the connection was lost or could not be made (the server is
/// down, restarting, or unreachable): trying again later may succeed, so a watcher outlives it
/// (`TemporaryInboxError`). `answerTimeout` says the server was reached but did not answer in
/// time (a server stopped or stalled): the connection was given up, and the error is a
/// connection failure too.
public struct PostgresError: Error, Sendable, Hashable, CustomStringConvertible,
  TemporaryInboxError, RedactableError
{
  /// What was being done: `connect`, `claim`, `commit share`, `migrate`...
  public var operation: String
  /// The server: its URL without a password.
  public var target: String
  /// The SQLSTATE the server gave (`23505` unique violation, `57P01` admin shutdown); nil for
  /// errors on the client's side (a connection refused, a broken socket).
  public var sqlState: String?
  /// The server's primary message, or libpq's.
  public var message: String
  /// The server's detail line, if any.
  public var detail: String?
  /// The server's hint, if any.
  public var hint: String?
  /// Whether the connection was lost or could not be made.
  public var isConnectionFailure: Bool
  /// How long reconnecting was tried before giving up, when it was.
  public var retriedFor: Duration?
  /// How long the server's answer was awaited before the connection was given up, when the
  /// server did not answer in time (`PostgresOptions.answerTimeoutMilliseconds`); nil
  /// otherwise.
  public var answerTimeout: Duration?

  /// Creates an error.
  public init(
    operation: String, target: String, sqlState: String?, message: String,
    detail: String? = nil, hint: String? = nil, isConnectionFailure: Bool = false,
    retriedFor: Duration? = nil, answerTimeout: Duration? = nil
  ) {
    self.operation = operation
    self.target = target
    self.sqlState = sqlState
    self.message = message
    self.detail = detail
    self.hint = hint
    self.isConnectionFailure = isConnectionFailure
    self.retriedFor = retriedFor
    self.answerTimeout = answerTimeout
  }

  /// `PostgreSQL claim on postgresql:///db?host=/run: <message> (SQLSTATE 55P03)`, with the
  /// detail and hint when there are any, and how long reconnecting was tried.
  public var description: String {
    var text = "PostgreSQL \(operation) on \(target) failed: \(message)"
    if let sqlState { text += " (SQLSTATE \(sqlState))" }
    if let detail { text += "; \(detail)" }
    if let hint { text += "; hint: \(hint)" }
    if let retriedFor {
      let seconds =
        Double(retriedFor.components.seconds) + Double(retriedFor.components.attoseconds) / 1e18
      text += "; gave up reconnecting after " + String(format: "%.1f", seconds) + " s"
    }
    return text
  }

  /// Whether the server was reached but did not answer within `answerTimeout`.
  public var isUnanswered: Bool { answerTimeout != nil }

  /// `duration` in seconds for a message: `5`, or `2.5` when it is not whole.
  static func seconds(_ duration: Duration) -> String {
    let milliseconds =
      duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    return milliseconds % 1000 == 0
      ? String(milliseconds / 1000) : String(format: "%.1f", Double(milliseconds) / 1000)
  }

  /// `PostgreSQL commit share failed: the database cannot be reached` (or `did not answer
  /// within 15 s`), or `…: SQLSTATE 23505`:
  /// the operation and what went wrong, never the server's message or its detail, which may
  /// quote a shared value.
  public var redactedDescription: String {
    var text = "PostgreSQL \(operation) failed: "
    if let answerTimeout {
      text += "the database did not answer within \(Self.seconds(answerTimeout)) s"
    } else if isConnectionFailure {
      text += "the database cannot be reached"
      if let sqlState { text += " (SQLSTATE \(sqlState))" }
    } else if let sqlState {
      text += "SQLSTATE \(sqlState)"
    } else {
      text += "an error on the client's side"
    }
    return text
  }

  /// `TemporaryInboxError`: a lost or refused connection may come back.
  public var isTemporary: Bool { isConnectionFailure }

  /// Whether the error is the unique violation of a key (`23505`).
  public var isUniqueViolation: Bool { sqlState == "23505" }

  /// Whether the error says the share-ingest tables are not there (`42P01` undefined table,
  /// `3F000` undefined schema): the database was never migrated.
  public var isMissingSchema: Bool { sqlState == "42P01" || sqlState == "3F000" }

  /// Whether `sqlState` says the connection is going or gone: class 08 (connection
  /// exception), `57P01`-`57P03` (the server shutting down, crashed, or not yet accepting).
  static func isConnectionState(_ sqlState: String?) -> Bool {
    guard let sqlState else { return false }
    return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
  }
}

extension PostgresError: ShareConflictError {
  /// A unique violation (`23505`): the share's id is committed already.
  public var isAlreadyCommitted: Bool { isUniqueViolation }
}
