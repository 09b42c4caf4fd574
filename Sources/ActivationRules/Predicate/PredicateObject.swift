/// An object that answers key-value coding, as the `NSExtensionItem` and `NSItemProvider`
/// objects an activation rule is evaluated over do.
///
/// Keys are kept in a small ordered table: the objects a rule walks have a handful of keys,
/// where a linear scan beats hashing.
public final class PredicateObject: Sendable {
  /// The class name used in messages, such as `NSItemProvider`.
  public let typeName: String
  /// A label naming this object for explanations, such as `item 1, attachment 2`.
  public let label: String?
  private let keys: [String]
  private let values: [PredicateValue]

  /// Creates an object with the given keys and values.
  /// - Parameters:
  ///   - typeName: The class name used in messages, such as `NSItemProvider`.
  ///   - label: A label naming this object in explanations.
  ///   - values: The key-value pairs; a later duplicate key replaces an earlier one.
  public init(
    typeName: String, label: String? = nil, values: KeyValuePairs<String, PredicateValue>
  ) {
    self.typeName = typeName
    self.label = label
    var keys: [String] = []
    var stored: [PredicateValue] = []
    for (key, value) in values {
      if let index = keys.firstIndex(of: key) {
        stored[index] = value
      } else {
        keys.append(key)
        stored.append(value)
      }
    }
    self.keys = keys
    self.values = stored
  }

  /// The value for `key`, or nil when the object has no such key.
  public func value(forKey key: String) -> PredicateValue? {
    for index in keys.indices where keys[index] == key {
      return values[index]
    }
    return nil
  }

  /// Whether any element of the array under `key` passes `test`, testing the elements where
  /// they are stored; nil when the key is missing, its value is not an array of type
  /// identifiers, or `test` has no answer for one (the caller then takes the general path).
  func anyTypeIdentifier(
    forKey key: String, where test: (PredicateTypeIdentifier) -> Bool?
  ) -> Bool? {
    guard let index = keys.firstIndex(of: key),
      case .array(let elements) = values[index]
    else { return nil }
    var found = false
    for element in elements {
      guard case .typeIdentifier(let resolved) = element, let answer = test(resolved) else {
        return nil
      }
      if answer {
        found = true
        break
      }
    }
    return found
  }

  /// The keys this object answers, in declaration order.
  public var allKeys: [String] { keys }
}
