import InboxReading
import Ingest
import Synchronization

/// The PostgreSQL inbox's arrivals: `LISTEN share_ingest_inbox` on a connection of its own;
/// each committed share notifies the channel (a trigger, delivered at commit).
///
/// When the connection is lost (a server restart), the descriptor is nil and `consume()`
/// tries to listen again; it says true on the way back, since notifications sent meanwhile
/// were lost and the watcher must look.
public final class PostgresArrivals: InboxArrivals {
  private let target: DatabaseTarget
  private let connection = Mutex<PGConnection?>(nil)

  /// Listens on the database of `inbox`.
  ///
  /// - Throws: `PostgresError` when the server cannot be reached now.
  public init(inbox: PostgresInbox) throws {
    target = inbox.pool.target
    try listen()
  }

  /// A new listening connection, kept.
  private func listen() throws {
    try connection.withLock { connection in
      let listening = try target.connect()
      try listening.execute(
        "LISTEN \(PostgresSchema.inboxChannel)", operation: "listen for new shares")
      connection = listening
    }
  }

  /// The listening connection's socket; nil while it is lost.
  public var descriptor: Int32? {
    connection.withLock { connection in
      guard let live = connection, !live.isBroken else { return nil }
      return live.socket
    }
  }

  /// Reads the notifications that arrived; true when there were any, or when the connection
  /// was lost or has just come back.
  public func consume() throws -> Bool {
    let isLive = connection.withLock { connection -> Bool in
      guard let live = connection else { return false }
      do {
        _ = try live.notifications()
        return true
      } catch {
        connection = nil
        return false
      }
    }
    // Down: try once to come back; the watcher asks again about once a second.
    if !isLive { try? listen() }
    return true
  }
}
