import SystemCalls

/// Why a manifest cannot be read: which file, and what in it is wrong.
public struct ManifestError: Error, Sendable, Hashable, CustomStringConvertible {
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

  /// An error from a JSON decoding failure, located by its coding path.
  init(path: String, decodingError: DecodingError) {
    func location(_ codingPath: [any CodingKey]) -> String {
      codingPath.reduce(into: "") { text, key in
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
    }
    switch decodingError {
    case .keyNotFound(let key, let context):
      self.init(
        path: path, field: location(context.codingPath + [key]), problem: "the field is missing")
    case .typeMismatch(let type, let context):
      self.init(
        path: path, field: location(context.codingPath), problem: "expected \(type)")
    case .valueNotFound(let type, let context):
      self.init(
        path: path, field: location(context.codingPath), problem: "expected \(type), found null")
    case .dataCorrupted(let context):
      self.init(
        path: path, field: location(context.codingPath), problem: context.debugDescription)
    @unknown default:
      self.init(path: path, problem: "\(decodingError)")
    }
  }

  /// `manifest <path>: <field>: <problem>`, the path quoted and the rest with any control
  /// character replaced, so a manifest's content can never act on a terminal.
  public var description: String {
    let place = field.isEmpty ? "" : "\(TerminalText.excerpt(field)): "
    return "manifest \(TerminalText.quoted(path)): \(place)\(TerminalText.excerpt(problem))"
  }
}
