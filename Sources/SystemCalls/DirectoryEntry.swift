#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// One name in a directory listing, with the kind `readdir` reports when the file system
/// reports it (else `unknown`: ask `status(of:)`).
package struct DirectoryEntry: Sendable, Hashable {
  /// The name, one path component (a name that is not valid UTF-8 has U+FFFD for each bad
  /// sequence: use `rawName` to act on it).
  package var name: String
  /// What the entry is, from `d_type`.
  package var kind: FileKind
  /// The name's bytes as the file system holds them.
  package var rawName: [UInt8]

  /// An entry named `name` (valid UTF-8).
  package init(name: String, kind: FileKind) {
    self.name = name
    self.kind = kind
    rawName = Array(name.utf8)
  }

  /// An entry whose name is `rawName`, any bytes but `/` and NUL.
  package init(rawName: [UInt8], kind: FileKind) {
    self.rawName = rawName
    self.kind = kind
    name = String(decoding: rawName, as: UTF8.self)
  }

  /// Whether the name is valid UTF-8 (`name` is then exactly it).
  package var isUTF8: Bool { String(validating: rawName, as: UTF8.self) != nil }

  /// Reads every entry of an open stream, telling an error from the end (`readdir` returns
  /// NULL for both; only `errno` differs).
  static func readAll(_ stream: OpaquePointer, path: String) throws(IOError) -> [DirectoryEntry] {
    var entries: [DirectoryEntry] = []
    while true {
      if let injected = FaultInjector.shared.fault(for: .readdir, path: path) {
        if injected == .interrupted { continue }
        throw IOError(operation: .init(.readdir), path: path, errno: injected)
      }
      errno = 0
      guard let entry = readdir(stream) else {
        let code = errno
        if code == 0 { return entries }
        if code == EINTR { continue }
        throw IOError(operation: .init(.readdir), path: path, errno: Errno(rawValue: code))
      }
      let raw = withUnsafePointer(to: entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { name in
          name.withMemoryRebound(to: UInt8.self, capacity: Int(NAME_MAX) + 1) {
            Array(UnsafeBufferPointer(start: $0, count: strlen(name)))
          }
        }
      }
      if raw == [0x2E] || raw == [0x2E, 0x2E] { continue }
      entries.append(DirectoryEntry(rawName: raw, kind: Self.kind(entry.pointee.d_type)))
    }
  }

  private static func kind(_ type: UInt8) -> FileKind {
    switch Int32(type) {
    case Int32(DT_REG): .regularFile
    case Int32(DT_DIR): .directory
    case Int32(DT_LNK): .symbolicLink
    case Int32(DT_FIFO): .fifo
    case Int32(DT_CHR): .characterDevice
    case Int32(DT_BLK): .blockDevice
    case Int32(DT_SOCK): .socket
    default: .unknown
    }
  }
}
