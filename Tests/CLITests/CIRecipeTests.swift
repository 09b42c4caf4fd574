import Foundation
import TestSupport
import Testing

/// The CI recipe the README offers a team (`examples/ci/`), run as far as this machine can:
/// its script against the example apps' matrices, with the binary the tests built.
@Suite("The CI recipe in examples/ci runs as written")
struct CIRecipeTests {
  static let script = CLI.packageRoot.appendingPathComponent("examples/ci/run-matrix.sh").path

  /// Runs the script as a user would, through its own `#!` line.
  static func runScript(_ arguments: [String], environment: [String: String] = [:]) async throws
    -> CLI.Result
  {
    try await CLI.run(
      ["-c", "exec \"$0\" \"$@\"", script] + arguments, environment: environment, shell: true)
  }

  @Test("run-matrix.sh runs a matrix against its rule and writes the JUnit report")
  func runsMatrix() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let junit = directory.path + "/type-matrix.xml"
    let result = try await Self.runScript(
      ["examples/ReadLater/matrix.json", "examples/ReadLater/Info.plist", junit],
      environment: ["INGEST_CLI": CLI.executable.path])
    #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains("<testsuite"))
    #expect(xml.contains("failures=\"0\""))
  }

  @Test("run-matrix.sh passes a failing row's status on, and says how to call it")
  func statuses() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The photo app's matrix against the read-later app's rule: its activation rows fail.
    let failing = try await Self.runScript(
      [
        "examples/PhotoShare/matrix.json", "examples/ReadLater/Info.plist",
        directory.path + "/out.xml",
      ], environment: ["INGEST_CLI": CLI.executable.path])
    #expect(failing.status == 1)
    let usage = try await Self.runScript([])
    #expect(usage.status == 64)
    #expect(usage.standardError.contains("usage:"))
  }

  @Test("The GitHub Actions job installs what .ci/run installs and calls the script")
  func workflow() throws {
    let workflow = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent("examples/ci/github-actions.yml"),
      encoding: .utf8)
    let ci = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
    let libraries = ci.split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == ")" })
      .filter { $0.hasSuffix("-dev") }
    #expect(!libraries.isEmpty)
    for library in libraries {
      #expect(workflow.contains(library), "\(library) is installed by .ci/run, not the workflow")
    }
    #expect(workflow.contains("examples/ci/run-matrix.sh"))
  }
}
