/// Something a declaration does that is tolerated, with where it is.
public struct UTTypeDeclarationWarning: Sendable, Hashable, CustomStringConvertible {
  /// Where the declaration is, such as `UTImportedTypeDeclarations[0]`.
  public var keyPath: String
  /// What was tolerated and what happens instead.
  public var message: String

  /// Creates a warning.
  public init(keyPath: String, message: String) {
    self.keyPath = keyPath
    self.message = message
  }

  /// `keyPath: message`.
  public var description: String { "\(keyPath): \(message)" }
}
