#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

extension FileSystem {
  /// Writes `bytes` to the output file `path`, as the tools people know write their outputs
  /// (`cp`, `curl -o`, a shell's `>`) and never replacing what is not a regular file.
  ///
  /// The path is resolved as `open(2)` resolves it, following symbolic links, and what it
  /// names decides how it is written:
  /// - nothing, or a regular file: atomically, into a new temporary file beside it, flushed to
  ///   the device, then renamed over it, so a reader finds the old file or the new one, never
  ///   part of one. Through a symbolic link, the file the link names is replaced and the link
  ///   kept (`--junit report.xml`, with `report.xml` a link into another directory, updates
  ///   the linked report); a dangling link is itself replaced by the new file.
  /// - a character or block device or a FIFO (`/dev/null`, `/dev/stdout` on a pipe, a named
  ///   pipe another program reads): in place, opened for writing without creating or
  ///   truncating, so the node stays what it was. A FIFO with no reader waits for one, as
  ///   `cp` does.
  /// - a socket: in place too, by connecting to it (a stream socket, else a datagram one)
  ///   and sending the bytes.
  ///
  /// - Parameter permissions: A new file's mode, exactly (whatever the umask); a device, FIFO
  ///   or socket keeps its own.
  /// - Throws: `IOError` naming `path` (not the temporary file): `notFound` when the directory
  ///   is missing, `isDirectory` when `path` is one, `noSpace`, `permissionDenied`…
  package static func writeFile(
    atPath path: String, bytes: [UInt8], permissions: mode_t = 0o644
  ) throws(IOError) {
    var destination = path
    if let target = try followedStatus(path) {
      switch target.kind {
      case .characterDevice, .blockDevice, .fifo:
        if try writeInPlace(path, bytes: bytes) { return }
      case .socket:
        return try send(bytes, toSocketAt: path)
      case .regularFile:
        // A link to a regular file: replace the file it names, keep the link.
        if (try? status(ofPath: path))?.kind == .symbolicLink {
          destination = try resolvingSymbolicLinks(path)
        }
      default:
        break
      }
    }
    do throws(IOError) {
      try replaceAtomically(destination, bytes: bytes, permissions: permissions)
    } catch {
      throw IOError(
        error.code, operation: IOError.Operation(error.operation.name, .writing), path: path,
        fileKind: error.fileKind,
        cause: error.cause)
    }
  }

  /// What `path` names, following symbolic links (`stat`); nil when nothing is there (no such
  /// file, or a dangling link).
  static func followedStatus(_ path: String) throws(IOError) -> FileStatus? {
    var info = stat()
    switch syscall(.stat, path, { fstatat(AT_FDCWD, path, &info, 0) }) {
    case .success: return FileStatus(info)
    case .failure(.noSuchFileOrDirectory): return nil
    case .failure(let errno): throw IOError(operation: .init(.stat), path: path, errno: errno)
    }
  }

  /// Writes `bytes` into the device or FIFO at `path` as it stands: no `O_CREAT`, no
  /// `O_TRUNC`, no rename. Returns false, having written nothing, when what was opened turns
  /// out to be a regular file (the path changed since it was looked at): the caller replaces
  /// it atomically instead.
  private static func writeInPlace(_ path: String, bytes: [UInt8]) throws(IOError) -> Bool {
    let file = try FileDescriptor.open(path, .writeOnly, options: .noControllingTerminal)
    return try file.closeAfterTyped { () throws(IOError) -> Bool in
      guard try file.status().kind != .regularFile else { return false }
      try file.writeAll(bytes)
      return true
    }
  }

  /// Connects to the socket at `path` and sends `bytes`: a stream socket first, then, when the
  /// socket is of another type (`EPROTOTYPE`), a datagram one.
  private static func send(_ bytes: [UInt8], toSocketAt path: String) throws(IOError) {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    let name = Array(path.utf8)
    guard name.count < capacity else {
      throw IOError(operation: .init(.connect), path: path, errno: .nameTooLong)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in name.enumerated() { buffer[index] = byte }
    }
    for type in [Int32(SOCK_STREAM.rawValue), Int32(SOCK_DGRAM.rawValue)] {
      let raw = try syscall(.socket, path) {
        Glibc.socket(AF_UNIX, type | Int32(SOCK_CLOEXEC.rawValue), 0)
      }.orThrow(.socket, path)
      let endpoint = FileDescriptor(rawValue: raw, path: path)
      let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
          syscall(.connect, path) {
            Glibc.connect(raw, generic, socklen_t(MemoryLayout<sockaddr_un>.size))
          }
        }
      }
      switch connected {
      case .success:
        try endpoint.closeAfterTyped { () throws(IOError) in try endpoint.writeAll(bytes) }
        return
      case .failure(let errno):
        try? endpoint.close()
        guard errno == .protocolWrongType else {
          throw IOError(operation: .init(.connect), path: path, errno: errno)
        }
      }
    }
    throw IOError(operation: .init(.connect), path: path, errno: .protocolWrongType)
  }

  /// The atomic replace: a new temporary file beside `path`, written, flushed, renamed over it.
  private static func replaceAtomically(
    _ path: String, bytes: [UInt8], permissions: mode_t
  ) throws(IOError) {
    let temporary =
      "\(parentPath(path))/.\(lastComponent(path)).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let file = try FileDescriptor.open(
      temporary, .writeOnly, options: [.create, .exclusive, .noFollow],
      permissions: permissions)
    do throws(IOError) {
      try file.closeAfterTyped { () throws(IOError) in
        try file.writeAll(bytes)
        try file.sync()
      }
      try rename(temporary, to: path, replacing: true)
    } catch {
      try? removeFile(temporary)
      throw error
    }
  }
}
