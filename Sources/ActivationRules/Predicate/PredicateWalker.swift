/// Visits every predicate and expression of a tree, for lints and summaries.
enum PredicateWalker {
  static func visit(
    _ node: PredicateNode, predicate: (PredicateNode) -> Void,
    expression: (ExpressionNode) -> Void = { _ in }
  ) {
    predicate(node)
    switch node {
    case .constant: break
    case .not(let operand): visit(operand, predicate: predicate, expression: expression)
    case .and(let operands), .or(let operands):
      for operand in operands { visit(operand, predicate: predicate, expression: expression) }
    case .comparison(let comparison):
      visit(comparison.left, predicate: predicate, expression: expression)
      visit(comparison.right, predicate: predicate, expression: expression)
    }
  }

  static func visitPredicates(_ node: PredicateNode, _ predicate: (PredicateNode) -> Void) {
    visit(node, predicate: predicate, expression: { _ in })
  }

  static func visit(
    _ node: ExpressionNode, predicate: (PredicateNode) -> Void,
    expression: (ExpressionNode) -> Void
  ) {
    expression(node)
    switch node {
    case .constant, .evaluatedObject, .variable: break
    case .keyPath(let base, let steps):
      if let base { visit(base, predicate: predicate, expression: expression) }
      for case .index(.expression(let inner)) in steps {
        visit(inner, predicate: predicate, expression: expression)
      }
    case .aggregate(let elements), .function(_, let elements):
      for element in elements { visit(element, predicate: predicate, expression: expression) }
    case .subquery(let collection, _, let inner):
      visit(collection, predicate: predicate, expression: expression)
      visit(inner, predicate: predicate, expression: expression)
    case .arithmetic(let first, let rest):
      visit(first, predicate: predicate, expression: expression)
      for step in rest { visit(step.operand, predicate: predicate, expression: expression) }
    case .power(let base, let exponent):
      visit(base, predicate: predicate, expression: expression)
      visit(exponent, predicate: predicate, expression: expression)
    case .negate(let inner), .cast(let inner, _):
      visit(inner, predicate: predicate, expression: expression)
    }
  }
}
