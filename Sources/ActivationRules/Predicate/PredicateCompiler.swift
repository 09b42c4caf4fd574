/// Compiles syntax into instructions, tracking which subquery variables must really be bound:
/// a reference to the innermost subquery's variable is just the element being evaluated
/// (`SELF`), so only outer references and forms evaluated on their syntax need the binding.
struct PredicateCompiler {
  /// The variables of enclosing subqueries, outermost first.
  private var scope: [String] = []
  /// Whether each enclosing subquery must bind its variable.
  private var needsBinding: [Bool] = []

  static func compile(_ node: PredicateNode) -> any PredicateInstruction {
    var compiler = PredicateCompiler()
    return compiler.compile(node)
  }

  mutating func compile(_ node: PredicateNode) -> any PredicateInstruction {
    switch node {
    case .constant(let value): return ConstantInstruction(value)
    case .not(let operand): return NotInstruction(compile(operand))
    case .and(let operands):
      return operands.dropFirst().reduce(compile(operands[0])) {
        AndInstruction($0, compile($1))
      }
    case .or(let operands):
      return operands.dropFirst().reduce(compile(operands[0])) {
        OrInstruction($0, compile($1))
      }
    case .comparison(let comparison):
      let left = compile(comparison.left)
      if comparison.operation.isTypeOperator, case .constant(let right) = comparison.right,
        let name = right.stringValue
      {
        return TypeTestInstruction(syntax: comparison, left: left, rightName: name)
      }
      return ComparisonInstruction(
        syntax: comparison, left: left, right: compile(comparison.right))
    }
  }

  mutating func compile(_ node: ExpressionNode) -> any ExpressionInstruction {
    switch node {
    case .constant(let value): return ConstantValueInstruction(value)
    case .evaluatedObject: return EvaluatedObjectInstruction()
    case .variable(let name):
      guard let slot = scope.lastIndex(of: name) else {
        return VariableInstruction(name: name, slot: nil)
      }
      if slot == scope.count - 1 { return EvaluatedObjectInstruction() }
      needsBinding[slot] = true
      return VariableInstruction(name: name, slot: slot)
    case .keyPath(let base, let steps):
      // SUBQUERY(…).@count
      if let base, case .subquery(let collection, let variable, let predicate) = base,
        steps.count == 1, case .collectionOperator(.count) = steps[0]
      {
        return subquery(collection, variable, predicate, counts: true)
      }
      // A chain of plain keys, optionally ending in @count.
      var keys: [String] = []
      var countsAtEnd = false
      for (position, step) in steps.enumerated() {
        switch step {
        case .key(let key): keys.append(ActivationKeys.canonical(key))
        case .collectionOperator(.count) where position == steps.count - 1: countsAtEnd = true
        default: return syntax(node)
        }
      }
      // A base that is the evaluated object (SELF, or the innermost subquery's variable) is read
      // in place.
      var baseInstruction = base.map { compile($0) }
      if baseInstruction is EvaluatedObjectInstruction { baseInstruction = nil }
      return KeyPathInstruction(base: baseInstruction, keys: keys, countsAtEnd: countsAtEnd)
    case .subquery(let collection, let variable, let predicate):
      return subquery(collection, variable, predicate, counts: false)
    default:
      return syntax(node)
    }
  }

  private mutating func subquery(
    _ collection: ExpressionNode, _ variable: String, _ predicate: PredicateNode, counts: Bool
  ) -> any ExpressionInstruction {
    let collectionInstruction = compile(collection)
    scope.append(variable)
    needsBinding.append(false)
    let body = compile(predicate)
    let binds = needsBinding.removeLast()
    scope.removeLast()
    return SubqueryInstruction(
      collection: collectionInstruction, variable: variable, predicate: body, counts: counts,
      bindsVariable: binds)
  }

  /// A form evaluated on its syntax, which finds variables by name: every enclosing subquery
  /// must bind.
  private mutating func syntax(_ node: ExpressionNode) -> any ExpressionInstruction {
    for index in needsBinding.indices { needsBinding[index] = true }
    return SyntaxExpressionInstruction(node)
  }
}
