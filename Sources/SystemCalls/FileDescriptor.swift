#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// An open file descriptor and the path it was opened with (for errors and fault injection).
///
/// Modelled on swift-system's `FileDescriptor`: a value, not a resource manager. Close it
/// exactly once, with `close()` (which reports its error: on some file systems a failed write
/// shows only there) or by running work in `closeAfter`. Every descriptor is opened with
/// `O_CLOEXEC`.
package struct FileDescriptor: Sendable {
  /// How a file is opened.
  package enum AccessMode: Sendable {
    case readOnly, writeOnly, readWrite

    var flags: Int32 {
      switch self {
      case .readOnly: O_RDONLY
      case .writeOnly: O_WRONLY
      case .readWrite: O_RDWR
      }
    }
  }

  /// Flags for `open`.
  package struct OpenOptions: OptionSet, Sendable {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Create the file if it does not exist.
    package static let create = OpenOptions(rawValue: O_CREAT)
    /// With `create`: fail with `EEXIST` if anything exists there (never reuse a file).
    package static let exclusive = OpenOptions(rawValue: O_EXCL)
    /// Truncate an existing file.
    package static let truncate = OpenOptions(rawValue: O_TRUNC)
    /// Fail with `ELOOP` if the last component is a symbolic link.
    package static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
    /// Fail with `ENOTDIR` unless the path is a directory.
    package static let directory = OpenOptions(rawValue: O_DIRECTORY)
    /// Do not block: opening a FIFO returns at once.
    package static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
    /// Append every write.
    package static let append = OpenOptions(rawValue: O_APPEND)
    /// Never make a terminal opened this way the process's controlling terminal.
    package static let noControllingTerminal = OpenOptions(rawValue: O_NOCTTY)

    /// The union of `options` (`[.create, .exclusive]`), made here rather than by the
    /// standard library's generic `SetAlgebra` initializer, whose first use makes the runtime
    /// look a conformance up: a scan of every conformance in the program.
    package init(arrayLiteral options: OpenOptions...) {
      var rawValue: Int32 = 0
      for option in options { rawValue |= option.rawValue }
      self.init(rawValue: rawValue)
    }
  }

  /// The descriptor.
  package let rawValue: Int32
  /// The path it was opened with, as given.
  package let path: String

  /// Wraps a descriptor opened elsewhere (standard input: `FileDescriptor(rawValue: 0, ...)`).
  package init(rawValue: Int32, path: String) {
    self.rawValue = rawValue
    self.path = path
  }

  /// Opens `path`; a new file gets `permissions` (and exactly them, whatever the umask).
  package static func open(
    _ path: String, _ access: AccessMode, options: OpenOptions = [],
    permissions: mode_t = 0o600
  ) throws(IOError) -> FileDescriptor {
    let flags = access.flags | options.rawValue | O_CLOEXEC
    let descriptor: Int32
    switch syscall(.open, path, { Glibc.open(path, flags, permissions) }) {
    case .success(let value): descriptor = value
    case .failure(.tooManySymbolicLinks) where !options.contains(.noFollow):
      // Links were followed: ELOOP here is a loop (or a chain too long), not a refused link.
      throw IOError(
        .symbolicLink, operation: .open(access, options: options), path: path,
        cause: SymbolicLinkLoop())
    case .failure(let errno):
      throw IOError(operation: .open(access, options: options), path: path, errno: errno)
    }
    let opened = FileDescriptor(rawValue: descriptor, path: path)
    if options.contains(.create) {
      OperationRecorder.shared.recordCreate(opened)
      try opened.fixPermissions(permissions)
    }
    return opened
  }

  /// Opens `name` relative to this directory; a new file gets `permissions`.
  ///
  /// - Parameter checksPermissions: Whether to set a new file's permissions exactly (one
  ///   `fchmod`, since the umask may have cleared bits). A caller that reads the new file's
  ///   status anyway passes false and sets them only when they differ (`fixPermissions(_:of:)`).
  package func open(
    _ name: String, _ access: AccessMode, options: OpenOptions = [],
    permissions: mode_t = 0o600, checksPermissions: Bool = true
  ) throws(IOError) -> FileDescriptor {
    let child = path(of: name)
    let flags = access.flags | options.rawValue | O_CLOEXEC
    let descriptor = try syscall(.open, child) { openat(rawValue, name, flags, permissions) }
      .orThrow(as: .open(access, options: options), child)
    let opened = FileDescriptor(rawValue: descriptor, path: child)
    if options.contains(.create) {
      OperationRecorder.shared.recordCreate(opened)
      if checksPermissions { try opened.fixPermissions(permissions) }
    }
    return opened
  }

  /// Sets `permissions` on this new file unless `status` (its own) shows them already: the
  /// umask can only clear bits, so most new files have exactly what was asked.
  package func fixPermissions(_ permissions: mode_t, of status: FileStatus) throws(IOError) {
    if status.permissions & 0o7777 != UInt32(permissions) { try setPermissions(permissions) }
  }

  /// The umask may have cleared bits of a new file's mode; set exactly what was asked.
  private func fixPermissions(_ permissions: mode_t) throws(IOError) {
    do throws(IOError) {
      try setPermissions(permissions)
    } catch {
      try? close()
      throw error
    }
  }

  /// The path of `name` inside this directory, for errors.
  package func path(of name: String) -> String {
    path.hasSuffix("/") ? path + name : path + "/" + name
  }

  /// Closes the descriptor, reporting a failure. The descriptor is released even when this
  /// throws (Linux never leaves it open), so it is never retried.
  package func close() throws(IOError) {
    _ = try syscall(.close, path, retryOnInterrupt: false) { Glibc.close(rawValue) }
      .orThrow(.close, path)
  }

  /// Runs `body`, then closes the descriptor whatever happened; `body`'s error wins over
  /// `close`'s.
  package func closeAfter<R>(_ body: () throws -> R) throws -> R {
    let result: R
    do {
      result = try body()
    } catch {
      try? close()
      throw error
    }
    try close()
    return result
  }
}

/// Opening a path whose symbolic links were followed met a loop, or a chain longer than the
/// system follows (`ELOOP` without `O_NOFOLLOW`).
public struct SymbolicLinkLoop: Error, Sendable, Hashable, CustomStringConvertible {
  /// Creates the cause.
  public init() {}

  /// What happened.
  public var description: String {
    "its symbolic links lead in a loop (or through more links than the system follows)"
  }
}
