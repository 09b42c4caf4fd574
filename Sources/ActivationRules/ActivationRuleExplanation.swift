/// A rule written out as a predicate, with what to know about it.
public struct ActivationRuleExplanation: Sendable, Equatable, Codable {
  /// `dictionary` or `predicate`.
  public var form: String
  /// The predicate on one line, normalized.
  public var predicateFormat: String
  /// The predicate indented two spaces per level.
  public var indentedFormat: String
  /// What the rule does, in short sentences.
  public var summary: [String]
  /// Where the predicate of a dictionary differs from the dictionary's evaluation.
  public var notes: [String]
  /// What Apple ignores or rejects in the rule.
  public var warnings: [ActivationRuleWarning]
}
