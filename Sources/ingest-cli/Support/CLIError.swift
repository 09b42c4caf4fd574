/// Exit statuses of `ingest-cli`, as ARCHITECTURE.md fixes them (BSD `sysexits` values).
enum ExitStatus: Int32 {
  case success = 0
  /// The share was not accepted: hidden by the rule or rejected by the contract.
  case notAccepted = 1
  case usage = 64
  /// Malformed plist, predicate syntax, corrupt file.
  case dataError = 65
  /// An input file is missing or unreadable.
  case noInput = 66
  /// The group directory cannot be created or written.
  case cannotCreate = 73
  /// Other I/O errors.
  case ioError = 74
}

/// An error that ends the command with a specific exit status and a message for stderr.
struct CLIError: Error, CustomStringConvertible {
  var status: ExitStatus
  var message: String

  var description: String { message }

  static func usage(_ message: String) -> CLIError {
    CLIError(status: .usage, message: message)
  }

  static func data(_ message: String) -> CLIError {
    CLIError(status: .dataError, message: message)
  }

  static func noInput(_ message: String) -> CLIError {
    CLIError(status: .noInput, message: message)
  }
}
