import InboxReading
import Ingest
import ShareServer
import SystemCalls
import Testing

@testable import ingest_cli

/// Options are declared and read by the same code (`ParsableOptions`): these check, for every
/// command, that what its options type reads is what it declares, whatever is given, so no
/// command reads an option it does not declare and none declares one it does not read.
@Suite("Each command reads exactly the options it declares")
struct OptionDeclarationTests {
  /// Every command path from the root, the root included.
  static var paths: [[CommandSpec]] { CompletionGenerator.paths(IngestCLI.root) }

  /// `path` followed by `ingest-cli`, for messages.
  static func name(_ path: [CommandSpec]) -> String { HelpGenerator.commandLine(path) }

  /// The options `type` reads from `arguments`, in order.
  static func options<Options: ParsableOptions>(
    readBy type: Options.Type, from arguments: Arguments
  ) -> [OptionSpec] {
    OptionReader.read(type, from: arguments).read
  }

  @Test("Reading a command's options, none given or every one given, reads what it declares")
  func readsWhatItDeclares() {
    for path in Self.paths {
      let everything = path.flatMap(\.options).map {
        Arguments.Element(option: $0, value: $0.takesValue ? "value" : nil)
      }
      for elements in [[], everything] {
        let arguments = Arguments(commands: path, elements: elements)
        for command in path {
          #expect(
            Self.options(readBy: command.optionsType, from: arguments) == command.options,
            "\(Self.name(path)): \(command.optionsType)")
        }
      }
    }
  }

  @Test("A command's options hold the values given, under any of their names")
  func readsTheValuesGiven() throws {
    let share = try ArgumentParser.parse(
      ["share", "--text", "hello", "--keep-partial", "--group-dir", "G", "-"],
      root: IngestCLI.root
    ).get().arguments.read(ShareCommand.Options.self)
    #expect(share.text == "hello")
    #expect(share.keepsPartialShares)
    #expect(share.group.directory == "G")
    #expect(share.url == nil && share.group.group == nil)
    let check = try ArgumentParser.parse(
      ["rule", "check", "R", "--types", "public.url", "--attachment", "public.heic=file"],
      root: IngestCLI.root
    ).get().arguments.read(RuleCommand.CheckOptions.self)
    #expect(check.attachments == ["public.url", "public.heic=file"])
    #expect(check.declarations.isEmpty && !check.sharesFiles)
  }

  @Test("No name is declared twice on a command's path, and option groups name declared options")
  func declarationsAreConsistent() {
    for path in Self.paths {
      let names = path.flatMap(\.options).flatMap(\.names)
      #expect(Set(names).count == names.count, "\(Self.name(path)): \(names)")
      let primary = Set(path.flatMap(\.options).map(\.name))
      for group in path.flatMap(\.exclusiveGroups) {
        #expect(group.allSatisfy(primary.contains), "\(Self.name(path)): \(group)")
      }
    }
  }

  /// The parser's one-line answer to `line`, which it must refuse.
  static func refusal(_ line: [String]) -> String {
    switch ArgumentParser.parse(line, root: IngestCLI.root) {
    case .success: "parsed"
    case .failure(let failure): failure.message
    }
  }

  @Test("A value is parsed where its option is declared: its type, range and default in one place")
  func typedValues() throws {
    let serve = try ArgumentParser.parse(
      ["serve", "--port", "0", "--max-uploads", "3", "--unix-socket-mode", "0660"],
      root: IngestCLI.root
    ).get().arguments.read(ServeCommand.Options.self)
    #expect(serve.port == 0 && serve.maximumUploads == 3)
    #expect(serve.unixSocketMode?.permissions == 0o660)
    // Not given: the server's own default, which help shows.
    let defaults = ServeCommand.defaults
    #expect(serve.maximumConnections == defaults.maximumConnections)
    #expect(serve.stopTimeout == defaults.stopTimeLimitSeconds)
    let help = HelpGenerator.help([IngestCLI.root, ServeCommand.spec], width: 1000)
    #expect(help.contains("(default: \(defaults.maximumConnections))"), "\(help)")
    #expect(help.contains("(default: \(ServeCommand.defaultAddress.port))"), "\(help)")
    let sweep = try ArgumentParser.parse(["inbox", "sweep"], root: IngestCLI.root).get()
      .arguments.read(InboxCommand.SweepOptions.self)
    #expect(sweep.olderThan.duration == InboxSweeper.defaultThreshold)
    #expect(
      HelpGenerator.help(
        [IngestCLI.root, InboxCommand.spec, InboxCommand.Actions.sweep.spec], width: 1000
      )
      .contains("(default: 1h)"))
    let refusals: [([String], String)] = [
      (["serve", "--port", "-0"], "--port needs a whole number from 0 to 65535, not '-0'"),
      (["serve", "--port", "+5"], "--port needs a whole number from 0 to 65535, not '+5'"),
      (["serve", "--max-uploads", " 1"], "--max-uploads needs a whole number from 1 to 4096"),
      (
        ["inbox", "watch", "--rescan", "0x10"],
        "--rescan needs a number of seconds from 0.01 to 3600, not '0x10'"
      ),
      (["matrix", "run", "--jobs", "1e3", "m"], "--jobs needs a whole number from 1 to 256"),
      (["inbox", "sweep", "--older-than", "1.5h"], "--older-than needs a duration such as 90s"),
      (["serve", "--unix-socket-mode", "666"], "--unix-socket-mode needs 600 or 660, not '666'"),
      (["serve", "--unix-socket", "s", "--port", "1"], "cannot be given together"),
      (["serve", "--token-file", "t", "--insecure-no-token"], "cannot be given together"),
      (["inbox", "import", "--to", "d", "--exec", "true"], "cannot be given together"),
    ]
    for (line, message) in refusals {
      let refusal = Self.refusal(line)
      #expect(refusal.contains(message), "\(line): \(refusal)")
    }
  }

  @Test("Commands are listed by type, and each action by its case: one list for all")
  func commandsByType() {
    #expect(IngestCLI.root.subcommandNames == IngestCLI.commands.map { $0.name })
    for command in IngestCLI.commands {
      #expect(command.spec.name == command.name)
    }
    #expect(InboxCommand.spec.subcommandNames == InboxCommand.Actions.allCases.map(\.rawValue))
    #expect(RuleCommand.spec.subcommandNames == RuleCommand.Actions.allCases.map(\.rawValue))
  }

  @Test("A failed operation's exit status comes from whether it read or wrote")
  func exitStatusFromAccess() {
    let missing = "/nonexistent/x"
    let read = IOError(operation: .openForReading, path: missing, errno: .noSuchFileOrDirectory)
    let write = IOError(operation: .openForWriting, path: missing, errno: .noSuchFileOrDirectory)
    #expect(CLIError(describing: read).status == .noInput)
    #expect(CLIError(describing: write).status == .cannotCreate)
    #expect(
      CLIError(describing: IOError(operation: .init(.rename), path: missing, errno: .ioError))
        .status == .ioError)
  }
}
