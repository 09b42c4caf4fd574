import UTI

/// A recursive-descent parser for Apple's predicate format grammar.
///
/// Precedence, loosest first: `OR`/`||`, then `AND`/`&&` (so `a OR b AND c` reads as
/// `a OR (b AND c)`, the common reading of Apple's grammar), then `NOT`/`!`, then one
/// comparison, then `+ -`, `* /`, `**` (right-associative), unary `-`, and key paths with
/// `.key`, `.@count` and `[index]`. Chains at one level are kept flat, and every recursion counts
/// towards ``maximumDepth``, so no input can exhaust the stack; the lexer and the parser only
/// move forward, so none can make them loop.
struct PredicateParser {
  /// The deepest nesting of parentheses, `NOT`s, subqueries and other recursive forms accepted.
  static let maximumDepth = 100

  /// A parsed piece that may be a predicate or an expression until context decides.
  enum Parsed {
    case predicate(PredicateNode)
    case expression(ExpressionNode)
  }

  let source: [UInt8]
  let tokens: [PredicateToken]
  /// Where the constant identifiers of `UTI-CONFORMS-TO` and `UTI-EQUALS` are resolved.
  let registry: UTTypeRegistry
  var index = 0
  var depth = 0

  init(
    _ text: String, decodesEntitiesInStrings: Bool, decodesEntities: Bool = true,
    registry: UTTypeRegistry = .shared
  ) throws(PredicateSyntaxError) {
    self.registry = registry
    source = Array(text.utf8)
    var lexer = PredicateLexer(
      source: source, decodesEntitiesInStrings: decodesEntitiesInStrings,
      decodesEntities: decodesEntities)
    tokens = try lexer.tokenize()
  }

  /// Parses the whole text as one predicate.
  mutating func parse() throws(PredicateSyntaxError) -> PredicateNode {
    let start = index
    let parsed = try parseOr()
    let node = try predicate(parsed, startingAt: start)
    guard current.kind == .end else {
      throw unexpected(expected: "AND, OR or the end of the rule")
    }
    return node
  }

  // MARK: Tokens

  var current: PredicateToken { tokens[index] }

  var nextKind: PredicateTokenKind {
    index + 1 < tokens.count ? tokens[index + 1].kind : .end
  }

  mutating func advance() {
    if index < tokens.count - 1 { index += 1 }
  }

  func location(_ token: PredicateToken) -> PredicateSourceLocation {
    PredicateSourceLocation(offset: token.start, in: source)
  }

  func unexpected(expected: String) -> PredicateSyntaxError {
    if current.kind == .end {
      return .unexpectedEnd(expected: expected, at: location(current))
    }
    return .unexpectedToken(found: current.kind.display, expected: expected, at: location(current))
  }

  mutating func expect(
    _ kind: PredicateTokenKind, _ description: String
  ) throws(PredicateSyntaxError) {
    guard current.kind == kind else { throw unexpected(expected: description) }
    advance()
  }

  /// Counts one level of nesting; throws past ``maximumDepth``.
  mutating func enter() throws(PredicateSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw .nestingTooDeep(limit: Self.maximumDepth, at: location(current))
    }
  }

  /// Requires a predicate. Called right after an operand was parsed, so when the operand is a
  /// bare value the current token is where a comparison operator was missing.
  func predicate(
    _ parsed: Parsed, startingAt start: Int
  ) throws(PredicateSyntaxError) -> PredicateNode {
    switch parsed {
    case .predicate(let node): return node
    case .expression(let expression):
      if current.kind == .keyword(.not) || current.kind == .bang {
        throw unexpected(
          expected: "a comparison operator after \(PredicateFormatter.expression(expression))"
            + " (there is no 'NOT IN' or 'NOT LIKE': write NOT (a IN b))")
      }
      // NSTruePredicate / NSFalsePredicate are class names, not the keywords they print as.
      if case .keyPath(nil, let steps) = expression, steps.count == 1,
        case .key(let name) = steps[0],
        let keyword = ["nstruepredicate": "TRUEPREDICATE", "nsfalsepredicate": "FALSEPREDICATE"][
          name.lowercased()]
      {
        throw unexpected(
          expected: "a comparison operator after \(name) (\(name) is a class name: the predicate"
            + " is written \(keyword))")
      }
      throw unexpected(
        expected: "a comparison operator (==, !=, <, >, IN, CONTAINS, BEGINSWITH, LIKE,"
          + " UTI-CONFORMS-TO, …) after \(PredicateFormatter.expression(expression))")
    }
  }

  func expression(
    _ parsed: Parsed, startingAt start: Int
  ) throws(PredicateSyntaxError) -> ExpressionNode {
    switch parsed {
    case .expression(let node): return node
    case .predicate(let predicate):
      throw .invalidOperand(
        "expected a value, found the predicate (\(PredicateFormatter.predicate(predicate)));"
          + " a predicate cannot be compared or computed with",
        at: location(tokens[start]))
    }
  }

  // MARK: Predicates

  mutating func parseOr() throws(PredicateSyntaxError) -> Parsed {
    try enter()
    defer { depth -= 1 }
    let start = index
    let first = try parseAnd()
    guard isOr(current.kind) else { return first }
    var operands = [try predicate(first, startingAt: start)]
    while isOr(current.kind) {
      advance()
      let operandStart = index
      let parsed = try parseAnd()
      let operand = try predicate(parsed, startingAt: operandStart)
      operands.append(operand)
    }
    return .predicate(.or(operands))
  }

  mutating func parseAnd() throws(PredicateSyntaxError) -> Parsed {
    let start = index
    let first = try parseNot()
    guard isAnd(current.kind) else { return first }
    var operands = [try predicate(first, startingAt: start)]
    while isAnd(current.kind) {
      advance()
      let operandStart = index
      let parsed = try parseNot()
      operands.append(try predicate(parsed, startingAt: operandStart))
    }
    return .predicate(.and(operands))
  }

  mutating func parseNot() throws(PredicateSyntaxError) -> Parsed {
    guard current.kind == .keyword(.not) || current.kind == .bang else {
      return try parseComparison()
    }
    advance()
    try enter()
    defer { depth -= 1 }
    let start = index
    let parsed = try parseNot()
    return .predicate(.not(try predicate(parsed, startingAt: start)))
  }

  private func isOr(_ kind: PredicateTokenKind) -> Bool { kind == .keyword(.or) || kind == .bars }

  private func isAnd(_ kind: PredicateTokenKind) -> Bool {
    kind == .keyword(.and) || kind == .ampersands
  }

  mutating func parseComparison() throws(PredicateSyntaxError) -> Parsed {
    switch current.kind {
    case .keyword(.truePredicate):
      advance()
      return .predicate(.constant(true))
    case .keyword(.falsePredicate):
      advance()
      return .predicate(.constant(false))
    default: break
    }
    var modifier = ComparisonModifier.direct
    switch current.kind {
    case .keyword(.any), .keyword(.some): modifier = .any
    case .keyword(.all): modifier = .all
    case .keyword(.none): modifier = .none
    default: break
    }
    if modifier != .direct { advance() }
    let leftStart = index
    let left = try parseAdditive()
    guard let operation = comparisonOperator(current.kind) else {
      // A bare value: the caller decides whether one is allowed here (inside parentheses
      // within an expression) or a comparison operator was missing.
      if modifier == .direct { return left }
      let bare = try expression(left, startingAt: leftStart)
      _ = try predicate(.expression(bare), startingAt: leftStart)
      return left
    }
    let leftExpression = try expression(left, startingAt: leftStart)
    advance()
    let options = try parseOptions()
    let rightStart = index
    let parsedRight = try parseAdditive()
    let right = try expression(parsedRight, startingAt: rightStart)
    var node = ComparisonNode(
      modifier: modifier, operation: operation, options: options, left: leftExpression,
      right: right, rightType: nil)
    if operation.isTypeOperator, case .constant(let value) = right, let name = value.stringValue {
      node.rightType = registry.type(withIdentifier: name)
    }
    return .predicate(.comparison(node))
  }

  func comparisonOperator(_ kind: PredicateTokenKind) -> ComparisonOperator? {
    switch kind {
    case .equal: .equalTo
    case .notEqual: .notEqualTo
    case .less: .lessThan
    case .lessOrEqual: .lessThanOrEqualTo
    case .greater: .greaterThan
    case .greaterOrEqual: .greaterThanOrEqualTo
    case .keyword(.between): .between
    case .keyword(.in): .in
    case .keyword(.contains): .contains
    case .keyword(.beginsWith): .beginsWith
    case .keyword(.endsWith): .endsWith
    case .keyword(.like): .like
    case .keyword(.matches): .matches
    case .keyword(.utiConformsTo): .conformsTo
    case .keyword(.utiEquals): .typeEquals
    default: nil
    }
  }

  /// `[c]`, `[d]`, `[cd]`, `[n]`, `[l]` after an operator.
  mutating func parseOptions() throws(PredicateSyntaxError) -> ComparisonOptions {
    guard current.kind == .leftBracket else { return [] }
    advance()
    let letters: String
    switch current.kind {
    case .identifier(let name): letters = name
    case .keyword(let keyword): letters = keyword.rawValue
    default: throw unexpected(expected: "comparison options such as c, d or cd")
    }
    var options: ComparisonOptions = []
    for letter in letters.lowercased() {
      switch letter {
      case "c": options.insert(.caseInsensitive)
      case "d": options.insert(.diacriticInsensitive)
      case "n": options.insert(.normalized)
      case "l": options.insert(.localeSensitive)
      default:
        throw .unexpectedToken(
          found: "'\(letters)'", expected: "comparison options made of c, d, n and l",
          at: location(current))
      }
    }
    advance()
    try expect(.rightBracket, "']' after the comparison options")
    return options
  }
}
