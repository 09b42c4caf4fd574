/// One command of `ingest-cli`, declared once: its options, operands, subcommands, help text and
/// examples.
///
/// Everything a user sees about the command line is generated from these declarations: parsing
/// and its usage errors (`ArgumentParser`), `--help` (`HelpGenerator`), the man page
/// (`ManPageGenerator`) and the shell completions (`CompletionGenerator`). The options come
/// from the command's ``ParsableOptions`` type, which the command also reads them through: a
/// command that takes a new option reads it there, and that declares it.
struct CommandSpec: Sendable {
  /// The name typed on the command line (`share`, `check`).
  var name: String
  /// One line saying what the command does, for lists of commands.
  var abstract: String
  /// Paragraphs shown after the usage in `--help` and in the man page.
  var discussion: String
  /// The type that declares the command's options and reads their values.
  let optionsType: any ParsableOptions.Type
  /// The options the command takes, as `optionsType` declares them, in order. A command also
  /// accepts its ancestors' options (the root's `--json` and `--help` everywhere, `inbox`'s
  /// `--group` in each inbox action).
  let options: [OptionSpec]
  /// The operands, in order.
  var operands: [OperandSpec]
  /// Actions of a command that only groups others (`rule check`, `inbox list`), by name, each
  /// declared when it is first reached: a process declares only the commands on its command
  /// line (help, the man page and the completions reach them all).
  var actions: [Action]
  /// Options of which at most one may be given, each group by primary names, as `optionsType`
  /// declares them (``OptionReader/exclusive(_:)``).
  let exclusiveGroups: [[String]]
  /// Invocations that show the command at work, each with what it does.
  var examples: [Example]
  /// The command's exit statuses, where they say more than the general table.
  var exitStatus: String

  /// A command whose options `options` declares, its actions declared in full.
  init(
    name: String, abstract: String, discussion: String = "",
    options: any ParsableOptions.Type = NoOptions.self, operands: [OperandSpec] = [],
    subcommands: [CommandSpec] = [], examples: [Example] = [], exitStatus: String = ""
  ) {
    self.init(
      name: name, abstract: abstract, discussion: discussion, options: options,
      operands: operands, actions: subcommands.map { command in Action(command.name) { command } },
      examples: examples, exitStatus: exitStatus)
  }

  /// A command whose options `options` declares and whose actions are declared when reached.
  init(
    name: String, abstract: String, discussion: String = "",
    options: any ParsableOptions.Type = NoOptions.self, operands: [OperandSpec] = [],
    actions: [Action], examples: [Example] = [], exitStatus: String = ""
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.optionsType = options
    (self.options, self.exclusiveGroups) = OptionReader.declarations(of: options)
    self.operands = operands
    self.actions = actions
    self.examples = examples
    self.exitStatus = exitStatus
  }

  /// An action by its name, with what declares it.
  struct Action: Sendable {
    /// The name typed on the command line; the same as its declaration's.
    var name: String
    /// Makes the declaration (a command's `static let spec`, made once).
    var declaration: @Sendable () -> CommandSpec

    /// The action `name`, declared by `declaration` when reached.
    init(_ name: String, declaration: @escaping @Sendable () -> CommandSpec) {
      self.name = name
      self.declaration = declaration
    }
  }

  /// An example invocation.
  struct Example: Sendable {
    /// The arguments after `ingest-cli`.
    var command: String
    /// What it does.
    var note: String
  }

  /// Every action's declaration, in order.
  var subcommands: [CommandSpec] { actions.map { $0.declaration() } }

  /// The actions' names, without declaring them.
  var subcommandNames: [String] { actions.map(\.name) }

  /// The subcommand named `name`, declared now if it was not yet.
  func subcommand(_ name: String) -> CommandSpec? {
    actions.first { $0.name == name }?.declaration()
  }
}

/// An option: a flag (`--json`) or an option with a value (`--text TEXT`, `--text=TEXT`), as
/// an ``OptionDeclaration`` declares it.
struct OptionSpec: Sendable, Equatable {
  /// The names, the primary (long) one first: `["--output", "-o"]`.
  var names: [String]
  /// The value's placeholder (`TEXT`), nil for a flag.
  var value: String?
  /// What the option does.
  var help: String
  /// Whether the option may be given more than once (each value is kept, in order).
  var isRepeatable = false
  /// Whether the command cannot run without it.
  var isRequired = false
  /// What a shell offers for the value.
  var completion: Completion = .none
  /// Kept out of usage lines (help still lists it).
  var isHiddenFromUsage = false
  /// Whether the option does the program's own work (`--generate-man`): a command line with it
  /// is not checked for a command, required options or operands.
  var skipsValidation = false
  /// Checks a value as the declaration's type and range: nil when it is one, else the usage
  /// error's message. Nil for a flag or an option whose value is any text.
  var parse: (@Sendable (_ name: String, _ value: String) -> String?)? = nil

  /// A check of values of `type` within `range`; the message names the option as given.
  static func parser<Value: ExpressibleByArgument>(
    _ type: Value.Type, range: ArgumentRange<Value>?
  ) -> @Sendable (_ name: String, _ value: String) -> String? {
    { name, value in
      do throws(CLIError) {
        _ = try Value.parse(value, named: name, range: range)
        return nil
      } catch {
        return error.message
      }
    }
  }

  /// Whether two specs declare the same option (the value check aside, which no two
  /// declarations share).
  static func == (lhs: OptionSpec, rhs: OptionSpec) -> Bool {
    lhs.names == rhs.names && lhs.value == rhs.value && lhs.help == rhs.help
      && lhs.isRepeatable == rhs.isRepeatable && lhs.isRequired == rhs.isRequired
      && lhs.completion == rhs.completion && lhs.isHiddenFromUsage == rhs.isHiddenFromUsage
      && lhs.skipsValidation == rhs.skipsValidation && (lhs.parse == nil) == (rhs.parse == nil)
  }

  /// The primary name.
  var name: String { names[0] }
  /// Whether the option takes a value.
  var takesValue: Bool { value != nil }
}

/// An operand (a positional argument).
struct OperandSpec: Sendable {
  /// The placeholder (`FILE`).
  var name: String
  /// What it is.
  var help: String
  /// How many must be given.
  var minimum: Int = 1
  /// How many may be given; nil for any number.
  var maximum: Int? = 1
  /// What a shell offers.
  var completion: Completion = .none

  /// Exactly one.
  static func one(_ name: String, help: String, completion: Completion = .none) -> OperandSpec {
    OperandSpec(name: name, help: help, completion: completion)
  }

  /// Zero or one.
  static func optional(_ name: String, help: String, completion: Completion = .none)
    -> OperandSpec
  {
    OperandSpec(name: name, help: help, minimum: 0, completion: completion)
  }

  /// Any number, at least `minimum`.
  static func many(
    _ name: String, minimum: Int = 0, help: String, completion: Completion = .none
  ) -> OperandSpec {
    OperandSpec(name: name, help: help, minimum: minimum, maximum: nil, completion: completion)
  }

  /// `FILE`, `[FILE]`, `FILE...` or `[FILE...]`, as usage lines write it.
  var synopsis: String {
    let repeated = maximum == nil ? name + "..." : name
    return minimum == 0 ? "[\(repeated)]" : repeated
  }
}

/// What a shell completes for a value or an operand.
enum Completion: Sendable, Equatable {
  case none
  /// File names.
  case file
  /// Directory names.
  case directory
  /// One of these words.
  case values([String])
  /// The names of the command's subcommands (`help COMMAND`).
  case commands
}
