/// Something in an activation rule that Apple ignores, rejects or reads differently than it
/// looks; the rule still evaluates.
public struct ActivationRuleWarning: Sendable, Equatable, Codable, CustomStringConvertible {
  /// What kind of problem this is.
  public enum Code: String, Sendable, Codable, CaseIterable {
    /// A dictionary key Apple does not read, such as `…SupportsVideoWithMaxCount`.
    case unknownKey
    /// `NSExtensionActivationDictionaryVersion` or `…UsesStrictMatching` (or another rule key)
    /// placed in `NSExtensionAttributes` beside the rule, or in `NSExtension` itself, instead of
    /// inside the rule dictionary.
    case keyBesideRule
    /// `TRUEPREDICATE`: the App Store rejects extensions that ship it.
    case truePredicate
    /// A web page count without `NSExtensionJavaScriptPreprocessingFile`: Safari then never
    /// supplies a web page.
    case webPageWithoutPreprocessing
    /// A value Apple reads in a way that may surprise (a string count, a negative count).
    case valueReading
    /// A dictionary version Apple does not document, or a strict-matching key that has no
    /// effect.
    case version
    /// A rule that can never be satisfied.
    case acceptsNothing
    /// A type identifier in the rule that no declaration knows (often a typo).
    case unknownTypeIdentifier
    /// A comparison that tests a whole list where one element was meant (a missing `ANY`).
    case missingModifier
    /// A key the objects Apple evaluates the rule over do not have.
    case unknownInputKey
    /// A string comparison on `attributedTitle` or `attributedContentText` (attributed strings)
    /// instead of on their `.string`.
    case attributedText
    /// A type declaration of the `Info.plist` holding the rule that the registry tolerated
    /// (an unknown parent, an import shadowed by an export).
    case typeDeclaration
    /// `NSExtensionPointIdentifier` missing, misspelt, or not a share or action extension's:
    /// the system never offers such an extension in the share sheet, whatever its rule says.
    case extensionPoint
  }

  /// What kind of problem this is.
  public var code: Code
  /// What is wrong and what Apple does about it.
  public var message: String

  /// Creates a warning.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
