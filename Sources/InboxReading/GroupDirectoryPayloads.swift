import Foundation
import Ingest
import SystemCalls

/// The payload store of a share whose payloads are files in the group directory's `Incoming/`
/// (the directory inbox's, and a database inbox's unless its sharer put them elsewhere).
///
/// Each payload is opened through the reading side's door (`GroupDirectory.openPayload(_:of:)`:
/// no link followed, no FIFO waited on, a regular file with one name) and its size checked
/// before a byte is read. Readers that can do better with a file than read it (the library
/// importer links it into its files directory on the same file system; `--exec` links it
/// into a view) ask for this store and work on the open descriptor.
public struct GroupDirectoryPayloads: PayloadStore {
  /// The claim whose share's payloads these are.
  public let claim: any InboxClaim

  /// The payloads of `claim`'s share, in its group directory.
  public init(claim: any InboxClaim) {
    self.claim = claim
  }

  /// The group directory's `Incoming/`.
  public var location: String { claim.group.absolutePath(GroupDirectory.incomingName) }

  /// Opens the payload through the door and checks its size.
  ///
  /// - Throws: `PayloadError` for a payload that is missing, not a plain file of this group,
  ///   or not the size its manifest says; `IOError` for other failures.
  public func openPayload(at position: Int) throws -> any PayloadReader {
    guard claim.manifest.items.indices.contains(position),
      let expected = PayloadExpectation(claim, position: position)
    else {
      throw PayloadError.missing(
        shareID: claim.manifest.id, item: position, path: "items[\(position)]", heldBy: nil)
    }
    return FileReader(try expected.open(in: claim.group).file)
  }

  /// A payload file read from its start, through its descriptor.
  final class FileReader: PayloadReader {
    private var file: FileDescriptor?
    private var offset: Int64 = 0

    init(_ file: FileDescriptor) {
      self.file = file
    }

    deinit {
      close()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
      guard let file else {
        throw IOError(.other, operation: .read, path: "a payload already closed")
      }
      let count = try file.readFully(fromAbsoluteOffset: offset, into: buffer)
      offset += Int64(count)
      return count
    }

    func close() {
      try? file?.close()
      file = nil
    }
  }
}
