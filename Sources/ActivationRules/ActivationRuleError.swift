import SystemCalls
import UTI

/// Why an activation rule could not be read.
public enum ActivationRuleError: Error, Sendable, Equatable, NameQuotingDescription {
  /// The rule file could not be read: missing, not a regular file, too large, or a failed read.
  /// The `IOError` names the operation, the path as given, and the cause.
  case file(IOError)
  /// The rule file is empty.
  case emptyFile(path: String)
  /// The file is not a property list (XML or binary) the guarded reader accepts; `reason` says
  /// where and which rule it broke, or is the parser's message.
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
  /// The `Info.plist` holding the rule declares types that cannot be registered.
  case typeDeclarations(UTTypeDeclarationError, path: String)
  /// The predicate string does not parse.
  case syntax(PredicateSyntaxError, origin: String)

  /// The description for a terminal: each name quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// The failed file operation, when the rule's file could not be read.
  public var ioError: IOError? {
    if case .file(let error) = self { return error }
    return nil
  }

  /// What is wrong, where, and what to do, each path, key and origin written by `quoting`.
  public func description(quoting: NameQuoting) -> String {
    let quoted = quoting.quote
    return switch self {
    case .file(let error): error.description(quoting: quoting)
    case .emptyFile(let path):
      "\(quoted(path)) is empty: a rule file holds an Info.plist, a property list with the rule,"
        + " or a predicate"
    case .malformedPropertyList(let path, let reason):
      "\(quoted(path)) is not a usable property list (XML or binary): \(reason)"
    case .ruleNotFound(let path, let lookedAt):
      "\(quoted(path)) holds no activation rule: looked at \(lookedAt)"
    case .ruleKeysOutsideRule(let path, let keys, let container):
      "\(quoted(path)) holds no activation rule: NSExtension/NSExtensionAttributes has no"
        + " NSExtensionActivationRule, and \(container) holds"
        + " \(keys.map(quoted).joined(separator: ", ")) directly, where Apple does not read"
        + " \(keys.count == 1 ? "it" : "them"); move"
        + (keys == ["NSExtensionActivationRule"]
          ? " it into NSExtension/NSExtensionAttributes"
          : " \(keys.count == 1 ? "it" : "them") into an NSExtensionActivationRule dictionary"
            + " in NSExtension/NSExtensionAttributes")
    case .invalidRule(let found, let origin):
      "the activation rule in \(quoted(origin)) must be a string (a predicate) or a dictionary,"
        + " found \(found)"
    case .invalidValue(let key, let found):
      "\(quoted(key)) must be an integer, a Boolean or a string of digits, found \(found)"
    case .typeDeclarations(let error, let path):
      "cannot register the type declarations of \(quoted(path)):"
        + " \(error.description(quoting: quoting))"
    case .syntax(let error, let origin): "\(quoted(origin)): \(error)"
    }
  }
}
