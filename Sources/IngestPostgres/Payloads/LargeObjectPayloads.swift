import Foundation
import InboxReading
import Ingest

/// Where a PostgreSQL inbox's sharers put their shares' payloads.
public enum PostgresPayloads: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// In the group directory's `Incoming/`, a file system every host mounts; the rows name the
  /// files.
  case groupDirectory
  /// In the database, as large objects written in the share's own transaction (before schema
  /// version 4, what `--payloads postgresql://...` wrote; kept for comparison: `.chunks`
  /// writes the same payloads about twice as fast and reads them several times faster).
  case largeObjects
  /// In the database, as chunks of `bytea` in `payload_chunks` committed in the share's own
  /// transaction: small payloads in the statement that inserts the share's rows, large ones
  /// with `COPY ... FROM STDIN (FORMAT binary)`. A deployment needs no shared file system at
  /// all (`--payloads postgresql://...`).
  case chunks

  /// `the group directory`, `large objects` or `chunks in the database`.
  public var description: String {
    switch self {
    case .groupDirectory: "the group directory"
    case .largeObjects: "large objects"
    case .chunks: "chunks in the database"
    }
  }

  /// Whether the payloads are in the database.
  public var isInDatabase: Bool { self != .groupDirectory }
}

/// The payload store of a share claimed from a PostgreSQL inbox whose sharer put its payloads
/// in the database: each a large object, read in the claim's own transaction (which holds the
/// share's row, so no other importer and no sweep removes them meanwhile), in chunks of 1 MiB.
///
/// The objects are removed when the share's inbox rows are deleted (the claim's commit, by a
/// trigger: see `PostgresSchema.version2`), in that same transaction.
struct LargeObjectPayloads: PayloadStore {
  let claim: PostgresClaim

  /// The database, without its password.
  var location: String { claim.inbox.url.redacted }

  /// Opens the large object holding file item `position`'s payload.
  ///
  /// - Throws: `PayloadError.missing` when the share names none, or the one it names is gone;
  ///   `PostgresError` when the claim is lost.
  func openPayload(at position: Int) throws -> any PayloadReader {
    guard let object = claim.payloadObjects[position], object.exists else {
      throw PayloadError.missing(
        shareID: claim.manifest.id, item: position,
        path: claim.manifest.items.indices.contains(position)
          ? claim.payloadPath(of: claim.manifest.items[position]) ?? "items[\(position)]"
          : "items[\(position)]",
        heldBy: nil)
    }
    let operation = "read large object \(object.oid) of share \(claim.manifest.id.uuidString)"
    let descriptor = try claim.inTransaction(operation: operation) { connection in
      try connection.openLargeObject(object.oid, .read, operation: operation)
    }
    return Reader(claim: claim, descriptor: descriptor, operation: operation)
  }

  /// A large object read through the claim's transaction.
  final class Reader: PayloadReader {
    let claim: PostgresClaim
    let operation: String
    private var descriptor: Int32?

    init(claim: PostgresClaim, descriptor: Int32, operation: String) {
      self.claim = claim
      self.descriptor = descriptor
      self.operation = operation
    }

    deinit {
      close()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
      guard let descriptor else {
        throw PostgresError(
          operation: operation, target: claim.inbox.url.redacted, sqlState: nil,
          message: "read after the large object was closed")
      }
      return try claim.inTransaction(operation: operation) { connection in
        try connection.readLargeObject(descriptor, into: buffer, operation: operation)
      }
    }

    func close() {
      guard let descriptor else { return }
      self.descriptor = nil
      _ = try? claim.inTransaction(operation: operation) { connection in
        try connection.closeLargeObject(descriptor, operation: operation)
      }
    }
  }
}

/// A file item's large object, as the claim's row names it.
struct PayloadObject: Sendable, Hashable {
  /// Its oid.
  var oid: UInt32
  /// Whether it was there when the share was claimed.
  var exists: Bool
}
