import Foundation
import PropertyLists
import SystemCalls
import UTI

extension ActivationRule {
  /// Where an `Info.plist` keeps the rule.
  public static let infoPlistKeyPath = "NSExtension/NSExtensionAttributes/NSExtensionActivationRule"

  /// The largest rule file read: 1 MiB, the limit for an `Info.plist`
  /// (`PropertyListLimits.infoPlist`). An `Info.plist` or a predicate file is a few kilobytes.
  public static let maximumFileSize = PropertyListLimits.infoPlist.maximumByteCount

  /// Reads a rule from a file.
  ///
  /// The file may be an `Info.plist` (XML or binary) with the rule at
  /// `NSExtension/NSExtensionAttributes/NSExtensionActivationRule`; a property list holding the
  /// rule (under `NSExtensionAttributes/NSExtensionActivationRule` or `NSExtensionActivationRule`,
  /// the rule dictionary itself, or a string); or a text file holding a predicate. It must be a
  /// regular file (a symbolic link to one is followed) of at most ``maximumFileSize`` bytes.
  ///
  /// An `Info.plist` that declares types (`UTExportedTypeDeclarations`,
  /// `UTImportedTypeDeclarations`) has them registered in `registry` first, as installing the
  /// app does on a device, so the identifiers it declares resolve and conform; what the
  /// registry tolerates comes back as ``ActivationRuleWarning/Code/typeDeclaration`` warnings.
  /// - Parameters:
  ///   - url: The `Info.plist` (or a property list holding only the rule).
  ///   - registry: Where the rule's identifiers resolve and the file's declarations are
  ///     registered. Pass a fresh `UTTypeRegistry()` to keep them out of `.shared`.
  /// - Throws: ``ActivationRuleError``: ``ActivationRuleError/file(_:)`` when the file is
  ///   missing, not a regular file, too large or unreadable, and the other cases when it holds
  ///   no readable rule or declarations that cannot be registered.
  public init(contentsOf url: URL, registry: UTTypeRegistry = .shared) throws(ActivationRuleError) {
    let path = url.path
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readFile(atPath: path, limit: Int64(Self.maximumFileSize))
    } catch {
      throw .file(error)
    }
    try self.init(data: Data(bytes), path: path, registry: registry)
  }

  /// Reads a rule from the bytes of a file (see ``init(contentsOf:registry:)``, whose
  /// declarations are registered likewise); `path` names it in messages.
  ///
  /// A property list is read by `PropertyListReader` within `PropertyListLimits.infoPlist` (1
  /// MiB, 64 levels, 100,000 objects counting every reference) and parsed once.
  public init(data: Data, path: String, registry: UTTypeRegistry = .shared)
    throws(ActivationRuleError)
  {
    guard !data.isEmpty else { throw .emptyFile(path: path) }
    guard Self.looksLikePropertyList(data) else {
      // Not XML or binary plist: a text file holding a predicate. A UTF-8 byte order mark,
      // which some editors write first, belongs to the file, not to the predicate.
      let bytes = data.starts(with: Self.byteOrderMark) ? data.dropFirst(3) : data[...]
      try self.init(
        predicateFormat: String(decoding: bytes, as: UTF8.self), origin: path, registry: registry)
      return
    }
    let root: Any
    do {
      root = try PropertyListReader(limits: .infoPlist).propertyList(from: data)
    } catch {
      throw .malformedPropertyList(path: path, reason: "\(error)")
    }
    let declared = try Self.registerDeclarations(of: root, path: path, in: registry)
    let rule = try ActivationRule(propertyListRoot: root, path: path, registry: registry)
    self.init(
      form: rule.form, warnings: declared + rule.warnings, origin: rule.origin, registry: registry,
      notOfferedReason: rule.notOfferedReason)
  }

  /// Registers the type declarations of an `Info.plist`, if `root` is one that has any.
  private static func registerDeclarations(
    of root: Any, path: String, in registry: UTTypeRegistry
  ) throws(ActivationRuleError) -> [ActivationRuleWarning] {
    guard let root = root as? [String: Any],
      root["UTExportedTypeDeclarations"] != nil || root["UTImportedTypeDeclarations"] != nil
    else { return [] }
    do {
      return try registry.registerDeclarations(fromInfoPlistRoot: root).map {
        ActivationRuleWarning(.typeDeclaration, "\(TerminalText.quoted(path)): \($0)")
      }
    } catch {
      throw .typeDeclarations(error, path: path)
    }
  }

  /// The rule in a property list, its declarations already registered.
  private init(propertyListRoot root: Any, path: String, registry: UTTypeRegistry)
    throws(ActivationRuleError)
  {
    if let text = root as? String {
      try self.init(propertyListValue: text, origin: path, registry: registry)
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
        origin: "\(path) (\(Self.infoPlistKeyPath))", registry: registry)
      return
    }
    if let attributes = dictionary["NSExtensionAttributes"] as? [String: Any],
      let rule = attributes["NSExtensionActivationRule"]
    {
      try self.init(
        propertyListValue: rule, attributes: attributes,
        origin: "\(path) (NSExtensionAttributes/NSExtensionActivationRule)", registry: registry)
      return
    }
    if let rule = dictionary["NSExtensionActivationRule"] {
      try self.init(
        propertyListValue: rule, attributes: dictionary,
        origin: "\(path) (NSExtensionActivationRule)", registry: registry)
      return
    }
    if dictionary.keys.contains(where: { $0.hasPrefix("NSExtensionActivation") }) {
      try self.init(propertyListValue: dictionary, origin: path, registry: registry)
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
