import UTI

/// A predicate compiled for evaluation: a tree of small final classes, so evaluating walks
/// references instead of copying syntax-tree values, variables are found by their slot instead
/// of their name, and the common activation-rule shapes get direct paths:
/// `ANY $x.registeredTypeIdentifiers UTI-CONFORMS-TO "…"` tests each identifier's pre-resolved
/// type against the pre-resolved constant, and `SUBQUERY(…).@count` counts without collecting.
/// Forms without a direct path (functions, arithmetic, indexes, other collection operators)
/// evaluate through ``PredicateEvaluator`` on their syntax, with the same results.
protocol PredicateInstruction: AnyObject, Sendable {
  func evaluate(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> Bool
}

/// The expression half of a compiled predicate.
protocol ExpressionInstruction: AnyObject, Sendable {
  func value(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue
}

// MARK: Predicates

final class ConstantInstruction: PredicateInstruction {
  let result: Bool
  init(_ result: Bool) { self.result = result }
  func evaluate(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> Bool { result }
}

final class NotInstruction: PredicateInstruction {
  let operand: any PredicateInstruction
  init(_ operand: any PredicateInstruction) { self.operand = operand }
  func evaluate(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> Bool {
    try !operand.evaluate(&context, object)
  }
}

final class AndInstruction: PredicateInstruction {
  let first: any PredicateInstruction
  let second: any PredicateInstruction
  init(_ first: any PredicateInstruction, _ second: any PredicateInstruction) {
    self.first = first
    self.second = second
  }
  func evaluate(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> Bool {
    guard try first.evaluate(&context, object) else { return false }
    return try second.evaluate(&context, object)
  }
}

final class OrInstruction: PredicateInstruction {
  let first: any PredicateInstruction
  let second: any PredicateInstruction
  init(_ first: any PredicateInstruction, _ second: any PredicateInstruction) {
    self.first = first
    self.second = second
  }
  func evaluate(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> Bool {
    if try first.evaluate(&context, object) { return true }
    return try second.evaluate(&context, object)
  }
}

/// Any comparison: both operands evaluated, then the shared operator code.
final class ComparisonInstruction: PredicateInstruction {
  let syntax: ComparisonNode
  let left: any ExpressionInstruction
  let right: any ExpressionInstruction

  init(
    syntax: ComparisonNode, left: any ExpressionInstruction, right: any ExpressionInstruction
  ) {
    self.syntax = syntax
    self.left = left
    self.right = right
  }

  func evaluate(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> Bool {
    do {
      let leftValue = try left.value(&context, object)
      let rightValue = try right.value(&context, object)
      return try PredicateEvaluator.compare(
        leftValue, rightValue, modifier: syntax.modifier, operation: syntax.operation,
        options: syntax.options, rightType: syntax.rightType, registry: context.registry)
    } catch {
      if case .inClause = error { throw error }
      throw .inClause(PredicateFormatter.comparison(syntax), error)
    }
  }
}

/// `[ANY|ALL|NONE] lhs UTI-CONFORMS-TO|UTI-EQUALS "constant"`: each identifier's resolved type
/// tested against the constant's, resolved when the rule was parsed.
final class TypeTestInstruction: PredicateInstruction {
  let syntax: ComparisonNode
  let left: any ExpressionInstruction
  let rightValue: PredicateValue
  let rightType: UTType?
  let rightKey: String
  let isConformance: Bool
  /// The one key read from the evaluated object, when that is all the left side does.
  let directKey: String?

  init(syntax: ComparisonNode, left: any ExpressionInstruction, rightName: String) {
    self.syntax = syntax
    self.left = left
    self.rightValue = .string(rightName)
    self.rightType = syntax.rightType
    self.rightKey = rightName.lowercased()
    self.isConformance = syntax.operation == .conformsTo
    if let path = left as? KeyPathInstruction, path.base == nil, path.keys.count == 1,
      !path.countsAtEnd
    {
      directKey = path.keys[0]
    } else {
      directKey = nil
    }
  }

  @inline(__always)
  private func test(
    _ element: PredicateValue, _ registry: UTTypeRegistry
  ) throws(PredicateEvaluationError) -> Bool {
    if case .typeIdentifier(let resolved) = element, let rightType,
      let answer = resolved.test(isConformance ? .conformsTo : .equals, rightType)
    {
      return answer
    }
    return try PredicateOperators.compare(
      element, syntax.operation, rightValue, options: syntax.options, rightType: rightType,
      registry: registry)
  }

  func evaluate(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> Bool {
    // The common shape, `ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "…"` on the
    // evaluated object: the identifiers are tested where the object holds them.
    if syntax.modifier == .any, let key = directKey, let rightType,
      case .object(let instance) = object,
      let answer = instance.anyTypeIdentifier(
        forKey: key, where: { $0.test(isConformance ? .conformsTo : .equals, rightType) })
    {
      return answer
    }
    do {
      let value = try left.value(&context, object)
      switch syntax.modifier {
      case .direct:
        return try test(value, context.registry)
      case .any, .none, .all:
        guard case .array(let elements) = value else {
          if case .null = value { return syntax.modifier != .any }
          return try PredicateEvaluator.compare(
            value, rightValue, modifier: syntax.modifier, operation: syntax.operation,
            options: syntax.options, rightType: rightType, registry: context.registry)
        }
        if syntax.modifier == .all {
          for index in elements.indices where try !test(elements[index], context.registry) {
            return false
          }
          return true
        }
        for index in elements.indices where try test(elements[index], context.registry) {
          return syntax.modifier != .none
        }
        return syntax.modifier == .none
      }
    } catch {
      if case .inClause = error { throw error }
      throw .inClause(PredicateFormatter.comparison(syntax), error)
    }
  }
}

// MARK: Expressions

final class ConstantValueInstruction: ExpressionInstruction {
  let constant: PredicateValue
  init(_ constant: PredicateValue) { self.constant = constant }
  func value(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue { constant }
}

final class EvaluatedObjectInstruction: ExpressionInstruction {
  func value(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue { object }
}

/// `$name`: the binding at a known slot, or a substitution.
final class VariableInstruction: ExpressionInstruction {
  let name: String
  let slot: Int?
  init(name: String, slot: Int?) {
    self.name = name
    self.slot = slot
  }
  func value(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue {
    if let slot, slot < context.bindingDepth { return context.binding(at: slot) }
    return try context.variableValue(name)
  }
}

/// `base.key.key…[.@count]`.
final class KeyPathInstruction: ExpressionInstruction {
  let base: (any ExpressionInstruction)?
  let keys: [String]
  let countsAtEnd: Bool

  init(base: (any ExpressionInstruction)?, keys: [String], countsAtEnd: Bool) {
    self.base = base
    self.keys = keys
    self.countsAtEnd = countsAtEnd
  }

  func value(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue {
    var current: PredicateValue
    var remaining = keys[...]
    if let base {
      current = try base.value(&context, object)
    } else if let first = remaining.first, case .object(let instance) = object,
      let found = instance.value(forKey: first)
    {
      current = found
      remaining = remaining.dropFirst()
    } else {
      current = object
    }
    for key in remaining {
      if case .object(let instance) = current, let found = instance.value(forKey: key) {
        current = found
      } else {
        current = try PredicateOperators.value(forKey: key, of: current)
      }
    }
    guard countsAtEnd else { return current }
    switch current {
    case .array(let elements): return .number(Double(elements.count))
    case .dictionary(let dictionary): return .number(Double(dictionary.count))
    case .null: return .null
    default: throw .notACollection("@count", found: current.kindDescription)
    }
  }
}

/// `SUBQUERY(collection, $variable, predicate)`, or its `@count` without collecting.
final class SubqueryInstruction: ExpressionInstruction {
  let collection: any ExpressionInstruction
  let variable: String
  let predicate: any PredicateInstruction
  let counts: Bool
  /// Whether the body refers to the variable other than as the evaluated object (from a nested
  /// subquery, a form evaluated on its syntax, or a body that reads the SUBQUERY's own object),
  /// so it must be bound.
  let bindsVariable: Bool
  /// Whether the body is evaluated with each element as the evaluated object: true when the body
  /// never reads the SUBQUERY's own object, so the element can stand in for it.
  let passesElement: Bool

  init(
    collection: any ExpressionInstruction, variable: String,
    predicate: any PredicateInstruction, counts: Bool, bindsVariable: Bool, passesElement: Bool
  ) {
    self.collection = collection
    self.variable = variable
    self.predicate = predicate
    self.counts = counts
    self.bindsVariable = bindsVariable
    self.passesElement = passesElement
  }

  func value(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue {
    let elements = try context.subqueryElements(try collection.value(&context, object))
    var count = 0
    var matches: [PredicateValue] = []
    if bindsVariable { context.pushBinding(variable, .null) }
    defer { if bindsVariable { context.popBinding() } }
    for element in elements {
      if bindsVariable { context.rebindInnermost(element) }
      if try predicate.evaluate(&context, passesElement ? element : object) {
        count += 1
        if !counts { matches.append(element) }
      }
    }
    return counts ? .number(Double(count)) : .array(matches)
  }
}

/// Anything else, evaluated on its syntax by the general evaluator.
final class SyntaxExpressionInstruction: ExpressionInstruction {
  let node: ExpressionNode
  init(_ node: ExpressionNode) { self.node = node }
  func value(
    _ context: inout PredicateEvaluator, _ object: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue {
    try context.value(of: node, with: object)
  }
}
