import Synchronization
import SystemCalls

/// A file its writer made itself in the group's `.staging/` and hashed while writing it (a
/// request body the share server received): a share can take it as its payload as it is,
/// instead of copying it into a new file, so that the bytes are written once.
///
/// The writer makes the file with `GroupDirectory.makeInFlightFile` (0600, a fresh name, never
/// following a link, carrying the in-flight lock), writes it, and hands over the open
/// descriptor with the digest of every byte it wrote. The share that adopts it (see
/// `SharePipeline.share(_:source:receivedAt:adopting:)`) takes the descriptor, so its lock and
/// its flush go with the payload, checks that the name still holds this very file with one
/// name and the size written, renames it to a payload's name in `.staging/`, and from then on
/// treats it as any payload it copied: flushed, linked into `Incoming/`, committed or removed
/// all or nothing. A file not adopted (the share took another representation, or never ran)
/// stays the writer's: `close()` closes the descriptor, and the writer removes the name.
package final class ReceivedFile: Sendable {
  /// Its name in `.staging/` (never a word of the request).
  package let name: String
  /// How many bytes were written.
  package let byteCount: Int64
  /// The SHA-256 of the bytes written, lower-case hexadecimal.
  package let sha256: String
  private let state: Mutex<(file: FileDescriptor?, isAdopted: Bool)>

  /// A file named `name` in `.staging/`, open as `file` (which this takes over), holding
  /// `byteCount` bytes whose digest is `sha256`.
  package init(name: String, file: FileDescriptor, byteCount: Int64, sha256: String) {
    self.name = name
    self.byteCount = byteCount
    self.sha256 = sha256
    self.state = Mutex((file, false))
  }

  /// Takes the descriptor to adopt the file; nil once taken or closed.
  func adopt() -> FileDescriptor? {
    state.withLock { state in
      guard let file = state.file else { return nil }
      state = (nil, true)
      return file
    }
  }

  /// Closes the descriptor unless a share took it. Safe to call twice.
  package func close() {
    let file = state.withLock { state in
      defer { state.file = nil }
      return state.file
    }
    try? file?.close()
  }

  /// Whether a share took the file as its payload (its name in `.staging/` is then the
  /// share's, and gone from `name`).
  package var isAdopted: Bool {
    state.withLock { $0.isAdopted }
  }
}
