import Foundation

extension PredicateOperators {
  // MARK: Keys

  /// `valueForKey:` on a value: objects answer their keys, dictionaries give null for a missing
  /// key, lists map the key over their elements, and null stays null.
  static func value(
    forKey key: String, of value: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue {
    switch value {
    case .object(let object):
      if let found = object.value(forKey: key) { return found }
      if key == "self" { return value }
      throw .undefinedKey(key, typeName: object.typeName, knownKeys: object.allKeys)
    case .dictionary(let dictionary): return dictionary[key] ?? .null
    case .array(let elements):
      var mapped: [PredicateValue] = []
      mapped.reserveCapacity(elements.count)
      for element in elements { mapped.append(try self.value(forKey: key, of: element)) }
      return .array(mapped)
    case .null: return .null
    case .string, .typeIdentifier:
      if key == "length", let string = value.stringValue {
        return .number(Double(string.utf16.count))
      }
      if key == "self" { return value }
      throw .undefinedKey(key, typeName: "NSString", knownKeys: ["length"])
    case .number, .bool:
      if key == "self" { return value }
      throw .undefinedKey(key, typeName: "NSNumber", knownKeys: [])
    }
  }

  // MARK: Arithmetic

  static func arithmetic(
    _ operation: ArithmeticOperator, _ left: PredicateValue, _ right: PredicateValue
  ) throws(PredicateEvaluationError) -> PredicateValue {
    guard let a = left.numberValue, let b = right.numberValue else {
      throw .typeMismatch(
        "'\(operation.rawValue)' needs numbers, found \(left.kindDescription) and"
          + " \(right.kindDescription)")
    }
    switch operation {
    case .add: return .number(a + b)
    case .subtract: return .number(a - b)
    case .multiply: return .number(a * b)
    case .divide: return .number(a / b)
    case .power: return .number(Foundation.pow(a, b))
    }
  }

  // MARK: Functions

  static func apply(
    _ function: PredicateFunction, to arguments: [PredicateValue]
  ) throws(PredicateEvaluationError) -> PredicateValue {
    func number(_ index: Int) throws(PredicateEvaluationError) -> Double {
      guard let value = arguments[index].numberValue else {
        throw .typeMismatch(
          "\(function.spelling) needs a number, found \(arguments[index].kindDescription)")
      }
      return value
    }
    func integer(_ index: Int) throws(PredicateEvaluationError) -> Int64 {
      let value = try number(index)
      guard let exact = Int64(exactly: value.rounded(.towardZero)) else {
        throw .typeMismatch("\(function.spelling) needs an integer, found \(value)")
      }
      return exact
    }
    func numbers() throws(PredicateEvaluationError) -> [Double] {
      guard let elements = arguments[0].collectionElements else {
        throw .notACollection(function.spelling, found: arguments[0].kindDescription)
      }
      var result: [Double] = []
      for element in elements {
        if case .null = element { continue }
        guard let value = element.numberValue else {
          throw .typeMismatch(
            "\(function.spelling) needs numbers, found \(element.kindDescription)")
        }
        result.append(value)
      }
      return result
    }
    func string(_ index: Int) throws(PredicateEvaluationError) -> String {
      guard let value = arguments[index].stringValue else {
        throw .typeMismatch(
          "\(function.spelling) needs a string, found \(arguments[index].kindDescription)")
      }
      return value
    }
    switch function {
    case .count:
      guard let elements = arguments[0].collectionElements else {
        throw .notACollection("count", found: arguments[0].kindDescription)
      }
      return .number(Double(elements.count))
    case .sum: return .number(try numbers().reduce(0, +))
    case .average:
      let values = try numbers()
      return values.isEmpty ? .null : .number(values.reduce(0, +) / Double(values.count))
    case .min: return try numbers().min().map(PredicateValue.number) ?? .null
    case .max: return try numbers().max().map(PredicateValue.number) ?? .null
    case .median:
      let values = try numbers().sorted()
      guard !values.isEmpty else { return .null }
      let middle = values.count / 2
      return .number(
        values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2)
    case .mode:
      let values = try numbers()
      var counts: [Double: Int] = [:]
      for value in values { counts[value, default: 0] += 1 }
      let top = counts.values.max() ?? 0
      return .array(
        values.filter { counts[$0] == top }.reduce(into: []) { result, value in
          if !result.contains(where: { $0.numberValue == value }) { result.append(.number(value)) }
        })
    case .stddev:
      let values = try numbers()
      guard !values.isEmpty else { return .null }
      let mean = values.reduce(0, +) / Double(values.count)
      let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
      return .number(variance.squareRoot())
    case .sqrt: return .number(try number(0).squareRoot())
    case .log: return .number(Foundation.log10(try number(0)))
    case .ln: return .number(Foundation.log(try number(0)))
    case .exp: return .number(Foundation.exp(try number(0)))
    case .ceiling: return .number(try number(0).rounded(.up))
    case .floor: return .number(try number(0).rounded(.down))
    case .abs: return .number(Swift.abs(try number(0)))
    case .trunc: return .number(try number(0).rounded(.towardZero))
    case .uppercase: return .string(try string(0).uppercased())
    case .lowercase: return .string(try string(0).lowercased())
    case .noindex: return arguments[0]
    case .onesComplement: return .number(Double(~(try integer(0))))
    case .add: return .number(try number(0) + number(1))
    case .subtract: return .number(try number(0) - number(1))
    case .multiply: return .number(try number(0) * number(1))
    case .divide: return .number(try number(0) / number(1))
    case .modulus: return .number(Foundation.fmod(try number(0), try number(1)))
    case .raise: return .number(Foundation.pow(try number(0), try number(1)))
    case .bitwiseAnd: return .number(Double(try integer(0) & integer(1)))
    case .bitwiseOr: return .number(Double(try integer(0) | integer(1)))
    case .bitwiseXor: return .number(Double(try integer(0) ^ integer(1)))
    case .leftShift:
      return .number(Double(try integer(0) << Swift.min(Swift.max(try integer(1), 0), 63)))
    case .rightShift:
      return .number(Double(try integer(0) >> Swift.min(Swift.max(try integer(1), 0), 63)))
    }
  }

  // MARK: Collection operators

  static func aggregate(
    _ operation: CollectionOperator, _ elements: [PredicateValue]
  ) throws(PredicateEvaluationError) -> PredicateValue {
    switch operation {
    case .count: return .number(Double(elements.count))
    case .sum: return try apply(.sum, to: [.array(elements)])
    case .avg:
      return elements.isEmpty ? .number(0) : try apply(.average, to: [.array(elements)])
    case .min, .max:
      var best: PredicateValue?
      for element in elements {
        if case .null = element { continue }
        guard let current = best else {
          best = element
          continue
        }
        let order = try self.order(element, current, options: []) ?? 0
        if operation == .min ? order < 0 : order > 0 { best = element }
      }
      return best ?? .null
    case .unionOfObjects:
      return .array(elements.filter { if case .null = $0 { false } else { true } })
    case .distinctUnionOfObjects:
      return .array(distinct(elements.filter { if case .null = $0 { false } else { true } }))
    case .unionOfArrays, .distinctUnionOfArrays:
      var union: [PredicateValue] = []
      for element in elements {
        switch element {
        case .null: continue
        case .array(let inner): union += inner
        default:
          throw .notACollection(
            "each element of @\(operation.rawValue)", found: element.kindDescription)
        }
      }
      return .array(operation == .unionOfArrays ? union : distinct(union))
    }
  }

  private static func distinct(_ values: [PredicateValue]) -> [PredicateValue] {
    var result: [PredicateValue] = []
    for value in values where !result.contains(where: { equals($0, value, options: []) }) {
      result.append(value)
    }
    return result
  }

  // MARK: Casts

  static func cast(
    _ value: PredicateValue, to typeName: String
  ) throws(PredicateEvaluationError) -> PredicateValue {
    if typeName == "NSString" {
      switch value {
      case .null: return .null
      case .string, .typeIdentifier: return .string(value.stringValue ?? "")
      case .number(let number): return .string(PredicateFormatter.number(number))
      case .bool(let bool): return .string(bool ? "1" : "0")
      default: throw .typeMismatch("CAST to NSString cannot convert \(value.kindDescription)")
      }
    }
    switch value {
    case .null: return .null
    case .number, .bool: return .number(value.numberValue ?? 0)
    case .string, .typeIdentifier:
      let text = (value.stringValue ?? "").trimmingCharacters(in: .whitespaces)
      return .number(Double(text) ?? 0)
    default: throw .typeMismatch("CAST to NSNumber cannot convert \(value.kindDescription)")
    }
  }
}
