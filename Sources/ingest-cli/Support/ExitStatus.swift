import SystemCalls

/// Exit statuses of `ingest-cli`, as ARCHITECTURE.md fixes them (BSD `sysexits` values).
enum ExitStatus: Int32 {
  case success = 0
  /// The share was not accepted: hidden by the rule or rejected by the contract.
  case notAccepted = 1
  case usage = 64
  /// Malformed plist, predicate syntax, corrupt file.
  case dataError = 65
  /// An input file is missing or unreadable, or is not a regular file.
  case noInput = 66
  /// An output file (or the group directory) cannot be created or written.
  case cannotCreate = 73
  /// Other I/O errors.
  case ioError = 74

  /// The status's name, as `--json` error documents give it.
  var name: String {
    switch self {
    case .success: "success"
    case .notAccepted: "notAccepted"
    case .usage: "usage"
    case .dataError: "dataError"
    case .noInput: "noInput"
    case .cannotCreate: "cannotCreate"
    case .ioError: "ioError"
    }
  }

  /// What a file is to a command: something it reads, or something it writes.
  enum FileRole {
    case input
    case output
  }

  /// The exit status for a failed file operation: the one place file errors become statuses.
  ///
  /// An input that is missing, unreadable, not a regular file (a FIFO, a device, a directory)
  /// or a symbolic link where none is followed is missing input (66); an input over the size
  /// its reader accepts is bad data (65: no rule or Info.plist is that large). An output that
  /// cannot be created or written for a reason the user can fix (no such directory, no
  /// permission, no space, a read-only file system, a directory in the way) is 73. A device
  /// error, or anything else, is 74.
  init(for error: IOError, role: FileRole) {
    switch (role, error.code) {
    case (.input, .notFound), (.input, .permissionDenied), (.input, .isDirectory),
      (.input, .notRegularFile), (.input, .notDirectory), (.input, .symbolicLink),
      (.input, .nameTooLong):
      self = .noInput
    case (.input, .tooLarge):
      self = .dataError
    case (.output, .notFound), (.output, .permissionDenied), (.output, .isDirectory),
      (.output, .notRegularFile), (.output, .notDirectory), (.output, .symbolicLink),
      (.output, .alreadyExists), (.output, .noSpace), (.output, .readOnly),
      (.output, .tooLarge), (.output, .nameTooLong):
      self = .cannotCreate
    default:
      self = .ioError
    }
  }
}
