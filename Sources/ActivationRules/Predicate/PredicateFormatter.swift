/// Writes parsed predicates back as text: one normalized line, or indented to fit a width.
///
/// Normalized text uses one spelling per operator (`==`, `AND`, `UTI-CONFORMS-TO`), double
/// quotes, and parentheses only where they are needed or aid reading (an `OR` inside an `AND`,
/// an `AND` inside an `OR`, a compound after `NOT`). Parsing the output gives the same tree.
enum PredicateFormatter {
  // MARK: Literals

  static func number(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  // MARK: One line

  static func predicate(_ node: PredicateNode) -> String {
    switch node {
    case .constant(let value): return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
    case .not(let operand):
      if case .comparison = operand { return "NOT " + predicate(operand) }
      if case .constant = operand { return "NOT " + predicate(operand) }
      return "NOT (" + predicate(operand) + ")"
    case .and(let operands):
      return operands.map { compoundOperand($0) }.joined(separator: " AND ")
    case .or(let operands):
      return operands.map { compoundOperand($0) }.joined(separator: " OR ")
    case .comparison(let comparison): return self.comparison(comparison)
    }
  }

  private static func compoundOperand(_ node: PredicateNode) -> String {
    switch node {
    case .and, .or: "(" + predicate(node) + ")"
    default: predicate(node)
    }
  }

  /// A comparison with the predicates inside its subqueries elided, for one-line reasons.
  static func abbreviated(_ node: ComparisonNode) -> String {
    var copy = node
    copy.left = elidingSubqueries(node.left)
    copy.right = elidingSubqueries(node.right)
    return comparison(copy)
  }

  private static func elidingSubqueries(_ node: ExpressionNode) -> ExpressionNode {
    switch node {
    case .subquery(let collection, let variable, _):
      return .subquery(
        collection: collection, variable: variable,
        predicate: .comparison(
          ComparisonNode(
            modifier: .direct, operation: .equalTo, options: [],
            left: .keyPath(base: nil, steps: [.key("…")]),
            right: .keyPath(base: nil, steps: [.key("…")]), rightType: nil)))
    case .keyPath(let base, let steps):
      return .keyPath(base: base.map(elidingSubqueries), steps: steps)
    default:
      return node
    }
  }

  static func comparison(_ node: ComparisonNode) -> String {
    let modifier = node.modifier.prefix
    return modifier + expression(node.left) + " " + node.operation.spelling
      + node.options.spelling + " " + expression(node.right)
  }

  static func expression(_ node: ExpressionNode) -> String {
    switch node {
    case .constant(let value): return value.description
    case .evaluatedObject: return "SELF"
    case .variable(let name): return "$" + name
    case .keyPath(let base, let steps):
      var text = base.map { operand($0) } ?? ""
      for step in steps {
        switch step {
        case .key(let key):
          let escaped = PredicateKeyword.byName[key.uppercased()] == nil ? key : "#" + key
          text += (text.isEmpty ? "" : ".") + escaped
        case .collectionOperator(let operation):
          text += (text.isEmpty ? "@" : ".@") + operation.rawValue
        case .index(let selector): text += "[" + index(selector) + "]"
        }
      }
      return text
    case .aggregate(let elements):
      return "{" + elements.map(expression).joined(separator: ", ") + "}"
    case .subquery(let collection, let variable, let inner):
      if case .comparison(let elided) = inner, case .keyPath(nil, let steps) = elided.left,
        case .key("…") = steps.first
      {
        return "SUBQUERY(" + expression(collection) + ", $" + variable + ", …)"
      }
      return "SUBQUERY(" + expression(collection) + ", $" + variable + ", " + predicate(inner)
        + ")"
    case .function(let function, let arguments):
      return function.spelling + "(" + arguments.map(expression).joined(separator: ", ") + ")"
    case .arithmetic(let first, let rest):
      let level = precedence(node)
      return rest.reduce(operand(first, above: level)) {
        $0 + " " + $1.operation.rawValue + " " + operand($1.operand, above: level)
      }
    case .power(let base, let exponent):
      return operand(base, above: 3) + " ** " + operand(exponent, above: 2)
    case .negate(let inner): return "-" + operand(inner, above: 3)
    case .cast(let value, let type): return "CAST(" + expression(value) + ", \"" + type + "\")"
    }
  }

  /// How tightly an expression binds: 1 for `+ -`, 2 for `* /`, 3 for `**`, 4 for unary minus,
  /// 5 for everything that needs no parentheses.
  private static func precedence(_ node: ExpressionNode) -> Int {
    switch node {
    case .arithmetic(_, let rest):
      rest.first.map { $0.operation == .add || $0.operation == .subtract ? 1 : 2 } ?? 5
    case .power: 3
    case .negate: 4
    case .constant(.number(let value)) where value < 0: 4
    default: 5
    }
  }

  /// An operand written inside an operator of precedence `level`: parenthesized unless it binds
  /// more tightly.
  private static func operand(_ node: ExpressionNode, above level: Int) -> String {
    precedence(node) > level ? expression(node) : "(" + expression(node) + ")"
  }

  /// A key path base: anything but a plain value is parenthesized.
  private static func operand(_ node: ExpressionNode) -> String {
    operand(node, above: 4)
  }

  private static func index(_ selector: IndexSelector) -> String {
    switch selector {
    case .expression(let node): expression(node)
    case .first: "FIRST"
    case .last: "LAST"
    case .size: "SIZE"
    }
  }

  // MARK: Indented

  /// The predicate indented two spaces per level, breaking compounds and subqueries that do not
  /// fit in `width` columns.
  static func indented(_ node: PredicateNode, width: Int = 80) -> String {
    lines(node, indent: 0, width: width).joined(separator: "\n")
  }

  private static func pad(_ indent: Int) -> String { String(repeating: "  ", count: indent) }

  private static func lines(_ node: PredicateNode, indent: Int, width: Int) -> [String] {
    let flat = predicate(node)
    if indent * 2 + flat.count <= width { return [pad(indent) + flat] }
    switch node {
    case .and(let operands), .or(let operands):
      let keyword: String
      if case .and = node { keyword = "AND " } else { keyword = "OR " }
      var result: [String] = []
      for (position, operand) in operands.enumerated() {
        var block: [String]
        switch operand {
        case .and, .or:
          block = ["("] + lines(operand, indent: 1, width: width - indent * 2) + [")"]
        default:
          block = lines(operand, indent: 0, width: width - indent * 2)
        }
        if position > 0 { block[0] = keyword + block[0] }
        result += block.map { pad(indent) + $0 }
      }
      return result
    case .not(let operand):
      return [pad(indent) + "NOT ("] + lines(operand, indent: indent + 1, width: width)
        + [pad(indent) + ")"]
    case .comparison(let comparison):
      return comparisonLines(comparison, indent: indent, width: width)
    case .constant:
      return [pad(indent) + flat]
    }
  }

  private static func comparisonLines(
    _ node: ComparisonNode, indent: Int, width: Int
  ) -> [String] {
    let modifier = node.modifier.prefix
    var left = expressionLines(node.left, indent: indent, width: width)
    left[0] = pad(indent) + modifier + left[0].dropFirst(indent * 2)
    let operatorText = " " + node.operation.spelling + node.options.spelling + " "
    let right = expressionLines(node.right, indent: indent, width: width)
    left[left.count - 1] += operatorText + right[0].dropFirst(indent * 2)
    return left + right.dropFirst()
  }

  private static func expressionLines(
    _ node: ExpressionNode, indent: Int, width: Int
  ) -> [String] {
    let flat = expression(node)
    if indent * 2 + flat.count <= width { return [pad(indent) + flat] }
    switch node {
    case .subquery(let collection, let variable, let inner):
      return [pad(indent) + "SUBQUERY("]
        + expressionLines(collection, indent: indent + 1, width: width).map { $0 + "," }
        + [pad(indent + 1) + "$" + variable + ","]
        + lines(inner, indent: indent + 1, width: width)
        + [pad(indent) + ")"]
    case .keyPath(.some(let base), let steps):
      var result = expressionLines(base, indent: indent, width: width)
      let suffix = expression(.keyPath(base: .evaluatedObject, steps: steps)).dropFirst(4)
      result[result.count - 1] += suffix
      return result
    default:
      return [pad(indent) + flat]
    }
  }
}
