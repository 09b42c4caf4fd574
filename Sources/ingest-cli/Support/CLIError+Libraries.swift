import ShareServer
import SystemCalls

extension CLIError {
  /// A token file (`--token-file`) that cannot be read, or that holds no token. The message
  /// names the token file; it never holds a token.
  init(tokenFile error: ShareServerError) {
    if case .unreadableTokenFile(_, let failure) = error {
      self.init(status: ExitStatus(for: failure, role: .input), describing: error)
    } else {
      self.init(status: .dataError, describing: error)
    }
  }
}
