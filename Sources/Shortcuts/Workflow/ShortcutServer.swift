import Foundation
import SystemCalls

/// The server a generated shortcut posts to: what the "Get Contents of URL" action of an
/// ``UploadWorkflowBuilder`` workflow holds.
///
/// The bearer token is a secret, and never part of it: a shortcut that sends one asks for it
/// when it is imported (`WFWorkflowImportQuestions`), so the file can be shared, signed and
/// published without giving anyone a way to post.
public struct ShortcutServer: Sendable, Equatable {
  /// The absolute `http` or `https` URL posted to, such as `https://ingest.example.net/share`.
  public let url: URL
  /// Whether the shortcut sends `Authorization: Bearer <token>`, with the token the person
  /// importing it types in; false sends no `Authorization` header (for a server that
  /// authenticates otherwise, such as `ingest-cli serve --insecure-no-token` behind a proxy).
  public let asksForToken: Bool

  /// Creates a server after checking the URL.
  ///
  /// The URL must be absolute, `http` or `https`, with a host, and without a user name,
  /// password, fragment, space or control character.
  /// - Throws: `ShortcutError.invalidArgument` naming the value and the rule it breaks.
  public init(url text: String, asksForToken: Bool = true) throws(ShortcutError) {
    let shown = TerminalText.quoted(text)
    // Foundation would percent-encode these quietly; the URL sent must be the one given.
    guard
      !text.unicodeScalars.contains(where: {
        $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
      })
    else {
      throw .invalidArgument(
        "\(shown) holds a space or a control character: percent-encode it (a space is %20)")
    }
    guard let components = URLComponents(string: text), let scheme = components.scheme else {
      throw .invalidArgument(
        "\(shown) is not an absolute URL: give one with its scheme and host, such as"
          + " https://ingest.example.net/share")
    }
    guard ["http", "https"].contains(scheme.lowercased()) else {
      throw .invalidArgument(
        "\(shown) has the scheme \(TerminalText.quoted(scheme)): the shortcut posts over HTTP,"
          + " so give an http:// or https:// URL, such as https://ingest.example.net/share")
    }
    guard let host = components.host, !host.isEmpty else {
      throw .invalidArgument(
        "\(shown) names no host: give one, such as https://ingest.example.net/share")
    }
    guard components.user == nil, components.password == nil else {
      throw .invalidArgument(
        "\(shown) holds a user name or password: the shortcut would send it with every request"
          + " and show it in the Shortcuts app; give the secret as a bearer token instead")
    }
    guard components.fragment == nil else {
      throw .invalidArgument(
        "\(shown) has a fragment (#...), which is never sent to a server: remove it")
    }
    guard let url = components.url else {
      throw .invalidArgument("\(shown) is not a URL Foundation can send a request to")
    }
    self.url = url
    self.asksForToken = asksForToken
  }

  /// The URL's host without the brackets of an IPv6 literal, lower-cased.
  public var host: String {
    var host = url.host ?? ""
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    return host.lowercased()
  }

  /// Whether the shortcut sends over plain `http`, unencrypted.
  public var isCleartext: Bool { url.scheme?.lowercased() == "http" }

  /// Whether the host names the device the shortcut runs on: `localhost`, `127.0.0.0/8` or
  /// `::1`.
  public var isLoopback: Bool {
    if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" { return true }
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    return octets.count == 4 && octets[0] == "127"
      && octets.allSatisfy { UInt8($0) != nil }
  }

  /// What to tell a user before they sign and import the shortcut: plain `http` to another
  /// host (the screenshot, and the token, readable on the way), a loopback host (from a phone
  /// it reaches the phone itself), a path other than `/share` (where `ingest-cli serve` takes
  /// shares). None of them is refused: each can be what the user means.
  public var warnings: [String] {
    var warnings: [String] = []
    if isCleartext && !isLoopback {
      let what =
        asksForToken
        ? "what the shortcut posts, and its token, cross" : "what the shortcut posts crosses"
      warnings.append(
        "\(TerminalText.quoted(url.absoluteString)) is plain http: \(what) the network"
          + " unencrypted, readable by anyone on the way; use https (ingest-cli serve behind a"
          + " TLS reverse proxy) unless the network is yours alone")
    }
    if isLoopback {
      warnings.append(
        "\(TerminalText.quoted(host)) is the device the shortcut runs on: from an iPhone or"
          + " iPad it reaches the phone itself, not the server; give the server's address on"
          + " the network (serve --host 0.0.0.0), unless the shortcut runs on the Mac that runs"
          + " ingest-cli serve")
    }
    if !url.path.hasSuffix("/share") {
      let path = url.path.isEmpty ? "/" : url.path
      warnings.append(
        "the URL's path is \(TerminalText.quoted(path)): ingest-cli serve takes shares at"
          + " POST /share (unless a proxy in front of it maps this path there)")
    }
    return warnings
  }
}

extension ShortcutServer: CustomStringConvertible {
  /// The URL and whether a bearer token is asked for.
  public var description: String {
    "\(url.absoluteString)"
      + " (\(asksForToken ? "bearer token asked for at import" : "no bearer token"))"
  }
}
