import Foundation
import TestSupport

/// Runs the built `ingest-cli` binary, as a user would.
enum CLI {
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// The package root, for paths to committed files such as `corpus/`.
  static let packageRoot = ProjectPaths.packageRoot

  /// The directory holding the test bundle also holds the products it depends on.
  static var executable: URL {
    let bundle = Bundle.main.bundleURL
    let directory = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
    return directory.appendingPathComponent("ingest-cli")
  }

  static func run(
    _ arguments: [String],
    in directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? packageRoot
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both pipes before waiting so a full pipe cannot block the child.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self)
    )
  }

  /// Parses JSON output into a dictionary.
  static func json(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return object as? [String: Any] ?? [:]
  }
}
