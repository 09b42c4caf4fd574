import SystemCalls

/// What is wrong in a matrix file, and where: the row (by index and name) and the field path.
public struct MatrixFileError: Error, Sendable, Hashable, NameQuotingDescription {
  /// The file.
  public var path: String
  /// The row's index (from 0), when the problem is in a row.
  public var row: Int?
  /// The row's name, when it has one.
  public var rowName: String?
  /// The field, such as `expect.outcome` or `source.items[0].attachments[1]`.
  public var field: String
  /// What is wrong and what is allowed.
  public var problem: String

  /// Creates an error.
  public init(path: String, row: Int? = nil, rowName: String? = nil, field: String, problem: String)
  {
    self.path = path
    self.row = row
    self.rowName = rowName
    self.field = field
    self.problem = problem
  }

  /// The description for a terminal: the path and the row's name quoted
  /// (`NameQuoting.terminal`: a name with control characters as `$'...'`).
  public var description: String { description(quoting: .terminal) }

  /// `matrix.json, row 3 "Photos: one photo", expect.outcome: ...`, the path and the row's
  /// name written by `quoting` and the name shortened; the field and the problem with any
  /// control character replaced.
  public func description(quoting: NameQuoting) -> String {
    var places: [String] = []
    if !path.isEmpty { places.append(quoting.quote(path)) }
    if let row {
      var place = "row \(row + 1)"
      if let rowName { place += " " + quoting.echoed(rowName, mark: "\"") }
      places.append(place)
    }
    if !field.isEmpty { places.append(TerminalText.excerpt(field)) }
    let problem = TerminalText.excerpt(self.problem)
    return places.isEmpty ? problem : "\(places.joined(separator: ", ")): \(problem)"
  }
}
