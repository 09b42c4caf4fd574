#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Path-based calls, for code that has a path rather than an open directory. A final symbolic
/// link is not followed, except where a call says so for the paths a user names (`readFile`,
/// `entries(ofPath:followSymbolicLinks:)`, `resolvingSymbolicLinks`).
package enum FileSystem {
  /// What `path` names, without following a final symbolic link.
  package static func status(ofPath path: String) throws(IOError) -> FileStatus {
    var info = stat()
    _ = try syscall(.lstat, path) { lstat(path, &info) }.orThrow(.lstat, path)
    return FileStatus(info)
  }

  /// Whether anything (a link included) is at `path`.
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Creates the directory `path` with exactly `permissions`.
  package static func makeDirectory(_ path: String, permissions: mode_t = 0o700) throws(IOError) {
    _ = try syscall(.mkdir, path) { mkdir(path, permissions) }.orThrow(.mkdir, path)
    OperationRecorder.shared.recordMakeDirectory(in: AT_FDCWD, path, path: path)
    let directory = try FileDescriptor.openDirectory(path)
    try directory.closeAfterTyped { () throws(IOError) in
      try directory.setPermissions(permissions)
    }
  }

  /// Creates `path` and its missing parents, each new one with `permissions`; an existing
  /// directory is fine, anything else (a file, a symbolic link) in the way is an error.
  ///
  /// Each directory made here has its name flushed in its parent before this returns, so a
  /// file later made durable inside it does not lose its path on a power loss (a directory's
  /// name is durable only once its parent is flushed). Nothing is flushed when nothing was
  /// made.
  package static func makeDirectories(_ path: String, permissions: mode_t = 0o700)
    throws(IOError)
  {
    var missing: [String] = []
    var current = path
    while true {
      var info = stat()
      if lstat(current, &info) == 0 {
        let kind = FileKind(mode: info.st_mode)
        guard kind == .directory else {
          throw IOError(
            kind == .symbolicLink ? .symbolicLink : .notDirectory, operation: .mkdir,
            path: current, fileKind: kind)
        }
        break
      }
      missing.append(current)
      let parent = parentPath(current)
      if parent == current { break }
      current = parent
    }
    for directory in missing.reversed() {
      do {
        try makeDirectory(directory, permissions: permissions)
      } catch let error where error.code == .alreadyExists {
        // Made meanwhile by another thread or process: fine if it is a real directory.
        let kind = try status(ofPath: directory).kind
        guard kind == .directory else {
          throw IOError(.notDirectory, operation: .mkdir, path: directory, fileKind: kind)
        }
      }
    }
    // Each new name, in its parent: the deepest existing directory, then each one made but
    // the last.
    for directory in missing.reversed() {
      try syncDirectory(parentPath(directory))
    }
  }

  /// Creates a fresh private directory (0700) inside `parent` and returns its path.
  package static func makeTemporaryDirectory(in parent: String, prefix: String) throws(IOError)
    -> String
  {
    let pattern = "\(parent)/\(prefix).XXXXXX"
    var template = Array(pattern.utf8CString)
    return try template.withUnsafeMutableBufferPointer { buffer throws(IOError) -> String in
      guard let base = buffer.baseAddress else {
        throw IOError(.other, operation: .init(.mkdtemp), path: pattern)
      }
      let made = try syscall(.mkdtemp, pattern) { mkdtemp(base) }.orThrow(.mkdtemp, pattern)
      let path = String(cString: made)
      OperationRecorder.shared.recordMakeDirectory(in: AT_FDCWD, path, path: path)
      return path
    }
  }

  /// The entries of the directory at `path`, sorted by name.
  ///
  /// - Parameter followSymbolicLinks: Whether a symbolic link at `path` itself is followed, as
  ///   for a directory a user named. Inside a directory the package owns, leave it false.
  package static func entries(ofPath path: String, followSymbolicLinks: Bool = false)
    throws(IOError) -> [DirectoryEntry]
  {
    let directory =
      followSymbolicLinks
      ? try FileDescriptor.open(path, .readOnly, options: [.directory])
      : try FileDescriptor.openDirectory(path)
    return try directory.closeAfterTyped { () throws(IOError) in
      try directory.entries().sorted { $0.name < $1.name }
    }
  }

  /// The path `path` names with every symbolic link on the way resolved (`realpath`), as
  /// command-line tools do for the files a user names (`file -L`).
  ///
  /// - Throws: `IOError` for operation `realpath`: `notFound` for a dangling link, for example.
  package static func resolvingSymbolicLinks(_ path: String) throws(IOError) -> String {
    let resolved: UnsafeMutablePointer<CChar>
    switch syscall(.realpath, path, { realpath(path, nil) }) {
    case .success(let value): resolved = value
    case .failure(.tooManySymbolicLinks):
      throw IOError(
        .symbolicLink, operation: .init(.realpath), path: path, cause: SymbolicLinkLoop())
    case .failure(let errno): throw IOError(operation: .init(.realpath), path: path, errno: errno)
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Removes the file (not directory) at `path`.
  package static func removeFile(_ path: String) throws(IOError) {
    let removed = OperationRecorder.shared.identity(in: AT_FDCWD, path)
    _ = try syscall(.unlink, path) { unlink(path) }.orThrow(.unlink, path)
    OperationRecorder.shared.recordUnlink(removed, path: path)
  }

  /// Renames `source` to `destination`; see `FileDescriptor.rename` for `replacing`.
  package static func rename(_ source: String, to destination: String, replacing: Bool)
    throws(IOError)
  {
    try FileDescriptor.renameAt(
      AT_FDCWD, source, AT_FDCWD, destination, replacing: replacing, path: source,
      destination: destination)
  }

  /// Makes the entries of the directory at `path` durable (`fsync` on the directory).
  package static func syncDirectory(_ path: String) throws(IOError) {
    let directory = try FileDescriptor.openDirectory(path)
    try directory.closeAfterTyped { () throws(IOError) in try directory.sync() }
  }

  /// The directory part of `path` (`/` for `/x`, `.` for `x`).
  package static func parentPath(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }
}
