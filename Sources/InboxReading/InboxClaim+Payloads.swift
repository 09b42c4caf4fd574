import Foundation
import Ingest
import SystemCalls

extension InboxClaim {
  /// Opens the payload of file item `position` through the reading side's door, proves it is
  /// the file its manifest describes, and hands it over open, at its start.
  ///
  /// From the group directory, the payload is opened once without following a link or waiting
  /// on a FIFO, must be a regular file with no name outside the group, and is read once to
  /// check its size and SHA-256 against the manifest's. What the handle reads is that file,
  /// whatever its name in `Incoming/` points to meanwhile: read it from the handle, never
  /// again by path. A payload someone else could still write (`isSealedForKeeping()`) is
  /// copied the way a payload of another store is. From another store (`payloads`), it is
  /// streamed into a file of the process's own that has no name (made in `.staging/` and
  /// unlinked at once), checked as it is copied, and that file is handed over.
  ///
  /// - Returns: A handle that owns the descriptor (closed when the handle goes).
  /// - Throws: `PayloadError` for a payload that is missing, not a plain file of this group,
  ///   or not the size and digest its manifest says; `IOError` for other failures.
  public func openPayload(at position: Int) throws -> FileHandle {
    guard manifest.items.indices.contains(position),
      let expected = PayloadExpectation(self, position: position)
    else {
      throw PayloadError.missing(
        shareID: manifest.id, item: position, path: "items[\(position)]", heldBy: nil)
    }
    let store = payloads
    guard store is GroupDirectoryPayloads else {
      return try copyPayload(expected, from: store)
    }
    let opened = try expected.open(in: group)
    do {
      // A file someone else could still write is copied, checked as it is copied: the bytes
      // handed over are then the bytes checked (see `isSealedForKeeping()`).
      guard try opened.isSealedForKeeping() else {
        defer { try? opened.file.close() }
        return try copyPayload(expected) { output in try expected.copy(opened, to: output) }
      }
      try expected.verify(opened)
    } catch {
      try? opened.file.close()
      throw error
    }
    return FileHandle(fileDescriptor: opened.file.rawValue, closeOnDealloc: true)
  }

  /// The payload `expected` describes, streamed from `store` into a checked file without a
  /// name, at its start.
  private func copyPayload(_ expected: PayloadExpectation, from store: any PayloadStore) throws
    -> FileHandle
  {
    try copyPayload(expected) { output in
      let reader = try store.openPayload(at: expected.position)
      defer { reader.close() }
      try expected.copy(from: reader, to: output)
    }
  }

  /// A file of the process's own without a name (made in `.staging/` and unlinked at once),
  /// filled by `fill` (which checks what it copies), at its start.
  private func copyPayload(
    _ expected: PayloadExpectation, _ fill: (FileDescriptor) throws -> Void
  ) throws -> FileHandle {
    let made = try group.makeInFlightFile(in: group.staging, .readWrite) {
      ".\(UUID().uuidString).payload"
    }
    do {
      try group.staging.removeFile(made.name)
      try fill(made.file)
    } catch {
      try? made.file.close()
      throw error
    }
    let handle = FileHandle(fileDescriptor: made.file.rawValue, closeOnDealloc: true)
    try handle.seek(toOffset: 0)
    return handle
  }
}
