#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// One name in a directory listing, with the kind `readdir` reports when the file system
/// reports it (else `unknown`: ask `status(of:)`).
package struct DirectoryEntry: Sendable, Hashable {
  /// The name, one path component.
  package var name: String
  /// What the entry is, from `d_type`.
  package var kind: FileKind

  /// Reads every entry of an open stream, telling an error from the end (`readdir` returns
  /// NULL for both; only `errno` differs).
  static func readAll(_ stream: OpaquePointer, path: String) throws(IOError) -> [DirectoryEntry] {
    var entries: [DirectoryEntry] = []
    while true {
      if let injected = FaultInjector.shared.fault(for: .readdir, path: path) {
        if injected == .interrupted { continue }
        throw IOError(operation: "readdir", path: path, errno: injected)
      }
      errno = 0
      guard let entry = readdir(stream) else {
        let code = errno
        if code == 0 { return entries }
        if code == EINTR { continue }
        throw IOError(operation: "readdir", path: path, errno: Errno(rawValue: code))
      }
      let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
          String(cString: $0)
        }
      }
      if name == "." || name == ".." { continue }
      entries.append(DirectoryEntry(name: name, kind: Self.kind(entry.pointee.d_type)))
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
