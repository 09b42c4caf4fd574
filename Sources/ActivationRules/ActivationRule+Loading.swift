import Foundation

extension ActivationRule {
  /// Where an `Info.plist` keeps the rule.
  public static let infoPlistKeyPath = "NSExtension/NSExtensionAttributes/NSExtensionActivationRule"

  /// Reads a rule from a file.
  ///
  /// The file may be an `Info.plist` (XML or binary) with the rule at
  /// `NSExtension/NSExtensionAttributes/NSExtensionActivationRule`; a property list holding the
  /// rule (under `NSExtensionAttributes/NSExtensionActivationRule` or `NSExtensionActivationRule`,
  /// the rule dictionary itself, or a string); or a text file holding a predicate.
  /// - Throws: ``ActivationRuleError``: ``ActivationRuleError/file(_:)`` when the file is missing
  ///   or unreadable, and the other cases when it holds no readable rule.
  public init(contentsOf url: URL) throws(ActivationRuleError) {
    let path = url.path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .file(
        RuleFileError(operation: "read", path: path, underlying: "no such file", isMissing: true))
    }
    guard !isDirectory.boolValue else {
      throw .file(
        RuleFileError(
          operation: "read", path: path, underlying: "it is a directory", isMissing: false))
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .file(
        RuleFileError(operation: "read", path: path, underlying: "\(error)", isMissing: false))
    }
    try self.init(data: data, path: path)
  }

  /// Reads a rule from the bytes of a file (see ``init(contentsOf:)``); `path` names it in
  /// messages.
  public init(data: Data, path: String) throws(ActivationRuleError) {
    guard Self.looksLikePropertyList(data) else {
      // Not XML or binary plist: a text file holding a predicate. A UTF-8 byte order mark,
      // which some editors write first, belongs to the file, not to the predicate.
      let bytes = data.starts(with: Self.byteOrderMark) ? data.dropFirst(3) : data[...]
      try self.init(predicateFormat: String(decoding: bytes, as: UTF8.self), origin: path)
      return
    }
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, format: nil)
    } catch {
      throw .malformedPropertyList(path: path, reason: "\(error)")
    }
    if let text = root as? String {
      try self.init(propertyListValue: text, origin: path)
      return
    }
    guard let dictionary = root as? [String: Any] else {
      throw .ruleNotFound(
        path: path, lookedAt: "the top level, which is \(ActivationRuleDictionary.kind(of: root))")
    }
    if let extensionDictionary = dictionary["NSExtension"] {
      let extensionKeys = extensionDictionary as? [String: Any]
      let attributes = extensionKeys?["NSExtensionAttributes"] as? [String: Any]
      guard let attributes, let rule = attributes["NSExtensionActivationRule"] else {
        // A common slip: the rule's keys written straight into NSExtensionAttributes, or one
        // level up into NSExtension itself.
        let strayKeys = (attributes ?? [:]).keys.filter {
          ActivationRuleDictionary.knownKeys.contains($0)
        }
        if !strayKeys.isEmpty {
          throw .ruleKeysOutsideRule(path: path, keys: strayKeys.sorted())
        }
        let keysInExtension = (extensionKeys ?? [:]).keys.filter(Self.isRuleKey)
        if !keysInExtension.isEmpty {
          throw .ruleKeysOutsideRule(
            path: path, keys: keysInExtension.sorted(), container: "NSExtension")
        }
        throw .ruleNotFound(path: path, lookedAt: Self.infoPlistKeyPath)
      }
      try self.init(
        propertyListValue: rule, attributes: attributes, extensionDictionary: extensionKeys,
        origin: "\(path) (\(Self.infoPlistKeyPath))")
      return
    }
    if let attributes = dictionary["NSExtensionAttributes"] as? [String: Any],
      let rule = attributes["NSExtensionActivationRule"]
    {
      try self.init(
        propertyListValue: rule, attributes: attributes,
        origin: "\(path) (NSExtensionAttributes/NSExtensionActivationRule)")
      return
    }
    if let rule = dictionary["NSExtensionActivationRule"] {
      try self.init(
        propertyListValue: rule, attributes: dictionary,
        origin: "\(path) (NSExtensionActivationRule)")
      return
    }
    if dictionary.keys.contains(where: { $0.hasPrefix("NSExtensionActivation") }) {
      try self.init(propertyListValue: dictionary, origin: path)
      return
    }
    throw .ruleNotFound(
      path: path,
      lookedAt: "\(Self.infoPlistKeyPath), NSExtensionAttributes/NSExtensionActivationRule,"
        + " NSExtensionActivationRule and NSExtensionActivation… keys at the top level")
  }

  /// Whether `key` belongs inside `NSExtensionAttributes` (the rule) or inside the rule
  /// dictionary, so that finding it directly in `NSExtension` is a slip.
  static func isRuleKey(_ key: String) -> Bool {
    key == "NSExtensionActivationRule" || ActivationRuleDictionary.knownKeys.contains(key)
  }

  /// The UTF-8 encoding of U+FEFF, the byte order mark.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Whether the bytes are an XML or binary property list (after a byte order mark and
  /// whitespace).
  static func looksLikePropertyList(_ data: Data) -> Bool {
    if data.starts(with: Array("bplist".utf8)) { return true }
    var bytes = data[...]
    if bytes.starts(with: byteOrderMark) { bytes = bytes.dropFirst(3) }
    let text = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    return text.starts(with: Array("<?xml".utf8)) || text.starts(with: Array("<plist".utf8))
      || text.starts(with: Array("<!DOCTYPE".utf8))
  }
}
