/// The options and operands of one parsed command line, as a command reads them.
///
/// `ArgumentParser` has already checked them against the command's `CommandSpec`: every option
/// is declared, every value present, no option that may be given once is given twice. A command
/// asks for options by any of their names (a name no command on its path declares is never
/// given). The throwing signatures are those of the parser this one replaced.
struct Arguments {
  /// One option (with its value, for an option that takes one) or operand, in command-line
  /// order.
  struct Element {
    /// The option, nil for an operand.
    var option: OptionSpec?
    /// The option's value, or the operand.
    var value: String?
  }

  /// The subcommands named, after the program name (`inbox`, `import`).
  let path: [String]
  /// Everything else, in order.
  let elements: [Element]
  private var nextSubcommand = 0

  init(path: [String], elements: [Element]) {
    self.path = path
    self.elements = elements
  }

  /// Whether no options or operands were given.
  var isEmpty: Bool { elements.isEmpty }

  /// The next subcommand named on the command line: the command, then its action.
  mutating func popSubcommand() -> String? {
    guard nextSubcommand < path.count else { return nil }
    defer { nextSubcommand += 1 }
    return path[nextSubcommand]
  }

  /// Whether the flag was given, under any of its names.
  func flag(_ names: String...) -> Bool {
    elements.contains { $0.option.map { Self.matches($0, names) } ?? false }
  }

  /// Every value of an option, in order.
  func options(_ names: String...) throws(CLIError) -> [String] {
    values(names)
  }

  /// The value of an option given at most once (the parser refuses a second one).
  func option(_ names: String...) throws(CLIError) -> String? {
    values(names).first
  }

  /// The given options among `names` and every operand, in command-line order, for commands
  /// whose queries keep the user's order. Each element is the name asked for (nil for an
  /// operand) and the value.
  func orderedQueries(_ names: String...) throws(CLIError) -> [(option: String?, value: String)] {
    elements.compactMap { element in
      guard let option = element.option else { return (nil, element.value ?? "") }
      guard let name = names.first(where: option.names.contains) else { return nil }
      return (name, element.value ?? "")
    }
  }

  /// The operands, in order.
  func positionals() throws(CLIError) -> [String] {
    elements.filter { $0.option == nil }.compactMap(\.value)
  }

  private func values(_ names: [String]) -> [String] {
    elements.compactMap { element in
      guard let option = element.option, Self.matches(option, names) else { return nil }
      return element.value
    }
  }

  private static func matches(_ option: OptionSpec, _ names: [String]) -> Bool {
    option.names.contains { names.contains($0) }
  }
}
