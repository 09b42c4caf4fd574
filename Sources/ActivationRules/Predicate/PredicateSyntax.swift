import UTI

/// A parsed predicate: Apple's `NSPredicate` subclasses as one tree.
indirect enum PredicateNode: Sendable {
  /// `TRUEPREDICATE` or `FALSEPREDICATE`.
  case constant(Bool)
  /// `NOT p`, `!p`.
  case not(PredicateNode)
  /// `p AND q AND …`, flattened.
  case and([PredicateNode])
  /// `p OR q OR …`, flattened.
  case or([PredicateNode])
  /// `[ANY|ALL|NONE] lhs op rhs`.
  case comparison(ComparisonNode)
}

/// How a comparison treats a collection on its left (`NSComparisonPredicate.Modifier`).
enum ComparisonModifier: Sendable {
  case direct
  /// `ANY` or `SOME`.
  case any
  case all
  /// `NONE`: true when no element matches (`NOT ANY`).
  case none

  /// How the modifier is written before a comparison, with its trailing space (empty for
  /// `direct`).
  var prefix: String {
    switch self {
    case .direct: ""
    case .any: "ANY "
    case .all: "ALL "
    case .none: "NONE "
    }
  }
}

/// The comparison operators (`NSComparisonPredicate.Operator`).
enum ComparisonOperator: Sendable, CaseIterable {
  case equalTo
  case notEqualTo
  case lessThan
  case lessThanOrEqualTo
  case greaterThan
  case greaterThanOrEqualTo
  case between
  case `in`
  case contains
  case beginsWith
  case endsWith
  case like
  case matches
  case conformsTo
  case typeEquals

  /// The canonical spelling.
  var spelling: String {
    switch self {
    case .equalTo: "=="
    case .notEqualTo: "!="
    case .lessThan: "<"
    case .lessThanOrEqualTo: "<="
    case .greaterThan: ">"
    case .greaterThanOrEqualTo: ">="
    case .between: "BETWEEN"
    case .in: "IN"
    case .contains: "CONTAINS"
    case .beginsWith: "BEGINSWITH"
    case .endsWith: "ENDSWITH"
    case .like: "LIKE"
    case .matches: "MATCHES"
    case .conformsTo: "UTI-CONFORMS-TO"
    case .typeEquals: "UTI-EQUALS"
    }
  }

  /// Whether the operator compares type identifiers.
  var isTypeOperator: Bool { self == .conformsTo || self == .typeEquals }
}

/// String comparison options: `[c]`, `[d]`, `[n]`, `[l]` (`NSComparisonPredicate.Options`).
struct ComparisonOptions: OptionSet, Sendable {
  let rawValue: UInt8
  static let caseInsensitive = ComparisonOptions(rawValue: 1)
  static let diacriticInsensitive = ComparisonOptions(rawValue: 2)
  static let normalized = ComparisonOptions(rawValue: 4)
  static let localeSensitive = ComparisonOptions(rawValue: 8)

  /// The bracketed spelling, such as `[cd]`, or "" for none.
  var spelling: String {
    var letters = ""
    if contains(.caseInsensitive) { letters += "c" }
    if contains(.diacriticInsensitive) { letters += "d" }
    if contains(.normalized) { letters += "n" }
    if contains(.localeSensitive) { letters += "l" }
    return letters.isEmpty ? "" : "[\(letters)]"
  }
}

/// One comparison with its operands.
struct ComparisonNode: Sendable {
  var modifier: ComparisonModifier
  var operation: ComparisonOperator
  var options: ComparisonOptions
  var left: ExpressionNode
  var right: ExpressionNode
  /// The right operand's type when it is a constant identifier and the operator is
  /// `UTI-CONFORMS-TO` or `UTI-EQUALS`: resolved once, when the rule is parsed.
  var rightType: UTType?
}

/// One step of a key path after its base.
enum KeyPathStep: Sendable {
  /// `.name`
  case key(String)
  /// `.@count`, `.@sum`, …: applies the rest of the path to each element, then aggregates.
  case collectionOperator(CollectionOperator)
  /// `[expression]`, `[FIRST]`, `[LAST]`, `[SIZE]`.
  case index(IndexSelector)
}

/// The key-value-coding collection operators.
enum CollectionOperator: String, Sendable, CaseIterable {
  case count
  case sum
  case avg
  case min
  case max
  case unionOfObjects
  case distinctUnionOfObjects
  case unionOfArrays
  case distinctUnionOfArrays
}

/// What goes between square brackets.
enum IndexSelector: Sendable {
  case expression(ExpressionNode)
  case first
  case last
  case size
}

/// Arithmetic operators of `NSExpression`.
enum ArithmeticOperator: String, Sendable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case power = "**"
}

/// One `op operand` of a flattened arithmetic chain.
struct ArithmeticStep: Sendable {
  var operation: ArithmeticOperator
  var operand: ExpressionNode
}

/// A parsed expression: Apple's `NSExpression` kinds.
indirect enum ExpressionNode: Sendable {
  /// A literal value (strings, numbers, `TRUE`, `NULL`, constant aggregates).
  case constant(PredicateValue)
  /// `SELF`: the object being evaluated.
  case evaluatedObject
  /// `$name`: a subquery's variable or a substitution variable.
  case variable(String)
  /// A key path from a base; a nil base means the evaluated object (a bare `name.other`).
  case keyPath(base: ExpressionNode?, steps: [KeyPathStep])
  /// `{a, b, c}` with at least one non-constant element.
  case aggregate([ExpressionNode])
  /// `SUBQUERY(collection, $variable, predicate)`.
  case subquery(collection: ExpressionNode, variable: String, predicate: PredicateNode)
  /// A built-in function such as `sum({1,2})` or `modulus:by:(7, 2)`.
  case function(PredicateFunction, [ExpressionNode])
  /// `a + b - c`, `a * b / c`: one precedence level, flattened left to right.
  case arithmetic(first: ExpressionNode, rest: [ArithmeticStep])
  /// `a ** b`, right-associative.
  case power(ExpressionNode, ExpressionNode)
  /// `-a`.
  case negate(ExpressionNode)
  /// `CAST(value, 'NSString')` and `CAST(value, 'NSNumber')`.
  case cast(ExpressionNode, String)
}
