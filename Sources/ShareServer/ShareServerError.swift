import SystemCalls

/// Why the share server could not start or keep serving.
public enum ShareServerError: Error, Sendable, CustomStringConvertible {
  /// The daemon could not listen on the address (in use, not an address, not allowed).
  case cannotListen(host: String, port: UInt16, errno: Errno)
  /// The token file could not be read.
  case unreadableTokenFile(path: String, IOError)
  /// The token file (or list) holds no token.
  case noTokens(path: String?)
  /// Waiting for requests failed.
  case loopFailed(IOError)
  /// The pairing cookies cannot be made: libgcrypt, which computes their HMAC, is missing.
  case pairingUnavailable(SharedLibraryError)

  /// What failed, and what the user can do.
  public var description: String {
    switch self {
    case .cannotListen(let host, let port, let errno):
      "cannot listen on \(host) port \(port): \(errno); give --host an IP address (not a name)"
        + " and --port a free port (0 picks one)"
    case .unreadableTokenFile(let path, let error):
      "cannot read the token file \(TerminalText.quoted(path)): \(error)"
    case .noTokens(let path?):
      "the token file \(TerminalText.quoted(path)) holds no token; write one token per line"
    case .noTokens(nil):
      "no bearer token was given"
    case .loopFailed(let error):
      "the server stopped: \(error)"
    case .pairingUnavailable(let error):
      "cannot make the web app's pairing cookies: \(error)"
    }
  }
}
