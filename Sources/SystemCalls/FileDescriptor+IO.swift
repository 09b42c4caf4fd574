#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

extension FileDescriptor {
  /// Reads up to `buffer.count` bytes at the current offset; 0 means end of file.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(IOError) -> Int {
    try syscall(.read, path) { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
      .orThrow(.read, path)
  }

  /// Reads into `bytes` from `index` on (up to its end); returns the count, 0 at end of file.
  package func read(into bytes: inout [UInt8], from index: Int = 0) throws(IOError) -> Int {
    var result: Result<Int, IOError> = .success(0)
    bytes.withUnsafeMutableBytes { buffer in
      result = Result { () throws(IOError) in
        try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[index...]))
      }
    }
    return try result.get()
  }

  /// Reads from the current offset to the end of the file, refusing more than `limit` bytes
  /// (`.tooLarge`, with `FileSystem.SizeLimitExceeded` as the cause).
  ///
  /// - Parameter sizeHint: The size `fstat` reported; the read goes on past it (files in
  ///   `/proc` report 0, a file may still be growing).
  package func readToEnd(sizeHint: Int64 = 0, limit: Int64 = .max) throws(IOError) -> [UInt8] {
    guard sizeHint <= limit else {
      throw IOError(
        .tooLarge, operation: .read, path: path,
        cause: FileSystem.SizeLimitExceeded(limit: limit, size: sizeHint))
    }
    var bytes = [UInt8](repeating: 0, count: Int(max(sizeHint, 0)))
    var filled = 0
    while true {
      if filled == bytes.count {
        guard Int64(filled) < limit else {
          var probe: [UInt8] = [0]
          let more = try read(into: &probe)
          if more > 0 {
            throw IOError(
              .tooLarge, operation: .read, path: path,
              cause: FileSystem.SizeLimitExceeded(limit: limit, size: Int64(filled + more)))
          }
          break
        }
        let growth = Int(min(Int64(max(64 << 10, filled / 2)), limit - Int64(filled)))
        bytes.append(contentsOf: repeatElement(0, count: growth))
      }
      let step = try read(into: &bytes, from: filled)
      if step == 0 { break }
      filled += step
    }
    bytes.removeSubrange(filled...)
    return bytes
  }

  /// Reads up to `buffer.count` bytes at `offset`, without moving the file offset.
  package func read(fromAbsoluteOffset offset: Int64, into buffer: UnsafeMutableRawBufferPointer)
    throws(IOError) -> Int
  {
    try syscall(.pread, path) {
      Glibc.pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset))
    }.orThrow(.pread, path)
  }

  /// Fills as much of `buffer` as the file has at `offset`, retrying short reads; returns the
  /// count, less than `buffer.count` only at end of file.
  package func readFully(
    fromAbsoluteOffset offset: Int64, into buffer: UnsafeMutableRawBufferPointer
  )
    throws(IOError) -> Int
  {
    var done = 0
    while done < buffer.count {
      let step = try read(
        fromAbsoluteOffset: offset + Int64(done),
        into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]))
      if step == 0 { break }
      done += step
    }
    return done
  }

  /// Writes up to `buffer.count` bytes; returns how many were written.
  package func write(_ buffer: UnsafeRawBufferPointer) throws(IOError) -> Int {
    let written = try syscall(.write, path) {
      Glibc.write(rawValue, buffer.baseAddress, buffer.count)
    }.orThrow(.write, path)
    OperationRecorder.shared.recordWrite(self, buffer, count: written)
    return written
  }

  /// Writes all of `buffer`, continuing after short writes.
  package func writeAll(_ buffer: UnsafeRawBufferPointer) throws(IOError) {
    var written = 0
    while written < buffer.count {
      let step = try write(UnsafeRawBufferPointer(rebasing: buffer[written...]))
      // A write of zero bytes to a regular file means the device took nothing: no space.
      guard step > 0 else {
        throw IOError(operation: .write, path: path, errno: .noSpace)
      }
      written += step
    }
  }

  /// Writes all of `bytes`.
  package func writeAll(_ bytes: some Sequence<UInt8>) throws(IOError) {
    let array = Array(bytes)
    let failure = array.withUnsafeBytes { buffer -> IOError? in
      do throws(IOError) {
        try writeAll(buffer)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Flushes the file's data and metadata to the device (`fsync`): after it returns, a crash or
  /// power loss keeps what was written. On a directory, it makes the entries durable.
  package func sync() throws(IOError) {
    let covering = OperationRecorder.shared.flushBegins(path)
    _ = try syscall(.fsync, path) { fsync(rawValue) }.orThrow(.fsync, path)
    OperationRecorder.shared.recordSync(self, covering: covering, dataOnly: false)
  }

  /// Flushes the file's data, and its metadata only where needed to read the data back
  /// (`fdatasync`).
  package func dataSync() throws(IOError) {
    let covering = OperationRecorder.shared.flushBegins(path)
    _ = try syscall(.fdatasync, path) { fdatasync(rawValue) }.orThrow(.fdatasync, path)
    OperationRecorder.shared.recordSync(self, covering: covering, dataOnly: true)
  }

  /// Flushes the data and metadata of every file of the file system the descriptor is on
  /// (`syncfs`, Linux): one flush for many files written together, instead of an `fsync`
  /// each. False, flushing nothing, where the C library has no `syncfs`: the caller then
  /// flushes each file itself.
  ///
  /// An operation recording (`OperationRecorder`) keeps it as a flush of this descriptor alone,
  /// which is less than it does: a replay's model stays on the pessimistic side.
  package func syncFileSystem() throws(IOError) -> Bool {
    guard let syncfs = Functions.syncfs else { return false }
    let covering = OperationRecorder.shared.flushBegins(path)
    _ = try syscall(.syncfs, path) { syncfs(rawValue) }.orThrow(.syncfs, path)
    OperationRecorder.shared.recordSync(self, covering: covering, dataOnly: false)
    return true
  }

  /// What `fstat` says of the open file.
  package func status() throws(IOError) -> FileStatus {
    var info = stat()
    _ = try syscall(.fstat, path) { fstat(rawValue, &info) }.orThrow(.fstat, path)
    return FileStatus(info)
  }

  /// Sets the permission bits (`fchmod`).
  package func setPermissions(_ mode: mode_t) throws(IOError) {
    _ = try syscall(.fchmod, path) { fchmod(rawValue, mode) }.orThrow(.fchmod, path)
    OperationRecorder.shared.recordAttributes(self)
  }

  /// Sets the file's access and modification times to `seconds` and `nanoseconds` since 1970
  /// (`futimens`), at full precision (the file system's own clock for new files is coarse).
  package func setModificationTime(seconds: Int, nanoseconds: Int) throws(IOError) {
    var times = [
      timespec(tv_sec: seconds, tv_nsec: nanoseconds),
      timespec(tv_sec: seconds, tv_nsec: nanoseconds),
    ]
    _ = try syscall(.futimens, path) { futimens(rawValue, &times) }.orThrow(.futimens, path)
    OperationRecorder.shared.recordAttributes(self)
  }

  /// Cuts or extends the file to `size` bytes.
  package func truncate(to size: Int64) throws(IOError) {
    _ = try syscall(.ftruncate, path) { ftruncate(rawValue, off_t(size)) }
      .orThrow(.ftruncate, path)
    OperationRecorder.shared.recordTruncate(self, size: size)
  }

  /// Takes an advisory `flock` on the open file: exclusive or shared; without `wait`, returns
  /// false at once when another open file description holds a conflicting lock.
  ///
  /// The lock dies with the last descriptor of this open file, so a process that crashes
  /// releases it: that is what makes it a claim no dead process can hold.
  package func lock(exclusive: Bool = true, wait: Bool = false) throws(IOError) -> Bool {
    let operation = (exclusive ? LOCK_EX : LOCK_SH) | (wait ? 0 : LOCK_NB)
    switch syscall(.flock, path, { flock(rawValue, operation) }) {
    case .success: return true
    case .failure(let errno) where errno == .wouldBlock && !wait: return false
    case .failure(let errno): throw IOError(operation: .init(.flock), path: path, errno: errno)
    }
  }

  /// Releases a `flock`.
  package func unlock() throws(IOError) {
    _ = try syscall(.flock, path) { flock(rawValue, LOCK_UN) }.orThrow(.flock, path)
  }

  /// Releases a `flock` and closes the descriptor.
  ///
  /// Closing alone does not release the lock while another copy of the open file description
  /// lives, and a child process of any thread holds such a copy from its `fork` to its `exec`
  /// (`O_CLOEXEC` closes it only then): a lock released by closing can outlive its holder for
  /// that while, and a claim made in it fails. `LOCK_UN` releases it for every copy at once.
  package func unlockAndClose() throws(IOError) {
    defer { try? close() }
    try unlock()
  }
}

extension Functions {
  typealias SyncFS = @convention(c) (Int32) -> Int32

  /// `syncfs(2)` (Linux; Glibc's Swift module does not declare it), nil where the C library
  /// lacks it.
  static let syncfs: SyncFS? = {
    guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "syncfs") else {
      return nil
    }
    return unsafeBitCast(symbol, to: SyncFS.self)
  }()
}
