import Foundation
import TestSupport

/// Runs the built `ingest-cli` binary, as a user would.
enum CLI {
  struct Result: Sendable {
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

  /// Runs the binary with `arguments` and waits for it off the cooperative pool (see
  /// `Offload`).
  static func run(
    _ arguments: [String],
    in directory: URL? = nil,
    environment: [String: String] = [:],
    input: Data? = nil,
    dataLimit: Int? = nil,
    shell: Bool = false
  ) async throws -> Result {
    try await Offload.run {
      try runBlocking(
        arguments, in: directory, environment: environment, input: input, dataLimit: dataLimit,
        shell: shell)
    }
  }

  /// Runs the command and waits for it on the calling thread; with `dataLimit`, under that
  /// limit on its data segment (`ulimit -d`, RLIMIT_DATA: the heap and every private writable
  /// mapping), so a run that would allocate more fails instead of passing. With `shell`,
  /// `arguments` go to `/bin/sh` instead (for a glob that passes a file name's raw bytes).
  static func runBlocking(
    _ arguments: [String],
    in directory: URL? = nil,
    environment: [String: String] = [:],
    input: Data? = nil,
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
    let standardInput = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
    try process.run()
    if let input {
      // Written on its own thread: a child that does not read all of it must not block us.
      let writer = standardInput.fileHandleForWriting
      Thread.detachNewThread {
        writer.write(input)
        try? writer.close()
      }
    }
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

  /// Runs a shell command line with `ingest-cli` on its PATH, standard output and standard
  /// error going to one pipe, as a person's terminal or a log file receives them.
  static func shell(
    _ command: String, in directory: URL? = nil, environment: [String: String] = [:]
  ) async throws -> (status: Int32, output: String) {
    try await Offload.run { try shellBlocking(command, in: directory, environment: environment) }
  }

  /// `shell`, waiting on the calling thread.
  static func shellBlocking(
    _ command: String, in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = directory ?? packageRoot
    var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    merged["PATH"] = executable.deletingLastPathComponent().path + ":" + (merged["PATH"] ?? "")
    process.environment = merged
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Parses JSON output into a dictionary.
  /// The first line a process writes to `pipe` (with its newline), read off the cooperative
  /// pool; what came before the end when the process writes no newline.
  static func firstLine(of pipe: Pipe) async throws -> String {
    let reader = pipe.fileHandleForReading
    return try await Offload.run { () -> String in
      var bytes: [UInt8] = []
      while !bytes.contains(UInt8(ascii: "\n")) {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        bytes += chunk
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  static func json(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return object as? [String: Any] ?? [:]
  }
}
