import SystemCalls

/// An error that ends the command with a specific exit status and a message for stderr.
///
/// The message is made when it is printed, with the names it holds (paths, identifiers, values
/// a user gave) quoted for where it goes: `$'a\nb'` on a terminal, the name itself in a
/// `--json` document (which the JSON encoder escapes).
struct CLIError: Error, CustomStringConvertible, NameQuotingDescription {
  var status: ExitStatus
  /// Writes the message, each name written by the quoting given.
  let describe: @Sendable (NameQuoting) -> String

  /// An error whose message holds no name from outside (or quotes its names already).
  init(status: ExitStatus, message: String) {
    self.status = status
    describe = { _ in message }
  }

  /// An error whose message `describe` writes, quoting each name it holds as it is told.
  init(status: ExitStatus, quoting describe: @escaping @Sendable (NameQuoting) -> String) {
    self.status = status
    self.describe = describe
  }

  /// An error whose message is `error`'s description, its names quoted at print time (when
  /// it holds names: `NameQuotingDescription`).
  init(status: ExitStatus, describing error: any Error) {
    self.init(status: status) { $0.describe(error) }
  }

  /// The message for a terminal or standard error: names quoted.
  var message: String { describe(.terminal) }

  func description(quoting: NameQuoting) -> String { describe(quoting) }

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
    CLIError(status: ExitStatus(for: error, role: role), describing: error)
  }
}

/// An error that says how the command ends: its exit status and message, as a `CLIError`.
///
/// Each error type a command lets through conforms (the libraries' errors here, in the CLI):
/// ``CLIError/init(describing:)`` asks the error, never casts it to each type in turn.
protocol CLIErrorConvertible: Error {
  /// The error as the command ends with it.
  var cliError: CLIError { get }
}

extension CLIError: CLIErrorConvertible {
  var cliError: CLIError { self }
}
