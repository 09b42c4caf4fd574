import Foundation
import Ingest
import SystemCalls

/// A row's JavaScript preprocessing result: what the extension's own script returns, which
/// Safari hands over under `NSExtensionJavaScriptPreprocessingResultsKey`, in place of the
/// profile's example. Written inline (a JSON object) or as a JSON file's path, relative to the
/// matrix's content directory.
public enum MatrixJavaScriptResults: Codable, Sendable, Hashable {
  /// The result, written in the row.
  case inline(JavaScriptPreprocessingResults)
  /// A JSON file holding the result, relative to the content directory.
  case file(String)

  /// A string names a file; any other JSON value is the result itself.
  public init(from decoder: any Decoder) throws {
    if let path = try? decoder.singleValueContainer().decode(String.self) {
      self = .file(path)
    } else {
      self = .inline(try JavaScriptPreprocessingResults(from: decoder))
    }
  }

  /// Writes the result, or the file's path.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .inline(let results): try results.encode(to: encoder)
    case .file(let path):
      var container = encoder.singleValueContainer()
      try container.encode(path)
    }
  }

  /// The result, reading the file (at most 1 MiB) from `contentDirectory` when it is one.
  func resolve(contentDirectory: URL) throws -> JavaScriptPreprocessingResults {
    switch self {
    case .inline(let results):
      return results
    case .file(let path):
      let url =
        path.hasPrefix("/")
        ? URL(fileURLWithPath: path) : contentDirectory.appendingPathComponent(path)
      return try JavaScriptPreprocessingResults(
        json: Data(try FileSystem.readFile(atPath: url.path, limit: 1 << 20)))
    }
  }
}
