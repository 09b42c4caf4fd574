import Foundation
import SystemCalls

/// The dictionary form of `NSExtensionActivationRule`: counts per kind of attachment.
///
/// Matching, as Apple describes it: **strict** when `NSExtensionActivationUsesStrictMatching` is
/// true or `NSExtensionActivationDictionaryVersion` is below 2 (absent means 1) — every
/// attachment must be of a kind some key accepts, and each present key's maximum holds;
/// **fuzzy** for version 2 without strict matching — one accepted attachment is enough, and every
/// present key's maximum holds, so an explicit 0 rejects a share holding that kind, while an
/// absent key leaves that kind alone. In strict matching an explicit 0 and an absent key both
/// mean "not accepted". Which identifiers each key counts is the table in
/// ``ActivationAttachmentKind``.
///
/// Counts are read as `-[NSString integerValue]` / `-[NSNumber integerValue]` read them:
/// `<string>1</string>` and `<true/>` are 1, `<real>2.9</real>` is 2, `<string>abc</string>` is 0.
public struct ActivationRuleDictionary: Sendable, Equatable {
  /// The maximum count of each kind whose key is present (text: 1 or 0 from
  /// `NSExtensionActivationSupportsText`).
  public var maximumCounts: [ActivationAttachmentKind: Int]
  /// `NSExtensionActivationSupportsAttachmentsWithMaxCount`: any attachment, up to this many.
  public var attachmentsMaximumCount: Int?
  /// `NSExtensionActivationSupportsAttachmentsWithMinCount`: at least this many attachments.
  public var attachmentsMinimumCount: Int?
  /// `NSExtensionActivationDictionaryVersion`, when present.
  public var dictionaryVersion: Int?
  /// `NSExtensionActivationUsesStrictMatching`, when present.
  public var usesStrictMatching: Bool?
  /// What Apple ignores or reads surprisingly in this dictionary.
  public var warnings: [ActivationRuleWarning]

  /// The keys Apple reads inside the rule dictionary.
  public static let knownKeys: [String] =
    ActivationAttachmentKind.allCases.map(\.key) + [
      attachmentsMaximumKey, attachmentsMinimumKey, versionKey, strictMatchingKey,
    ]

  static let attachmentsMaximumKey = "NSExtensionActivationSupportsAttachmentsWithMaxCount"
  static let attachmentsMinimumKey = "NSExtensionActivationSupportsAttachmentsWithMinCount"
  static let versionKey = "NSExtensionActivationDictionaryVersion"
  static let strictMatchingKey = "NSExtensionActivationUsesStrictMatching"

  /// Whether matching is strict: strict matching requested, or a version below 2.
  public var isStrict: Bool { usesStrictMatching == true || (dictionaryVersion ?? 1) < 2 }

  /// Reads a rule dictionary as Apple does.
  /// - Throws: ``ActivationRuleError/invalidValue(key:found:)`` for a value that is not a
  ///   number, Boolean or string (an array, a dictionary, a date, data).
  public init(propertyList dictionary: [String: Any]) throws(ActivationRuleError) {
    maximumCounts = [:]
    warnings = []
    for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
      if let kind = ActivationAttachmentKind.allCases.first(where: { $0.key == key }) {
        maximumCounts[kind] = try readCount(key, value)
      } else if key == Self.attachmentsMaximumKey {
        attachmentsMaximumCount = try readCount(key, value)
      } else if key == Self.attachmentsMinimumKey {
        attachmentsMinimumCount = try readCount(key, value)
      } else if key == Self.versionKey {
        dictionaryVersion = try readCount(key, value)
      } else if key == Self.strictMatchingKey {
        usesStrictMatching = try Self.readBool(key, value)
      } else {
        let hint = Self.suggestion(for: key).map { " (did you mean \($0)?)" } ?? ""
        warnings.append(
          ActivationRuleWarning(
            .unknownKey,
            "\(TerminalText.quoted(key)) is not a key Apple reads in the rule; it is ignored"
              + hint))
      }
    }
    addReadingWarnings()
  }

  /// Creates a rule from counts directly.
  public init(
    maximumCounts: [ActivationAttachmentKind: Int], attachmentsMaximumCount: Int? = nil,
    attachmentsMinimumCount: Int? = nil, dictionaryVersion: Int? = nil,
    usesStrictMatching: Bool? = nil
  ) {
    self.maximumCounts = maximumCounts
    self.attachmentsMaximumCount = attachmentsMaximumCount
    self.attachmentsMinimumCount = attachmentsMinimumCount
    self.dictionaryVersion = dictionaryVersion
    self.usesStrictMatching = usesStrictMatching
    self.warnings = []
    addReadingWarnings()
  }

  private mutating func readCount(_ key: String, _ value: Any) throws(ActivationRuleError) -> Int {
    let count = try Self.readInteger(key, value)
    if let string = value as? String {
      if key == ActivationAttachmentKind.text.key {
        // A Boolean key, but Apple reads every rule key with intValue: "YES" and "true" are 0.
        let accepted = count > 0
        let meant = (try? Self.readBool(key, value)) ?? accepted
        warnings.append(
          ActivationRuleWarning(
            .valueReading,
            "\(key) is the string \(TerminalText.quoted("\"\(string)\"")); Apple reads it as the"
              + " integer \(count), so text is \(accepted ? "" : "not ")accepted"
              + " (write <\(meant)/>)"))
      } else {
        warnings.append(
          ActivationRuleWarning(
            .valueReading,
            "\(key) is a string; Apple reads it as the integer \(count) (write <integer>\(count)"
              + "</integer>)"))
      }
    }
    if count < 0 {
      warnings.append(
        ActivationRuleWarning(
          .valueReading, "\(key) is \(count): no count is at most \(count), so it never matches"))
    }
    return count
  }

  private mutating func addReadingWarnings() {
    if let version = dictionaryVersion, version != 1, version != 2 {
      warnings.append(
        ActivationRuleWarning(
          .version,
          "NSExtensionActivationDictionaryVersion \(version) is not a version Apple documents"
            + " (1 or 2); it is read as \(version < 2 ? "below 2 (strict)" : "2 or above")"))
    }
    if usesStrictMatching == false, (dictionaryVersion ?? 1) < 2 {
      warnings.append(
        ActivationRuleWarning(
          .version,
          "NSExtensionActivationUsesStrictMatching is false but the dictionary version is"
            + " \(dictionaryVersion.map(String.init) ?? "absent (1)"); matching stays strict"
            + " below version 2"))
    }
    let acceptsSomething =
      maximumCounts.values.contains { $0 > 0 } || (attachmentsMaximumCount ?? 0) > 0
    if !acceptsSomething {
      warnings.append(
        ActivationRuleWarning(
          .acceptsNothing,
          "no key accepts any attachment (every count is absent or 0), so the extension never"
            + " appears"))
    }
  }

  /// Reads a value as `integerValue` does.
  static func readInteger(_ key: String, _ value: Any) throws(ActivationRuleError) -> Int {
    switch value {
    case let bool as Bool: return bool ? 1 : 0
    case let integer as Int: return integer
    case let string as String: return integerValue(of: string)
    case let number as NSNumber: return number.intValue
    default: throw .invalidValue(key: key, found: kind(of: value))
    }
  }

  /// Reads a value as `boolValue` does.
  static func readBool(_ key: String, _ value: Any) throws(ActivationRuleError) -> Bool {
    switch value {
    case let bool as Bool: return bool
    case let integer as Int: return integer != 0
    case let number as NSNumber: return number.doubleValue != 0
    case let string as String:
      // -[NSString boolValue]: skips whitespace, an optional sign and leading zeros; true for
      // Y, y, T, t or a digit 1-9.
      var trimmed = Substring(string)
      trimmed = trimmed.drop(while: { (character: Character) in character.isWhitespace })
      if let sign = trimmed.first, sign == "+" || sign == "-" { trimmed = trimmed.dropFirst() }
      trimmed = trimmed.drop(while: { (character: Character) in character == "0" })
      guard let first = trimmed.first else { return false }
      return "YyTt123456789".contains(first)
    default: throw .invalidValue(key: key, found: kind(of: value))
    }
  }

  /// `-[NSString integerValue]`: leading whitespace, an optional sign, then decimal digits up to
  /// the first non-digit; 0 when there are none. Saturates instead of overflowing.
  static func integerValue(of string: String) -> Int {
    var scalars = Substring(string).unicodeScalars.drop(while: { (scalar: Unicode.Scalar) in
      scalar.properties.isWhitespace
    })
    var negative = false
    if let sign = scalars.first, sign == "+" || sign == "-" {
      negative = sign == "-"
      scalars = scalars.dropFirst()
    }
    var value = 0
    for scalar in scalars {
      guard scalar.isASCII, let digit = Int(String(scalar)) else { break }
      let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (added, overflow2) = multiplied.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return negative ? Int.min : Int.max }
      value = added
    }
    return negative ? -value : value
  }

  static func kind(of value: Any) -> String {
    switch value {
    case is [Any]: "an array"
    case is [String: Any]: "a dictionary"
    case is Date: "a date"
    case is Data: "data"
    default: "a \(type(of: value))"
    }
  }

  /// The known key an unknown one was probably meant to be.
  static func suggestion(for key: String) -> String? {
    let aliases: [String: ActivationAttachmentKind] = [
      "video": .movie, "videos": .movie, "movies": .movie, "images": .image, "photo": .image,
      "photos": .image, "url": .webURL, "urls": .webURL, "weburls": .webURL, "webpages": .webPage,
      "files": .file, "texts": .text, "textwithmaxcount": .text,
    ]
    let lower = key.lowercased()
    let prefix = "nsextensionactivationsupports"
    if lower.hasPrefix(prefix) {
      var rest = String(lower.dropFirst(prefix.count))
      if rest.hasSuffix("withmaxcount"), rest != "textwithmaxcount" {
        rest = String(rest.dropLast("withmaxcount".count))
      }
      if let kind = aliases[rest] { return kind.key }
    }
    let best = knownKeys.map { ($0, editDistance($0.lowercased(), lower)) }.min { $0.1 < $1.1 }
    guard let best, best.1 <= max(3, key.count / 8) else { return nil }
    return best.0
  }

  private static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
