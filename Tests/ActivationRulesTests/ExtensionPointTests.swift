import Foundation
import Testing

@testable import ActivationRules

/// An `Info.plist`'s `NSExtensionPointIdentifier`, which decides before any rule whether the
/// share sheet offers the extension at all.
@Suite("NSExtensionPointIdentifier: missing, misspelt or not a sharing extension is warned of")
struct ExtensionPointTests {
  static func warnings(_ extensionDictionary: [String: Any]) throws -> [ActivationRuleWarning] {
    let rule: [String: Any] = ["NSExtensionActivationSupportsImageWithMaxCount": 1]
    return try ActivationRule(
      propertyListValue: rule, attributes: ["NSExtensionActivationRule": rule],
      extensionDictionary: extensionDictionary
    ).warnings.filter { $0.code == .extensionPoint }
  }

  @Test("A share or action extension's identifier draws no warning")
  func sharing() throws {
    for point in ["com.apple.share-services", "com.apple.ui-services"] {
      #expect(try Self.warnings(["NSExtensionPointIdentifier": point]).isEmpty)
    }
  }

  @Test("A misspelt key, a misspelt value, another extension point and none are each warned of")
  func warned() throws {
    let misspeltKey = try Self.warnings(["NSExtensionPointIdentifer": "com.apple.share-services"])
    #expect(misspeltKey.first?.message.contains("'NSExtensionPointIdentifer'") == true)
    let misspeltValue = try Self.warnings(["NSExtensionPointIdentifier": "com.apple.share-service"])
    #expect(misspeltValue.first?.message.contains("(com.apple.share-services?)") == true)
    let widget = try Self.warnings(["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"])
    #expect(widget.count == 1)
    #expect(try Self.warnings([:]).first?.message.contains("no NSExtensionPointIdentifier") == true)
  }
}

/// Item 5 of issue 44: a misspelt or foreign extension point is not merely warned of; the
/// share sheet would not offer the extension, so the rule is hidden for every share.
@Suite("An extension point the share sheet does not offer hides the extension")
struct ExtensionPointDecisionTests {
  static func rule(_ extensionDictionary: [String: Any]) throws -> ActivationRule {
    let rule: [String: Any] = ["NSExtensionActivationSupportsImageWithMaxCount": 1]
    return try ActivationRule(
      propertyListValue: rule, attributes: ["NSExtensionActivationRule": rule],
      extensionDictionary: extensionDictionary)
  }

  static let photo = ActivationInput(attachments: [
    ActivationAttachment(registeredTypeIdentifiers: ["public.jpeg"], hasFileRepresentation: true)
  ])

  @Test("A misspelt value, another point or a misspelt key: hidden, and the reason says why")
  func hidden() throws {
    for dictionary: [String: Any] in [
      ["NSExtensionPointIdentifier": "com.apple.share-service"],
      ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"],
      ["NSExtensionPointIdentifer": "com.apple.share-services"],
    ] {
      let rule = try Self.rule(dictionary)
      let decision = rule.evaluate(Self.photo)
      #expect(!decision.isShown, "\(dictionary)")
      #expect(decision.reason.hasPrefix("never offered: "))
      #expect(!rule.matches(Self.photo))
      #expect(rule.notOfferedReason != nil)
    }
  }

  @Test("Share and action extensions, and a rule with no extension point at all, decide by rule")
  func decidedByRule() throws {
    for point in ["com.apple.share-services", "com.apple.ui-services", "com.apple.services"] {
      let rule = try Self.rule(["NSExtensionPointIdentifier": point])
      #expect(rule.evaluate(Self.photo).isShown, "\(point)")
      #expect(rule.warnings.allSatisfy { $0.code != .extensionPoint })
    }
    // A fragment holding only the rule (as test fixtures keep it) is warned of, not hidden.
    let fragment = try Self.rule([:])
    #expect(fragment.evaluate(Self.photo).isShown)
    #expect(fragment.warnings.contains { $0.code == .extensionPoint })
  }
}

/// Items 5 and 13 of issue 44: warnings name the type meant; an OR says which alternative decided.
@Suite("Rule warnings and reasons a team can act on")
struct RuleReasonTests {
  @Test("An unknown type identifier is warned of with the declared one nearest to it")
  func nearestType() throws {
    let rule = try ActivationRule(
      predicateFormat:
        "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY"
        + " $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.imgae\").@count >= 1)"
        + ".@count >= 1")
    let warning = try #require(rule.warnings.first { $0.code == .unknownTypeIdentifier })
    #expect(warning.message.contains("did you mean public.image?"), "\(warning.message)")
  }

  @Test("A misspelt dictionary key is warned of with the key Apple reads")
  func nearestKey() throws {
    let rule = try ActivationRule(propertyListValue: [
      "NSExtensionActivationSupportsImagesWithMaxCount": 10
    ])
    let warning = try #require(rule.warnings.first { $0.code == .unknownKey })
    #expect(warning.message.contains("NSExtensionActivationSupportsImageWithMaxCount"))
  }

  static let orRule =
    "SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $a, ANY"
    + " $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count >= 1).@count == 1"
    + " OR SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $a, ANY"
    + " $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.url\").@count == 1).@count == 1"

  @Test("The reason names which alternative of an OR decided, by place and by the types it tests")
  func orAlternative() throws {
    let rule = try ActivationRule(predicateFormat: Self.orRule)
    let url = ActivationInput(attachments: [
      ActivationAttachment(
        registeredTypeIdentifiers: ["public.url"], url: URL(string: "https://example.com/"))
    ])
    let image = ActivationInput(attachments: [
      ActivationAttachment(registeredTypeIdentifiers: ["public.jpeg"], hasFileRepresentation: true)
    ])
    let byURL = rule.evaluate(url)
    let byImage = rule.evaluate(image)
    #expect(byURL.isShown && byImage.isShown)
    #expect(
      byURL.reason.contains("alternative 2 of 2 of the OR (the one testing public.url)"),
      "\(byURL.reason)")
    #expect(
      byImage.reason.contains("alternative 1 of 2 of the OR (the one testing public.image)"),
      "\(byImage.reason)")
    #expect(byURL.reason != byImage.reason)
  }
}
