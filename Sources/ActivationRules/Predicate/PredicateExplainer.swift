import UTI

/// Evaluates a predicate while recording why each clause came out as it did.
///
/// Uses the same evaluator as ``FormatPredicate/evaluate(with:substitutionVariables:)`` for every
/// value and comparison, so the explanation cannot disagree with the answer. Like Apple's
/// evaluation it stops an `AND` at the first false clause and an `OR` at the first true one; the
/// clauses after are listed as not evaluated.
struct PredicateExplainer {
  private var evaluator: PredicateEvaluator
  /// The first error evaluation raised, if any.
  private(set) var firstError: PredicateEvaluationError?

  init(substitutions: [String: PredicateValue] = [:], registry: UTTypeRegistry = .shared) {
    evaluator = PredicateEvaluator(substitutions: substitutions, registry: registry)
  }

  mutating func explain(_ node: PredicateNode, with object: PredicateValue) -> ActivationTrace {
    switch node {
    case .constant(let value):
      return ActivationTrace(clause: PredicateFormatter.predicate(node), result: value)
    case .not(let operand):
      let inner = explain(operand, with: object)
      var trace = ActivationTrace(
        clause: PredicateFormatter.predicate(node), result: inner.result.map { !$0 },
        children: [inner])
      trace.decidingChild = 0
      // Named in one-line reasons, so a hidden extension's reason does not read as "x is true"
      // with the NOT that made it false left out.
      let operandText = inner.summary ?? inner.clause
      trace.summary = inner.isCompound ? "NOT (\(operandText))" : "NOT \(operandText)"
      return trace
    case .and(let operands), .or(let operands):
      let isAnd: Bool
      if case .and = node { isAnd = true } else { isAnd = false }
      var children: [ActivationTrace] = []
      var decided: Bool?
      var decidingChild: Int?
      for operand in operands {
        if decided != nil {
          children.append(
            ActivationTrace(clause: PredicateFormatter.predicate(operand), result: nil))
          continue
        }
        let child = explain(operand, with: object)
        children.append(child)
        if child.result == !isAnd {
          decided = !isAnd
          decidingChild = children.count - 1
        }
      }
      var trace = ActivationTrace(
        clause: PredicateFormatter.predicate(node), result: decided ?? isAnd, children: children)
      trace.decidingChild = decidingChild
      // Decided by one operand: the one-line reason names that operand, not the compound.
      trace.isPassThrough = decidingChild != nil
      trace.isCompound = true
      if !isAnd, let decidingChild, operands.count > 1 {
        // Alternatives abbreviated alike (`SUBQUERY(…).@count == 1`) are told apart by their
        // place and by the types they test.
        let types = Self.typesTested(in: operands[decidingChild])
        trace.alternativeNote =
          "alternative \(decidingChild + 1) of \(operands.count) of the OR"
          + (types.isEmpty ? "" : " (the one testing \(types.joined(separator: ", ")))")
          + " is true"
      }
      return trace
    case .comparison(let comparison):
      return explain(comparison, with: object)
    }
  }

  /// The type identifiers a clause compares against (`UTI-CONFORMS-TO "public.url"`), in
  /// order, each once: what tells one alternative of an OR from another in a one-line reason.
  static func typesTested(in node: PredicateNode) -> [String] {
    var types: [String] = []
    PredicateWalker.visit(
      node,
      predicate: { predicate in
        guard case .comparison(let comparison) = predicate, comparison.operation.isTypeOperator,
          case .constant(let value) = comparison.right, let name = value.stringValue,
          !types.contains(name)
        else { return }
        types.append(name)
      })
    return types
  }

  private mutating func explain(
    _ node: ComparisonNode, with object: PredicateValue
  ) -> ActivationTrace {
    var children: [ActivationTrace] = []
    for subquery in Self.subqueries(in: node.left) + Self.subqueries(in: node.right) {
      children.append(explainSubquery(subquery, with: object))
    }
    let clause = PredicateFormatter.comparison(node)
    do {
      let left = try evaluator.value(of: node.left, with: object)
      let right = try evaluator.value(of: node.right, with: object)
      let result = try PredicateEvaluator.compare(
        left, right, modifier: node.modifier, operation: node.operation, options: node.options,
        rightType: node.rightType, registry: evaluator.registry)
      var trace = ActivationTrace(
        clause: clause, result: result,
        detail: try detail(node, left, right, result: result), children: children)
      trace.summary = PredicateFormatter.abbreviated(node)
      if !result {
        // Follow the first subquery with an element that fails its predicate.
        for (position, child) in children.enumerated() {
          if let element = child.children.firstIndex(where: { $0.result == false }) {
            trace.decidingChild = position
            trace.children[position].decidingChild = element
            break
          }
        }
      }
      return trace
    } catch {
      if firstError == nil { firstError = .inClause(clause, error) }
      return ActivationTrace(
        clause: clause, result: false, detail: "evaluation error: \(error.underlying)",
        children: children)
    }
  }

  private mutating func explainSubquery(
    _ subquery: (collection: ExpressionNode, variable: String, predicate: PredicateNode),
    with object: PredicateValue
  ) -> ActivationTrace {
    let clause =
      "SUBQUERY(" + PredicateFormatter.expression(subquery.collection) + ", $"
      + subquery.variable + ", …)"
    let elements: [PredicateValue]
    do {
      elements = try evaluator.subqueryElements(
        try evaluator.value(of: subquery.collection, with: object))
    } catch {
      if firstError == nil { firstError = .inClause(clause, error) }
      return ActivationTrace(
        clause: clause, result: false, detail: "evaluation error: \(error.underlying)")
    }
    var children: [ActivationTrace] = []
    for (position, element) in elements.enumerated() {
      evaluator.pushBinding(subquery.variable, element)
      // Only the variable is bound: the body is evaluated against the SUBQUERY's own object.
      var child = explain(subquery.predicate, with: object)
      evaluator.popBinding()
      child.subject = Self.label(element, position: position)
      children.append(child)
    }
    let matches = children.filter { $0.result == true }.count
    return ActivationTrace(
      clause: clause, result: nil, detail: "\(matches) of \(elements.count) match",
      children: children)
  }

  /// The subqueries an expression evaluates directly (not those inside other subqueries).
  static func subqueries(
    in node: ExpressionNode
  ) -> [(collection: ExpressionNode, variable: String, predicate: PredicateNode)] {
    switch node {
    case .subquery(let collection, let variable, let predicate):
      return [(collection, variable, predicate)]
    case .keyPath(let base, _): return base.map(subqueries) ?? []
    case .arithmetic(let first, let rest):
      return subqueries(in: first) + rest.flatMap { subqueries(in: $0.operand) }
    case .power(let a, let b): return subqueries(in: a) + subqueries(in: b)
    case .negate(let inner), .cast(let inner, _): return subqueries(in: inner)
    case .aggregate(let elements), .function(_, let elements):
      return elements.flatMap(subqueries)
    case .constant, .evaluatedObject, .variable: return []
    }
  }

  static func label(_ value: PredicateValue, position: Int) -> String {
    if case .object(let object) = value, let label = object.label { return label }
    return "element \(position + 1) (\(compact(value)))"
  }

  /// A value in a few words: short literals as written, long lists by size.
  static func compact(_ value: PredicateValue) -> String {
    switch value {
    case .array(let elements):
      if elements.count <= 6, elements.allSatisfy({ $0.collectionElements == nil }) {
        return "{" + elements.map(compact).joined(separator: ", ") + "}"
      }
      return "a list of \(elements.count)"
    case .object(let object): return object.label ?? object.typeName
    case .dictionary(let dictionary): return "a dictionary of \(dictionary.count)"
    case .string(let text) where text.count > 60:
      return PredicateFormatter.quoted(String(text.prefix(57)) + "…")
    default: return value.description
    }
  }

  private func detail(
    _ node: ComparisonNode, _ left: PredicateValue, _ right: PredicateValue, result: Bool
  ) throws(PredicateEvaluationError) -> String {
    let operation = node.operation.spelling + node.options.spelling
    guard node.modifier != .direct, let elements = left.collectionElements else {
      return "\(Self.compact(left)) \(operation) \(Self.compact(right))"
    }
    let verb: (Bool) -> String = { holds in
      switch node.operation {
      case .conformsTo: holds ? "conforms to" : "does not conform to"
      case .typeEquals: holds ? "is" : "is not"
      default: holds ? operation : "not \(operation)"
      }
    }
    let target = right.stringValue ?? Self.compact(right)
    let names = elements.map { $0.stringValue ?? Self.compact($0) }
    var matching: String?
    var failing: String?
    for (element, name) in zip(elements, names) {
      let holds = try PredicateEvaluator.compare(
        element, right, modifier: .direct, operation: node.operation, options: node.options,
        rightType: node.rightType, registry: evaluator.registry)
      if holds, matching == nil { matching = name }
      if !holds, failing == nil { failing = name }
    }
    let list = names.isEmpty ? "the empty list" : names.joined(separator: ", ")
    switch node.modifier {
    case .all:
      if let failing { return "\(failing) \(verb(false)) \(target)" }
      return "each of \(list) \(verb(true)) \(target)"
    case .none:
      if let matching { return "\(matching) \(verb(true)) \(target)" }
      return "none of \(list) \(verb(true)) \(target)"
    default:
      if let matching { return "\(matching) \(verb(true)) \(target)" }
      return names.isEmpty
        ? "there are no values to test" : "none of \(list) \(verb(true)) \(target)"
    }
  }
}
