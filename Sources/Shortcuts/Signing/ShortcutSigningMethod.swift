/// How a shortcut was signed.
public enum ShortcutSigningMethod: String, Sendable, Codable {
  /// "People who know me": signed with a key vouched for by the sender's Apple ID certificate.
  case contact
  /// "Anyone": signed by Apple's iCloud service with a certificate chaining to Apple Root CA - G3.
  case iCloud
}
