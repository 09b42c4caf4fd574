import SystemCalls
import UTI

extension ActivationRule {
  /// The extension points whose extensions the share sheet offers: share extensions and
  /// action extensions (with or without a user interface).
  static let sharingExtensionPoints = ["com.apple.share-services", "com.apple.ui-services"]

  /// Warnings about the `NSExtension` dictionary's `NSExtensionPointIdentifier`: missing,
  /// under a misspelt key, or naming an extension point the share sheet does not offer.
  static func extensionPointWarnings(_ extensionDictionary: [String: Any])
    -> [ActivationRuleWarning]
  {
    let key = "NSExtensionPointIdentifier"
    guard let value = extensionDictionary[key] else {
      let misspelt = extensionDictionary.keys.sorted().first {
        $0 != key && EditDistance.between($0, key) <= 3
      }
      return [
        ActivationRuleWarning(
          .extensionPoint,
          misspelt.map {
            "NSExtension has \(TerminalText.echoed($0)) where \(key) was meant; without \(key)"
              + " the extension is never offered"
          } ?? "NSExtension has no \(key); without it the extension is never offered")
      ]
    }
    guard let point = value as? String, sharingExtensionPoints.contains(point) else {
      let shown = (value as? String).map { TerminalText.echoed($0) } ?? "not a string"
      let nearest = (value as? String).flatMap { text in
        sharingExtensionPoints.first { EditDistance.between($0, text) <= 3 }
      }
      return [
        ActivationRuleWarning(
          .extensionPoint,
          "\(key) is \(shown)\(nearest.map { " (\($0)?)" } ?? ""); the share sheet offers"
            + " only share extensions (com.apple.share-services) and action extensions"
            + " (com.apple.ui-services), whatever the rule says")
      ]
    }
    return []
  }
}
