extension IOError {
  /// What was being done when a file operation failed: the call's name (`open`, `rename`), and
  /// whether it read what exists or wrote.
  ///
  /// The access is what a caller decides by, not the name: the command line gives a failed
  /// read of an input the status of missing input, and a failed write the status of an output
  /// that cannot be made. `open` is either, by the way the file was opened.
  public struct Operation: Sendable, Hashable, CustomStringConvertible {
    /// Whether an operation reads or writes.
    public enum Access: Sendable, Hashable {
      /// Looks at what exists: opens a file to read it, reads, lists a directory, asks for a
      /// file's status or real path.
      case reading
      /// Makes or changes something (creates, writes, flushes, renames, links, removes), or
      /// anything else a program does to the file system for an output (locks, sockets).
      case writing
    }

    /// The call's name, as messages print it: `open`, `copy_file_range`, `hash`.
    public var name: String
    /// Whether it read or wrote.
    public var access: Access

    /// The operation `name`, which reads or writes as `access` says.
    public init(_ name: String, _ access: Access) {
      self.name = name
      self.access = access
    }

    /// The system call `call`, which reads or writes as the call does.
    package init(_ call: SystemCall) {
      self.init(call.rawValue, call.access)
    }

    /// `open` of a file opened with `access` and `options`: a write when it may write or
    /// create.
    package static func open(
      _ access: FileDescriptor.AccessMode, options: FileDescriptor.OpenOptions
    ) -> Operation {
      access == .readOnly && !options.contains(.create) ? .openForReading : .openForWriting
    }

    /// The name.
    public var description: String { name }

    /// Whether the operation read.
    public var isReading: Bool { access == .reading }

    /// `open` of a file to read it.
    public static let openForReading = Operation("open", .reading)
    /// `open` of a file to write or create it.
    public static let openForWriting = Operation("open", .writing)
    /// `read`.
    public static let read = Operation("read", .reading)
    /// `write`.
    public static let write = Operation("write", .writing)
    /// Reading a file to compute its digest.
    public static let hash = Operation("hash", .reading)
    /// Copying a file the caller was handed (the copy's source is read).
    public static let copy = Operation("copy", .reading)
    /// Taking a received file into a share (linked or moved in: a write).
    public static let adopt = Operation("adopt", .writing)
    /// Creating a file or directory.
    public static let create = Operation("create", .writing)
    /// `mkdir`.
    public static let mkdir = Operation("mkdir", .writing)
  }
}

extension SystemCall {
  /// Whether the call reads what exists or writes: the calls that only look (`open` for
  /// reading, `read`, `stat`, directory listings, `realpath`) read; every other call writes.
  package var access: IOError.Operation.Access {
    switch self {
    case .open, .read, .pread, .fstat, .lstat, .stat, .realpath, .opendir, .readdir:
      .reading
    case .close, .write, .fsync, .fdatasync, .syncfs, .fchmod, .ftruncate, .futimens, .mkdir,
      .mkdtemp,
      .rename, .link, .unlink, .rmdir, .flock, .fcntl, .copyFileRange, .sendfile, .inotifyInit,
      .inotifyAddWatch, .pipe, .poll, .socket, .connect:
      .writing
    }
  }
}
