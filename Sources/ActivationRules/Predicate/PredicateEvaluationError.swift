/// Why a predicate could not be evaluated against a value.
///
/// On Apple platforms these are Objective-C exceptions raised during evaluation (for example
/// `NSUnknownKeyException`); the system then treats the activation rule as not matching, so the
/// extension is hidden. Here they are values that say what went wrong and in which clause.
public indirect enum PredicateEvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A key an object does not have (`valueForUndefinedKey:`), with the keys it does have.
  case undefinedKey(String, typeName: String, knownKeys: [String])
  /// A collection was needed (for `ANY`, `SUBQUERY`, `@count`, `IN`) and something else was found.
  case notACollection(String, found: String)
  /// Operands of the wrong kinds for an operator or function.
  case typeMismatch(String)
  /// A `$variable` that no subquery binds and no substitution supplies.
  case unboundVariable(String)
  /// An index outside a list.
  case indexOutOfRange(Int, count: Int)
  /// A `MATCHES` pattern that is not a valid regular expression.
  case invalidRegularExpression(String, reason: String)
  /// An error raised while evaluating the given clause.
  case inClause(String, PredicateEvaluationError)

  /// The innermost error, without the clause wrappers.
  public var underlying: PredicateEvaluationError {
    if case .inClause(_, let inner) = self { return inner.underlying }
    return self
  }

  /// What went wrong, and in which clause.
  public var description: String {
    switch self {
    case .undefinedKey(let key, let typeName, let known):
      let hint = known.isEmpty ? "" : " (it has: \(known.joined(separator: ", ")))"
      return "\(typeName) has no key '\(key)'\(hint)"
    case .notACollection(let context, let found):
      return "\(context) needs a collection, found \(found)"
    case .typeMismatch(let message): return message
    case .unboundVariable(let name):
      return "$\(name) is not bound by an enclosing SUBQUERY and no value was supplied for it"
    case .indexOutOfRange(let index, let count):
      return "index \(index) is outside a list of \(count)"
    case .invalidRegularExpression(let pattern, let reason):
      return "MATCHES pattern \(PredicateFormatter.quoted(pattern)) is invalid: \(reason)"
    case .inClause(let clause, let inner):
      if case .inClause = inner { return inner.description }
      return "\(inner) in `\(clause)`"
    }
  }
}
