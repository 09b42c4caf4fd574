import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ingest-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
  }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  func remove() { try? FileManager.default.removeItem(at: url) }

  /// Writes `pieces` at their offsets into a new file of `size` bytes; the gaps stay holes, so
  /// a multi-gigabyte file costs only the pieces on disk.
  func sparseFile(_ name: String, size: Int, pieces: [(offset: Int, bytes: [UInt8])]) throws -> URL
  {
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
}

/// Little builders of big-endian and little-endian fields, for hand-made containers.
enum Bytes {
  static func be32(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
  }
  static func be64(_ value: Int) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
  }
  static func le16(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
  }
  static func le32(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// An ISO BMFF box.
  static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
    be32(8 + body.count) + Array(type.utf8) + body
  }
}
