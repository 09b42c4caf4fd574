#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// What a path names, as `lstat` tells it (a final symbolic link is not followed).
public enum FileKind: String, Sendable, Hashable, CustomStringConvertible {
  case regularFile
  case directory
  case symbolicLink
  case fifo
  case characterDevice
  case blockDevice
  case socket
  case unknown

  /// The kind from `st_mode`.
  package init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regularFile
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFIFO: self = .fifo
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFSOCK: self = .socket
    default: self = .unknown
    }
  }

  /// The kind with an article, for messages: "a FIFO", "a directory".
  public var article: String {
    switch self {
    case .regularFile: "a regular file"
    case .directory: "a directory"
    case .symbolicLink: "a symbolic link"
    case .fifo: "a FIFO"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .socket: "a socket"
    case .unknown: "a file of unknown kind"
    }
  }

  /// The name, such as `fifo`.
  public var description: String { rawValue }
}
