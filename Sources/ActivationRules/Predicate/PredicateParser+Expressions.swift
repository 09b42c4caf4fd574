extension PredicateParser {
  mutating func parseAdditive() throws(PredicateSyntaxError) -> Parsed {
    let start = index
    let first = try parseMultiplicative()
    return try parseChain(first, start: start, operators: Self.additiveOperator) {
      (parser: inout PredicateParser) throws(PredicateSyntaxError) -> Parsed in
      try parser.parseMultiplicative()
    }
  }

  mutating func parseMultiplicative() throws(PredicateSyntaxError) -> Parsed {
    let start = index
    let first = try parsePower()
    return try parseChain(first, start: start, operators: Self.multiplicativeOperator) {
      (parser: inout PredicateParser) throws(PredicateSyntaxError) -> Parsed in
      try parser.parsePower()
    }
  }

  static func additiveOperator(_ kind: PredicateTokenKind) -> ArithmeticOperator? {
    switch kind {
    case .plus: .add
    case .minus: .subtract
    default: nil
    }
  }

  static func multiplicativeOperator(_ kind: PredicateTokenKind) -> ArithmeticOperator? {
    switch kind {
    case .star: .multiply
    case .slash: .divide
    default: nil
    }
  }

  /// One precedence level of left-associative operators, kept as a flat list.
  private mutating func parseChain(
    _ first: Parsed, start: Int,
    operators: (PredicateTokenKind) -> ArithmeticOperator?,
    operand: (inout PredicateParser) throws(PredicateSyntaxError) -> Parsed
  ) throws(PredicateSyntaxError) -> Parsed {
    guard operators(current.kind) != nil else { return first }
    let firstExpression = try expression(first, startingAt: start)
    var steps: [ArithmeticStep] = []
    while let operation = operators(current.kind) {
      advance()
      let operandStart = index
      let parsedOperand = try operand(&self)
      let next = try expression(parsedOperand, startingAt: operandStart)
      steps.append(ArithmeticStep(operation: operation, operand: next))
    }
    return .expression(.arithmetic(first: firstExpression, rest: steps))
  }

  mutating func parsePower() throws(PredicateSyntaxError) -> Parsed {
    let start = index
    let base = try parseUnary()
    guard current.kind == .power else { return base }
    let baseExpression = try expression(base, startingAt: start)
    advance()
    try enter()
    defer { depth -= 1 }
    let exponentStart = index
    let parsedOperand = try parsePower()
    let exponent = try expression(parsedOperand, startingAt: exponentStart)
    return .expression(.power(baseExpression, exponent))
  }

  mutating func parseUnary() throws(PredicateSyntaxError) -> Parsed {
    guard current.kind == .minus else { return try parsePostfix() }
    advance()
    try enter()
    defer { depth -= 1 }
    let start = index
    let parsedOperand = try parseUnary()
    let operand = try expression(parsedOperand, startingAt: start)
    if case .constant(.number(let number)) = operand {
      return .expression(.constant(.number(-number)))
    }
    return .expression(.negate(operand))
  }

  /// A primary followed by `.key`, `.@operator` and `[index]` steps.
  mutating func parsePostfix() throws(PredicateSyntaxError) -> Parsed {
    let start = index
    let primary = try parsePrimary()
    guard current.kind == .dot || current.kind == .leftBracket else { return primary }
    var base: ExpressionNode? = try expression(primary, startingAt: start)
    var steps: [KeyPathStep] = []
    if case .keyPath(let existingBase, let existingSteps) = base {
      base = existingBase
      steps = existingSteps
    }
    while current.kind == .dot || current.kind == .leftBracket {
      if current.kind == .dot {
        advance()
        steps.append(try parseKeyStep())
      } else {
        advance()
        steps.append(.index(try parseIndexSelector()))
      }
    }
    return .expression(.keyPath(base: base, steps: steps))
  }

  private mutating func parseKeyStep() throws(PredicateSyntaxError) -> KeyPathStep {
    switch current.kind {
    case .identifier(let name):
      advance()
      return .key(name)
    case .collectionOperator(let name):
      let step = try collectionOperator(name)
      advance()
      return step
    case .keyword(let keyword):
      throw .unexpectedToken(
        found: keyword.rawValue,
        expected: "a key ('\(keyword.rawValue.lowercased())' is a reserved word: write"
          + " #\(keyword.rawValue.lowercased()) to use it as a key)",
        at: location(current))
    default:
      throw unexpected(expected: "a key or a collection operator such as @count after '.'")
    }
  }

  private func collectionOperator(_ name: String) throws(PredicateSyntaxError) -> KeyPathStep {
    guard let operation = CollectionOperator(rawValue: name) else {
      let known = CollectionOperator.allCases.map { "@" + $0.rawValue }.joined(separator: ", ")
      throw .unexpectedToken(
        found: "'@\(name)'", expected: "a collection operator (\(known))", at: location(current))
    }
    return .collectionOperator(operation)
  }

  private mutating func parseIndexSelector() throws(PredicateSyntaxError) -> IndexSelector {
    let selector: IndexSelector
    switch current.kind {
    case .keyword(.first):
      advance()
      selector = .first
    case .keyword(.last):
      advance()
      selector = .last
    case .keyword(.size):
      advance()
      selector = .size
    default:
      let start = index
      let parsedOperand = try parseOr()
      selector = .expression(try expression(parsedOperand, startingAt: start))
    }
    try expect(.rightBracket, "']' to close the index")
    return selector
  }

  // MARK: Primaries

  mutating func parsePrimary() throws(PredicateSyntaxError) -> Parsed {
    let token = current
    switch token.kind {
    case .number(let value):
      advance()
      return .expression(.constant(.number(value)))
    case .string(let value):
      advance()
      return .expression(.constant(.string(value)))
    case .keyword(.true), .keyword(.yes):
      advance()
      return .expression(.constant(.bool(true)))
    case .keyword(.false), .keyword(.no):
      advance()
      return .expression(.constant(.bool(false)))
    case .keyword(.null), .keyword(.nil):
      advance()
      return .expression(.constant(.null))
    case .keyword(.self):
      advance()
      return .expression(.evaluatedObject)
    case .variable(let name):
      advance()
      if current.kind == .assign {
        throw .unsupported(
          "assignment ($\(name) := …) belongs to NSExpression bindings, not to predicates",
          at: location(current))
      }
      return .expression(.variable(name))
    case .identifier(let name):
      if nextKind == .leftParen || nextKind == .colon { return .expression(try parseFunction()) }
      advance()
      return .expression(.keyPath(base: nil, steps: [.key(name)]))
    case .collectionOperator(let name):
      let step = try collectionOperator(name)
      advance()
      return .expression(.keyPath(base: nil, steps: [step]))
    case .leftParen:
      advance()
      let inner = try parseOr()
      guard current.kind == .rightParen else {
        let opened = location(token)
        throw unexpected(
          expected: "')' to close the '(' of line \(opened.line), column \(opened.column)")
      }
      advance()
      return inner
    case .leftBrace:
      return .expression(try parseAggregate())
    case .keyword(.subquery):
      return .expression(try parseSubquery())
    case .keyword(.cast):
      return .expression(try parseCast())
    case .keyword(.function):
      throw .unsupported(
        "FUNCTION(receiver, 'selector', …) calls an Objective-C method, which cannot run here",
        at: location(token))
    case .keyword(.fetch):
      throw .unsupported(
        "FETCH needs a Core Data context, which activation rules never have", at: location(token))
    case .keyword(.anyKey):
      throw .unsupported("ANYKEY is for Spotlight queries only", at: location(token))
    case .keyword(.caseInsensitive), .keyword(.ci):
      throw .unsupported(
        "\(token.kind.display) is a reserved word; write [c] after the operator instead",
        at: location(token))
    case .formatSpecifier(let spec):
      throw .unsupported(
        "'\(spec)' is a format argument, and an Info.plist supplies no arguments:"
          + " write the value itself",
        at: location(token))
    default:
      throw unexpected(expected: "a value, a key path, a $variable or '('")
    }
  }

  private mutating func parseAggregate() throws(PredicateSyntaxError) -> ExpressionNode {
    advance()
    try enter()
    defer { depth -= 1 }
    var elements: [ExpressionNode] = []
    if current.kind != .rightBrace {
      while true {
        let start = index
        let parsedOperand = try parseOr()
        elements.append(try expression(parsedOperand, startingAt: start))
        guard current.kind == .comma else { break }
        advance()
      }
    }
    try expect(.rightBrace, "',' or '}' in the list")
    var constants: [PredicateValue] = []
    for element in elements {
      guard case .constant(let value) = element else { return .aggregate(elements) }
      constants.append(value)
    }
    return .constant(.array(constants))
  }

  private mutating func parseSubquery() throws(PredicateSyntaxError) -> ExpressionNode {
    advance()
    try expect(.leftParen, "'(' after SUBQUERY")
    try enter()
    defer { depth -= 1 }
    let collectionStart = index
    let parsedOperand = try parseOr()
    let collection = try expression(parsedOperand, startingAt: collectionStart)
    try expect(.comma, "',' after the SUBQUERY collection")
    guard case .variable(let name) = current.kind else {
      throw unexpected(expected: "a $variable naming each element, as in SUBQUERY(items, $item, …)")
    }
    advance()
    try expect(.comma, "',' after the SUBQUERY variable")
    let predicateStart = index
    let parsedPredicate = try parseOr()
    let predicate = try predicate(parsedPredicate, startingAt: predicateStart)
    try expect(.rightParen, "')' to close SUBQUERY")
    return .subquery(collection: collection, variable: name, predicate: predicate)
  }

  private mutating func parseCast() throws(PredicateSyntaxError) -> ExpressionNode {
    let castToken = current
    advance()
    try expect(.leftParen, "'(' after CAST")
    try enter()
    defer { depth -= 1 }
    let valueStart = index
    let parsedOperand = try parseOr()
    let value = try expression(parsedOperand, startingAt: valueStart)
    try expect(.comma, "',' after the value to cast")
    guard case .string(let typeName) = current.kind else {
      throw unexpected(expected: "a class name in quotes, such as 'NSString'")
    }
    guard typeName == "NSString" || typeName == "NSNumber" else {
      throw .unsupported(
        "CAST to \(typeName) is not supported (only NSString and NSNumber)",
        at: location(castToken))
    }
    advance()
    try expect(.rightParen, "')' to close CAST")
    return .cast(value, typeName)
  }

  /// `name(args)` or `part:part:(args)`.
  private mutating func parseFunction() throws(PredicateSyntaxError) -> ExpressionNode {
    let nameToken = current
    var name = ""
    while case .identifier(let part) = current.kind {
      name += part
      advance()
      guard current.kind == .colon else { break }
      name += ":"
      advance()
    }
    guard current.kind == .leftParen else {
      throw unexpected(expected: "'(' after the function name \(name)")
    }
    if let reason = PredicateFunction.unsupported[name] {
      throw .unsupported("\(name) is not supported: \(reason)", at: location(nameToken))
    }
    guard let function = PredicateFunction(name: name) else {
      throw .unexpectedToken(
        found: "'\(name)'",
        expected: "a known function ("
          + PredicateFunction.allCases.map(\.spelling).joined(separator: ", ") + ")",
        at: location(nameToken))
    }
    advance()
    try enter()
    defer { depth -= 1 }
    var arguments: [ExpressionNode] = []
    if current.kind != .rightParen {
      while true {
        let start = index
        let parsedOperand = try parseOr()
        arguments.append(try expression(parsedOperand, startingAt: start))
        guard current.kind == .comma else { break }
        advance()
      }
    }
    try expect(.rightParen, "',' or ')' in the arguments of \(function.spelling)")
    guard arguments.count == function.arity else {
      throw .invalidOperand(
        "\(function.spelling) takes \(function.arity) argument\(function.arity == 1 ? "" : "s"),"
          + " not \(arguments.count)",
        at: location(nameToken))
    }
    return .function(function, arguments)
  }
}
