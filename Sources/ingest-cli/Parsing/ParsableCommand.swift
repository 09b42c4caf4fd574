/// A command of `ingest-cli`, listed by its type in ``IngestCLI/commands``: its name, its
/// declaration and what runs it, in one place, as swift-argument-parser's `ParsableCommand`
/// and `CommandConfiguration.subcommands` list commands.
///
/// The root's list of commands, its help, the man page, the completions and the dispatch all
/// come from that one list: a command is added by adding its type there.
protocol ParsableCommand: SendableMetatype {
  /// The name typed on the command line (`share`); the declaration's name.
  static var name: String { get }
  /// The declaration: options, operands, actions, help and examples (made when a command line
  /// reaches the command, once).
  static var spec: CommandSpec { get }
  /// Runs the command on a parsed command line.
  static func run(_ arguments: inout Arguments) async throws -> ExitStatus
}

/// The actions of a command that groups others (`inbox list`, `rule check`), as one
/// enumeration: its cases are the list (in order), each case's raw value its name and `spec`
/// its declaration, and the command dispatches by an exhaustive `switch` over the case the
/// parser found (``Arguments/popAction(_:)``), never by a string.
protocol CommandActions: CaseIterable, RawRepresentable, Sendable where RawValue == String {
  /// The action's declaration; its name is the case's raw value.
  var spec: CommandSpec { get }
}

extension CommandSpec.Action {
  /// The command `command`, declared when reached.
  init(_ command: any ParsableCommand.Type) {
    self.init(command.name) { command.spec }
  }

  /// The actions `type` lists, in order, each declared when reached.
  static func all<Actions: CommandActions>(_ type: Actions.Type) -> [CommandSpec.Action] {
    Actions.allCases.map { action in CommandSpec.Action(action.rawValue) { action.spec } }
  }
}

extension Arguments {
  /// The action of `type` named on the command line next: the parser has matched it against
  /// the same list, so a name it does not list is a mistake in the program.
  mutating func popAction<Actions: CommandActions>(_ type: Actions.Type) -> Actions {
    guard let name = popSubcommand(), let action = Actions(rawValue: name) else {
      preconditionFailure("the parser matched an action \(Actions.self) does not list")
    }
    return action
  }
}
