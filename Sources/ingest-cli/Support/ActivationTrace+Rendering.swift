import ActivationRules

/// A rule's trace as `rule check` prints it: the library gives the trace as structured values,
/// the command line lays it out for a terminal.
extension ActivationTrace {
  /// The trace as indented text, one clause per line, each marked ✓ (held), ✗ (did not) or ·
  /// (not evaluated); with a `width`, each clause is wrapped to that many columns with its
  /// continuation lines indented under its text.
  func rendered(indent: Int = 0, width: Int? = nil) -> String {
    let mark =
      switch result {
      case .some(true): "✓"
      case .some(false): "✗"
      case .none: "·"
      }
    let head = String(repeating: "  ", count: indent) + mark + " "
    var text = subject.map { $0 + ": " } ?? ""
    text += clause
    if let detail { text += "  — " + detail }
    let line =
      width.map { TextWrapping.wrap(text, width: $0, prefix: head, indent: indent * 2 + 4) }
      ?? head + text
    return ([line] + children.map { $0.rendered(indent: indent + 1, width: width) })
      .joined(separator: "\n")
  }
}
