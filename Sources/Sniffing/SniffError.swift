import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// Why a file could not be sniffed, and which file.
///
/// The path is the one the caller gave (or the suggested file name, or `<data>`, when sniffing
/// bytes in memory). Reading never changes the file.
public struct SniffError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// Nothing exists at the path.
    case notFound
    /// The process may not read the file.
    case permissionDenied
    /// The path names a directory, not a file.
    case isDirectory
    /// The path names something other than a regular file (a FIFO, socket or device), which
    /// the sniffer refuses rather than block on or read without end.
    case notARegularFile
    /// A system call failed: the operation (`open`, `fstat`, `pread`) and its `errno`.
    case io(operation: String, errno: Int32)
    /// libmagic failed: the operation (`magic_open`, `magic_load`, `magic_buffer`) and the
    /// message `magic_error` gave.
    case libmagic(operation: String, message: String)
  }

  /// The file the error is about.
  public var path: String
  /// What went wrong.
  public var reason: Reason

  /// Creates an error about `path`.
  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// Maps a failed file operation to the most specific reason.
  init(path: String, _ error: IOError) {
    let reason: Reason =
      switch error.code {
      case .notFound, .notDirectory: .notFound
      case .permissionDenied: .permissionDenied
      case .isDirectory: .isDirectory
      case .notRegularFile: .notARegularFile
      default: .io(operation: error.operation, errno: error.errno?.rawValue ?? 0)
      }
    self.init(path: path, reason: reason)
  }

  /// Whether the file itself could not be read (as opposed to libmagic failing on it).
  public var isUnreadable: Bool {
    if case .libmagic = reason { return false }
    return true
  }

  /// A message naming the file, what failed and what the user can do.
  public var description: String {
    switch reason {
    case .notFound:
      "cannot sniff \(path): no such file"
    case .permissionDenied:
      "cannot sniff \(path): permission denied; check the file's mode and owner"
    case .isDirectory:
      "cannot sniff \(path): it is a directory, not a file"
    case .notARegularFile:
      "cannot sniff \(path): not a regular file (a FIFO, socket or device); copy it to a file"
    case .io(let operation, let code):
      "cannot sniff \(path): \(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
    case .libmagic(let operation, let message):
      "cannot sniff \(path): libmagic \(operation) failed: \(message)"
    }
  }
}
