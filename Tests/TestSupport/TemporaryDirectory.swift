import Foundation

/// A fresh private (0700) directory under the system's temporary directory for one test,
/// removed by `remove()` (call it in a `defer`).
public struct TemporaryDirectory: Sendable {
  /// The directory.
  public let url: URL

  /// Creates the directory, named from `prefix` and a UUID.
  public init(prefix: String = "share-ingest-tests") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
  }

  /// The directory's path.
  public var path: String { url.path }

  /// The URL of `name` inside the directory (nothing is created).
  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// Writes `contents` to `name` inside the directory, creating intermediate folders, and
  /// returns its URL.
  public func file(_ name: String, contents: Data) throws -> URL {
    let target = file(name)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: target)
    return target
  }

  /// Writes `pieces` at their offsets into a new file of `size` bytes; the gaps stay holes, so
  /// a multi-gigabyte file costs only the pieces on disk.
  public func sparseFile(
    _ name: String, size: Int, pieces: [(offset: Int, bytes: [UInt8])]
  ) throws -> URL {
    let target = file(name)
    guard FileManager.default.createFile(atPath: target.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    let handle = try FileHandle(forWritingTo: target)
    defer { try? handle.close() }
    for piece in pieces {
      try handle.seek(toOffset: UInt64(piece.offset))
      try handle.write(contentsOf: piece.bytes)
    }
    try handle.truncate(atOffset: UInt64(size))
    return target
  }

  /// Removes the directory and everything in it.
  public func remove() { try? FileManager.default.removeItem(at: url) }
}
