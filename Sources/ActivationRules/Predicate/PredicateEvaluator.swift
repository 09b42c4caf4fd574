import UTI

/// Evaluates parsed predicates against values, as `-[NSPredicate evaluateWithObject:]` does.
///
/// The evaluated object is `SELF`. `SUBQUERY(collection, $x, p)` binds only `$x` to each element
/// in turn (Apple: it "filters a collection by storing elements in the collection in a specified
/// variable"); `p` is evaluated against the object the SUBQUERY itself is evaluated on, so inside
/// it `SELF` and a key path that does not start with a variable (`extensionItems.@count`) still
/// mean the whole input, at any depth of nesting. Variables bound by subqueries live in a small
/// stack; other `$variables` come from the substitutions.
struct PredicateEvaluator {
  let substitutions: [String: PredicateValue]
  /// Where identifiers not resolved when the predicate was parsed are looked up: the
  /// predicate's registry.
  let registry: UTTypeRegistry
  private var names: [String] = []
  private var values: [PredicateValue] = []

  init(substitutions: [String: PredicateValue] = [:], registry: UTTypeRegistry = .shared) {
    self.substitutions = substitutions
    self.registry = registry
  }

  // MARK: Predicates

  mutating func evaluate(
    _ node: PredicateNode, with object: PredicateValue
  ) throws(PredicateEvaluationError) -> Bool {
    switch node {
    case .constant(let value): return value
    case .not(let operand): return try !evaluate(operand, with: object)
    case .and(let operands):
      for operand in operands where try !evaluate(operand, with: object) { return false }
      return true
    case .or(let operands):
      for operand in operands where try evaluate(operand, with: object) { return true }
      return false
    case .comparison(let comparison):
      do {
        return try evaluate(comparison, with: object)
      } catch let error {
        if case .inClause = error { throw error }
        throw .inClause(PredicateFormatter.comparison(comparison), error)
      }
    }
  }

  mutating func evaluate(
    _ node: ComparisonNode, with object: PredicateValue
  ) throws(PredicateEvaluationError) -> Bool {
    let left = try value(of: node.left, with: object)
    let right = try value(of: node.right, with: object)
    return try Self.compare(
      left, right, modifier: node.modifier, operation: node.operation, options: node.options,
      rightType: node.rightType, registry: registry)
  }

  /// Applies a comparison with its modifier to evaluated operands.
  static func compare(
    _ left: PredicateValue, _ right: PredicateValue, modifier: ComparisonModifier,
    operation: ComparisonOperator, options: ComparisonOptions, rightType: UTType?,
    registry: UTTypeRegistry
  ) throws(PredicateEvaluationError) -> Bool {
    if modifier == .direct {
      return try PredicateOperators.compare(
        left, operation, right, options: options, rightType: rightType, registry: registry)
    }
    let elements: [PredicateValue]
    switch left {
    case .array(let array): elements = array
    case .null: elements = []
    default:
      throw .notACollection(
        "the left side of \(modifier == .all ? "ALL" : modifier == .none ? "NONE" : "ANY")",
        found: left.kindDescription)
    }
    switch modifier {
    case .all:
      for element in elements
      where try !PredicateOperators.compare(
        element, operation, right, options: options, rightType: rightType, registry: registry)
      {
        return false
      }
      return true
    default:
      var found = false
      for element in elements
      where try PredicateOperators.compare(
        element, operation, right, options: options, rightType: rightType, registry: registry)
      {
        found = true
        break
      }
      return modifier == .none ? !found : found
    }
  }

  // MARK: Expressions

  mutating func value(
    of node: ExpressionNode, with object: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue {
    switch node {
    case .constant(let value): return value
    case .evaluatedObject: return object
    case .variable(let name): return try variable(name)
    case .keyPath(let base, let steps):
      if let base, case .subquery(let collection, let variable, let predicate) = base,
        steps.count == 1, case .collectionOperator(.count) = steps[0]
      {
        // SUBQUERY(…).@count: count the matches without collecting them.
        let count = try subqueryMatches(
          collection, variable, predicate, with: object, collecting: false
        ).count
        return .number(Double(count))
      }
      let start = try base.map { (node) throws(PredicateEvaluationError) in
        try value(of: node, with: object)
      }
      return try value(following: steps[...], from: start ?? object, with: object)
    case .aggregate(let elements):
      var result: [PredicateValue] = []
      result.reserveCapacity(elements.count)
      for element in elements { result.append(try value(of: element, with: object)) }
      return .array(result)
    case .subquery(let collection, let variable, let predicate):
      return .array(
        try subqueryMatches(collection, variable, predicate, with: object, collecting: true)
          .elements)
    case .function(let function, let arguments):
      var evaluated: [PredicateValue] = []
      for argument in arguments { evaluated.append(try value(of: argument, with: object)) }
      return try PredicateOperators.apply(function, to: evaluated)
    case .arithmetic(let first, let rest):
      var result = try value(of: first, with: object)
      for step in rest {
        let operand = try value(of: step.operand, with: object)
        result = try PredicateOperators.arithmetic(step.operation, result, operand)
      }
      return result
    case .power(let base, let exponent):
      return try PredicateOperators.arithmetic(
        .power, try value(of: base, with: object), try value(of: exponent, with: object))
    case .negate(let inner):
      return try PredicateOperators.arithmetic(
        .subtract, .number(0), try value(of: inner, with: object))
    case .cast(let inner, let typeName):
      return try PredicateOperators.cast(try value(of: inner, with: object), to: typeName)
    }
  }

  private func variable(_ name: String) throws(PredicateEvaluationError) -> PredicateValue {
    var index = names.count - 1
    while index >= 0 {
      if names[index] == name { return values[index] }
      index -= 1
    }
    if let value = substitutions[name] { return value }
    throw .unboundVariable(name)
  }

  /// Binds `$variable` to each element of the collection in turn and evaluates `predicate`
  /// against `object`, the object the SUBQUERY is evaluated on (not against the element).
  mutating func subqueryMatches(
    _ collection: ExpressionNode, _ variable: String, _ predicate: PredicateNode,
    with object: PredicateValue, collecting: Bool
  ) throws(PredicateEvaluationError) -> (count: Int, elements: [PredicateValue]) {
    let elements = try subqueryElements(try value(of: collection, with: object))
    var count = 0
    var matches: [PredicateValue] = []
    names.append(variable)
    values.append(.null)
    defer {
      names.removeLast()
      values.removeLast()
    }
    let slot = values.count - 1
    for element in elements {
      values[slot] = element
      if try evaluate(predicate, with: object) {
        count += 1
        if collecting { matches.append(element) }
      }
    }
    return (count, matches)
  }

  func subqueryElements(
    _ collection: PredicateValue
  ) throws(PredicateEvaluationError) -> [PredicateValue] {
    switch collection {
    case .array(let elements): return elements
    case .dictionary(let dictionary): return Array(dictionary.values)
    case .null: return []
    default: throw .notACollection("SUBQUERY", found: collection.kindDescription)
    }
  }

  /// Binds a variable until the matching ``popBinding()`` (used by explanations).
  mutating func pushBinding(_ name: String, _ value: PredicateValue) {
    names.append(name)
    values.append(value)
  }

  /// Removes the innermost binding.
  mutating func popBinding() {
    names.removeLast()
    values.removeLast()
  }

  /// Rebinds the innermost variable (a subquery moving to its next element).
  mutating func rebindInnermost(_ value: PredicateValue) {
    values[values.count - 1] = value
  }

  /// How many variables are bound.
  var bindingDepth: Int { values.count }

  /// The value bound at `slot` (0 is the outermost binding).
  func binding(at slot: Int) -> PredicateValue { values[slot] }

  /// A variable by name: bound by an enclosing subquery, else a substitution.
  func variableValue(_ name: String) throws(PredicateEvaluationError) -> PredicateValue {
    try variable(name)
  }

  // MARK: Key paths

  mutating func value(
    following steps: ArraySlice<KeyPathStep>, from start: PredicateValue,
    with object: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue {
    var current = start
    var position = steps.startIndex
    while position < steps.endIndex {
      switch steps[position] {
      case .key(let key):
        current = try PredicateOperators.value(forKey: key, of: current)
      case .index(let selector):
        current = try index(current, selector, with: object)
      case .collectionOperator(let operation):
        return try collect(
          operation, over: current, rest: steps[(position + 1)...], with: object)
      }
      position += 1
    }
    return current
  }

  private mutating func index(
    _ value: PredicateValue, _ selector: IndexSelector, with object: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue {
    switch (selector, value) {
    case (_, .null): return .null
    case (.first, .array(let elements)): return elements.first ?? .null
    case (.last, .array(let elements)): return elements.last ?? .null
    case (.size, .array(let elements)): return .number(Double(elements.count))
    case (.size, .dictionary(let dictionary)): return .number(Double(dictionary.count))
    case (.expression(let node), .array(let elements)):
      let position = try self.value(of: node, with: object)
      guard let number = position.numberValue, let index = Int(exactly: number.rounded(.down))
      else {
        throw .typeMismatch("a list index must be a number, found \(position.kindDescription)")
      }
      guard elements.indices.contains(index) else {
        throw .indexOutOfRange(index, count: elements.count)
      }
      return elements[index]
    case (.expression(let node), .dictionary(let dictionary)):
      let key = try self.value(of: node, with: object)
      guard let name = key.stringValue else {
        throw .typeMismatch("a dictionary index must be a string, found \(key.kindDescription)")
      }
      return dictionary[name] ?? .null
    default:
      throw .notACollection("an index", found: value.kindDescription)
    }
  }

  /// `@count`, `@sum`, …: applies `rest` to each element, then aggregates.
  private mutating func collect(
    _ operation: CollectionOperator, over value: PredicateValue,
    rest: ArraySlice<KeyPathStep>, with object: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue {
    var elements: [PredicateValue]
    switch value {
    case .array(let array): elements = array
    case .dictionary(let dictionary):
      if operation == .count { return .number(Double(dictionary.count)) }
      elements = Array(dictionary.values)
    case .null: return .null
    default: throw .notACollection("@\(operation.rawValue)", found: value.kindDescription)
    }
    if operation == .count && rest.isEmpty { return .number(Double(elements.count)) }
    if !rest.isEmpty {
      var mapped: [PredicateValue] = []
      mapped.reserveCapacity(elements.count)
      for element in elements {
        mapped.append(try self.value(following: rest, from: element, with: object))
      }
      elements = mapped
    }
    return try PredicateOperators.aggregate(operation, elements)
  }
}
