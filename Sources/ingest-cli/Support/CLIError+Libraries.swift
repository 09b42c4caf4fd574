import ActivationRules
import Ingest
import ShareServer
import Shortcuts
import Sniffing
import SystemCalls
import UTI

/// The libraries' errors as command errors: a file that cannot be read gets the status
/// `ExitStatus(for:role:)` gives its `IOError`; anything wrong with what a file holds is bad
/// data (65). The message is always the error's own description.
extension CLIError {
  /// A rule that cannot be read.
  init(_ error: ActivationRuleError) {
    if case .file(let failure) = error {
      self = .io(failure, role: .input)
    } else {
      self = CLIError(status: .dataError, describing: error)
    }
  }

  /// Type declarations that cannot be read or registered.
  init(_ error: UTTypeDeclarationError) {
    if case .unreadableFile(let failure) = error {
      self = .io(failure, role: .input)
    } else {
      self = CLIError(status: .dataError, describing: error)
    }
  }

  /// A shortcut file that cannot be read or taken apart.
  init(_ error: ShortcutError) {
    if case .io(let failure) = error {
      self = .io(failure, role: .input)
    } else {
      self = .data("\(error)")
    }
  }

  /// A source profile (or the directory of them) that cannot be read or is malformed.
  init(_ error: SourceProfileError) {
    if case .unreadable(let failure) = error {
      self = .io(failure, role: .input)
    } else {
      self = .data("\(error)")
    }
  }

  /// A file that cannot be sniffed: unreadable, or libmagic failing on it (bad data).
  init(_ error: SniffError) {
    if let failure = error.ioError {
      self = .io(failure, role: .input)
    } else {
      self = CLIError(status: .dataError, describing: error)
    }
  }

  /// A token file (`--token-file`) that cannot be read, or that holds no token. The message
  /// names the token file; it never holds a token.
  init(tokenFile error: ShareServerError) {
    if case .unreadableTokenFile(_, let failure) = error {
      self.init(status: ExitStatus(for: failure, role: .input), message: "\(error)")
    } else {
      self = .data("\(error)")
    }
  }
}
