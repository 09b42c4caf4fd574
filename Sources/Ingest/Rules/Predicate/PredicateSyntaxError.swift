/// Where something is in a predicate's source text, with the line around it.
public struct PredicateSourceLocation: Sendable, Equatable, Codable {
  /// The line, counting from 1.
  public var line: Int
  /// The column in characters, counting from 1.
  public var column: Int
  /// The text of that line (trimmed to at most 100 characters around the column).
  public var lineText: String
  /// The column of the caret within `lineText`, counting from 1.
  public var caretColumn: Int

  /// Locates a UTF-8 byte offset in `source`.
  init(offset: Int, in source: [UInt8]) {
    let offset = min(max(0, offset), source.count)
    var lineStart = 0
    var line = 1
    for index in 0..<offset where source[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    var lineEnd = offset
    while lineEnd < source.count, source[lineEnd] != UInt8(ascii: "\n"),
      source[lineEnd] != UInt8(ascii: "\r")
    {
      lineEnd += 1
    }
    let before = String(decoding: source[lineStart..<offset], as: UTF8.self)
    let after = String(decoding: source[offset..<lineEnd], as: UTF8.self)
    self.line = line
    self.column = before.count + 1
    // Keep the excerpt short: 60 characters before the caret, 40 after; tabs become spaces so
    // the caret lines up.
    let shownBefore = before.suffix(60)
    let text = String(shownBefore) + String(after.prefix(40))
    self.lineText = String(text.map { $0 == "\t" ? " " : $0 })
    self.caretColumn = shownBefore.count + 1
  }

  /// The line of text with a caret under the column.
  var excerpt: String {
    "  " + lineText + "\n  " + String(repeating: " ", count: caretColumn - 1) + "^"
  }
}

/// Why a predicate format string could not be parsed, and where.
///
/// Every case carries the location; the description names the line, the column, what was found,
/// what was expected there, and shows the line with a caret under the spot.
public enum PredicateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A token that cannot appear here.
  case unexpectedToken(found: String, expected: String, at: PredicateSourceLocation)
  /// The text ended where more was needed.
  case unexpectedEnd(expected: String, at: PredicateSourceLocation)
  /// A character that starts no token (`?`, `^`, a stray `&`, a non-ASCII letter).
  case invalidCharacter(String, at: PredicateSourceLocation)
  /// A quoted string with no closing quote.
  case unterminatedString(at: PredicateSourceLocation)
  /// A malformed number (`0x`, `12abc`, `1e`).
  case malformedNumber(String, at: PredicateSourceLocation)
  /// Valid grammar this evaluator does not support, with the reason.
  case unsupported(String, at: PredicateSourceLocation)
  /// A value used where a predicate is needed, or the other way round.
  case invalidOperand(String, at: PredicateSourceLocation)
  /// Parentheses, `NOT`s or subqueries nested deeper than the parser allows.
  case nestingTooDeep(limit: Int, at: PredicateSourceLocation)

  /// Where the error is.
  public var location: PredicateSourceLocation {
    switch self {
    case .unexpectedToken(_, _, let at), .unexpectedEnd(_, let at), .invalidCharacter(_, let at),
      .unterminatedString(let at), .malformedNumber(_, let at), .unsupported(_, let at),
      .invalidOperand(_, let at), .nestingTooDeep(_, let at):
      at
    }
  }

  /// What went wrong, without the location.
  public var message: String {
    switch self {
    case .unexpectedToken(let found, let expected, _): "expected \(expected), found \(found)"
    case .unexpectedEnd(let expected, _): "expected \(expected), but the rule ends here"
    case .invalidCharacter(let character, _): "\(character) cannot appear here"
    case .unterminatedString: "this string has no closing quote"
    case .malformedNumber(let text, _): "malformed number '\(text)'"
    case .unsupported(let what, _): what
    case .invalidOperand(let what, _): what
    case .nestingTooDeep(let limit, _):
      "the rule nests deeper than \(limit) levels; simplify it"
    }
  }

  /// The message with line, column and the line of text marked with a caret.
  public var description: String {
    let location = location
    return "predicate syntax error at line \(location.line), column \(location.column): "
      + message + "\n" + location.excerpt
  }
}
