import SystemCalls
import UTI

extension ActivationRule {
  /// The extension points whose extensions the share sheet offers: share extensions and
  /// action extensions, with a user interface (`com.apple.ui-services`) or without one
  /// (`com.apple.services`), as Apple's `NSExtensionPointIdentifier` list names them.
  static let sharingExtensionPoints = [
    "com.apple.share-services", "com.apple.ui-services", "com.apple.services",
  ]

  /// Warnings about the `NSExtension` dictionary's `NSExtensionPointIdentifier`: missing,
  /// under a misspelt key, or naming an extension point the share sheet does not offer.
  static func extensionPointWarnings(_ extensionDictionary: [String: Any])
    -> [ActivationRuleWarning]
  {
    extensionPointCheck(extensionDictionary).warnings
  }

  /// The `NSExtension` dictionary's extension point: its warnings, and why the share sheet
  /// never offers the extension, when the dictionary says so.
  ///
  /// An `NSExtensionPointIdentifier` that names another extension point (or a misspelt one,
  /// `com.apple.share-service`), that is not a string, or that sits under a misspelt key
  /// (`NSExtensionPointIdentifer`) means a device never lists the extension in the share sheet,
  /// whatever its rule says: such a rule is hidden for every share, with that reason. An
  /// `NSExtension` dictionary with no such key at all is warned of only: it is what a rule
  /// kept on its own in a test fixture looks like, and says nothing of the extension point.
  static func extensionPointCheck(_ extensionDictionary: [String: Any])
    -> (warnings: [ActivationRuleWarning], notOfferedReason: String?)
  {
    let key = "NSExtensionPointIdentifier"
    guard let value = extensionDictionary[key] else {
      let misspelt = extensionDictionary.keys.sorted().first {
        $0 != key && EditDistance.between($0, key) <= 3
      }
      let message =
        misspelt.map {
          "NSExtension has \(TerminalText.echoed($0)) where \(key) was meant; without \(key)"
            + " the extension is never offered"
        } ?? "NSExtension has no \(key); without it the extension is never offered"
      return ([ActivationRuleWarning(.extensionPoint, message)], misspelt.map { _ in message })
    }
    guard let point = value as? String, sharingExtensionPoints.contains(point) else {
      let shown = (value as? String).map { TerminalText.echoed($0) } ?? "not a string"
      let nearest = (value as? String).flatMap { text in
        sharingExtensionPoints.map { ($0, EditDistance.between($0, text)) }
          .filter { $0.1 <= 3 }.min { $0.1 < $1.1 }?.0
      }
      let message =
        "\(key) is \(shown)\(nearest.map { " (\($0)?)" } ?? ""); the share sheet offers"
        + " only share extensions (com.apple.share-services) and action extensions"
        + " (com.apple.ui-services, com.apple.services), whatever the rule says"
      return ([ActivationRuleWarning(.extensionPoint, message)], message)
    }
    return ([], nil)
  }
}
