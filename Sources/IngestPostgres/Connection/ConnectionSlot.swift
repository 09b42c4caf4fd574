import Synchronization

/// One connection to a database, made when first needed and made again when lost, used by one
/// thread at a time (the connection never leaves the slot's lock).
final class ConnectionSlot: Sendable {
  let target: DatabaseTarget
  private let connection = Mutex<PGConnection?>(nil)

  init(target: DatabaseTarget) {
    self.target = target
  }

  /// Runs `body` with a live connection, connecting first when there is none (retrying for
  /// the target's reconnect window). When `body` fails because the connection was lost and
  /// `isIdempotent` says running it again is harmless, it is run again on a new connection,
  /// within the same window.
  func withConnection<R: Sendable>(
    isIdempotent: Bool, _ body: (PGConnection) throws -> R
  ) throws -> R {
    do {
      return try attempt(isIdempotent: isIdempotent, body)
    } catch let unretried as NotRetried {
      throw unretried.error
    }
  }

  private func attempt<R: Sendable>(
    isIdempotent: Bool, _ body: (PGConnection) throws -> R
  ) throws -> R {
    try target.retrying {
      try connection.withLock { connection in
        if connection?.isBroken ?? true {
          connection = nil
          connection = try target.connect()
        }
        guard let live = connection else { preconditionFailure("connected above") }
        do {
          return try body(live)
        } catch let error as PostgresError where error.isConnectionFailure {
          connection = nil
          guard isIdempotent else { throw NotRetried(error: error) }
          throw error
        }
      }
    }
  }

  /// Runs `body` on the connection the slot holds now, never making one: for work inside a
  /// transaction that must not move to another connection.
  ///
  /// - Throws: `PostgresError` (a connection failure) when the connection is gone.
  func withCurrentConnection<R: Sendable>(
    operation: String, _ body: (PGConnection) throws -> R
  ) throws -> R {
    try connection.withLock { connection in
      guard let live = connection, !live.isBroken else {
        connection = nil
        throw PostgresError(
          operation: operation, target: target.url.redacted, sqlState: nil,
          message: "the connection was lost", isConnectionFailure: true)
      }
      do {
        return try body(live)
      } catch let error as PostgresError where error.isConnectionFailure {
        connection = nil
        throw error
      }
    }
  }

  /// Closes the connection (the server ends any transaction left open on it).
  func disconnect() {
    connection.withLock { $0 = nil }
  }
}

/// A connection failure in a statement that must not run twice: passed through the retry loop
/// unretried, then unwrapped.
struct NotRetried: Error {
  var error: PostgresError
}
