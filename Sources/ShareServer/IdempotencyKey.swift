import Digests
import Foundation

/// A client's key for one share, sent again with every retry of it: an `Idempotency-Key`
/// header, or the `idempotency_key` field of a form (the web app's send form carries one made
/// for each page it shows). A retry never makes a second share.
///
/// The key becomes the share's id: a UUID made from the SHA-256 of the key and the client's
/// bearer token (so two clients' keys never meet), with the version bits of a UUID of the
/// program's own making (version 8). Every store already keeps each share id once: the inbox
/// refuses a second commit of an id (the directory's rename never replaces, PostgreSQL's
/// primary key), and the library a second record (its unique share id), so a share sent again
/// after its answer was lost, even to another `serve` host on the same database, or after it
/// was imported, is the same share: the answer is the first one's, `201` with its id. The key
/// is thereby kept with the share in every store, the group directory's manifests, the SQLite
/// and the PostgreSQL library alike, with no column of its own.
///
/// A key is 1 to 255 characters of printable ASCII (as the IETF draft
/// `draft-ietf-httpapi-idempotency-key-header` has it): a random UUID per share attempt is
/// what clients should send.
package struct IdempotencyKey: Sendable, Hashable {
  /// The key as sent.
  let text: String

  /// The longest key taken.
  static let maximumLength = 255

  /// The key in `text`, or nil when it is empty, too long, or holds anything but printable
  /// ASCII.
  init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard (1...Self.maximumLength).contains(bytes.count),
      bytes.allSatisfy({ (0x21...0x7E).contains($0) })
    else { return nil }
    self.text = text
  }

  /// The share id the key stands for, for a client that presented `authorization` (its
  /// `Authorization` header, or nil).
  ///
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded.
  func shareID(authorization: String?) throws -> UUID {
    let input =
      Array("share-ingest idempotency key v1\u{0}".utf8)
      + Array((authorization ?? "").utf8) + [0] + Array(text.utf8)
    let digest = try SHA256Digest.bytes(of: input)
    var bytes = Array(digest.prefix(16))
    bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8: the program's own
    bytes[8] = (bytes[8] & 0x3F) | 0x80  // the RFC 9562 variant
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  /// The form field that carries a key.
  package static let formField = "idempotency_key"
}
