/// Compiles syntax into instructions, tracking which subquery variables must really be bound.
///
/// A SUBQUERY's body is evaluated against the SUBQUERY's own object (only the variable is bound
/// to each element; see ``PredicateEvaluator``). Most bodies never read that object: every key
/// path in them starts with a variable. Such a body is evaluated with the element itself as the
/// evaluated object, so a reference to the innermost subquery's variable is read in place, and
/// only outer references and forms evaluated on their syntax need the binding. A body that reads
/// the object (`SELF`, or a key path such as `extensionItems.@count`) gets the object unchanged
/// and its variable bound.
struct PredicateCompiler {
  /// The variables of enclosing subqueries, outermost first.
  private var scope: [String] = []
  /// Whether each enclosing subquery must bind its variable.
  private var needsBinding: [Bool] = []
  /// Whether each enclosing subquery evaluates its body with the element as the evaluated object.
  private var elementIsObject: [Bool] = []

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
      if slot == scope.count - 1, elementIsObject[slot] { return EvaluatedObjectInstruction() }
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
      // A base that is the evaluated object (SELF, or the innermost subquery's variable when its
      // element is the evaluated object) is read in place.
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
    let passesElement = !Self.readsEvaluatedObject(predicate)
    scope.append(variable)
    needsBinding.append(!passesElement)
    elementIsObject.append(passesElement)
    let body = compile(predicate)
    let binds = needsBinding.removeLast()
    elementIsObject.removeLast()
    scope.removeLast()
    return SubqueryInstruction(
      collection: collectionInstruction, variable: variable, predicate: body, counts: counts,
      bindsVariable: binds, passesElement: passesElement)
  }

  /// Whether a predicate, nested subqueries included, reads the object it is evaluated on:
  /// `SELF`, or a key path that does not start with a variable.
  static func readsEvaluatedObject(_ node: PredicateNode) -> Bool {
    var reads = false
    PredicateWalker.visit(
      node, predicate: { _ in },
      expression: { expression in
        switch expression {
        case .evaluatedObject, .keyPath(nil, _): reads = true
        default: break
        }
      })
    return reads
  }

  /// A form evaluated on its syntax, which finds variables by name: every enclosing subquery
  /// must bind.
  private mutating func syntax(_ node: ExpressionNode) -> any ExpressionInstruction {
    for index in needsBinding.indices { needsBinding[index] = true }
    return SyntaxExpressionInstruction(node)
  }
}
