import Foundation
import UTI

/// A value a predicate works on: the generic key-value view of the objects Apple's
/// `NSPredicate` evaluates (`NSNumber`, `NSString`, `NSArray`, `NSDictionary`, `NSNull` and
/// key-value-coding objects).
///
/// Numbers are `Double`, as `NSNumber` comparisons are numeric whatever the stored type; Booleans
/// compare equal to 0 and 1 as `NSNumber`'s do. A string known to be a type identifier can be
/// carried as ``typeIdentifier(_:)`` so `UTI-CONFORMS-TO` need not look it up on every
/// evaluation; everywhere else it behaves as a string.
public enum PredicateValue: Sendable {
  /// `nil` or `NSNull`.
  case null
  /// A Boolean (`YES`/`NO`).
  case bool(Bool)
  /// A number.
  case number(Double)
  /// A string.
  case string(String)
  /// A string that names a uniform type identifier, resolved once.
  case typeIdentifier(PredicateTypeIdentifier)
  /// An ordered collection (`NSArray`, or an `NSSet` in some order).
  case array([PredicateValue])
  /// A dictionary: a missing key reads as `null`, as `-[NSDictionary valueForKey:]` does.
  case dictionary([String: PredicateValue])
  /// An object answering key-value coding: a missing key is an evaluation error, as
  /// `valueForUndefinedKey:` raises on Apple platforms.
  case object(PredicateObject)
}

/// A type identifier string with its `UTType`, resolved when the value was made.
public final class PredicateTypeIdentifier: Sendable {
  /// The identifier exactly as registered, such as `public.jpeg`.
  public let identifier: String
  /// The declared type, or nil when no declaration has this identifier.
  public let type: UTType?

  /// Resolves `identifier` in `registry`.
  public init(_ identifier: String, registry: UTTypeRegistry = .shared) {
    self.identifier = identifier
    self.type = registry.type(withIdentifier: identifier)
  }

  /// The two type tests of the predicate grammar.
  enum TypeTest {
    case conformsTo
    case equals
  }

  /// `UTI-CONFORMS-TO` or `UTI-EQUALS` against `other`; nil when this identifier is not
  /// declared. Evaluated here, on the stored type, so the hot path copies no type.
  func test(_ test: TypeTest, _ other: UTType) -> Bool? {
    switch test {
    case .conformsTo: return type?.conforms(to: other)
    case .equals: return type.map { $0 == other }
    }
  }
}

extension PredicateValue {
  /// The string behind a string or type identifier value, or nil.
  var stringValue: String? {
    switch self {
    case .string(let string): string
    case .typeIdentifier(let type): type.identifier
    default: nil
    }
  }

  /// The number behind a number or Boolean value, or nil.
  var numberValue: Double? {
    switch self {
    case .number(let number): number
    case .bool(let bool): bool ? 1 : 0
    default: nil
    }
  }

  /// The elements of a collection value: an array's elements, a dictionary's values.
  var collectionElements: [PredicateValue]? {
    switch self {
    case .array(let elements): elements
    case .dictionary(let dictionary): Array(dictionary.values)
    default: nil
    }
  }

  /// A short description of what kind of value this is, for error messages.
  var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a Boolean"
    case .number: "a number"
    case .string, .typeIdentifier: "a string"
    case .array(let elements): "a list of \(elements.count)"
    case .dictionary: "a dictionary"
    case .object(let object): "an \(object.typeName)"
    }
  }
}

extension PredicateValue: CustomStringConvertible {
  /// The value written as a predicate literal: `"public.jpeg"`, `3`, `{1, 2}`, `NULL`.
  public var description: String {
    switch self {
    case .null: return "NULL"
    case .bool(let bool): return bool ? "YES" : "NO"
    case .number(let number): return PredicateFormatter.number(number)
    case .string(let string): return PredicateFormatter.quoted(string)
    case .typeIdentifier(let type): return PredicateFormatter.quoted(type.identifier)
    case .array(let elements):
      return "{" + elements.map(\.description).joined(separator: ", ") + "}"
    case .dictionary(let dictionary):
      let pairs = dictionary.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
      return "[" + pairs.joined(separator: ", ") + "]"
    case .object(let object): return object.label ?? "<\(object.typeName)>"
    }
  }
}
