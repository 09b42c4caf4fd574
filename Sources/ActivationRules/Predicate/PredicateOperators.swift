import Foundation
import SystemCalls
import UTI

/// The operators of comparisons, as `NSComparisonPredicate` applies them to one pair of values.
enum PredicateOperators {
  static func compare(
    _ left: PredicateValue, _ operation: ComparisonOperator, _ right: PredicateValue,
    options: ComparisonOptions, rightType: UTType?, registry: UTTypeRegistry
  ) throws(PredicateEvaluationError) -> Bool {
    switch operation {
    case .conformsTo, .typeEquals:
      return try typeComparison(left, operation, right, rightType: rightType, registry: registry)
    case .equalTo: return equals(left, right, options: options)
    case .notEqualTo: return !equals(left, right, options: options)
    case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
      guard let order = try order(left, right, options: options) else { return false }
      switch operation {
      case .lessThan: return order < 0
      case .lessThanOrEqualTo: return order <= 0
      case .greaterThan: return order > 0
      default: return order >= 0
      }
    case .between:
      guard case .array(let bounds) = right, bounds.count == 2 else {
        throw .typeMismatch(
          "BETWEEN needs a list of two bounds such as {1, 5}, found \(right.kindDescription)")
      }
      guard let low = try order(left, bounds[0], options: options),
        let high = try order(left, bounds[1], options: options)
      else { return false }
      return low >= 0 && high <= 0
    case .in:
      switch right {
      case .null: return false
      case .array, .dictionary:
        return right.collectionElements?.contains { equals(left, $0, options: options) } ?? false
      default:
        guard let needle = left.stringValue, let haystack = right.stringValue else {
          throw .notACollection("the right side of IN", found: right.kindDescription)
        }
        return fold(haystack, options).contains(fold(needle, options))
      }
    case .contains:
      switch left {
      case .null: return false
      case .array, .dictionary:
        return left.collectionElements?.contains { equals($0, right, options: options) } ?? false
      default:
        guard let haystack = left.stringValue, let needle = right.stringValue else {
          if case .null = right { return false }
          throw .typeMismatch(
            "CONTAINS needs a collection or a string on the left and a string on the right,"
              + " found \(left.kindDescription) and \(right.kindDescription)")
        }
        return needle.isEmpty ? false : fold(haystack, options).contains(fold(needle, options))
      }
    case .beginsWith, .endsWith, .like, .matches:
      if case .null = left { return false }
      if case .null = right { return false }
      guard let text = left.stringValue, let pattern = right.stringValue else {
        throw .typeMismatch(
          "\(operation.spelling) compares strings, found \(left.kindDescription) and"
            + " \(right.kindDescription)"
            + (left.collectionElements != nil ? "; write ANY before a list" : ""))
      }
      switch operation {
      case .beginsWith: return fold(text, options).hasPrefix(fold(pattern, options))
      case .endsWith: return fold(text, options).hasSuffix(fold(pattern, options))
      case .like: return like(fold(text, options), fold(pattern, options))
      default: return try matches(text, pattern, options: options)
      }
    }
  }

  // MARK: Type identifiers

  private static func typeComparison(
    _ left: PredicateValue, _ operation: ComparisonOperator, _ right: PredicateValue,
    rightType: UTType?, registry: UTTypeRegistry
  ) throws(PredicateEvaluationError) -> Bool {
    if case .null = left { return false }
    if case .null = right { return false }
    guard let rightName = right.stringValue else {
      throw .typeMismatch(
        "\(operation.spelling) needs a type identifier string on the right, found"
          + " \(right.kindDescription)")
    }
    let leftName: String
    let leftType: UTType?
    switch left {
    case .typeIdentifier(let resolved):
      leftName = resolved.identifier
      leftType = resolved.type ?? registry.type(withIdentifier: resolved.identifier)
    case .string(let string):
      leftName = string
      leftType = registry.type(withIdentifier: string)
    default:
      throw .typeMismatch(
        "\(operation.spelling) compares one type identifier, found \(left.kindDescription)"
          + (left.collectionElements != nil
            ? "; write ANY before the key path to test each identifier" : ""))
    }
    let resolvedRight = rightType ?? registry.type(withIdentifier: rightName)
    if let leftType, let resolvedRight {
      return operation == .conformsTo
        ? leftType.conforms(to: resolvedRight) : leftType == resolvedRight
    }
    // An undeclared identifier conforms only to itself (compared without regard to case).
    return leftName.lowercased() == rightName.lowercased()
  }

  // MARK: Equality and order

  static func equals(
    _ left: PredicateValue, _ right: PredicateValue, options: ComparisonOptions
  ) -> Bool {
    switch (left, right) {
    case (.null, .null): return true
    case (.null, _), (_, .null): return false
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { equals($0, $1, options: options) }
    case (.dictionary(let a), .dictionary(let b)):
      return a.count == b.count
        && a.allSatisfy { key, value in b[key].map { equals(value, $0, options: options) } ?? false
        }
    case (.object(let a), .object(let b)): return a === b
    default:
      if let a = left.numberValue, let b = right.numberValue { return a == b }
      if let a = left.stringValue, let b = right.stringValue {
        return options.isEmpty ? a == b : fold(a, options) == fold(b, options)
      }
      return false
    }
  }

  /// -1, 0 or 1; nil when either side is null.
  static func order(
    _ left: PredicateValue, _ right: PredicateValue, options: ComparisonOptions
  ) throws(PredicateEvaluationError) -> Int? {
    if case .null = left { return nil }
    if case .null = right { return nil }
    if let a = left.numberValue, let b = right.numberValue {
      return a < b ? -1 : a > b ? 1 : 0
    }
    if let a = left.stringValue, let b = right.stringValue {
      let x = fold(a, options)
      let y = fold(b, options)
      return x < y ? -1 : x > y ? 1 : 0
    }
    throw .typeMismatch(
      "cannot order \(left.kindDescription) against \(right.kindDescription)"
        + (left.collectionElements != nil ? "; write ANY before a list, or use @count" : ""))
  }

  /// Applies `[c]` and `[d]` by folding case and diacritics.
  static func fold(_ text: String, _ options: ComparisonOptions) -> String {
    var compare: String.CompareOptions = []
    if options.contains(.caseInsensitive) { compare.insert(.caseInsensitive) }
    if options.contains(.diacriticInsensitive) { compare.insert(.diacriticInsensitive) }
    if compare.isEmpty { return text }
    return text.folding(options: compare, locale: nil)
  }

  // MARK: Patterns

  /// `LIKE`: `*` matches any run of characters, `?` exactly one.
  static func like(_ text: String, _ pattern: String) -> Bool {
    let text = Array(text)
    let pattern = Array(pattern)
    var t = 0
    var p = 0
    var star = -1
    var mark = 0
    while t < text.count {
      if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
        t += 1
        p += 1
      } else if p < pattern.count, pattern[p] == "*" {
        star = p
        mark = t
        p += 1
      } else if star >= 0 {
        p = star + 1
        mark += 1
        t = mark
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }

  /// `MATCHES`: the whole string must match the ICU regular expression.
  static func matches(
    _ text: String, _ pattern: String, options: ComparisonOptions
  ) throws(PredicateEvaluationError) -> Bool {
    let expression: NSRegularExpression
    do {
      expression = try NSRegularExpression(
        pattern: "\\A(?:" + pattern + ")\\z",
        options: options.contains(.caseInsensitive) ? [.caseInsensitive] : [])
    } catch {
      throw .invalidRegularExpression(pattern, reason: ErrorText.message(for: error))
    }
    let subject =
      options.contains(.diacriticInsensitive) ? fold(text, [.diacriticInsensitive]) : text
    let range = NSRange(subject.startIndex..<subject.endIndex, in: subject)
    return expression.firstMatch(in: subject, options: [], range: range) != nil
  }
}
