import Foundation
import SystemCalls
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
    let program: String
    let programArguments: [String]
    if shell {
      // `arguments` are the shell's own: `-c SCRIPT NAME ARGS...`.
      (program, programArguments) = ("/bin/sh", arguments)
    } else if let dataLimit {
      program = "/bin/sh"
      programArguments =
        ["-c", "ulimit -d \(dataLimit >> 10) && exec \"$0\" \"$@\"", executable.path] + arguments
    } else {
      (program, programArguments) = (executable.path, arguments)
    }
    // Standard output and standard error are read at once, and the input written meanwhile,
    // so neither a full pipe nor a child that reads none of its input blocks the run.
    let output = try ChildProcess.run(
      program, arguments: programArguments, environment: .adding(environment),
      workingDirectory: (directory ?? packageRoot).path, input: input.map { [UInt8]($0) })
    return Result(
      status: status(output.outcome),
      standardOutput: output.standardOutputText,
      standardError: output.standardErrorText
    )
  }

  /// Starts the binary with `arguments` and returns at once: standard input `/dev/null`,
  /// standard output `standardOutput` (a pipe: the caller reads it, then calls `closePipes`),
  /// standard error appended to the file `errorLog` (created if missing; `/dev/null` when
  /// nil), in `directory` (the package root by default), with `environment` added to this
  /// process's.
  static func start(
    _ arguments: [String], errorLog: String? = nil,
    standardOutput: ChildProcess.Stream = .nullDevice, in directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> ChildProcess {
    func spawn(_ standardError: ChildProcess.Stream) throws(IOError) -> ChildProcess {
      try ChildProcess.spawn(
        executable.path, arguments: arguments, environment: .adding(environment),
        workingDirectory: (directory ?? packageRoot).path, standardInput: .nullDevice,
        standardOutput: standardOutput, standardError: standardError)
    }
    guard let errorLog else { return try spawn(.nullDevice) }
    let log = try FileDescriptor.open(errorLog, .writeOnly, options: [.create, .append])
    return try log.closeAfter { try spawn(.descriptor(log)) }
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
    var added = environment
    added["PATH"] =
      executable.deletingLastPathComponent().path + ":"
      + (environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "")
    let output = try ChildProcess.run(
      "/bin/sh", arguments: ["-c", command], environment: .adding(added),
      workingDirectory: (directory ?? packageRoot).path, standardError: .standardOutput)
    return (status(output.outcome), output.standardOutputText)
  }

  /// The first line a process writes to `pipe` (with its newline), read off the cooperative
  /// pool; what came before the end when the process writes no newline. The pipe stays open
  /// (the caller closes it).
  static func firstLine(of pipe: FileDescriptor?) async throws -> String {
    guard let pipe else { return "" }
    return try await Offload.run { () -> String in
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while !bytes.contains(UInt8(ascii: "\n")) {
        let count = try pipe.read(into: &chunk)
        if count == 0 { break }
        bytes += chunk[..<count]
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// A run's status as Foundation's `Process` gave it: the exit status, or the signal that
  /// ended it.
  static func status(_ outcome: ChildProcess.Outcome) -> Int32 {
    outcome.exitStatus ?? outcome.signal ?? -1
  }

  /// Parses JSON output into a dictionary.
  static func json(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return object as? [String: Any] ?? [:]
  }
}
