/// The keys of the objects an activation rule is evaluated over, as single shared strings.
///
/// The input and compiled rules use these very instances, so looking a key up compares two
/// identical strings, which is a pointer comparison, instead of comparing characters.
enum ActivationKeys {
  static let extensionItems = "extensionItems"
  static let attachments = "attachments"
  static let registeredTypeIdentifiers = "registeredTypeIdentifiers"
  static let attributedTitle = "attributedTitle"
  static let attributedContentText = "attributedContentText"
  static let userInfo = "userInfo"
  static let suggestedName = "suggestedName"
  static let string = "string"
  static let length = "length"

  static let all = [
    extensionItems, attachments, registeredTypeIdentifiers, attributedTitle,
    attributedContentText, userInfo, suggestedName, string, length,
  ]

  /// The shared instance equal to `key`, or `key` itself.
  static func canonical(_ key: String) -> String {
    all.first { $0 == key } ?? key
  }
}
