import Foundation

/// The app a generated shortcut shares to: what a `WFApp` dictionary holds.
public struct ShortcutApp: Sendable, Equatable, Codable {
  /// The reverse-DNS bundle identifier, such as `com.example.app`.
  public let bundleIdentifier: String
  /// The app's display name.
  public let name: String
  /// The ten-character Apple Developer team identifier, such as `ABCDE12345`.
  public let teamIdentifier: String

  /// Creates an app binding after checking each value.
  /// - Throws: `ShortcutError.invalidArgument` naming the bad value and the rule it breaks.
  public init(bundleIdentifier: String, name: String, teamIdentifier: String) throws(ShortcutError)
  {
    guard Self.isReverseDNS(bundleIdentifier) else {
      throw .invalidArgument(
        "bundle identifier '\(bundleIdentifier)' is not reverse-DNS: use two or more"
          + " dot-separated labels of letters, digits and hyphens, such as com.example.app")
    }
    guard Self.isTeamIdentifier(teamIdentifier) else {
      throw .invalidArgument(
        "team identifier '\(teamIdentifier)' must be exactly ten upper-case letters or digits,"
          + " such as ABCDE12345")
    }
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.count <= 256 else {
      throw .invalidArgument("app name must be 1 to 256 characters")
    }
    self.bundleIdentifier = bundleIdentifier
    self.name = trimmed
    self.teamIdentifier = teamIdentifier
  }

  /// Two or more labels of ASCII letters, digits and hyphens (as in CFBundleIdentifier), not
  /// starting or ending with a hyphen, at most 255 characters.
  static func isReverseDNS(_ value: String) -> Bool {
    guard value.utf8.count <= 255 else { return false }
    let labels = value.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2 else { return false }
    return labels.allSatisfy { label in
      !label.isEmpty && label.first != "-" && label.last != "-"
        && label.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            || $0 == "-"
        }
    }
  }

  static func isTeamIdentifier(_ value: String) -> Bool {
    value.unicodeScalars.count == 10
      && value.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
  }
}
