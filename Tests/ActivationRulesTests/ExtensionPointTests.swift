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
