/// A failed read of a rule file: the operation, the path and the underlying error.
public struct RuleFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was being done, such as `read`.
  public var operation: String
  /// The file.
  public var path: String
  /// The underlying error, as text.
  public var underlying: String
  /// Whether the file does not exist (as opposed to existing but being unreadable).
  public var isMissing: Bool

  /// Creates an I/O error.
  public init(operation: String, path: String, underlying: String, isMissing: Bool) {
    self.operation = operation
    self.path = path
    self.underlying = underlying
    self.isMissing = isMissing
  }

  /// What failed, where and why.
  public var description: String {
    "cannot \(operation) \(path): \(underlying)"
  }
}
