import SystemCalls

/// What is wrong in a matrix file, and where: the row (by index and name) and the field path.
public struct MatrixFileError: Error, Sendable, Hashable, CustomStringConvertible {
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

  /// `matrix.json, row 3 "Photos: one photo", expect.outcome: ...`, the path and the row's
  /// name quoted (a name with control characters as `$'...'`) and the name shortened.
  public var description: String {
    var places: [String] = []
    if !path.isEmpty { places.append(TerminalText.quoted(path)) }
    if let row {
      var place = "row \(row + 1)"
      if let rowName {
        let shown = TerminalText.shortened(rowName)
        place += shown.hasPrefix("$'") ? " \(shown)" : " \"\(shown)\""
      }
      places.append(place)
    }
    if !field.isEmpty { places.append(TerminalText.excerpt(field)) }
    let problem = TerminalText.excerpt(self.problem)
    return places.isEmpty ? problem : "\(places.joined(separator: ", ")): \(problem)"
  }
}
