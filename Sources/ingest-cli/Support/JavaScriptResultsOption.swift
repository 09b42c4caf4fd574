import Foundation
import Ingest
import SystemCalls

/// `--javascript-results JSON|FILE` of `share` and `rule check`: what the extension's own
/// JavaScript preprocessing returns, in place of the profile's example (`title`, `URL`,
/// `selection`), given inline (an argument starting with `{` or `[`) or as a JSON file.
enum JavaScriptResultsOption {
  /// The option's declaration, read by both commands.
  static let option = Option(
    "--javascript-results", value: "JSON|FILE",
    help: "what the extension's JavaScript preprocessing returns, as JSON inline or in a file"
      + " ('-' reads standard input);"
      + " Safari hands it over under NSExtensionJavaScriptPreprocessingResultsKey (implies"
      + " --source safari-page-javascript)",
    completion: .file)

  /// The profile that carries a preprocessing result, used when no --source is given.
  static let defaultProfile = "safari-page-javascript"

  /// Reads the option's value: inline JSON, the JSON file it names, or standard input for `-`
  /// (at most 1 MiB).
  static func read(_ argument: String) throws -> JavaScriptPreprocessingResults {
    let trimmed = argument.trimmingCharacters(in: .whitespacesAndNewlines)
    let json: Data
    if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") {
      json = Data(trimmed.utf8)
    } else {
      json = Data(try InputPath.read(argument, limit: 1 << 20))
    }
    do {
      return try JavaScriptPreprocessingResults(json: json)
    } catch {
      throw CLIError(status: .dataError) { "--javascript-results: \($0.describe(error))" }
    }
  }
}
