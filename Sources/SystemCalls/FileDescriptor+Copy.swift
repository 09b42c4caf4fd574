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
    case .success(let copied):
      OperationRecorder.shared.recordCopy(into: self, from: source, count: copied)
      return copied
    case .failure(let errno) where Self.meansUnsupported(errno): return nil
    case .failure(let errno):
      // The call names one path; say which side failed where the errno tells.
      let side = errno == .noSpace || errno == .diskQuotaExceeded ? path : source.path
      throw IOError(operation: .init(.copyFileRange), path: side, errno: errno)
    }
  }

  /// Copies up to `count` bytes from `source` with `sendfile`. Returns the bytes copied (0 at
  /// end of file), or nil when the kernel cannot do it: fall back to reads and writes.
  package func sendFile(from source: FileDescriptor, count: Int) throws(IOError) -> Int? {
    switch syscall(.sendfile, path, { Glibc.sendfile(rawValue, source.rawValue, nil, count) })
    {
    case .success(let copied):
      OperationRecorder.shared.recordCopy(into: self, from: source, count: copied)
      return copied
    case .failure(let errno)
    where errno == .invalidArgument || errno == .notImplemented
      || errno == .notSupported:
      return nil
    case .failure(let errno):
      let side = errno == .noSpace || errno == .diskQuotaExceeded ? path : source.path
      throw IOError(operation: .init(.sendfile), path: side, errno: errno)
    }
  }

  private static func meansUnsupported(_ errno: Errno) -> Bool {
    errno == .invalidArgument || errno == .notImplemented || errno == .notSupported
      || errno == .crossDevice || errno == .badFileDescriptor
  }
}

extension FileDescriptor {
  /// Copies every byte from `input`'s offset to its end into this file at its offset, without
  /// holding the file in memory: in the kernel with `copy_file_range` (as `cp` does), falling
  /// back to `sendfile`, then to reads and writes through a buffer where the kernel cannot.
  ///
  /// - Parameters:
  ///   - kernelStep: The most bytes handed to the kernel at once.
  ///   - bufferSize: The buffer of the read/write fallback.
  ///   - beforeStep: Runs before each step with the bytes copied so far, to report progress or
  ///     to stop the copy by throwing.
  /// - Returns: The bytes copied.
  package func copyContents(
    from input: FileDescriptor, kernelStep: Int = 64 << 20, bufferSize: Int = 1 << 20,
    beforeStep: (Int64) throws -> Void = { _ in }
  ) throws -> Int64 {
    var copied: Int64 = 0
    var kernelCopy = true
    var sendFile = true
    var buffer: UnsafeMutableRawBufferPointer?
    defer { buffer?.deallocate() }
    while true {
      try beforeStep(copied)
      // Every way reads and writes at the descriptors' offsets, so switching is safe.
      var step: Int?
      if kernelCopy {
        step = try copyRange(from: input, count: kernelStep)
        kernelCopy = step != nil
      }
      if step == nil, sendFile {
        step = try self.sendFile(from: input, count: kernelStep)
        sendFile = step != nil
      }
      if step == nil {
        let chunk =
          buffer ?? UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 16)
        buffer = chunk
        let count = try input.read(into: chunk)
        if count > 0 { try writeAll(UnsafeRawBufferPointer(rebasing: chunk[..<count])) }
        step = count
      }
      guard let count = step, count > 0 else { return copied }
      copied += Int64(count)
    }
  }
}
