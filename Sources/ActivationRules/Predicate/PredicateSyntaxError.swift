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
