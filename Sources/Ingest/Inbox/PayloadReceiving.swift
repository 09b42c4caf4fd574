import Foundation
import SystemCalls

/// An inbox whose store can take a share's payloads itself as they are read from their source
/// (a database), rather than as files the loader writes in `Incoming/` first: straight from
/// the source, with no copy on local disk.
package protocol PayloadReceivingInbox: InboxWriter {
  /// Whether shares made now send their payloads to the store (`PayloadReceivingManifest`).
  var receivesPayloads: Bool { get }
}

/// A reserved manifest whose store takes the share's payloads as they are read, in the share's
/// own transaction: nothing of them is visible before `commit()`, and `discard()` (or the
/// process dying) leaves nothing behind.
///
/// Called from a loader's completion handler, on an I/O executor worker, while the source's
/// file still exists (Apple deletes a provider's temporary copy when the handler returns).
/// Several payloads of one share may be sent at once; the store takes them one at a time.
package protocol PayloadReceivingManifest: PreparedManifest {
  /// Reads item `position`'s payload from `source` to its end and stores it, hashing it as it
  /// goes; returns its size and SHA-256 (lowercase hex).
  ///
  /// - Parameters:
  ///   - position: The item's position in the manifest the share will commit.
  ///   - source: Where the bytes are.
  ///   - isCancelled: Asked between chunks: the share stopped (a deadline, another failure).
  ///   - progress: Told the bytes stored so far.
  /// - Throws: `IOError` when the source cannot be read or changes size while it is read
  ///   (`PayloadSourceChanged`), `CancellationError`, or the store's own error.
  func receivePayload(
    at position: Int, from source: PayloadSource, isCancelled: () -> Bool,
    progress: (Int64) -> Void
  ) throws -> (byteCount: Int64, sha256: String)
}

/// Where a payload sent to a `PayloadReceivingManifest` is read from.
package enum PayloadSource {
  /// A regular file opened for reading, which held `byteCount` bytes when the share took it;
  /// `path` names it in messages.
  case file(FileDescriptor, byteCount: Int64, path: String)
  /// Bytes in memory (a data representation).
  case bytes(UnsafeRawBufferPointer)
}

/// A payload's source changed size while the share read it: the share is refused rather than
/// store a payload that is not the file that was shared.
package struct PayloadSourceChanged: Error, Sendable, CustomStringConvertible {
  /// Its size when the share took it.
  package var expected: Int64
  /// What was read (or its size at the end), when it was not `expected`.
  package var found: Int64

  /// A changed source.
  package init(expected: Int64, found: Int64) {
    self.expected = expected
    self.found = found
  }

  /// What changed.
  package var description: String {
    "it changed size while it was read: \(found) bytes where it held \(expected) when the share"
      + " took it"
  }
}
