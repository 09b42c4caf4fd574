/// A failed file-system operation: what was done, to which path, and why.
///
/// The one shape of I/O error across the package (after NIOFileSystem's `FileSystemError`):
/// the operation (`open`, `rename`, `read`...) with whether it read or wrote, the path exactly as
/// the caller gave it, the cause as a value (the `Errno`, or the underlying error), and a coarse
/// `code` that callers branch on and the command line maps to one exit status.
///
/// The path is held as given, never quoted: ``description(quoting:)`` quotes it when the error
/// is printed, so a terminal gets `$'a\nb'` and a JSON document the name itself.
public struct IOError: Error, Sendable, CustomStringConvertible, NameQuotingDescription {
  /// What kind of failure this is, coarse enough to act on.
  public enum Code: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Nothing exists at the path (or a directory on the way is missing).
    case notFound
    /// The process may not do this to the path.
    case permissionDenied
    /// A directory was found where a file was needed, or the call refused a directory.
    case isDirectory
    /// Something other than a regular file (a FIFO, a device, a socket, a directory) was found
    /// where a regular file was needed.
    case notRegularFile
    /// A path component that must be a directory is not one.
    case notDirectory
    /// A symbolic link was found where none may be followed.
    case symbolicLink
    /// A regular file with more than one name (a hard link) was found where a file may have
    /// only its one name: it may be a file from outside the directory it was found in.
    case hardLink
    /// Something already exists where a new file was to be made.
    case alreadyExists
    /// The device or the quota has no space left.
    case noSpace
    /// The file system is mounted read-only.
    case readOnly
    /// The file is larger than the operation or the caller allows.
    case tooLarge
    /// The device reported an input/output error.
    case ioFailure
    /// The process or the system has run out of descriptors or another resource.
    case resourceExhausted
    /// A name is longer than the file system allows.
    case nameTooLong
    /// The file system or kernel does not support the operation.
    case unsupported
    /// Anything else: the cause says what.
    case other

    /// The code's name.
    public var description: String { rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// The operation that failed, such as `open`, `write`, `fsync` or `rename`, and whether it
  /// read or wrote.
  public var operation: Operation
  /// The path the operation was on, as the caller gave it.
  public var path: String
  /// What the file turned out to be, when `code` is `notRegularFile` or `isDirectory`.
  public var fileKind: FileKind?
  /// The cause: an `Errno`, or another error (libcrypto's, a size limit's).
  public var cause: (any Error & Sendable)?

  /// Creates an error; `code` defaults to the one the cause implies.
  public init(
    _ code: Code? = nil, operation: Operation, path: String, fileKind: FileKind? = nil,
    cause: (any Error & Sendable)? = nil
  ) {
    self.code = code ?? (cause as? Errno).map(Self.code(for:)) ?? .other
    self.operation = operation
    self.path = path
    self.fileKind = fileKind
    self.cause = cause
  }

  /// An error from a system call that set `errno`.
  public init(operation: Operation, path: String, errno: Errno) {
    self.init(Self.code(for: errno), operation: operation, path: path, cause: errno)
  }

  /// The `errno` the operation failed with, when the cause is one.
  public var errno: Errno? { cause as? Errno }

  /// The coarse code an `errno` implies.
  public static func code(for errno: Errno) -> Code {
    switch errno {
    case .noSuchFileOrDirectory: .notFound
    case .permissionDenied, .notPermitted: .permissionDenied
    case .isDirectory: .isDirectory
    case .notDirectory: .notDirectory
    case .tooManySymbolicLinks: .symbolicLink
    case .fileExists: .alreadyExists
    case .noSpace, .diskQuotaExceeded: .noSpace
    case .readOnlyFileSystem: .readOnly
    case .fileTooLarge: .tooLarge
    case .ioError: .ioFailure
    case .tooManyOpenFiles, .tooManyOpenFilesInSystem: .resourceExhausted
    case .nameTooLong: .nameTooLong
    case .notSupported, .notImplemented, .crossDevice: .unsupported
    default: .other
    }
  }

  /// The description for a terminal: each name quoted (``NameQuoting/terminal``).
  public var description: String { description(quoting: .terminal) }

  /// `cannot <operation> <path>: <why>`, the path quoted by `quoting`.
  public func description(quoting: NameQuoting) -> String {
    "cannot \(operation) \(quoting.quote(path)): \(reason(quoting: quoting))"
  }

  /// Why, without the operation and path: the system's message, or what was found (names in
  /// a cause quoted for a terminal).
  public var reason: String { reason(quoting: .terminal) }

  /// Why, without the operation and path, any name in the cause written by `quoting`.
  public func reason(quoting: NameQuoting) -> String {
    switch code {
    case .notRegularFile:
      return "not a regular file" + (fileKind.map { " (\($0.article))" } ?? "")
    case .symbolicLink where errno == .tooManySymbolicLinks || cause == nil:
      return "it is a symbolic link, which is never followed here"
    case .hardLink where cause == nil:
      return "it has other names (hard links), so it may be a file from outside; never taken here"
    case .notFound where cause == nil:
      return "no such file or directory"
    case .notDirectory where cause == nil:
      return "not a directory" + (fileKind.map { " (\($0.article))" } ?? "")
    case .resourceExhausted where errno == .tooManyOpenFiles:
      return "\(Errno.tooManyOpenFiles): the process has as many files open as its limit allows;"
        + " raise it (ulimit -n)"
    default:
      if let cause { return quoting.describe(cause) }
      return code.rawValue
    }
  }
}
