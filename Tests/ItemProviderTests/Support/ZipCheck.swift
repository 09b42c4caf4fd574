import Foundation
import SystemCalls
import TestSupport

/// Checks ZIP archives with tools this project did not write: `unzip -t` (Info-ZIP) when it is
/// installed, and Python's `zipfile` (which verifies every CRC) in any case.
enum ZipCheck {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Whether an independent checker is available.
  static var isAvailable: Bool { which("python3") != nil }

  /// Verifies the archive and returns its member names in order.
  static func verify(_ archive: Data, in directory: TemporaryDirectory) throws -> [String] {
    let file = try directory.file("check-\(UUID().uuidString).zip", contents: archive)
    if let unzip = which("unzip") {
      let output = try run(unzip, ["-t", file.path])
      guard output.contains("No errors detected") else {
        throw Failure(description: "unzip -t: \(output)")
      }
    }
    let script = """
      import sys, zipfile
      z = zipfile.ZipFile(sys.argv[1])
      bad = z.testzip()
      if bad is not None: sys.exit("bad CRC in " + bad)
      print("\\n".join(z.namelist()))
      """
    let python = try which("python3").map { $0 } ?? { throw Failure(description: "no python3") }()
    return try run(python, ["-c", script, file.path]).split(separator: "\n").map(String.init)
  }

  /// One member's bytes, extracted by Python's `zipfile`.
  static func extract(_ archive: Data, member: String, in directory: TemporaryDirectory) throws
    -> Data
  {
    let file = try directory.file("extract-\(UUID().uuidString).zip", contents: archive)
    let output = directory.url.appendingPathComponent("member-\(UUID().uuidString)")
    let script = """
      import sys, zipfile
      open(sys.argv[3], "wb").write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))
      """
    let python = try which("python3").map { $0 } ?? { throw Failure(description: "no python3") }()
    _ = try run(python, ["-c", script, file.path, member, output.path])
    return try Data(contentsOf: output)
  }

  static func which(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let path = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let output = try ChildProcess.run(
      executable, arguments: arguments, standardError: .standardOutput)
    let text = output.standardOutputText
    guard output.outcome.succeeded else {
      throw Failure(description: "\(executable) \(output.outcome): \(text)")
    }
    return text
  }
}
