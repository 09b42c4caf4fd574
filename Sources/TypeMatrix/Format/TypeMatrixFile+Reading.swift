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
    let top: [String: JSONValue]
    do {
      guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: data) else {
        throw MatrixFileError(path: path, field: "", problem: "the top level must be an object")
      }
      top = object
    } catch let error as MatrixFileError {
      throw error
    } catch {
      throw MatrixFileError(path: path, field: "", problem: "not JSON: \(Self.describe(error))")
    }
    guard case .number(let version)? = top["schemaVersion"] else {
      throw MatrixFileError(
        path: path, field: "schemaVersion", problem: "missing; this reader knows version 1")
    }
    guard version == Double(Self.currentSchemaVersion) else {
      throw MatrixFileError(
        path: path, field: "schemaVersion",
        problem: "version \(version) is not one this reader knows (it reads 1)")
    }
    let known: Set<String> = ["schemaVersion", "title", "contract", "contentDirectory", "rows"]
    if let unknown = top.keys.sorted().first(where: { !known.contains($0) }) {
      throw MatrixFileError(
        path: path, field: unknown,
        problem: "unknown field; a matrix has \(known.sorted().joined(separator: ", "))")
    }
    schemaVersion = Self.currentSchemaVersion
    title = top["title"]?.stringValue
    contentDirectory = top["contentDirectory"]?.stringValue
    if let value = top["contract"] {
      contract = try Self.decode(InputContract.self, value, path: path, field: "contract")
    }
    guard case .array(let rowValues)? = top["rows"] else {
      throw MatrixFileError(path: path, field: "rows", problem: "missing, or not an array")
    }
    var rows: [MatrixRow] = []
    var names = Set<String>()
    for (index, value) in rowValues.enumerated() {
      var name: String?
      if case .object(let object) = value { name = object["name"]?.stringValue }
      do throws(MatrixFileError) {
        let row = try Self.decode(MatrixRow.self, value, path: path, field: "")
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
        located.rowName = name
        throw located
      }
    }
    self.rows = rows
  }

  private static func decode<T: Decodable>(
    _ type: T.Type, _ value: JSONValue, path: String, field: String
  ) throws(MatrixFileError) -> T {
    do {
      let data = try JSONEncoder().encode(value)
      return try JSONDecoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      let (location, problem) = Self.locate(error)
      let joined = [field, location].filter { !$0.isEmpty }.joined(separator: ".")
      throw MatrixFileError(path: path, field: joined, problem: problem)
    } catch {
      throw MatrixFileError(path: path, field: field, problem: "\(error)")
    }
  }

  static func locate(_ error: DecodingError) -> (String, String) {
    func location(_ path: [any CodingKey]) -> String {
      path.reduce(into: "") { text, key in
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
    }
    switch error {
    case .keyNotFound(let key, let context):
      return (location(context.codingPath + [key]), "missing")
    case .typeMismatch(let type, let context):
      return (location(context.codingPath), "expected \(Self.typeName(type))")
    case .valueNotFound(let type, let context):
      return (location(context.codingPath), "expected \(Self.typeName(type)), found null")
    case .dataCorrupted(let context):
      return (location(context.codingPath), context.debugDescription)
    @unknown default:
      return ("", "\(error)")
    }
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is Int.Type, is Int64.Type, is Double.Type: "a number"
    default: "\(type)"
    }
  }

  private static func describe(_ error: any Error) -> String {
    if let error = error as? DecodingError { return locate(error).1 }
    return "\(error)"
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
