import Foundation
import Ingest
import Synchronization

/// A share's manifest on its way into the PostgreSQL inbox: kept in memory until `commit()`
/// writes the share's row and its items in one statement (one transaction).
///
/// A connection lost while the statement was on its way leaves the outcome unknown: the commit
/// is tried again on a new connection within the reconnect window, and a share found already
/// there (the unique id) is the earlier attempt's, committed. When the window passes first,
/// `CommitOutcomeUnknown` says so, and the share's files are kept.
final class PreparedPostgresManifest: PreparedManifest {
  let inbox: PostgresInbox
  let id: UUID
  private let written = Mutex<ShareManifest?>(nil)

  init(inbox: PostgresInbox, id: UUID) {
    self.inbox = inbox
    self.id = id
  }

  func write(_ manifest: ShareManifest) throws {
    written.withLock { $0 = manifest }
  }

  /// Nothing to flush: the server makes the commit durable (its write-ahead log).
  func makeDurable() throws {}

  func commit() throws {
    guard let manifest = written.withLock({ $0 }) else {
      preconditionFailure("commit() before write(_:)")
    }
    let encoder = JSONEncoder()
    let items = String(decoding: try encoder.encode(manifest.items), as: UTF8.self)
    let omissions = String(decoding: try encoder.encode(manifest.notIncluded), as: UTF8.self)
    let parameters: [String?] = [
      manifest.id.uuidString, PostgresInbox.microsecondsText(manifest.receivedAt),
      manifest.source, omissions, items,
    ]
    let operation = "commit share \(manifest.id.uuidString)"
    // Sent once per connection: true once a statement may have reached the server.
    let sent = Mutex(false)
    do {
      try inbox.pool.withConnection(isIdempotent: true) { connection in
        let retry = sent.withLock { $0 }
        sent.withLock { $0 = true }
        do {
          try connection.query(Self.insert, parameters, operation: operation)
        } catch {
          // The attempt whose connection was lost did commit.
          if (error as? PostgresError)?.isUniqueViolation == true && retry { return }
          throw error
        }
      }
    } catch let error as PostgresError where error.isConnectionFailure {
      guard sent.withLock({ $0 }) else { throw error }
      throw CommitOutcomeUnknown(underlying: error)
    }
  }

  /// Nothing was written.
  func discard() {}

  /// The share's row and its items, in one statement. The items come as the manifest's JSON
  /// array, in order.
  static let insert = """
    WITH share AS (
      INSERT INTO share_ingest.inbox_shares (id, received_at, source, not_included)
      VALUES ($1::uuid, \(PostgresInbox.timestamp(from: "$2")), $3, $4::jsonb)
      RETURNING id
    )
    INSERT INTO share_ingest.inbox_items
      (share_id, position, kind, type_identifier, file, byte_count, sha256, suggested_name,
       text, url)
    SELECT share.id, item.position - 1, item.value->>'kind', item.value->>'typeIdentifier',
      item.value->>'file', (item.value->>'byteCount')::bigint, item.value->>'sha256',
      item.value->>'suggestedName', item.value->>'text', item.value->>'url'
    FROM share, jsonb_array_elements($5::jsonb) WITH ORDINALITY AS item(value, position)
    """
}
