import Foundation
import SystemCalls

/// Delivers each share into a directory as `<destination>/<share-id>/`: its payload files
/// (named as in the inbox) and `manifest.json`.
///
/// A share is assembled in `.<share-id>.partial/`, flushed, and renamed into place without
/// replacing anything; a share already delivered (a crash between delivery and the inbox's
/// removal) is taken as done. So every share arrives exactly once, whole.
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
      let folder = try directory.openDirectory(partial)
      try folder.closeAfter {
        for item in claim.manifest.items where item.kind == .file {
          guard let source = claim.payloadPath(of: item), let name = item.fileName else { continue }
          try Self.copy(source, into: folder, as: name)
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
      try directory.sync()
    }
  }

  /// A flushed copy of the file at `source`, never following a link.
  static func copy(_ source: String, into folder: FileDescriptor, as name: String) throws {
    let input = try FileDescriptor.open(source, .readOnly, options: [.noFollow, .nonBlocking])
    try input.closeAfter {
      guard try input.status().kind == .regularFile else {
        throw IOError(.notRegularFile, operation: "copy", path: source)
      }
      let output = try folder.open(name, .writeOnly, options: [.create, .exclusive, .noFollow])
      try output.closeAfter {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
          let count = try input.read(into: &buffer)
          if count == 0 { break }
          try buffer.withUnsafeBytes {
            try output.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]))
          }
        }
        try output.sync()
      }
    }
  }
}
