import SystemCalls

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

  /// A failed file operation, with the status `ExitStatus(for:role:)` gives it.
  static func io(_ error: IOError, role: ExitStatus.FileRole) -> CLIError {
    CLIError(status: ExitStatus(for: error, role: role), message: "\(error)")
  }
}
