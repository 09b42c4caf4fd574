import SystemCalls

/// Why the share server could not start or keep serving.
///
/// Paths are held as they are and quoted when the error is printed
/// (``description(quoting:)``).
public enum ShareServerError: Error, Sendable, NameQuotingDescription {
  /// The daemon could not listen (the address in use, not an address, not allowed; a Unix
  /// socket's path taken by something else; TLS credentials GnuTLS refused).
  case cannotListen(ShareServer.Listener, errno: Errno)
  /// Something other than a socket left by an ended server is at the Unix socket's path.
  case socketPathTaken(path: String, what: String)
  /// A TLS key or certificate file could not be read or holds no PEM.
  case unreadableTLSFile(path: String, problem: String)
  /// The token file could not be read.
  case unreadableTokenFile(path: String, IOError)
  /// The token file (or list) holds no token.
  case noTokens(path: String?)
  /// Waiting for requests failed.
  case loopFailed(IOError)
  /// The pairing cookies cannot be made: libgcrypt, which computes their HMAC, is missing.
  case pairingUnavailable(SharedLibraryError)

  /// The description for a terminal: each path quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// What failed, and what the user can do, each path written by `quoting`.
  public func description(quoting: NameQuoting) -> String {
    switch self {
    case .cannotListen(.address(let host, let port), let errno):
      "cannot listen on \(host) port \(port): \(errno); give --host an IP address (not a name)"
        + " and --port a free port (0 picks one); with --tls-key, check that the key and"
        + " certificate belong together"
    case .cannotListen(.unixSocket(let path), let errno):
      "cannot listen on the unix socket \(quoting.quote(path)): \(errno); its folder must"
        + " exist and be writable, and the path fit in 107 bytes"
    case .socketPathTaken(let path, let what):
      "\(quoting.quote(path)) is \(what); a unix socket is made only where nothing is,"
        + " or in place of a socket no server listens on"
    case .unreadableTLSFile(let path, let problem):
      "cannot use the TLS file \(quoting.quote(path)): \(problem)"
    case .unreadableTokenFile(let path, let error):
      "cannot read the token file \(quoting.quote(path)): \(error.description(quoting: quoting))"
    case .noTokens(let path?):
      "the token file \(quoting.quote(path)) holds no token; write one token per line"
    case .noTokens(nil):
      "no bearer token was given"
    case .loopFailed(let error):
      "the server stopped: \(error.description(quoting: quoting))"
    case .pairingUnavailable(let error):
      "cannot make the web app's pairing cookies: \(error)"
    }
  }
}
