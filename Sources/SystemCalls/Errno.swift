#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A system error number, as a value: what a failed system call set `errno` to.
///
/// Mirrors swift-system's `Errno`. The constants the package tests for have names; any other
/// value is carried as it came.
public struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
  /// The `errno` value.
  public let rawValue: Int32

  /// Wraps an `errno` value.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The value `errno` holds now.
  package static var current: Errno { Errno(rawValue: errno) }

  /// `EPERM`: operation not permitted.
  public static let notPermitted = Errno(rawValue: EPERM)
  /// `ENOENT`: no such file or directory.
  public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  /// `EINTR`: interrupted by a signal; the layer retries these itself.
  public static let interrupted = Errno(rawValue: EINTR)
  /// `EIO`: an input/output error of the device.
  public static let ioError = Errno(rawValue: EIO)
  /// `EBADF`: not an open descriptor.
  public static let badFileDescriptor = Errno(rawValue: EBADF)
  /// `EAGAIN`/`EWOULDBLOCK`: the call would block.
  public static let wouldBlock = Errno(rawValue: EAGAIN)
  /// `EACCES`: permission denied.
  public static let permissionDenied = Errno(rawValue: EACCES)
  /// `EEXIST`: the file exists.
  public static let fileExists = Errno(rawValue: EEXIST)
  /// `EXDEV`: the two paths are on different file systems.
  public static let crossDevice = Errno(rawValue: EXDEV)
  /// `ENOTDIR`: a path component is not a directory.
  public static let notDirectory = Errno(rawValue: ENOTDIR)
  /// `EISDIR`: the path is a directory.
  public static let isDirectory = Errno(rawValue: EISDIR)
  /// `EINVAL`: an invalid argument.
  public static let invalidArgument = Errno(rawValue: EINVAL)
  /// `EMFILE`: the process has too many open files.
  public static let tooManyOpenFiles = Errno(rawValue: EMFILE)
  /// `ENFILE`: the system has too many open files.
  public static let tooManyOpenFilesInSystem = Errno(rawValue: ENFILE)
  /// `EFBIG`: the file is too large.
  public static let fileTooLarge = Errno(rawValue: EFBIG)
  /// `ENOSPC`: no space left on the device.
  public static let noSpace = Errno(rawValue: ENOSPC)
  /// `EROFS`: the file system is read-only.
  public static let readOnlyFileSystem = Errno(rawValue: EROFS)
  /// `EDQUOT`: the disk quota is exhausted.
  public static let diskQuotaExceeded = Errno(rawValue: EDQUOT)
  /// `ELOOP`: too many symbolic links, or (with `O_NOFOLLOW`) the last component is one.
  public static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
  /// `ENAMETOOLONG`: a name is longer than the file system allows.
  public static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
  /// `ENOTEMPTY`: the directory is not empty.
  public static let directoryNotEmpty = Errno(rawValue: ENOTEMPTY)
  /// `ENOSYS`: the kernel does not implement the call.
  public static let notImplemented = Errno(rawValue: ENOSYS)
  /// `EOPNOTSUPP`: the operation is not supported here.
  public static let notSupported = Errno(rawValue: EOPNOTSUPP)
  /// `ENXIO`: no such device (opening a FIFO for writing without a reader).
  public static let noSuchDevice = Errno(rawValue: ENXIO)
  /// `EPROTOTYPE`: the socket is of another type (connecting a stream socket to a datagram one).
  public static let protocolWrongType = Errno(rawValue: EPROTOTYPE)

  /// The system's message and the symbolic name, such as `No space left on device (ENOSPC)`.
  public var description: String {
    let message = String(cString: strerror(rawValue))
    return symbolicName.map { "\(message) (\($0))" } ?? "\(message) (errno \(rawValue))"
  }

  /// The C name of the common values, such as `ENOSPC`.
  public var symbolicName: String? {
    switch rawValue {
    case EPERM: "EPERM"
    case ENOENT: "ENOENT"
    case EINTR: "EINTR"
    case EIO: "EIO"
    case EBADF: "EBADF"
    case EAGAIN: "EAGAIN"
    case EACCES: "EACCES"
    case EEXIST: "EEXIST"
    case EXDEV: "EXDEV"
    case ENOTDIR: "ENOTDIR"
    case EISDIR: "EISDIR"
    case EINVAL: "EINVAL"
    case EMFILE: "EMFILE"
    case ENFILE: "ENFILE"
    case EFBIG: "EFBIG"
    case ENOSPC: "ENOSPC"
    case EROFS: "EROFS"
    case EDQUOT: "EDQUOT"
    case ELOOP: "ELOOP"
    case ENAMETOOLONG: "ENAMETOOLONG"
    case ENOTEMPTY: "ENOTEMPTY"
    case ENOSYS: "ENOSYS"
    case EOPNOTSUPP: "EOPNOTSUPP"
    case ENXIO: "ENXIO"
    case EPROTOTYPE: "EPROTOTYPE"
    default: nil
    }
  }
}
