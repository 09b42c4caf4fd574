import Foundation
import Ingest
import SystemCalls

/// Delivers each share into a directory as `<destination>/<share-id>/`: its payload files
/// (named as in the inbox) and `manifest.json`.
///
/// A share is assembled in `.<share-id>.partial/`, flushed, and renamed into place without
/// replacing anything; a share already delivered (a crash between delivery and the inbox's
/// removal) is taken as done. So every share arrives exactly once, whole; after any failure
/// the partial folder is removed. Each payload is opened through the reading side's door
/// (`GroupDirectory.openPayload(_:of:)`) and copied from that descriptor, or streamed from the
/// claim's store (`InboxClaim.payloads`), hashed as it is copied, and refused (`PayloadError`)
/// unless its size and SHA-256 are the manifest's.
public struct DirectoryDelivery: ShareHandler {
  /// Where shares go.
  public let destination: String

  /// Delivers into `destination`, creating it (0700) if needed.
  public init(destination: String) throws {
    try FileSystem.makeDirectories(destination)
    self.destination = destination
  }

  /// Copies the share's files and manifest in, then renames the folder into place.
  public func handle(_ claim: any InboxClaim) throws {
    let id = claim.manifest.id.uuidString
    let directory = try FileDescriptor.openDirectory(destination)
    try directory.closeAfter {
      if try directory.status(of: id) != nil { return }  // delivered before a crash
      let partial = ".\(id).partial"
      try directory.removeTree(partial)
      try directory.makeDirectory(partial)
      do {
        let folder = try directory.openDirectory(partial)
        try folder.closeAfter {
          for position in claim.manifest.items.indices {
            guard let expected = PayloadExpectation(claim, position: position) else { continue }
            try Self.copy(expected, from: claim.payloads, into: folder)
          }
          let manifest = try folder.open(
            "manifest.json", .writeOnly, options: [.create, .exclusive, .noFollow])
          try manifest.closeAfter {
            try claim.manifest.jsonData().withUnsafeBytes { try manifest.writeAll($0) }
            try manifest.sync()
          }
          try folder.sync()
        }
        try directory.rename(partial, to: id, replacing: false)
      } catch {
        try? directory.removeTree(partial)
        throw error
      }
      try directory.sync()
    }
  }

  /// A flushed, checked copy of the payload `expected` describes, from `store` into `folder`
  /// under its inbox name.
  static func copy(
    _ expected: PayloadExpectation, from store: any PayloadStore, into folder: FileDescriptor
  ) throws {
    // Read and write: a large copy is hashed from what it wrote (read back from the page cache).
    let output = try folder.open(
      expected.name.fileName, .readWrite, options: [.create, .exclusive, .noFollow])
    try output.closeAfter {
      if let directory = store as? GroupDirectoryPayloads {
        let input = try expected.open(in: directory.claim.group)
        try input.file.closeAfter { try expected.copy(input, to: output) }
      } else {
        let reader = try store.openPayload(at: expected.position)
        defer { reader.close() }
        try expected.copy(from: reader, to: output)
      }
      try output.sync()
    }
  }
}
