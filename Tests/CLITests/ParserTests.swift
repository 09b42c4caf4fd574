import Foundation
import SystemCalls
import Testing

@testable import ingest_cli

/// The parser and everything generated from the command tables, tested on the tables
/// themselves.
@Suite("ingest-cli's parser and generated usage")
struct ParserTests {
  static let root = IngestCLI.root

  static func parse(_ line: [String]) -> Result<
    ArgumentParser.Invocation, ArgumentParser.ParseFailure
  > {
    ArgumentParser.parse(line, root: root)
  }

  /// Every command path: `[root, share]`, `[root, inbox, list]`...
  static var paths: [[CommandSpec]] { CompletionGenerator.paths(root).filter { $0.count > 1 } }

  @Test("Global options before or after the command, -- ends options, - is an operand")
  func globalsAnywhere() throws {
    for line in [["--json", "uti", "public.heic"], ["uti", "public.heic", "--json"]] {
      let invocation = try Self.parse(line).get()
      #expect(invocation.path.map(\.name) == ["ingest-cli", "uti"])
      #expect(invocation.arguments.read(IngestCLI.Options.self).json)
      #expect(try invocation.arguments.positionals() == ["public.heic"])
    }
    let ended = try Self.parse(["types", "--", "--json", "-"]).get()
    #expect(!ended.arguments.read(IngestCLI.Options.self).json)
    #expect(try ended.arguments.positionals() == ["--json", "-"])
    let inline = try Self.parse(["share", "--text=a=b", "-"]).get()
    #expect(inline.arguments.read(ShareCommand.Options.self).text == "a=b")
    #expect(try inline.arguments.positionals() == ["-"])
    let short = try Self.parse([
      "shortcut", "make", "--bundle-id", "a.b", "--name", "N", "--team", "ABCDE12345",
      "-oOut.shortcut",
    ]).get()
    #expect(short.arguments.read(ShortcutCommand.MakeOptions.self).output == "Out.shortcut")
    // An option of `inbox` is taken before or after its action.
    let group = try Self.parse(["inbox", "--group-dir", "G", "list"]).get()
    #expect(group.arguments.read(InboxCommand.Options.self).group.directory == "G")
    #expect(group.path.map(\.name) == ["ingest-cli", "inbox", "list"])
  }

  /// A command line and the one line the parser answers.
  struct UsageCase: CustomTestStringConvertible, Sendable {
    var line: [String]
    var message: String
    var testDescription: String { line.joined(separator: " ") }
  }

  static let usageCases = [
    UsageCase(line: ["uti", "--bogus"], message: "unknown option '--bogus'"),
    UsageCase(line: ["share", "--txt", "x"], message: "did you mean '--text'?"),
    UsageCase(line: ["sahre"], message: "unknown command 'sahre'; did you mean 'share'?"),
    UsageCase(line: ["share", "--text"], message: "--text needs a value (--text TEXT)"),
    UsageCase(line: ["share", "--json=yes"], message: "--json takes no value"),
    UsageCase(line: ["share", "--text", "a", "--text", "b"], message: "may be given only once"),
    // `make`'s required options depend on the shape (--post-to needs no bundle id): `make`
    // itself says which is missing (FrictionTests), the parser what it cannot read.
    UsageCase(
      line: ["shortcut", "make", "--bundle-id", "a.b", "--post-to"],
      message: "--post-to needs a value"),
    UsageCase(
      line: ["share", "--group", "group.a.b", "--group-dir", "d", "x"],
      message: "--group and --group-dir cannot be given together"),
    UsageCase(line: ["inbox", "show"], message: "missing ID"),
    UsageCase(line: ["inbox", "show", "a", "b"], message: "unexpected argument 'b'"),
    UsageCase(
      line: ["inbox"], message: "inbox needs an action: list, show, import, watch or sweep"),
    UsageCase(
      line: ["rule", "chek"], message: "unknown rule action 'chek'; did you mean 'check'?"),
    UsageCase(line: [], message: "missing command"),
  ]

  @Test("Usage errors name the problem in one line", arguments: usageCases)
  func usageErrors(_ usage: UsageCase) {
    switch Self.parse(usage.line) {
    case .success: Issue.record("parsed: \(usage.line)")
    case .failure(let failure):
      #expect(failure.message.contains(usage.message), "\(failure.message)")
      #expect(!failure.message.contains("\n"))
    }
  }

  @Test("--help and --version win over any other problem on the line")
  func helpWins() throws {
    let invocation = try Self.parse(["share", "--bogus", "--help"]).get()
    #expect(invocation.arguments.read(IngestCLI.Options.self).help)
    #expect(invocation.path.map(\.name) == ["ingest-cli", "share"])
  }

  @Test("Each command and action is listed by the name its declaration gives it")
  func actionsNameTheirDeclarations() {
    for path in CompletionGenerator.paths(Self.root) {
      let command = path[path.count - 1]
      #expect(command.subcommandNames == command.subcommands.map(\.name), "\(command.name)")
    }
  }

  @Test("Every command's help describes each of its options and shows an example")
  func helpIsComplete() {
    for path in Self.paths {
      let help = HelpGenerator.help(path, width: 100)
      let name = HelpGenerator.commandLine(path)
      #expect(help.hasPrefix("\(name): "), "\(name)")
      #expect(help.contains("usage: \(name)"), "\(name)")
      let command = path[path.count - 1]
      if command.subcommands.isEmpty {
        #expect(!command.examples.isEmpty, "\(name) has an example")
        #expect(help.contains("examples:\n  ingest-cli "), "\(name)")
      }
      for option in HelpGenerator.visibleOptions(path) {
        #expect(!option.help.isEmpty, "\(name) \(option.name)")
        #expect(help.contains(option.name), "\(name) lists \(option.name)")
      }
      for operand in command.operands {
        #expect(help.contains(operand.name), "\(name) describes \(operand.name)")
      }
    }
  }

  @Test("The man page lists every command and option, and groff reads it without a warning")
  func manPage() throws {
    let page = ManPageGenerator.manPage(Self.root, version: IngestCLI.version)
    #expect(page.hasPrefix(".TH INGEST\\-CLI 1"))
    for path in Self.paths {
      let name = ManPageGenerator.escape(HelpGenerator.commandLine(path))
      #expect(page.contains(".SS \"\(name)\""), "\(name)")
      for option in path[path.count - 1].options {
        #expect(page.contains(ManPageGenerator.escape(option.name)), "\(name) \(option.name)")
      }
    }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else {
      print("skipped: groff is not installed")
      return
    }
    let groff = try ChildProcess.run(
      "/usr/bin/groff", arguments: ["-man", "-Tutf8", "-ww", "-z"], input: Array(page.utf8))
    let warnings = groff.standardErrorText
    #expect(groff.outcome.succeeded, "\(groff.outcome)")
    #expect(warnings.isEmpty, "\(warnings)")
  }

  @Test("The completions offer every command, action and option")
  func completionsAreComplete() throws {
    let bash = try #require(CompletionGenerator.script(Self.root, shell: "bash"))
    let zsh = try #require(CompletionGenerator.script(Self.root, shell: "zsh"))
    #expect(CompletionGenerator.script(Self.root, shell: "fish") == nil)
    for path in Self.paths {
      let command = path[path.count - 1]
      #expect(bash.contains(command.name), "bash: \(command.name)")
      #expect(zsh.contains("'\(command.name):"), "zsh: \(command.name)")
      for option in command.options {
        for name in option.names {
          #expect(bash.contains(name), "bash: \(name)")
          #expect(zsh.contains(name), "zsh: \(name)")
        }
      }
    }
  }

  @Test("Colour only on a terminal, never with NO_COLOR or TERM=dumb; ASCII outside UTF-8")
  func colourDecision() {
    let utf8 = ["LANG": "C.UTF-8"]
    #expect(Colors.decide(isTerminal: true, environment: utf8).enabled)
    #expect(!Colors.decide(isTerminal: false, environment: utf8).enabled)
    #expect(
      !Colors.decide(isTerminal: true, environment: utf8.merging(["NO_COLOR": "1"]) { $1 }).enabled)
    #expect(
      Colors.decide(isTerminal: true, environment: utf8.merging(["NO_COLOR": ""]) { $1 }).enabled)
    #expect(!Colors.decide(isTerminal: true, environment: ["TERM": "dumb"]).enabled)
    #expect(Colors.decide(isTerminal: true, environment: utf8).arrow == "→")
    let ascii = Colors.decide(isTerminal: true, environment: ["LANG": "C"])
    #expect(ascii.arrow == "->")
    #expect(ascii.ellipsis == "...")
    #expect(
      Colors.decide(isTerminal: false, environment: ["LC_ALL": "en_US.utf8", "LANG": "C"]).unicode)
  }

  @Test("Shell words quote what the shell would split or expand")
  func shellQuoting() {
    #expect(ShellQuoting.quoted("Example.shortcut") == "Example.shortcut")
    #expect(ShellQuoting.quoted("My Shortcut.shortcut") == "'My Shortcut.shortcut'")
    #expect(ShellQuoting.quoted("it's") == #"'it'\''s'"#)
    #expect(ShellQuoting.quoted("") == "''")
  }

  @Test("Progress says bytes, rate and time left")
  func progressLine() {
    #expect(
      ProgressDisplay.line(done: 400_000_000, of: 1_000_000_000, after: 2)
        == "400.0 MB of 1.0 GB, 200.0 MB/s, 3 s left ")
    #expect(ProgressDisplay.bytes(999) == "999 B")
  }
}
