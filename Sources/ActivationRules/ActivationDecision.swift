/// Whether an extension appears for a share, and why.
public struct ActivationDecision: Sendable, Equatable, Codable {
  /// Whether the rule matches, so the extension appears in the share sheet.
  public var isShown: Bool
  /// One sentence naming the clause or key that decided, and for which attachment.
  public var reason: String
  /// The evaluation, clause by clause.
  public var trace: ActivationTrace
  /// The error that stopped evaluation, when one did (Apple hides the extension then).
  public var evaluationError: String?

  /// Creates a decision.
  public init(
    isShown: Bool, reason: String, trace: ActivationTrace, evaluationError: String? = nil
  ) {
    self.isShown = isShown
    self.reason = reason
    self.trace = trace
    self.evaluationError = evaluationError
  }
}
