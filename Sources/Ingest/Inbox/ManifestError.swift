import SystemCalls

/// Why a manifest cannot be read: which file, and what in it is wrong.
public struct ManifestError: Error, Sendable, Hashable, NameQuotingDescription {
  /// The manifest file (or `<data>`).
  public var path: String
  /// Where in the document the problem is, such as `items[1].kind`; empty for the whole.
  public var field: String
  /// What is wrong, without the document's content.
  public var problem: String

  /// Creates an error.
  public init(path: String, field: String = "", problem: String) {
    self.path = path
    self.field = field
    self.problem = problem
  }

  /// The description for a terminal: each name quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// `manifest <path>: <field>: <problem>`, the path written by `quoting` and the rest with any
  /// control character replaced, so a manifest's content can never act on a terminal.
  public func description(quoting: NameQuoting) -> String {
    let place = field.isEmpty ? "" : "\(TerminalText.excerpt(field)): "
    return "manifest \(quoting.quote(path)): \(place)\(TerminalText.excerpt(problem))"
  }
}
