#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Kernel copies. Injected faults match the destination's path (where the bytes go).
extension FileDescriptor {
  /// Copies up to `count` bytes from `source` in the kernel with `copy_file_range` (what `cp`
  /// uses), at both descriptors' offsets. Returns the bytes copied (0 at end of file), or nil
  /// when the kernel or C library cannot do it for these descriptors: fall back to `sendFile`.
  package func copyRange(from source: FileDescriptor, count: Int) throws(IOError) -> Int? {
    guard let copyFileRange = Functions.copyFileRange else { return nil }
    switch syscall(
      .copyFileRange, path, { copyFileRange(source.rawValue, nil, rawValue, nil, count, 0) })
    {
    case .success(let copied): return copied
    case .failure(let errno) where Self.meansUnsupported(errno): return nil
    case .failure(let errno):
      // The call names one path; say which side failed where the errno tells.
      let side = errno == .noSpace || errno == .diskQuotaExceeded ? path : source.path
      throw IOError(operation: "copy_file_range", path: side, errno: errno)
    }
  }

  /// Copies up to `count` bytes from `source` with `sendfile`. Returns the bytes copied (0 at
  /// end of file), or nil when the kernel cannot do it: fall back to reads and writes.
  package func sendFile(from source: FileDescriptor, count: Int) throws(IOError) -> Int? {
    switch syscall(.sendfile, path, { Glibc.sendfile(rawValue, source.rawValue, nil, count) })
    {
    case .success(let copied): return copied
    case .failure(let errno)
    where errno == .invalidArgument || errno == .notImplemented
      || errno == .notSupported:
      return nil
    case .failure(let errno):
      let side = errno == .noSpace || errno == .diskQuotaExceeded ? path : source.path
      throw IOError(operation: "sendfile", path: side, errno: errno)
    }
  }

  private static func meansUnsupported(_ errno: Errno) -> Bool {
    errno == .invalidArgument || errno == .notImplemented || errno == .notSupported
      || errno == .crossDevice || errno == .badFileDescriptor
  }
}
