import Foundation
import SystemCalls
import TestSupport
import Testing

@testable import ingest_cli

#if canImport(Glibc)
  import Glibc
#endif

/// The README's commands, and those of every DocC article (`Sources/*/*.docc/*.md`), run as
/// written: each `swift run ingest-cli …` line of every ```sh block, in order, as the built
/// binary, in a fresh directory (with the repository's `corpus/` and `examples/` beside it) and a
/// fresh HOME, so nothing touches the user's data. A line whose comment says `exits N` must exit
/// N; every other line must exit 0. Each article runs in a sandbox of its own.
@Suite("The README's and the articles' commands run as written", .serialized)
struct ReadmeTests {
  struct Command: CustomStringConvertible {
    var line: String
    var expectedStatus: Int32
    var description: String { line }
  }

  static var readme: String {
    get throws {
      try String(
        contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }
  }

  /// The blocks fenced with ```` ```sh ```` or ```` ```text ````, in order, with their kind.
  static func blocks(_ text: String) -> [(kind: String, lines: [String])] {
    var blocks: [(String, [String])] = []
    var current: (String, [String])?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if var block = current {
        if line.hasPrefix("```") {
          blocks.append(block)
          current = nil
        } else {
          block.1.append(line)
          current = block
        }
      } else if line.hasPrefix("```") {
        current = (String(line.dropFirst(3)), [])
      }
    }
    return blocks
  }

  /// The `swift run ingest-cli` lines of the sh blocks, continuation lines joined.
  static func commands(_ text: String) -> [Command] {
    var commands: [Command] = []
    for block in blocks(text) where block.kind == "sh" {
      let joined = joinedLines(block.lines)
      // A server runs until stopped: `serverBlock()` runs its block.
      for line in joined
      where line.hasPrefix("swift run ingest-cli ") && !line.contains(Self.serverMarker) {
        var status: Int32 = 0
        if let range = line.range(of: #"#\s*exits?\s+(\d+)"#, options: .regularExpression) {
          status = Int32(line[range].filter(\.isNumber)) ?? 0
        }
        commands.append(Command(line: line, expectedStatus: status))
      }
    }
    return commands
  }

  /// A block's lines with each line ending in a backslash joined to the next.
  static func joinedLines(_ lines: [String]) -> [String] {
    var joined: [String] = []
    var pending = ""
    for line in lines {
      if line.hasSuffix("\\") {
        pending += line.dropLast() + " "
        continue
      }
      joined.append(pending + line)
      pending = ""
    }
    return joined
  }

  /// The comment that marks a command running until stopped.
  static let serverMarker = "# serves until stopped"

  /// The sh blocks' lines, continuation lines joined, of the block holding a server.
  static func serverBlock(_ text: String) -> [String]? {
    for block in blocks(text) where block.kind == "sh" {
      guard block.lines.contains(where: { $0.contains(serverMarker) }) else { continue }
      return joinedLines(block.lines)
    }
    return nil
  }

  /// A fresh place to run in: `corpus/` and `examples/` linked in, HOME inside, no group
  /// directory configured.
  static func sandbox(_ directory: TemporaryDirectory) throws -> [String: String] {
    for name in ["corpus", "examples"] {
      try FileManager.default.createSymbolicLink(
        atPath: directory.file(name).path,
        withDestinationPath: CLI.packageRoot.appendingPathComponent(name).path)
    }
    let home = directory.file("home").path
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    return [
      "HOME": home, "INGEST_GROUP_DIR": "", "XDG_DATA_HOME": "", "INGEST_APP_GROUPS": "",
      "COLUMNS": "80", "NO_COLOR": "1", "LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": "",
    ]
  }

  static func run(
    _ command: Command, in directory: TemporaryDirectory, environment: [String: String]
  ) async throws -> (status: Int32, output: String) {
    let line = command.line.replacingOccurrences(
      of: "swift run ingest-cli", with: ShellQuoting.quoted(CLI.executable.path))
    return try await CLI.shell(line, in: directory.url, environment: environment)
  }

  @Test("The README's server block runs as written: a token, the server, a client's share")
  func serverBlockRuns() async throws {
    let lines = try #require(Self.serverBlock(try Self.readme))
    let directory = try TemporaryDirectory(prefix: "readme-serve")
    defer { directory.remove() }
    let environment = try Self.sandbox(directory)
    var server: ChildProcess?
    defer {
      if let server {
        try? server.send(SIGKILL)
        _ = server.wait()
        server.closePipes()
      }
    }
    var answers: [String] = []
    for line in lines {
      let command = line.replacingOccurrences(
        of: "swift run ingest-cli", with: ShellQuoting.quoted(CLI.executable.path))
      guard line.contains(Self.serverMarker) else {
        let result = try await CLI.shell(command, in: directory.url, environment: environment)
        #expect(result.status == 0, "\(line)\n\(result.output)")
        answers.append(result.output)
        continue
      }
      let process = try ChildProcess.spawn(
        "/bin/sh", arguments: ["-c", "exec " + command], environment: .adding(environment),
        workingDirectory: directory.path, standardInput: .nullDevice, standardOutput: .pipe,
        standardError: .nullDevice)
      server = process
      let first = try await CLI.firstLine(of: process.standardOutput)
      #expect(first.hasPrefix("listening on http://127.0.0.1:8787"), "\(first)")
    }
    #expect(answers.last?.contains("\"share\"") == true, "\(answers)")
    let stopped = try #require(server)
    try stopped.send(SIGTERM)
    let outcome = await stopped.wait()
    #expect(outcome.exitStatus == 0, "\(outcome)")
  }

  @Test("The article's test for a team's package is the code the portability tests run")
  func dependentPackageExample() throws {
    let file = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent(
        "Tests/PortabilityTests/TeamExtensionExample.swift"), encoding: .utf8)
    let begin = try #require(file.range(of: "// README begin\n"))
    let end = try #require(file.range(of: "// README end"))
    let example = String(file[begin.upperBound..<end.lowerBound])
    let article = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent(
        "Sources/Ingest/Ingest.docc/UsingFromAnotherPackage.md"), encoding: .utf8)
    let swiftBlocks = Self.blocks(article).filter { $0.kind == "swift" }
      .map { $0.lines.joined(separator: "\n") + "\n" }
    #expect(swiftBlocks.contains(example), "the article's block and the test's code differ")
  }

  @Test("Every link of the README to a file of the repository leads to one")
  func readmeLinks() throws {
    let text = try Self.readme
    let links = text.matches(of: /\]\(([^)#:]+)\)/).map { String($0.output.1) }
    #expect(links.count >= 15, "the README's links were found")
    for link in links {
      #expect(
        FileManager.default.fileExists(
          atPath: CLI.packageRoot.appendingPathComponent(link).path), "\(link)")
    }
  }

  @Test("Every `swift run ingest-cli` line exits as the README says")
  func everyCommand() async throws {
    let commands = Self.commands(try Self.readme)
    #expect(commands.count >= 6, "the README's commands were found")
    let directory = try TemporaryDirectory(prefix: "readme")
    defer { directory.remove() }
    let environment = try Self.sandbox(directory)
    for command in commands {
      let result = try await Self.run(command, in: directory, environment: environment)
      #expect(result.status == command.expectedStatus, "\(command.line)\n\(result.output)")
      #expect(!result.output.contains("Error Domain="), "\(command.line)")
    }
  }

  /// The DocC articles, as paths relative to the package root: every `.md` file directly in a
  /// catalogue `Sources/<Module>/<Module>.docc`, in path order.
  static var articles: [String] {
    let sources = CLI.packageRoot.appendingPathComponent("Sources")
    let fileManager = FileManager.default
    let modules = (try? fileManager.contentsOfDirectory(atPath: sources.path)) ?? []
    return modules.sorted().flatMap { module -> [String] in
      let catalogue = "Sources/\(module)/\(module).docc"
      let files =
        (try? fileManager.contentsOfDirectory(
          atPath: CLI.packageRoot.appendingPathComponent(catalogue).path)) ?? []
      return files.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalogue)/\($0)" }
    }
  }

  @Test("The DocC catalogues' articles are found")
  func articlesFound() {
    #expect(Self.articles.count >= 7, "\(Self.articles)")
    #expect(Self.articles.contains("Sources/UTI/UTI.docc/TypesAndRegistries.md"))
  }

  @Test(
    "Every `swift run ingest-cli` line of an article exits as it says",
    arguments: ReadmeTests.articles)
  func everyArticleCommand(_ article: String) async throws {
    let text = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent(article), encoding: .utf8)
    let commands = Self.commands(text)
    let directory = try TemporaryDirectory(prefix: "article")
    defer { directory.remove() }
    let environment = try Self.sandbox(directory)
    for command in commands {
      let result = try await Self.run(command, in: directory, environment: environment)
      #expect(
        result.status == command.expectedStatus, "\(article): \(command.line)\n\(result.output)")
      #expect(!result.output.contains("Error Domain="), "\(article): \(command.line)")
    }
  }

  @Test("The first command's output is what the README shows, from a fresh group directory")
  func firstCommandOutput() async throws {
    let text = try Self.readme
    let blocks = Self.blocks(text)
    let first = try #require(blocks.first)
    #expect(first.kind == "sh")
    let shown = try #require(blocks.dropFirst().first)
    #expect(shown.kind == "text")
    let command = try #require(Self.commands(text).first)
    #expect(command.line == "swift run ingest-cli share corpus/files/photo.heic")
    let directory = try TemporaryDirectory(prefix: "readme")
    defer { directory.remove() }
    var environment = try Self.sandbox(directory)
    // A home about as long as /home/you, so lines wrap where the README's do.
    let home = "/tmp/h." + UUID().uuidString.prefix(6)
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: home) }
    environment["HOME"] = home
    let result = try await Self.run(command, in: directory, environment: environment)
    #expect(result.status == 0)
    let actual = Self.normalized(result.output.replacingOccurrences(of: home, with: "/home/you"))
    #expect(actual == Self.normalized(shown.lines.joined(separator: "\n") + "\n"))
  }

  /// Text with what differs between runs (share ids, file names, the time) replaced.
  static func normalized(_ text: String) -> String {
    text.replacingOccurrences(
      of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", with: "<UUID>",
      options: .regularExpression
    ).replacingOccurrences(
      of: #"time {7}[0-9.]+ ms"#, with: "time       <N> ms", options: .regularExpression)
  }

  @Test("scripts/install.sh installs the binary, the man page and the completions")
  func install() async throws {
    let directory = try TemporaryDirectory(prefix: "install")
    defer { directory.remove() }
    let prefix = directory.file("prefix with space").path
    let result = try await CLI.shell(
      "scripts/install.sh --binary \(ShellQuoting.quoted(CLI.executable.path))"
        + " \(ShellQuoting.quoted(prefix))")
    #expect(result.status == 0, "\(result.output)")
    for file in [
      "bin/ingest-cli", "share/man/man1/ingest-cli.1",
      "share/bash-completion/completions/ingest-cli", "share/zsh/site-functions/_ingest-cli",
    ] {
      #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)")
    }
    let installed = try await CLI.shell(
      "\(ShellQuoting.quoted(prefix + "/bin/ingest-cli")) --version")
    #expect(installed.output.hasPrefix("ingest-cli "))
    let page = try String(contentsOfFile: prefix + "/share/man/man1/ingest-cli.1", encoding: .utf8)
    #expect(page.contains(".SS \"ingest\\-cli inbox watch\""))
  }
}
