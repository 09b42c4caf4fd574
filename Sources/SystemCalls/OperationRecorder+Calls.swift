#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// What each call of the layer tells the recorder. Every method returns at once when no
/// recording runs; the calls they make of their own (`fstat`, `lseek`, `pread`) go straight to
/// the C library, never through `syscall`, so they are neither recorded nor faulted.
extension OperationRecorder {
  /// The identity of `name` in the directory `directory` (`AT_FDCWD` for a path), without
  /// following a link: taken before a call that removes or replaces a name, only while
  /// recording.
  func identity(in directory: Int32, _ name: String) -> FileIdentity? {
    guard isRecording else { return nil }
    var info = stat()
    guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    return FileIdentity(FileStatus(info))
  }

  /// The identity of an open file, and whether it is a directory.
  private static func identity(of descriptor: Int32) -> (FileIdentity, Bool)? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    let status = FileStatus(info)
    return (FileIdentity(status), status.kind == .directory)
  }

  /// A new file, just created (exclusively) and opened as `file`.
  func recordCreate(_ file: FileDescriptor) {
    record(file.path) {
      Self.identity(of: file.rawValue).map { .create($0.0, path: file.path) }
    }
  }

  /// `count` bytes of `buffer` just written to `file` at its offset.
  func recordWrite(_ file: FileDescriptor, _ buffer: UnsafeRawBufferPointer, count: Int) {
    guard count > 0 else { return }
    record(file.path) {
      let end = lseek(file.rawValue, 0, SEEK_CUR)
      guard end >= count, let identity = Self.identity(of: file.rawValue)?.0 else { return nil }
      return .write(
        identity, path: file.path, offset: Int64(end) - Int64(count),
        bytes: Array(UnsafeRawBufferPointer(rebasing: buffer[..<count])))
    }
  }

  /// `count` bytes just copied by the kernel from `source` into `file`, both at their offsets
  /// (which the copy moved on): the bytes are read back from the source.
  func recordCopy(into file: FileDescriptor, from source: FileDescriptor, count: Int) {
    guard count > 0 else { return }
    record(file.path) {
      let end = lseek(file.rawValue, 0, SEEK_CUR)
      let sourceEnd = lseek(source.rawValue, 0, SEEK_CUR)
      guard end >= count, sourceEnd >= count, let identity = Self.identity(of: file.rawValue)?.0
      else { return nil }
      var bytes = [UInt8](repeating: 0, count: count)
      var done = 0
      while done < count {
        let step = bytes.withUnsafeMutableBytes { buffer in
          pread(
            source.rawValue, buffer.baseAddress.map { $0 + done }, count - done,
            sourceEnd - off_t(count) + off_t(done))
        }
        guard step > 0 else { return nil }
        done += step
      }
      return .write(identity, path: file.path, offset: Int64(end) - Int64(count), bytes: bytes)
    }
  }

  /// `file` just cut or extended to `size`.
  func recordTruncate(_ file: FileDescriptor, size: Int64) {
    record(file.path) {
      Self.identity(of: file.rawValue).map { .truncate($0.0, path: file.path, size: size) }
    }
  }

  /// `file`'s mode or times just set.
  func recordAttributes(_ file: FileDescriptor) {
    record(file.path) {
      Self.identity(of: file.rawValue).map { .setAttributes($0.0, path: file.path) }
    }
  }

  /// A flush of `file` that began at `covering` (see `flushBegins`) just returned.
  func recordSync(_ file: FileDescriptor, covering: Int?, dataOnly: Bool) {
    guard let covering else { return }
    record(file.path) {
      Self.identity(of: file.rawValue).map {
        .sync(
          $0.0, path: file.path, isDirectory: $0.1, dataOnly: dataOnly, covering: covering)
      }
    }
  }

  /// The directory `path` just made, `name` in the directory `parent` (`AT_FDCWD` for a path).
  func recordMakeDirectory(in parent: Int32, _ name: String, path: String) {
    record(path) {
      var info = stat()
      guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
      return .makeDirectory(FileIdentity(FileStatus(info)), path: path)
    }
  }

  /// The file `identity` (taken before the call) just got the second name `to`.
  func recordLink(_ identity: FileIdentity?, from: String, to: String) {
    guard let identity else { return }
    record(from, to) { .link(identity, from: from, to: to) }
  }

  /// The open `file` just got the name `to`.
  func recordLink(_ file: FileDescriptor, to: String) {
    record(file.path, to) {
      Self.identity(of: file.rawValue).map { .link($0.0, from: file.path, to: to) }
    }
  }

  /// The file `identity` just renamed from `from` to `to`, over `replaced` (both taken before
  /// the call).
  func recordRename(
    _ identity: FileIdentity?, from: String, to: String, replaced: FileIdentity?
  ) {
    guard let identity else { return }
    record(from, to) { .rename(identity, from: from, to: to, replaced: replaced) }
  }

  /// The name `path` of the file `identity` (taken before the call) just removed.
  func recordUnlink(_ identity: FileIdentity?, path: String) {
    guard let identity else { return }
    record(path) { .unlink(identity, path: path) }
  }

  /// The directory `identity` (taken before the call), `path`, just removed.
  func recordRemoveDirectory(_ identity: FileIdentity?, path: String) {
    guard let identity else { return }
    record(path) { .removeDirectory(identity, path: path) }
  }
}
