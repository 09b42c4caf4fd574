import Foundation
import Ingest
import SystemCalls

extension TypeMatrixFile {
  /// The largest matrix file read (a thousand rows are a few hundred kilobytes).
  public static let sizeLimit: Int64 = 16 << 20

  /// Reads and checks the matrix at `url`.
  ///
  /// - Throws: `MatrixFileError` naming the row and field, or `IOError`.
  public init(contentsOf url: URL) throws {
    let bytes = try FileSystem.readFile(atPath: url.path, limit: Self.sizeLimit)
    try self.init(data: Data(bytes), path: url.path)
  }

  /// Reads and checks a matrix from JSON; `path` names it in errors.
  public init(data: Data, path: String) throws(MatrixFileError) {
    let document: JSONValue
    do {
      document = try JSONInput.decode(JSONValue.self, from: data)
    } catch {
      throw Self.located(error, path: path, rowName: { _ in nil })
    }
    guard case .object(let top) = document else {
      throw MatrixFileError(path: path, field: "", problem: "the top level must be an object")
    }
    guard case .number(let version)? = top["schemaVersion"] else {
      throw MatrixFileError(
        path: path, field: "schemaVersion", problem: "missing; this reader knows version 1")
    }
    guard version == Double(Self.currentSchemaVersion) else {
      throw MatrixFileError(
        path: path, field: "schemaVersion",
        problem: "version \(JSONInput.format(version)) is not one this reader knows (it reads 1)")
    }
    let known: Set<String> = ["schemaVersion", "title", "contract", "contentDirectory", "rows"]
    if let unknown = top.keys.sorted().first(where: { !known.contains($0) }) {
      throw MatrixFileError(
        path: path, field: JSONInputError.path([AnyCodingKey(unknown)]),
        problem: JSONInput.unknownFieldProblem(unknown, known: known.sorted()))
    }
    schemaVersion = Self.currentSchemaVersion
    title = top["title"]?.stringValue
    contentDirectory = top["contentDirectory"]?.stringValue
    guard case .array(let rowValues)? = top["rows"] else {
      throw MatrixFileError(path: path, field: "rows", problem: "missing, or not an array")
    }
    func rowName(_ index: Int) -> String? {
      guard rowValues.indices.contains(index), case .object(let object) = rowValues[index] else {
        return nil
      }
      return object["name"]?.stringValue
    }
    // Every row in one pass over the document (decoding each row on its own, from a copy,
    // cost a large matrix seconds); an error names its row, found from the path.
    // The contract too, from the document itself: its numbers keep every digit (a copy
    // through JSONValue would hold them as Double).
    let decodedRows: [MatrixRow]
    do {
      let decoded = try JSONInput.decode(RowsDocument.self, from: data)
      decodedRows = decoded.rows
      if let decodedContract = decoded.contract { contract = decodedContract }
    } catch {
      throw Self.located(error, path: path, rowName: rowName)
    }
    var rows: [MatrixRow] = []
    rows.reserveCapacity(decodedRows.count)
    var names = Set<String>()
    for (index, row) in decodedRows.enumerated() {
      do throws(MatrixFileError) {
        try row.check()
        guard names.insert(row.name).inserted else {
          throw MatrixFileError(
            path: path, field: "name", problem: "another row has this name; names must be unique")
        }
        rows.append(row)
      } catch {
        var located = error
        located.path = path
        located.row = index
        located.rowName = row.name
        throw located
      }
    }
    self.rows = rows
  }

  /// The matrix error for a JSON error: one under `rows[N]` names its row (and the row's name,
  /// when `rowName` knows it) and the field inside the row.
  private static func located(
    _ error: JSONInputError, path: String, rowName: (Int) -> String?
  ) -> MatrixFileError {
    var field = error.field
    var row: Int?
    if field.hasPrefix("rows["), let close = field.firstIndex(of: "]"),
      let index = Int(field[field.index(field.startIndex, offsetBy: 5)..<close])
    {
      row = index
      field = String(field[field.index(after: close)...])
      if field.hasPrefix(".") { field.removeFirst() }
    }
    return MatrixFileError(
      path: path, row: row, rowName: row.flatMap(rowName), field: field, problem: error.problem)
  }

  /// The rows and the contract of a matrix document, decoded together.
  private struct RowsDocument: Decodable {
    var rows: [MatrixRow]
    var contract: InputContract?
  }
}

extension MatrixRow {
  /// Checks what the JSON shape cannot: attachments named `item.attachment`.
  func check() throws(MatrixFileError) {
    guard !name.isEmpty else {
      throw MatrixFileError(path: "", field: "name", problem: "must not be empty")
    }
    for (index, failure) in script.enumerated() where failure.position == nil {
      throw MatrixFileError(
        path: "", field: "script[\(index)].attachment",
        problem: "'\(failure.attachment)' is not item.attachment, such as 1.2 (both from 1)")
    }
    for (index, taken) in (expect.taken ?? []).enumerated()
    where !["file", "data", "object"].contains(taken.readAs) {
      throw MatrixFileError(
        path: "", field: "expect.taken[\(index)].readAs",
        problem: "'\(taken.readAs)' is not file, data or object")
    }
  }
}
