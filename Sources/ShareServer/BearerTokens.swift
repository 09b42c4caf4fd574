import SystemCalls

/// The tokens a client may present as `Authorization: Bearer <token>`: one per line of a token
/// file (a per-device list), blank lines skipped.
public struct BearerTokens: Sendable {
  /// Each token's bytes (the pairing cookie is made from them).
  package let tokens: [[UInt8]]

  /// The tokens given.
  /// - Throws: `ShareServerError.noTokens` when there is none.
  public init(_ tokens: [String]) throws(ShareServerError) {
    let kept = tokens.map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
    guard !kept.isEmpty else { throw .noTokens(path: nil) }
    self.tokens = kept.map { Array($0.utf8) }
  }

  /// The tokens of `path`, one per line.
  /// - Throws: `ShareServerError` when the file cannot be read or holds no token.
  public init(contentsOfFile path: String) throws(ShareServerError) {
    try self.init(Self.tokens(contentsOfFile: path))
  }

  /// The tokens of a token file, in the file's order: each line with the whitespace around it
  /// trimmed, blank lines skipped. `serve --token-file` reads its tokens with this, and
  /// `shortcut make --token-file` the token it writes into a shortcut (the first).
  /// - Throws: `ShareServerError` when the file cannot be read or holds no token.
  public static func tokens(contentsOfFile path: String) throws(ShareServerError) -> [String] {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readFile(atPath: path, limit: 1 << 20)
    } catch {
      throw .unreadableTokenFile(path: path, error)
    }
    let tokens = String(decoding: bytes, as: UTF8.self)
      .split(omittingEmptySubsequences: true, whereSeparator: \.isNewline)
      .map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
    guard !tokens.isEmpty else { throw .noTokens(path: path) }
    return tokens
  }

  /// Whether `authorization` (the header's value) is the `Bearer` scheme and one of the
  /// tokens. The scheme is matched without regard to case and may be followed by several
  /// spaces, as RFC 7235 allows (`bearer TOKEN`); spaces and tabs around the value are
  /// ignored. Every token is compared, each in time that depends only on the lengths, so the
  /// time taken does not tell how much of a guess was right.
  public func accepts(authorization: String?) -> Bool {
    guard let authorization else { return false }
    var presented = Array(authorization.utf8)[...]
    let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    while let first = presented.first, isBlank(first) { presented.removeFirst() }
    while let last = presented.last, isBlank(last) { presented.removeLast() }
    let scheme = Array("bearer".utf8)
    guard presented.count > scheme.count,
      presented.prefix(scheme.count).map({ $0 | 0x20 }).elementsEqual(scheme),
      presented[presented.startIndex + scheme.count] == UInt8(ascii: " ")
    else { return false }
    var token = presented.dropFirst(scheme.count)
    while let first = token.first, first == UInt8(ascii: " ") { token.removeFirst() }
    guard !token.isEmpty else { return false }
    return accepts(token: Array(token))
  }

  /// Whether `token` (as typed into the pairing form) is one of the tokens, compared as
  /// `accepts(authorization:)` compares.
  package func accepts(token: [UInt8]) -> Bool {
    Self.matches(any: tokens, token)
  }

  /// Whether `candidate` is one of `secrets`: every one compared, each in time that depends
  /// only on the lengths.
  package static func matches(any secrets: [[UInt8]], _ candidate: [UInt8]) -> Bool {
    var matched: UInt8 = 0
    for secret in secrets {
      matched |= equal(secret, candidate)
    }
    return matched == 1
  }

  /// 1 when equal, 0 otherwise, looking at every byte of both.
  private static func equal(_ a: [UInt8], _ b: [UInt8]) -> UInt8 {
    var difference: UInt8 = a.count == b.count ? 0 : 1
    let length = max(a.count, b.count)
    for index in 0..<length {
      let x = index < a.count ? a[index] : 0
      let y = index < b.count ? b[index] : 0
      difference |= x ^ y
    }
    return difference == 0 ? 1 : 0
  }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    var view = Substring(self)
    while let first = view.first, first.isWhitespace { view.removeFirst() }
    while let last = view.last, last.isWhitespace { view.removeLast() }
    return String(view)
  }
}
