import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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

/// What a team's CI and a newcomer's fresh machine run before anything else: the README's (and
/// the Getting Started article's) install line, and the GitHub Actions recipe's steps, run as
/// written on what a fresh Debian image has.
@Suite("A fresh machine: the install line and the CI recipe run as written")
struct FreshMachineTests {
  static let workflowPath = "examples/ci/github-actions.yml"

  /// One step of the workflow: its name and its `run:` command (a folded `>` block joined with
  /// spaces, as YAML folds it), with its `working-directory`.
  struct Step: CustomStringConvertible {
    var name: String
    var run: String
    var workingDirectory: String?
    var description: String { name }
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The steps of the workflow's one job that run a command, in order. The recipe is plain
  /// block YAML (no anchors, no flow style), which this reads; a step it cannot read fails the
  /// tests that look for it.
  static func steps(of workflow: String) -> [Step] {
    var steps: [Step] = []
    var current: Step?
    var folding: (indent: Int, lines: [String])?
    func finishFold() {
      if let fold = folding {
        current?.run = fold.lines.joined(separator: " ")
        folding = nil
      }
    }
    for raw in workflow.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = String(raw)
      let indent = line.prefix(while: { $0 == " " }).count
      let content = line.trimmingCharacters(in: .whitespaces)
      if var fold = folding {
        if !content.isEmpty && indent > fold.indent {
          fold.lines.append(content)
          folding = fold
          continue
        }
        finishFold()
      }
      if content.hasPrefix("- ") {
        if let step = current, !step.run.isEmpty { steps.append(step) }
        current = Step(name: "", run: "")
      }
      let field = content.hasPrefix("- ") ? String(content.dropFirst(2)) : content
      if field.hasPrefix("name: ") {
        current?.name = String(field.dropFirst(6))
      } else if field.hasPrefix("working-directory: ") {
        current?.workingDirectory = String(field.dropFirst(19))
      } else if field == "run: >" || field == "run: |" {
        folding = (indent, [])
      } else if field.hasPrefix("run: ") {
        current?.run = String(field.dropFirst(5))
      }
    }
    finishFold()
    if let step = current, !step.run.isEmpty { steps.append(step) }
    return steps
  }

  /// The `$(command -v sudo) apt-get …` line of a document (inline code or a line of a block).
  static func installLine(in document: String) -> String? {
    for line in document.split(separator: "\n").map(String.init)
    where line.contains("apt-get") && line.contains("install") {
      return line.trimmingCharacters(in: CharacterSet(charactersIn: "` "))
    }
    return nil
  }

  /// The `-dev` packages `.ci/run` installs: what a build needs.
  static func buildPackages() throws -> [String] {
    try text(".ci/run").split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == ")" })
      .map(String.init).filter { $0.hasSuffix("-dev") } + ["pkg-config"]
  }

  /// Whether this run may reach Debian's package lists and simulate installs as root: CI does
  /// (`CI=true`), or anyone who sets `INGEST_TEST_APT=1`.
  static var mayRunApt: Bool {
    let environment = ProcessInfo.processInfo.environment
    return getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/apt-get")
      && (environment["CI"] == "true" || environment["INGEST_TEST_APT"] == "1")
  }

  /// Runs `command` with apt pointed at a fresh Debian image's state: empty package lists,
  /// nothing installed (an empty dpkg status), its own cache, and installs simulated (`-s`),
  /// so the machine running the tests is left as it was. `apt-get update` really fetches the
  /// lists into the sandbox.
  static func runInFreshApt(_ command: String) async throws -> (status: Int32, output: String) {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let root = directory.path
    for folder in ["lists/partial", "cache/archives/partial"] {
      try FileManager.default.createDirectory(
        atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    try Data().write(to: URL(fileURLWithPath: root + "/status"))
    let configuration = """
      Dir::State::Lists "\(root)/lists";
      Dir::State::status "\(root)/status";
      Dir::Cache "\(root)/cache";
      APT::Sandbox::User "root";
      APT::Get::Simulate "true";

      """
    try configuration.write(toFile: root + "/apt.conf", atomically: true, encoding: .utf8)
    return try await CLI.shell(command, environment: ["APT_CONFIG": root + "/apt.conf"])
  }

  @Test("The workflow's container has a Swift that can read Package.swift")
  func containerReadsManifest() throws {
    let manifest = try Self.text("Package.swift")
    let tools = try #require(
      manifest.split(separator: "\n").first?.split(separator: ":").last?
        .trimmingCharacters(in: .whitespaces))
    let workflow = try Self.text(Self.workflowPath)
    let image = try #require(
      workflow.split(separator: "\n").first { $0.contains("container:") }?
        .split(separator: " ").last.map(String.init))
    #expect(image.hasPrefix("swift:") && image.hasSuffix("-bookworm"), "\(image)")
    let version = image.dropFirst("swift:".count).prefix { $0.isNumber || $0 == "." }
    func parts(_ text: some StringProtocol) -> [Int] {
      text.split(separator: ".").compactMap { Int($0) }
    }
    #expect(
      parts(version).lexicographicallyPrecedes(parts(tools)) == false,
      "the container's Swift \(version) is older than swift-tools-version \(tools)")
  }

  @Test(
    "The install line updates the package lists and installs what the build needs",
    arguments: ["README.md", "Sources/Ingest/Ingest.docc/GettingStarted.md"])
  func installLineListsPackages(document: String) throws {
    let line = try #require(Self.installLine(in: try Self.text(document)))
    let update = try #require(line.range(of: "apt-get update"), "\(document): \(line)")
    let install = try #require(line.range(of: "apt-get install"))
    #expect(update.upperBound <= install.lowerBound)
    let words = Set(line.split(separator: " ").map(String.init))
    for package in try Self.buildPackages() {
      #expect(words.contains(package), "\(document) does not install \(package)")
    }
  }

  @Test(
    "The install line runs on a fresh Debian image (empty package lists, nothing installed)",
    arguments: ["README.md", "Sources/Ingest/Ingest.docc/GettingStarted.md"])
  func installLineRuns(document: String) async throws {
    guard Self.mayRunApt else {
      print(
        "skipped: simulating a fresh apt needs root, /usr/bin/apt-get and CI=true or"
          + " INGEST_TEST_APT=1"
      )
      return
    }
    // The sandbox is a fresh image: an install without an update finds nothing there.
    let bare = try await Self.runInFreshApt("apt-get install -y pkg-config")
    #expect(bare.status != 0 && bare.output.contains("Unable to locate package"), "\(bare.output)")
    let line = try #require(Self.installLine(in: try Self.text(document)))
    let result = try await Self.runInFreshApt(line)
    #expect(result.status == 0, "\(result.output.suffix(2000))")
    for package in try Self.buildPackages() {
      #expect(result.output.contains("Inst \(package) "), "\(package) is not installed")
    }
  }

  @Test("The workflow's install step runs on a fresh Debian image")
  func workflowInstallRuns() async throws {
    let steps = Self.steps(of: try Self.text(Self.workflowPath))
    let install = try #require(steps.first { $0.run.contains("apt-get install") })
    #expect(install.run.contains("apt-get update &&"))
    guard Self.mayRunApt else {
      print(
        "skipped: simulating a fresh apt needs root, /usr/bin/apt-get and CI=true or"
          + " INGEST_TEST_APT=1"
      )
      return
    }
    let result = try await Self.runInFreshApt(install.run)
    #expect(result.status == 0, "\(result.output.suffix(2000))")
    for package in try Self.buildPackages() {
      #expect(result.output.contains("Inst \(package) "), "\(package) is not installed")
    }
  }

  @Test("The workflow's type-matrix step runs as written on a team's checkout")
  func workflowMatrixRuns() async throws {
    let steps = Self.steps(of: try Self.text(Self.workflowPath))
    let step = try #require(steps.first { $0.run.contains("run-matrix.sh") })
    #expect(step.workingDirectory == "main")
    // The team's checkout (`app/`, beside this package's `main/`): the read-later example's
    // matrix and its extension's Info.plist where the workflow expects them.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = directory.path + "/app"
    try FileManager.default.createDirectory(
      atPath: app + "/ShareExtension", withIntermediateDirectories: true)
    let examples = CLI.packageRoot.appendingPathComponent("examples/ReadLater")
    try FileManager.default.copyItem(
      atPath: examples.appendingPathComponent("matrix.json").path, toPath: app + "/matrix.json")
    try FileManager.default.copyItem(
      atPath: examples.appendingPathComponent("Info.plist").path,
      toPath: app + "/ShareExtension/Info.plist")
    // The step runs in this package's checkout; `../app` is the team's, here the temporary one.
    let command = step.run.replacingOccurrences(of: "../app/", with: app + "/")
    let result = try await CLI.shell(command, environment: ["INGEST_CLI": CLI.executable.path])
    #expect(result.status == 0, "\(result.output)")
    let xml = try String(contentsOfFile: app + "/type-matrix.xml", encoding: .utf8)
    #expect(xml.contains("<testsuite") && xml.contains("failures=\"0\""))
  }
}
