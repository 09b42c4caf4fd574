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

  /// Runs the command; with `dataLimit`, under that limit on its data segment (`ulimit -d`,
  /// RLIMIT_DATA: the heap and every private writable mapping), so a run that would allocate
  /// more fails instead of passing. With `shell`, `arguments` go to `/bin/sh` instead (for a
  /// glob that passes a file name's raw bytes).
  static func run(
    _ arguments: [String],
    in directory: URL? = nil,
    environment: [String: String] = [:],
    dataLimit: Int? = nil,
    shell: Bool = false
  ) throws -> Result {
    let process = Process()
    if shell {
      // `arguments` are the shell's own: `-c SCRIPT NAME ARGS...`.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = arguments
    } else if let dataLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -d \(dataLimit >> 10) && exec \"$0\" \"$@\"", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
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

  /// `run` on a Dispatch thread, so that waiting for the process does not hold a thread of the
  /// cooperative pool the other tests run on (see `OffPool`).
  static func runOffPool(
    _ arguments: [String], environment: [String: String] = [:], dataLimit: Int? = nil,
    shell: Bool = false
  ) async throws -> Result {
    try await OffPool.run {
      try run(arguments, environment: environment, dataLimit: dataLimit, shell: shell)
    }
  }

  /// Parses JSON output into a dictionary.
  static func json(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return object as? [String: Any] ?? [:]
  }
}
