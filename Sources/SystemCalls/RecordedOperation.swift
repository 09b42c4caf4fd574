/// A file or directory as the kernel knows it while it exists: its device and inode numbers.
///
/// An inode number is reused once its file is gone, so a reader of a recording tells files
/// apart by the order of operations too (a `create` starts a new file under a reused number).
package struct FileIdentity: Sendable, Hashable, CustomStringConvertible {
  /// The device.
  package var device: UInt64
  /// The inode.
  package var inode: UInt64

  /// An identity.
  package init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }

  /// What `lstat` or `fstat` said.
  init(_ status: FileStatus) {
    self.init(device: status.device, inode: status.inode)
  }

  package var description: String { "\(device):\(inode)" }
}

/// One change a program made to a file system, as `OperationRecorder` saw it: what the call
/// did, in the order the calls returned, and on which thread.
///
/// Paths are as the program named them (absolute paths for everything this package opens).
/// Reads, locks and the opening of existing files change nothing a crash can keep or lose,
/// and are not recorded.
package struct RecordedOperation: Sendable, Equatable, CustomStringConvertible {
  /// What the call did.
  package enum Kind: Sendable, Equatable {
    /// A new regular file, `path` (every file this package creates is created exclusively).
    case create(FileIdentity, path: String)
    /// A new directory, `path`.
    case makeDirectory(FileIdentity, path: String)
    /// `bytes` written into the file at `offset` (a `write`, or a kernel copy:
    /// `copy_file_range`, `sendfile`, whose bytes are read back from the source).
    case write(FileIdentity, path: String, offset: Int64, bytes: [UInt8])
    /// The file cut or extended to `size` bytes.
    case truncate(FileIdentity, path: String, size: Int64)
    /// A second name, `to`, for the file named `from` (or for an open file: `from` is then
    /// the path it was opened with).
    case link(FileIdentity, from: String, to: String)
    /// The file `from` renamed to `to`, replacing `replaced` when something was there.
    case rename(FileIdentity, from: String, to: String, replaced: FileIdentity?)
    /// The name `path` of the file removed.
    case unlink(FileIdentity, path: String)
    /// The empty directory `path` removed.
    case removeDirectory(FileIdentity, path: String)
    /// The file's mode or times set (`fchmod`, `futimens`): nothing a reader of this package
    /// relies on after a crash, recorded so the history is whole.
    case setAttributes(FileIdentity, path: String)
    /// `fsync` (or, with `dataOnly`, `fdatasync`) returned for the file or directory: it
    /// covers every operation recorded before it began, those with a sequence number below
    /// `covering`.
    case sync(FileIdentity, path: String, isDirectory: Bool, dataOnly: Bool, covering: Int)
    /// A mark the program under test set (a database commit returned, a share reported
    /// committed): nothing on disk.
    case note(String)
  }

  /// Its place in the order calls returned, over every recording at once.
  package var sequence: Int
  /// The thread that made the call (`pthread_self`).
  package var thread: UInt64
  /// What it did.
  package var kind: Kind

  /// An operation.
  package init(sequence: Int, thread: UInt64, kind: Kind) {
    self.sequence = sequence
    self.thread = thread
    self.kind = kind
  }

  /// The paths it names (two for a link or a rename; none for a note).
  package var paths: [String] {
    switch kind {
    case .create(_, let path), .makeDirectory(_, let path), .write(_, let path, _, _),
      .truncate(_, let path, _), .unlink(_, let path), .removeDirectory(_, let path),
      .setAttributes(_, let path), .sync(_, let path, _, _, _):
      [path]
    case .link(_, let from, let to), .rename(_, let from, let to, _): [from, to]
    case .note: []
    }
  }

  /// One line: the sequence number, the call and its paths.
  package var description: String {
    let what: String
    switch kind {
    case .create(let file, let path): what = "create \(path) [\(file)]"
    case .makeDirectory(let file, let path): what = "mkdir \(path) [\(file)]"
    case .write(let file, let path, let offset, let bytes):
      what = "write \(path) [\(file)] \(bytes.count) bytes at \(offset)"
    case .truncate(let file, let path, let size): what = "truncate \(path) [\(file)] to \(size)"
    case .link(let file, let from, let to): what = "link \(from) -> \(to) [\(file)]"
    case .rename(let file, let from, let to, let replaced):
      what = "rename \(from) -> \(to) [\(file)]" + (replaced.map { " replacing [\($0)]" } ?? "")
    case .unlink(let file, let path): what = "unlink \(path) [\(file)]"
    case .removeDirectory(let file, let path): what = "rmdir \(path) [\(file)]"
    case .setAttributes(let file, let path): what = "set attributes \(path) [\(file)]"
    case .sync(let file, let path, let isDirectory, let dataOnly, let covering):
      what =
        "\(dataOnly ? "fdatasync" : "fsync")\(isDirectory ? " directory" : "") \(path)"
        + " [\(file)] covering #\(covering)"
    case .note(let text): what = "note: \(text)"
    }
    return "#\(sequence) \(what)"
  }
}
