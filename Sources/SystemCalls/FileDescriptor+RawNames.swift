#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Operations on a name in a directory given as the bytes the file system holds, for names
/// that are not valid UTF-8 (a Swift `String` cannot hold them). Each is one `*at` call from
/// this directory; a final symbolic link is never followed.
extension FileDescriptor {
  /// Calls `body` with `rawName` as a NUL-terminated C string.
  private func withRawName(_ rawName: [UInt8], _ body: (UnsafePointer<CChar>) -> Int32) -> Int32 {
    let text = rawName.map { CChar(bitPattern: $0) } + [0]
    // Never nil: the array holds at least its terminator.
    return text.withUnsafeBufferPointer { $0.baseAddress.map(body) ?? -1 }
  }

  /// The path of `rawName` in this directory, for errors (its bad bytes as U+FFFD).
  private func path(ofRawName rawName: [UInt8]) -> String {
    path(of: String(decoding: rawName, as: UTF8.self))
  }

  /// What `rawName` is, without following a symbolic link; nil when nothing is there.
  package func status(ofRawName rawName: [UInt8]) throws(IOError) -> FileStatus? {
    var info = stat()
    let child = path(ofRawName: rawName)
    switch syscall(
      .lstat, child,
      { withRawName(rawName) { fstatat(rawValue, $0, &info, AT_SYMLINK_NOFOLLOW) } })
    {
    case .success: return FileStatus(info)
    case .failure(.noSuchFileOrDirectory): return nil
    case .failure(let errno): throw IOError(operation: .init(.lstat), path: child, errno: errno)
    }
  }

  /// Opens `rawName` read-only as `openUntrusted(_:maximumLinks:)` opens a name: no link
  /// followed, never blocking; the open descriptor must be a regular file.
  package func openUntrusted(rawName: [UInt8]) throws(IOError) -> Untrusted {
    let child = path(ofRawName: rawName)
    let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
    let descriptor = try syscall(.open, child) {
      withRawName(rawName) { openat(rawValue, $0, flags) }
    }.orThrow(as: .openForReading, child)
    let file = FileDescriptor(rawValue: descriptor, path: child)
    do throws(IOError) {
      let status = try file.status()
      guard status.kind == .regularFile else {
        throw IOError(
          .notRegularFile, operation: .openForReading, path: child, fileKind: status.kind)
      }
      return Untrusted(file: file, status: status, name: String(decoding: rawName, as: UTF8.self))
    } catch {
      try? file.close()
      throw error
    }
  }

  /// Removes `rawName`: a file, or (`directory` true) an empty directory.
  package func remove(rawName: [UInt8], directory: Bool = false) throws(IOError) {
    let child = path(ofRawName: rawName)
    let call: SystemCall = directory ? .rmdir : .unlink
    _ = try syscall(call, child) {
      withRawName(rawName) { unlinkat(rawValue, $0, directory ? AT_REMOVEDIR : 0) }
    }.orThrow(call, child)
  }
}
