/// Why an activation rule could not be read.
public enum ActivationRuleError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The rule file could not be read.
  case file(RuleFileError)
  /// The file is not a property list (XML or binary).
  case malformedPropertyList(path: String, reason: String)
  /// The property list holds no rule where one was looked for.
  case ruleNotFound(path: String, lookedAt: String)
  /// The rule's keys sit directly in `container` (`NSExtension/NSExtensionAttributes`, or
  /// `NSExtension` itself), where Apple does not read them, and there is no
  /// `NSExtension/NSExtensionAttributes/NSExtensionActivationRule`.
  case ruleKeysOutsideRule(
    path: String, keys: [String], container: String = "NSExtension/NSExtensionAttributes")
  /// The rule is neither a string nor a dictionary.
  case invalidRule(found: String, origin: String)
  /// A dictionary key holds a value Apple cannot read as a number or Boolean.
  case invalidValue(key: String, found: String)
  /// The predicate string does not parse.
  case syntax(PredicateSyntaxError, origin: String)

  /// What is wrong, where, and what to do.
  public var description: String {
    switch self {
    case .file(let error): "\(error)"
    case .malformedPropertyList(let path, let reason):
      "\(path) is not a property list (XML or binary): \(reason)"
    case .ruleNotFound(let path, let lookedAt):
      "\(path) holds no activation rule: looked at \(lookedAt)"
    case .ruleKeysOutsideRule(let path, let keys, let container):
      "\(path) holds no activation rule: NSExtension/NSExtensionAttributes has no"
        + " NSExtensionActivationRule, and \(container) holds \(keys.joined(separator: ", "))"
        + " directly, where Apple does not read \(keys.count == 1 ? "it" : "them"); move"
        + (keys == ["NSExtensionActivationRule"]
          ? " it into NSExtension/NSExtensionAttributes"
          : " \(keys.count == 1 ? "it" : "them") into an NSExtensionActivationRule dictionary"
            + " in NSExtension/NSExtensionAttributes")
    case .invalidRule(let found, let origin):
      "the activation rule in \(origin) must be a string (a predicate) or a dictionary,"
        + " found \(found)"
    case .invalidValue(let key, let found):
      "\(key) must be an integer, a Boolean or a string of digits, found \(found)"
    case .syntax(let error, let origin): "\(origin): \(error)"
    }
  }
}
