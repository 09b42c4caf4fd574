import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Every C call of the module, in one place (as swift-system keeps its system calls in
/// `Internals/`). Each throws an `ItemProviderIOError` carrying the call, the path and `errno`.
///
/// Paths are never followed through a symbolic link at their last component: files are opened
/// with `O_NOFOLLOW` and inspected with `lstat`.
enum POSIX {
  /// What `lstat` says a path is.
  enum Kind: Equatable {
    case regularFile
    case directory
    case symbolicLink
    case other
  }

  /// The kind, size, mode and modification time of a path, without following a final link.
  struct Status {
    var kind: Kind
    var size: Int64
    var mode: UInt32
    var modificationTime: Int
  }

  static func failure(_ operation: String, _ path: String, _ code: Int32 = errno)
    -> ItemProviderIOError
  {
    ItemProviderIOError(operation: operation, path: path, code: code)
  }

  static func status(_ path: String) throws -> Status {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw failure("lstat", path) }
    return Status(info)
  }

  /// Whether `path` names something, without following a final link.
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  static func openForReading(_ path: String) throws -> Int32 {
    let descriptor = retrying { open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
    guard descriptor >= 0 else { throw failure("open", path) }
    return descriptor
  }

  /// Creates a new file, mode 0600, refusing to reuse or follow anything already there.
  static func createExclusive(_ path: String) throws -> Int32 {
    let descriptor = retrying {
      open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    }
    guard descriptor >= 0 else { throw failure("open", path) }
    guard fchmod(descriptor, 0o600) == 0 else {
      let code = errno
      close(descriptor)
      throw failure("fchmod", path, code)
    }
    return descriptor
  }

  static func status(ofDescriptor descriptor: Int32, path: String) throws -> Status {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure("fstat", path) }
    return Status(info)
  }

  static func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
  }

  /// Creates a directory with mode 0700 (whatever the umask).
  static func makeDirectory(_ path: String) throws {
    guard mkdir(path, 0o700) == 0 else { throw failure("mkdir", path) }
    guard chmod(path, 0o700) == 0 else { throw failure("chmod", path) }
  }

  /// Creates a fresh private directory (0700) inside `parent` and returns its path.
  static func makeTemporaryDirectory(in parent: String, prefix: String) throws -> String {
    var template = Array("\(parent)/\(prefix).XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
      guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
      return String(cString: base)
    }
    guard let path = made else { throw failure("mkdtemp", "\(parent)/\(prefix).XXXXXX") }
    return path
  }

  /// The names in a directory, except `.` and `..`, sorted.
  static func directoryEntries(_ path: String) throws -> [String] {
    guard let stream = opendir(path) else { throw failure("opendir", path) }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
          String(cString: $0)
        }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// Reads up to `count` bytes into `buffer`; 0 means end of file.
  static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, path: String
  ) throws -> Int {
    let result = retrying { Glibc.read(descriptor, buffer, count) }
    guard result >= 0 else { throw failure("read", path) }
    return result
  }

  /// Writes all of `count` bytes from `buffer`.
  static func writeAll(
    _ descriptor: Int32, from buffer: UnsafeRawPointer, count: Int, path: String
  ) throws {
    var written = 0
    while written < count {
      let result = retrying { Glibc.write(descriptor, buffer + written, count - written) }
      guard result > 0 else { throw failure("write", path) }
      written += result
    }
  }

  /// `copy_file_range(2)` (what `cp` uses), looked up at run time: Glibc's Swift module does
  /// not declare it. Nil where the C library lacks it.
  private static let copyFileRangeFunction:
    (
      @convention(c) (
        Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32
      ) -> Int
    )? = {
      guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "copy_file_range")
      else { return nil }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (
          Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32
        ) -> Int).self)
    }()

  /// Copies up to `count` bytes in the kernel with `copy_file_range`. Returns the bytes copied
  /// (0 at end of file), or nil when the kernel or C library cannot do it for these
  /// descriptors (the caller falls back to `sendFile`).
  static func copyFileRange(from source: Int32, to destination: Int32, count: Int, path: String)
    throws -> Int?
  {
    guard let copyFileRange = copyFileRangeFunction else { return nil }
    let result = retrying { copyFileRange(source, nil, destination, nil, count, 0) }
    if result >= 0 { return result }
    let code = errno
    if code == EINVAL || code == ENOSYS || code == EOPNOTSUPP || code == EXDEV || code == EBADF {
      return nil
    }
    throw failure("copy_file_range", path, code)
  }

  /// Copies up to `count` bytes in the kernel with `sendfile`. Returns the bytes copied (0 at end
  /// of file), or nil when the kernel cannot do it for these descriptors (the caller falls back
  /// to read and write).
  static func sendFile(from source: Int32, to destination: Int32, count: Int, path: String)
    throws -> Int?
  {
    let result = retrying { sendfile(destination, source, nil, count) }
    if result >= 0 { return result }
    let code = errno
    if code == EINVAL || code == ENOSYS || code == EOPNOTSUPP { return nil }
    throw failure("sendfile", path, code)
  }

  /// Runs a call again while it fails with `EINTR`.
  private static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }
}

extension POSIX.Status {
  fileprivate init(_ info: stat) {
    let format = info.st_mode & S_IFMT
    kind =
      switch format {
      case S_IFREG: .regularFile
      case S_IFDIR: .directory
      case S_IFLNK: .symbolicLink
      default: .other
      }
    size = Int64(info.st_size)
    mode = UInt32(info.st_mode & 0o7777)
    modificationTime = Int(info.st_mtim.tv_sec)
  }
}
