import Foundation
import Ingest
import SystemCalls

/// Where a claimed share's payloads wait for the reader, and how it reads them.
///
/// Two stores: the group directory's `Incoming/` (`GroupDirectoryPayloads`, every host
/// mounting the directory), and PostgreSQL large objects (`IngestPostgres`: a deployment that
/// needs only the database). A claim says which holds its share (`InboxClaim.payloads`), since
/// the sharer chose as it committed. Readers never trust what a store gives: every payload is
/// streamed in bounded memory, hashed as it is read, and refused unless it is the size and
/// SHA-256 its manifest says (`PayloadExpectation.copy(from:to:)`).
///
/// What a store takes part in, for a third one (an S3-compatible object store) to be added
/// without touching the pipeline:
/// - **Writing**, as the share commits, through the inbox's `PreparedManifest`: the loader has
///   published the payloads, complete and flushed, in the sharer's own `Incoming/`; the
///   commit puts each in the store and the manifest records where. A store inside the database
///   writes them in the manifest's own transaction. One outside needs an idempotent key per
///   payload (the share id and the item's position), a put that is durable when it returns
///   (an S3 PUT, or a multipart upload of parts of at most a few MiB completed, so memory stays
///   bounded), done before the manifest commits, so the manifest never names what is not
///   there and a retried commit only writes the same object again.
/// - **Reading**: `openPayload(at:)`, a stream from the payload's start.
/// - **Removal** once the claim's share is recorded: in the claim's transaction for a store
///   in the database; after the commit for one outside, whose leftovers a crash can keep.
/// - **Sweeping**: whatever no committed share names and no live share will, after a delay
///   (an object store: objects older than the delay that no inbox row names, and a lifecycle
///   rule for multipart uploads never completed).
public protocol PayloadStore: Sendable {
  /// Where the payloads are, for messages: a path, or a URL without its password.
  var location: String { get }

  /// Opens the payload of file item `position` of the claimed share, for reading from its
  /// start, by one thread.
  ///
  /// - Throws: `PayloadError` for a payload that is missing or cannot be taken; the store's
  ///   own errors when it cannot be reached.
  func openPayload(at position: Int) throws -> any PayloadReader
}

/// A payload being read from its store, chunk by chunk.
public protocol PayloadReader: AnyObject {
  /// Reads the next bytes into `buffer`, at most its size; 0 at the end.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int

  /// Ends the read; once is enough, and reading after it fails.
  func close()
}

/// A payload reader that lends the bytes it received in its own memory instead of copying
/// them into the caller's buffer (a store whose client library already holds each chunk, such
/// as a row of `COPY ... TO STDOUT`): `PayloadExpectation.copy(from:to:)` writes and hashes
/// them where they are.
package protocol LendingPayloadReader: PayloadReader {
  /// Calls `body` with the payload's next bytes, valid only during the call (never empty);
  /// false at the end, without calling it. Mixing it with `read(into:)` on one reader reads
  /// on from where the other stopped.
  func withNextBytes(_ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool
}

extension InboxClaim {
  /// The group directory's `Incoming/`, unless the claim says otherwise.
  public var payloads: any PayloadStore { GroupDirectoryPayloads(claim: self) }
}

extension PayloadExpectation {
  /// Copies the payload `reader` gives into `output` (from its offset), hashed as it is read,
  /// and refuses it unless it is the manifest's size and digest; stops as soon as it holds
  /// more bytes than the manifest says. Memory stays at one chunk (1 MiB).
  package func copy(from reader: any PayloadReader, to output: FileDescriptor) throws {
    let write = { (chunk: UnsafeRawBufferPointer, total: Int64) throws in
      guard total <= byteCount else {
        throw PayloadError.refused(
          shareID: shareID, item: position, path: path,
          reason: "it holds more than the \(byteCount) bytes its manifest says")
      }
      try output.writeAll(chunk)
    }
    if let lending = reader as? any LendingPayloadReader {
      // Written and hashed in the reader's own memory: no copy into a buffer of ours.
      try check(
        try PayloadDigest.hashLent(
          path: output.path, next: { try lending.withNextBytes($0) }, write))
      return
    }
    let copied = try PayloadDigest.hashChunks(
      path: output.path, bufferSize: 1 << 20,
      read: { buffer in try reader.read(into: buffer) }, each: write)
    try check(copied)
  }
}
