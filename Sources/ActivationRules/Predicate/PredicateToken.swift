/// The reserved words of Apple's predicate format grammar, matched without regard to case.
enum PredicateKeyword: String, CaseIterable, Hashable, Sendable {
  case and = "AND"
  case or = "OR"
  case not = "NOT"
  case `in` = "IN"
  case all = "ALL"
  case any = "ANY"
  case some = "SOME"
  case none = "NONE"
  case like = "LIKE"
  case matches = "MATCHES"
  case contains = "CONTAINS"
  case beginsWith = "BEGINSWITH"
  case endsWith = "ENDSWITH"
  case between = "BETWEEN"
  case null = "NULL"
  case `nil` = "NIL"
  case `self` = "SELF"
  case `true` = "TRUE"
  case yes = "YES"
  case `false` = "FALSE"
  case no = "NO"
  case first = "FIRST"
  case last = "LAST"
  case size = "SIZE"
  case anyKey = "ANYKEY"
  case subquery = "SUBQUERY"
  case fetch = "FETCH"
  case cast = "CAST"
  case function = "FUNCTION"
  case truePredicate = "TRUEPREDICATE"
  case falsePredicate = "FALSEPREDICATE"
  case caseInsensitive = "CASEINSENSITIVE"
  case ci = "CI"
  case utiConformsTo = "UTI-CONFORMS-TO"
  case utiEquals = "UTI-EQUALS"

  /// Keywords by their upper-case spelling.
  static let byName: [String: PredicateKeyword] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

/// What a token is.
enum PredicateTokenKind: Hashable, Sendable {
  case leftParen
  case rightParen
  case leftBrace
  case rightBrace
  case leftBracket
  case rightBracket
  case comma
  case dot
  case plus
  case minus
  case star
  case slash
  case power
  case assign
  case colon
  /// `=` or `==`.
  case equal
  /// `!=` or `<>`.
  case notEqual
  case less
  /// `<=` or `=<`.
  case lessOrEqual
  case greater
  /// `>=` or `=>`.
  case greaterOrEqual
  /// `&&`.
  case ampersands
  /// `||`.
  case bars
  /// `!`.
  case bang
  case keyword(PredicateKeyword)
  case identifier(String)
  /// `$name`, without the dollar sign.
  case variable(String)
  /// `@count` and the other collection operators, without the at sign.
  case collectionOperator(String)
  case string(String)
  case number(Double)
  /// `%@`, `%K` and other format specifiers.
  case formatSpecifier(String)
  case end
}

/// One token with where it came from in the source text (UTF-8 byte offsets).
struct PredicateToken: Sendable {
  var kind: PredicateTokenKind
  var start: Int
  var end: Int
}

extension PredicateTokenKind {
  /// How the token reads in an error message.
  var display: String {
    switch self {
    case .leftParen: "'('"
    case .rightParen: "')'"
    case .leftBrace: "'{'"
    case .rightBrace: "'}'"
    case .leftBracket: "'['"
    case .rightBracket: "']'"
    case .comma: "','"
    case .dot: "'.'"
    case .plus: "'+'"
    case .minus: "'-'"
    case .star: "'*'"
    case .slash: "'/'"
    case .power: "'**'"
    case .assign: "':='"
    case .colon: "':'"
    case .equal: "'=='"
    case .notEqual: "'!='"
    case .less: "'<'"
    case .lessOrEqual: "'<='"
    case .greater: "'>'"
    case .greaterOrEqual: "'>='"
    case .ampersands: "'&&'"
    case .bars: "'||'"
    case .bang: "'!'"
    case .keyword(let keyword): keyword.rawValue
    case .identifier(let name): "'\(name)'"
    case .variable(let name): "'$\(name)'"
    case .collectionOperator(let name): "'@\(name)'"
    case .string(let value): PredicateFormatter.quoted(value)
    case .number(let value): PredicateFormatter.number(value)
    case .formatSpecifier(let spec): "'\(spec)'"
    case .end: "the end of the rule"
    }
  }
}
