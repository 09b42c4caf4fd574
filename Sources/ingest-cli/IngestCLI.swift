import Foundation

/// `ingest-cli`: simulate a share on Linux and answer type questions.
@main
struct IngestCLI {
  static let usage = """
    usage: ingest-cli <command> [options]

    commands:
      share      share files, text or a URL end to end: ingest-cli share photo.heic
      inbox      list, import and sweep shares: ingest-cli inbox list | import --to DIR | sweep
      uti        describe a type: ingest-cli uti public.heic | --ext heic | --mime image/heic
      types      what files really are, from their content: ingest-cli types FILE...
      shortcut   make a share-to-app shortcut, or inspect/verify one: ingest-cli shortcut inspect F
      rule       activation rules: ingest-cli rule check|matrix|explain RULE (see rule --help)
      help       show this text

    Every command accepts --json for machine-readable output.
    Exit status: 0 success, 1 not accepted, 64 usage, 65 bad data, 66 missing input,
    73 cannot create output, 74 I/O error.
    """

  static func main() {
    var arguments = Arguments(CommandLine.arguments.dropFirst())
    let status: ExitStatus
    do {
      if let error = RawArguments.invalidArgumentError() { throw error }
      status = try run(&arguments)
    } catch let error as CLIError {
      Output.error("ingest-cli: \(error)")
      if error.status == .usage { Output.error("run 'ingest-cli help' for usage") }
      status = error.status
    } catch {
      Output.error("ingest-cli: \(error)")
      status = .ioError
    }
    exit(status.rawValue)
  }

  static func run(_ arguments: inout Arguments) throws -> ExitStatus {
    guard let command = arguments.popSubcommand() else {
      if arguments.flag("--help", "-h") {
        print(usage)
        return .success
      }
      throw CLIError.usage("missing command")
    }
    switch command {
    case "share": return try ShareCommand.run(&arguments)
    case "inbox": return try InboxCommand.run(&arguments)
    case "uti": return try UTICommand.run(&arguments)
    case "types": return try TypesCommand.run(&arguments)
    case "shortcut": return try ShortcutCommand.run(&arguments)
    case "rule": return try RuleCommand.run(&arguments)
    case "help":
      print(usage)
      return .success
    default: throw CLIError.usage("unknown command '\(command)'")
    }
  }
}
