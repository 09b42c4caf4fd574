#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Operations on names inside an open directory (`*at` calls). Working from a directory
/// descriptor opened with `.noFollow` means no symbolic link planted on the way can redirect
/// them: each name is one component, and the final one is never followed.
extension FileDescriptor {
  /// Opens the directory at `path` for `*at` calls, refusing a symbolic link in its place.
  package static func openDirectory(_ path: String) throws(IOError) -> FileDescriptor {
    try open(path, .readOnly, options: [.directory, .noFollow])
  }

  /// Opens the subdirectory `name`, refusing a symbolic link.
  package func openDirectory(_ name: String) throws(IOError) -> FileDescriptor {
    try open(name, .readOnly, options: [.directory, .noFollow])
  }

  /// What `name` is, without following a symbolic link; nil when nothing is there.
  package func status(of name: String) throws(IOError) -> FileStatus? {
    var info = stat()
    switch syscall(.lstat, path(of: name), { fstatat(rawValue, name, &info, AT_SYMLINK_NOFOLLOW) })
    {
    case .success: return FileStatus(info)
    case .failure(.noSuchFileOrDirectory): return nil
    case .failure(let errno):
      throw IOError(operation: .init(.lstat), path: path(of: name), errno: errno)
    }
  }

  /// Creates the subdirectory `name` with exactly `permissions`.
  package func makeDirectory(_ name: String, permissions: mode_t = 0o700) throws(IOError) {
    let child = path(of: name)
    _ = try syscall(.mkdir, child) { mkdirat(rawValue, name, permissions) }.orThrow(.mkdir, child)
    OperationRecorder.shared.recordMakeDirectory(in: rawValue, name, path: child)
    let directory = try openDirectory(name)
    try directory.closeAfterTyped { () throws(IOError) in
      try directory.setPermissions(permissions)
    }
  }

  /// Creates the subdirectory `name` unless a directory (not a link) is already there; returns
  /// it opened.
  ///
  /// A directory made here has its name flushed (this directory is) before this returns, so
  /// what is later made durable inside it keeps its path on a power loss; one already there
  /// costs no flush.
  package func ensureDirectory(_ name: String, permissions: mode_t = 0o700) throws(IOError)
    -> FileDescriptor
  {
    do {
      try makeDirectory(name, permissions: permissions)
      try sync()
    } catch let error where error.code == .alreadyExists {
      // Someone else made it: fine, provided it is a directory (openDirectory checks). Its
      // maker flushes its name.
    }
    return try openDirectory(name)
  }

  /// Renames `name` in this directory to `newName` in `directory`.
  ///
  /// With `replacing: false` the rename fails with `.alreadyExists` when `newName` exists
  /// (`renameat2(RENAME_NOREPLACE)`; where the kernel or file system lacks it, a hard link
  /// and an unlink, which are just as exclusive). With `replacing: true`, `rename(2)`'s atomic
  /// replace.
  package func rename(
    _ name: String, to newName: String, in directory: FileDescriptor? = nil,
    replacing: Bool
  ) throws(IOError) {
    try Self.renameAt(
      rawValue, name, (directory ?? self).rawValue, newName, replacing: replacing,
      path: path(of: name), destination: (directory ?? self).path(of: newName))
  }

  /// `renameat`, or without replacing `renameat2(RENAME_NOREPLACE)` with a link-and-unlink
  /// fallback; `path` names the source in errors, `destination` the new name in recordings.
  static func renameAt(
    _ fromDirectory: Int32, _ name: String, _ toDirectory: Int32, _ newName: String,
    replacing: Bool, path: String, destination: String
  ) throws(IOError) {
    let recorder = OperationRecorder.shared
    let moved = recorder.identity(in: fromDirectory, name)
    let replaced = replacing ? recorder.identity(in: toDirectory, newName) : nil
    if replacing {
      _ = try syscall(.rename, path) { renameat(fromDirectory, name, toDirectory, newName) }
        .orThrow(.rename, path)
      recorder.recordRename(moved, from: path, to: destination, replaced: replaced)
      return
    }
    if let renameat2 = Functions.renameat2 {
      let noReplace: UInt32 = 1  // RENAME_NOREPLACE
      switch syscall(
        .rename, path, { renameat2(fromDirectory, name, toDirectory, newName, noReplace) })
      {
      case .success:
        recorder.recordRename(moved, from: path, to: destination, replaced: nil)
        return
      case .failure(let errno)
      where errno != .invalidArgument && errno != .notImplemented && errno != .notSupported:
        throw IOError(operation: .init(.rename), path: path, errno: errno)
      case .failure: break  // RENAME_NOREPLACE unsupported here: link and unlink instead
      }
    }
    _ = try syscall(.link, path) { linkat(fromDirectory, name, toDirectory, newName, 0) }
      .orThrow(.link, path)
    recorder.recordLink(moved, from: path, to: destination)
    _ = try syscall(.unlink, path) { unlinkat(fromDirectory, name, 0) }.orThrow(.unlink, path)
    recorder.recordUnlink(moved, path: path)
  }

  /// Gives the file `name` in this directory a second name, `newName` in `directory`
  /// (`linkat`, which never follows a symbolic link and never replaces anything: an existing
  /// `newName` fails with `.alreadyExists`).
  package func link(_ name: String, to newName: String, in directory: FileDescriptor? = nil)
    throws(IOError)
  {
    let source = path(of: name)
    let target = (directory ?? self).rawValue
    let linked = OperationRecorder.shared.identity(in: rawValue, name)
    _ = try syscall(.link, source) { linkat(rawValue, name, target, newName, 0) }
      .orThrow(.link, source)
    OperationRecorder.shared.recordLink(
      linked, from: source, to: (directory ?? self).path(of: newName))
  }

  /// Removes the file `name` (never a directory).
  package func removeFile(_ name: String) throws(IOError) {
    let child = path(of: name)
    let removed = OperationRecorder.shared.identity(in: rawValue, name)
    _ = try syscall(.unlink, child) { unlinkat(rawValue, name, 0) }.orThrow(.unlink, child)
    OperationRecorder.shared.recordUnlink(removed, path: child)
  }

  /// Removes the empty directory `name`.
  package func removeDirectory(_ name: String) throws(IOError) {
    let child = path(of: name)
    let removed = OperationRecorder.shared.identity(in: rawValue, name)
    _ = try syscall(.rmdir, child) { unlinkat(rawValue, name, AT_REMOVEDIR) }
      .orThrow(.rmdir, child)
    OperationRecorder.shared.recordRemoveDirectory(removed, path: child)
  }

  /// Removes `name` and, if it is a directory, everything in it, without following any
  /// symbolic link (a link is removed, never its target). Nothing there is not an error.
  package func removeTree(_ name: String) throws(IOError) {
    guard let status = try status(of: name) else { return }
    if status.kind == .directory {
      let directory = try openDirectory(name)
      try directory.closeAfterTyped { () throws(IOError) in
        for entry in try directory.entries() { try directory.removeTree(entry.name) }
      }
      try removeDirectory(name)
    } else {
      try removeFile(name)
    }
  }

  /// The entries of this directory except `.` and `..`, in the order the file system gives.
  ///
  /// Unlike a bare `readdir` loop, an error part-way is reported as an error, never taken for
  /// the end of the listing.
  package func entries() throws(IOError) -> [DirectoryEntry] {
    // fdopendir takes over the descriptor it is given, so list through a duplicate.
    let duplicate = try syscall(.opendir, path) { fcntl(rawValue, F_DUPFD_CLOEXEC, 0) }
      .orThrow(.opendir, path)
    guard let stream = fdopendir(duplicate) else {
      let errno = Errno.current
      Glibc.close(duplicate)
      throw IOError(operation: .init(.opendir), path: path, errno: errno)
    }
    defer { closedir(stream) }
    rewinddir(stream)
    return try DirectoryEntry.readAll(stream, path: path)
  }

  /// `closeAfter` for bodies with typed throws.
  package func closeAfterTyped<R>(_ body: () throws(IOError) -> R) throws(IOError) -> R {
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

/// C functions Glibc's Swift module does not declare, looked up at run time.
enum Functions {
  typealias RenameAt2 =
    @convention(c) (
      Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32
    ) -> Int32

  /// `renameat2(2)` (glibc 2.28 and later), nil where the C library lacks it.
  static let renameat2: RenameAt2? = {
    guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "renameat2") else {
      return nil
    }
    return unsafeBitCast(symbol, to: RenameAt2.self)
  }()

  typealias CopyFileRange =
    @convention(c) (
      Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32
    ) -> Int

  typealias SetThreadName = @convention(c) (pthread_t, UnsafePointer<CChar>?) -> Int32

  /// `pthread_setname_np(3)`, nil where the C library lacks it (names show in `top -H` and
  /// debuggers; nothing depends on them).
  static let setThreadName: SetThreadName? = {
    guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "pthread_setname_np")
    else { return nil }
    return unsafeBitCast(symbol, to: SetThreadName.self)
  }()

  /// `copy_file_range(2)` (glibc 2.27 and later), nil where the C library lacks it.
  static let copyFileRange: CopyFileRange? = {
    guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "copy_file_range")
    else { return nil }
    return unsafeBitCast(symbol, to: CopyFileRange.self)
  }()
}
