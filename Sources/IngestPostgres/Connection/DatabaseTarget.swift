import Foundation
import Synchronization

/// One database as the backends reach it: its URL, how to connect, and (once checked) its
/// share-ingest identity.
///
/// The first connection checks that the database carries the schema version this program
/// knows (`PostgresSchema`), once per target; a database that was never migrated, or that a
/// newer program migrated, is refused with what to do.
final class DatabaseTarget: Sendable {
  /// The database.
  let url: PostgresURL
  /// How to reach it.
  let options: PostgresOptions
  /// Whether connections check the schema (all but the migration's own).
  let checksSchema: Bool
  private let identity = Mutex<UUID?>(nil)

  init(url: PostgresURL, options: PostgresOptions, checksSchema: Bool = true) {
    self.url = url
    self.options = options
    self.checksSchema = checksSchema
  }

  /// The id the migration gave the database (`schema_version.database_id`), which tells two
  /// URLs that name one database apart from two databases; nil until a connection was made.
  var databaseID: UUID? { identity.withLock { $0 } }

  /// A new connection, its schema checked on the target's first.
  func connect() throws -> PGConnection {
    let connection = try PGConnection(
      url: url, connectTimeout: options.connectTimeoutSeconds,
      applicationName: options.applicationName,
      settings: options.connectionSettings(boundsStatements: checksSchema),
      answerTimeout: checksSchema ? options.answerTimeout : nil)
    if checksSchema, databaseID == nil {
      let id = try PostgresSchema.check(connection)
      identity.withLock { $0 = id }
    }
    return connection
  }

  /// Runs `attempt` until it succeeds, or fails with anything but a connection failure (a
  /// server that was reached and did not answer in time is not tried again either), or
  /// `options.reconnectTimeout` has passed since the first connection failure (waiting 20 ms,
  /// doubling up to 500 ms, between attempts). The error then says how long it was tried.
  func retrying<R>(_ attempt: () throws -> R) throws -> R {
    let clock = ContinuousClock()
    var firstFailure: ContinuousClock.Instant?
    var pause = Duration.milliseconds(20)
    while true {
      do {
        return try attempt()
      } catch var error as PostgresError where error.isConnectionFailure && !error.isUnanswered {
        let started = firstFailure ?? clock.now
        firstFailure = started
        let waited = clock.now - started
        guard waited < options.reconnectTimeout else {
          if options.reconnectTimeout > .zero { error.retriedFor = waited }
          throw error
        }
        let left = options.reconnectTimeout - waited
        Self.sleep(min(pause, left))
        pause = min(pause * 2, .milliseconds(500))
      }
    }
  }

  static func sleep(_ duration: Duration) {
    let microseconds =
      duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    if microseconds > 0 { usleep(UInt32(clamping: microseconds)) }
  }
}
