import SystemCalls

/// Why a file could not be sniffed, and which file.
///
/// The path is the one the caller gave (or the suggested file name, or `<data>`, when sniffing
/// bytes in memory). Reading never changes the file.
public struct SniffError: Error, Sendable, Equatable, NameQuotingDescription {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// The file could not be opened or read, or is not a regular file (a directory, a FIFO, a
    /// socket or a device, which the sniffer refuses rather than block on or read without end),
    /// or is a symbolic link (which the sniffer never follows). The `IOError` names the
    /// operation, the path and the cause.
    case io(IOError)
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

  /// An error about the file a failed operation was on.
  init(_ error: IOError) {
    self.init(path: error.path, reason: .io(error))
  }

  /// The failed file operation, when the file could not be read (nil when libmagic failed).
  public var ioError: IOError? {
    if case .io(let error) = reason { return error }
    return nil
  }

  /// What kind of file failure this is (`notFound`, `permissionDenied`, `notRegularFile`,
  /// `symbolicLink`…); nil when libmagic failed.
  public var code: IOError.Code? { ioError?.code }

  /// Whether the file itself could not be read (as opposed to libmagic failing on it).
  public var isUnreadable: Bool { ioError != nil }

  /// The description for a terminal: each name quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// A message naming the file, what failed and what the user can do.
  public func description(quoting: NameQuoting) -> String {
    switch reason {
    case .io(let error):
      error.description(quoting: quoting)
    case .libmagic(let operation, let message):
      "cannot sniff \(quoting.quote(path)): libmagic \(operation) failed: \(message)"
    }
  }
}
