import Foundation
import ShareWebApp
import SystemCalls

/// `ingest-cli`: simulate a share on Linux and answer type questions.
@main
struct IngestCLI {
  /// The version `--version` prints.
  static let version = "0.11.0"

  /// The command line, declared once: parsing, help, the man page and the completions all come
  /// from here and from each command's `spec`. The commands are named here and each declared
  /// when a command line reaches it, so a process builds only the declaration it runs.
  static let root = CommandSpec(
    name: HelpGenerator.program,
    abstract: "iOS share extensions on Linux: share files into an App Group directory, import"
      + " them, and answer what types, rules and shortcuts do",
    discussion: """
      Every command takes --json for one JSON document on standard output (errors too), and \
      --help. Options may come before or after the command; -- ends options; - reads standard \
      input where a file is expected.
      """,
    options: Options.self,
    actions: commands.map { CommandSpec.Action($0) },
    examples: [
      .init(command: "share corpus/files/photo.heic", note: "share a photo end to end"),
      .init(command: "inbox import --to ~/Imported", note: "hand every committed share over"),
      .init(command: "types corpus/files/heic-named.jpg", note: "what a file really is"),
      .init(command: "share --help", note: "a command's options and examples"),
    ],
    exitStatus: """
      0 success; 1 not accepted (hidden by the rule, rejected by the contract, a signature not \
      trusted); 64 usage; 65 bad input data; 66 an input file is missing or unreadable; 73 an \
      output or the group directory cannot be created or written; 74 other I/O errors.

      An input file that is missing, unreadable, or not a regular file (a FIFO, a device, a \
      directory) is 66 for every command, with one message: cannot read PATH: not a regular \
      file (a FIFO). Files a user names are followed when they are symbolic links, as file -L \
      does. A usage error is one line naming the problem, then the command's usage line. Text \
      output and messages print every name a user supplied (paths, and names read from files: \
      identifiers, keys, profile titles, a shortcut's actions) the way ls and git quote names \
      holding control characters, $'a\\nfake.jpg', so no name can forge an output line or act \
      on the terminal; an argument that is not valid UTF-8 is refused (66) and named with its \
      bytes, $'bad\\xFF.jpg'.
      """
  )

  /// The commands, in the order help lists them: the one list the parser, help, the man page,
  /// the completions and the dispatch read.
  static let commands: [any ParsableCommand.Type] = [
    ShareCommand.self, InboxCommand.self, GroupsCommand.self, TypesCommand.self,
    UTICommand.self, RuleCommand.self, MatrixCommand.self, LibraryCommand.self,
    ShortcutCommand.self, DBCommand.self, ServeCommand.self, HelpCommand.self,
  ]

  static let helpSpec = CommandSpec(
    name: HelpCommand.name, abstract: "show the help of a command: ingest-cli help rule check",
    operands: [.many("COMMAND", help: "a command, and its action", completion: .commands)],
    examples: [
      .init(command: "help inbox watch", note: "the same as ingest-cli inbox watch --help")
    ]
  )

  /// The program's own options: `--json` and `--help` apply to every command; the others act
  /// on the program.
  struct Options: ParsableOptions {
    /// `--json`, which even a usage error honours (it is looked for before parsing).
    static let jsonFlag = Flag(
      "--json", help: "write the answer as one JSON document on standard output; errors too")

    var json: Bool
    var help: Bool
    var version: Bool
    var generatesManPage: Bool
    var completionShell: String?

    init(from reader: inout OptionReader) {
      json = reader.read(Self.jsonFlag)
      help = reader.read(
        Flag("--help", "-h", help: "show help: of the program, or of the command named")
          .hiddenFromUsage())
      version = reader.read(Flag("--version", help: "print the version").hiddenFromUsage())
      generatesManPage = reader.read(
        Flag("--generate-man", help: "write the man page, ingest-cli.1, to standard output")
          .hiddenFromUsage().skippingValidation())
      completionShell = reader.read(
        Option(
          "--generate-completion", value: "SHELL",
          help: "write the completion script for bash or zsh to standard output",
          completion: .values(["bash", "zsh"])
        ).hiddenFromUsage().skippingValidation())
    }
  }

  static func main() async {
    // `serve`'s thumbnail worker: this program started again to decode one image within
    // limits (see ThumbnailWorker); it parses nothing else and starts no thread.
    if CommandLine.arguments.count == 2, CommandLine.arguments[1] == ThumbnailWorker.argument {
      exit(ThumbnailWorker.run())
    }
    Output.treatBrokenPipeAsEnd()
    let tokens = Array(CommandLine.arguments.dropFirst())
    let json = tokens.prefix { $0 != "--" }.contains { Options.jsonFlag.spec.names.contains($0) }
    if let error = RawArguments.invalidArgumentError() {
      Output.flush()
      exit(report(error, path: [root], json: json).rawValue)
    }
    let invocation: ArgumentParser.Invocation
    switch ArgumentParser.parse(tokens, root: root) {
    case .failure(let failure):
      let status: ExitStatus
      if tokens.isEmpty {
        Output.error(HelpGenerator.help([root], width: Terminal.width), terminator: "")
        status = .usage
      } else {
        status = report(.usage(failure.message), path: failure.path, json: json)
      }
      Output.flush()
      exit(status.rawValue)
    case .success(let parsed):
      invocation = parsed
    }
    if let status = programOption(invocation, json: json) {
      Output.flush()
      exit(status.rawValue)
    }
    // The command runs on the I/O executor's workers, as the package's own async code does:
    // its file reads, flushes and database round trips never block the cooperative pool. The
    // process ends there: coming back to `main` would wake the main queue, which after
    // `dispatch_main` runs on a thread Dispatch starts for it, one more thread per process.
    await withTaskExecutorPreference(IOExecutor.shared) {
      let status = await execute(invocation, json: json)
      Output.flush()
      exit(status.rawValue)
    }
  }

  /// The program's own options (`--help`, `--version`, `--generate-man`,
  /// `--generate-completion`), answered from the command tables where `main` runs: nothing in
  /// them blocks, so they start no thread. Nil for a command.
  static func programOption(_ invocation: ArgumentParser.Invocation, json: Bool) -> ExitStatus? {
    let path = invocation.path
    let options = invocation.arguments.read(Options.self)
    do {
      if options.help {
        print(HelpGenerator.help(path, width: Terminal.width), terminator: "")
        return .success
      }
      if options.version {
        print("\(HelpGenerator.program) \(version)")
        return .success
      }
      if options.generatesManPage {
        print(ManPageGenerator.manPage(root, version: version), terminator: "")
        return .success
      }
      if let shell = options.completionShell {
        guard let script = CompletionGenerator.script(root, shell: shell) else {
          throw CLIError(status: .usage) {
            "--generate-completion takes bash or zsh, not \($0.echoed(shell))"
          }
        }
        print(script, terminator: "")
        return .success
      }
      return nil
    } catch {
      return report(CLIError(describing: error), path: path, json: json)
    }
  }

  /// Runs a parsed command (none of the program's own options was given).
  static func execute(_ invocation: ArgumentParser.Invocation, json: Bool) async -> ExitStatus {
    var arguments = invocation.arguments
    do {
      return try await run(&arguments)
    } catch {
      return report(CLIError(describing: error), path: invocation.path, json: json)
    }
  }

  /// Runs the command the parser found, by its type in ``commands``.
  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    guard let name = arguments.popSubcommand(),
      let command = commands.first(where: { $0.name == name })
    else {
      preconditionFailure("the parser matched a command IngestCLI.commands does not list")
    }
    return try await command.run(&arguments)
  }

  /// `ingest-cli help [COMMAND [ACTION]]`, as `git help` does.
  static func help(_ arguments: inout Arguments) async throws -> ExitStatus {
    var path = [root]
    for name in try arguments.positionals() {
      guard let command = path[path.count - 1].subcommand(name) else {
        throw CLIError(status: .usage) {
          "no command \($0.echoed(name)); run 'ingest-cli help' for the list"
        }
      }
      path.append(command)
    }
    print(HelpGenerator.help(path, width: Terminal.width), terminator: "")
    return .success
  }

  /// Writes an error the way every command does: one line on standard error (with the usage
  /// of the command reached, for a usage error), or, with `--json`, one JSON document on
  /// standard output.
  static func report(_ error: CLIError, path: [CommandSpec], json: Bool) -> ExitStatus {
    if json {
      let usage =
        error.status == .usage
        ? HelpGenerator.usageLines(path, width: .max).joined(separator: "\n") : nil
      Output.jsonError(error, usage: usage)
    } else {
      Output.error(TerminalText.safeMessage("\(HelpGenerator.program): \(error)"))
      if error.status == .usage {
        Output.error(HelpGenerator.usageHint(path, width: Terminal.width))
      }
    }
    return error.status
  }
}

/// `ingest-cli help [COMMAND [ACTION]]`.
enum HelpCommand: ParsableCommand {
  static let name = "help"
  static var spec: CommandSpec { IngestCLI.helpSpec }
  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    try await IngestCLI.help(&arguments)
  }
}

extension Arguments {
  /// Whether `--json` was given: every command answers with one JSON document then.
  var wantsJSON: Bool { read(IngestCLI.Options.self).json }
}
