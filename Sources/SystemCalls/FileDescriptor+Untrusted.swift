#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Opening what another program left in a directory: the reading side's one door.
///
/// A file found in a directory that other programs write may be anything: a symbolic link to a
/// file elsewhere, a FIFO that blocks whoever opens it, a device, or a second name (a hard
/// link) of a file outside the directory. `openUntrusted` opens it in one step that can be
/// neither redirected nor blocked, and proves on the open descriptor what it is; every later
/// step works on that descriptor, or on a name proven to be the same file.
extension FileDescriptor {
  /// A file opened by `openUntrusted`, with what `fstat` said of it when it was opened.
  package struct Untrusted: Sendable {
    /// The open file (read-only).
    package let file: FileDescriptor
    /// What `fstat` said of the open file.
    package let status: FileStatus
    /// The name it was opened by, in the directory it was opened from.
    package let name: String

    /// A file opened by `name`, with its status.
    package init(file: FileDescriptor, status: FileStatus, name: String) {
      self.file = file
      self.status = status
      self.name = name
    }

    /// Whether `other` (from `lstat`) is this same file: the same device and inode.
    package func isSameFile(as other: FileStatus?) -> Bool {
      guard let other else { return false }
      return other.device == status.device && other.inode == status.inode
    }
  }

  /// The number of names a file had where it may have only one.
  package struct LinkCount: Error, Sendable, Equatable, CustomStringConvertible {
    /// How many names (hard links) the file has.
    package var count: UInt64

    /// The count found.
    package init(count: UInt64) { self.count = count }

    package var description: String {
      "the file has \(count) names (hard links), so it may be a file from outside this"
        + " directory; it is never taken here"
    }
  }

  /// Opens `name` in this directory, read-only, as a file another program may have written.
  ///
  /// One `openat` with `O_NOFOLLOW | O_NONBLOCK | O_NOCTTY`: a symbolic link is refused, not
  /// followed, and a FIFO or device opens at once without blocking (and is then refused). The
  /// open descriptor must be a regular file with at most `maximumLinks` names.
  ///
  /// - Parameter maximumLinks: How many names the file may have (1: it is the only one).
  ///   Callers that allow more prove where the other names are.
  /// - Throws: `IOError`: `.notFound`; `.symbolicLink`; `.notRegularFile` with the kind found;
  ///   `.hardLink` with a `LinkCount` cause when the file has more names than allowed.
  package func openUntrusted(_ name: String, maximumLinks: UInt64 = 1) throws(IOError)
    -> Untrusted
  {
    let child = path(of: name)
    let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
    let descriptor: Int32
    switch syscall(.open, child, { openat(rawValue, name, flags) }) {
    case .success(let opened):
      descriptor = opened
    case .failure(.noSuchDevice):
      // A socket (or a FIFO opened for writing) cannot be opened: say what it is.
      let kind = try status(of: name)?.kind ?? .unknown
      throw IOError(.notRegularFile, operation: .openForReading, path: child, fileKind: kind)
    case .failure(let errno):
      throw IOError(operation: .openForReading, path: child, errno: errno)
    }
    let file = FileDescriptor(rawValue: descriptor, path: child)
    do throws(IOError) {
      let status = try file.status()
      guard status.kind == .regularFile else {
        throw IOError(
          .notRegularFile, operation: .openForReading, path: child, fileKind: status.kind)
      }
      guard status.linkCount <= maximumLinks else {
        throw IOError(
          .hardLink, operation: .openForReading, path: child,
          cause: LinkCount(count: status.linkCount))
      }
      return Untrusted(file: file, status: status, name: name)
    } catch {
      try? file.close()
      throw error
    }
  }

  /// Reads a whole file another program left in this directory (see `openUntrusted`), refusing
  /// more than `limit` bytes.
  package func readUntrusted(_ name: String, limit: Int64) throws(IOError) -> [UInt8] {
    let opened = try openUntrusted(name)
    return try opened.file.closeAfterTyped { () throws(IOError) -> [UInt8] in
      try opened.file.readToEnd(sizeHint: opened.status.size, limit: limit)
    }
  }

  /// Gives the open file a new name, `name` in `directory`, never replacing anything: the file
  /// this descriptor has open, whatever its old names now point to (`linkat` of
  /// `/proc/self/fd/N`, which any process may do for its own descriptors).
  ///
  /// - Throws: `IOError` for operation `link`: `.alreadyExists`, `.unsupported` where the file
  ///   system has no hard links, `.notFound` when `/proc` is not mounted.
  package func link(as name: String, in directory: FileDescriptor) throws(IOError) {
    let target = directory.path(of: name)
    let source = "/proc/self/fd/\(rawValue)"
    _ = try syscall(.link, target) {
      linkat(AT_FDCWD, source, directory.rawValue, name, AT_SYMLINK_FOLLOW)
    }.orThrow(.link, target)
    OperationRecorder.shared.recordLink(self, to: target)
  }
}

/// Record locks that belong to an open file description (`F_OFD_SETLK`, Linux 3.15 and later):
/// like `flock`, released when the last descriptor of the open file closes, so a process that
/// dies releases them; unlike `flock`, independent of it, so a file can carry both an
/// "in use by a live writer" lock (this) and an importer's claim (`flock`) without either
/// blocking the other.
extension FileDescriptor {
  /// `F_OFD_SETLK`, which Glibc's Swift module does not export (it needs `_GNU_SOURCE`); the
  /// same number on every Linux architecture.
  private static let setOpenFileDescriptionLock: Int32 = 37

  /// Takes a lock on the whole file without waiting: exclusive (the descriptor must be open
  /// for writing) or shared (open for reading). Returns false when another open file holds a
  /// conflicting lock.
  package func lockRecord(exclusive: Bool) throws(IOError) -> Bool {
    var lock = flock()
    lock.l_type = Int16(exclusive ? F_WRLCK : F_RDLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = 0
    lock.l_len = 0
    switch syscall(
      .fcntl, path,
      {
        withUnsafeMutablePointer(to: &lock) {
          fcntl(rawValue, Self.setOpenFileDescriptionLock, UnsafeMutableRawPointer($0))
        }
      })
    {
    case .success: return true
    case .failure(let errno) where errno == .wouldBlock || errno == .permissionDenied:
      return false
    case .failure(let errno): throw IOError(operation: .init(.fcntl), path: path, errno: errno)
    }
  }
}
