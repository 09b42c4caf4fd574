/// The options and operands of one parsed command line, as a command reads them.
///
/// `ArgumentParser` has already checked them against the commands' declarations: every option
/// is declared, every value present, no option that may be given once is given twice. A
/// command reads its options whole, through the ``ParsableOptions`` type that declares them
/// (``read(_:)``), and its operands in order.
struct Arguments {
  /// One option (with its value, for an option that takes one) or operand, in command-line
  /// order.
  struct Element {
    /// The option, nil for an operand.
    var option: OptionSpec?
    /// The option's value, or the operand.
    var value: String?
  }

  /// One occurrence of an option or an operand: its value and its place on the command line.
  struct Occurrence: Sendable {
    /// Its index among the options and operands given, counting from 0.
    var position: Int
    /// The option's value (nil for a flag), or the operand.
    var value: String?
  }

  /// The commands parsed: the root, then each subcommand named.
  let commands: [CommandSpec]
  /// Everything else, in order.
  let elements: [Element]
  private var nextSubcommand = 0

  init(commands: [CommandSpec], elements: [Element]) {
    self.commands = commands
    self.elements = elements
  }

  /// The subcommands named, after the program name (`inbox`, `import`).
  var path: [String] { commands.dropFirst().map(\.name) }

  /// Whether no options or operands were given.
  var isEmpty: Bool { elements.isEmpty }

  /// The next subcommand named on the command line: the command, then its action.
  mutating func popSubcommand() -> String? {
    guard nextSubcommand < path.count else { return nil }
    defer { nextSubcommand += 1 }
    return path[nextSubcommand]
  }

  /// The options `type` declares, with their values: those of the command parsed, or of a
  /// command above it (`inbox`'s `--group` in `inbox import`, the root's `--json` anywhere).
  ///
  /// Reading the options of a command that is not on the command line parsed is a mistake in
  /// the program, not in its input, and stops it.
  func read<Options: ParsableOptions>(_ type: Options.Type) -> Options {
    guard
      let command = commands.last(where: {
        ObjectIdentifier($0.optionsType) == ObjectIdentifier(type)
      })
    else {
      preconditionFailure(
        "\(type) are the options of no command of '\(commands.map(\.name).joined(separator: " "))'")
    }
    let (options, read) = OptionReader.read(type, from: self)
    precondition(
      read == command.options,
      "\(type) reads \(read.map(\.name)) but declares \(command.options.map(\.name)): its"
        + " initializer must read each option once, whatever the values")
    return options
  }

  /// Where and with which value the option `spec` was given, in command-line order.
  func occurrences(of spec: OptionSpec) -> [Occurrence] {
    elements.indices.compactMap { index in
      elements[index].option == spec
        ? Occurrence(position: index, value: elements[index].value) : nil
    }
  }

  /// The operands, in order.
  func positionals() throws(CLIError) -> [String] {
    elements.filter { $0.option == nil }.compactMap(\.value)
  }

  /// The operands with their places among the options, for a command that answers options and
  /// operands in the order given (`uti`).
  func positionedOperands() -> [Occurrence] {
    elements.indices.compactMap { index in
      elements[index].option == nil
        ? Occurrence(position: index, value: elements[index].value) : nil
    }
  }
}
