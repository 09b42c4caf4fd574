/// Parses a command line against the command tables in one pass, as swift-argument-parser's
/// `SplitArguments` does: options before or after the subcommand (an option belongs to the
/// command that declares it and to every command under it), `--name=value` or `--name value`,
/// `-o value` or `-ovalue`, `--` ending options, and `-` as an operand (standard input).
///
/// Every usage error names the problem in one line; the caller adds the usage line of the
/// command reached (`ParseFailure.path`).
enum ArgumentParser {
  /// A parsed command line.
  struct Invocation {
    /// The root command, then each subcommand named (`ingest-cli`, `inbox`, `import`).
    var path: [CommandSpec]
    /// The options and operands given.
    var arguments: Arguments
  }

  /// A command line that does not fit the tables.
  struct ParseFailure: Error {
    /// What is wrong, in one line.
    var message: String
    /// The commands reached before the problem: the last one's usage is shown.
    var path: [CommandSpec]
  }

  /// Parses `tokens` (the arguments after the program name) against `root`.
  ///
  /// `--help`, `-h` and `--version` anywhere before `--` win over any other problem, so that
  /// `ingest-cli share --bogus --help` still shows help.
  static func parse(_ tokens: [String], root: CommandSpec) -> Result<Invocation, ParseFailure> {
    var path = [root]
    var elements: [Arguments.Element] = []
    var index = 0
    var optionsEnded = false
    var failure: String?

    func wantsHelpOrVersion() -> Bool {
      let beforeEnd = tokens.prefix { $0 != "--" }
      return beforeEnd.contains { ["--help", "-h", "--version"].contains($0) }
    }

    tokenLoop: while index < tokens.count {
      let token = tokens[index]
      index += 1
      if !optionsEnded && token == "--" {
        optionsEnded = true
        continue
      }
      if !optionsEnded && token.hasPrefix("-") && token != "-" {
        var name = token
        var inlineValue: String?
        if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
          name = String(token[..<equals])
          inlineValue = String(token[token.index(after: equals)...])
        }
        var option = lookUp(name, in: path)
        // `-ovalue`: a one-letter option with its value attached.
        if option == nil, !token.hasPrefix("--"), token.count > 2 {
          let short = String(token.prefix(2))
          if let candidate = lookUp(short, in: path), candidate.takesValue {
            option = candidate
            name = short
            inlineValue = String(token.dropFirst(2))
          }
        }
        guard let option else {
          failure = "unknown option '\(name)'" + suggestion(for: name, among: optionNames(path))
          break tokenLoop
        }
        var value: String?
        if option.takesValue {
          if let inlineValue {
            value = inlineValue
          } else if index < tokens.count {
            value = tokens[index]
            index += 1
          } else {
            failure = "\(name) needs a value (\(name) \(option.value ?? "VALUE"))"
            break tokenLoop
          }
        } else if inlineValue != nil {
          failure = "\(name) takes no value"
          break tokenLoop
        }
        if !option.isRepeatable,
          elements.contains(where: { $0.option?.name == option.name })
        {
          failure = "\(option.name) may be given only once"
          break tokenLoop
        }
        // The value is read as the declaration's type here, before any command runs.
        if let value, let problem = option.parse?(option.name, value) {
          failure = problem
          break tokenLoop
        }
        elements.append(Arguments.Element(option: option, value: value))
        continue
      }
      // An operand, or the name of a subcommand while the command reached only groups others.
      let command = path[path.count - 1]
      if !optionsEnded, !command.actions.isEmpty {
        guard let subcommand = command.subcommand(token) else {
          let what = path.count == 1 ? "command" : "\(commandName(path)) action"
          failure =
            "unknown \(what) '\(token)'"
            + suggestion(for: token, among: command.subcommandNames)
          break tokenLoop
        }
        path.append(subcommand)
        continue
      }
      elements.append(Arguments.Element(option: nil, value: token))
    }

    if wantsHelpOrVersion() {
      // The loop may have stopped at a problem before reaching the option: add it.
      let wanted = tokens.prefix { $0 != "--" }.contains("--version") ? "--version" : "--help"
      if !elements.contains(where: { $0.option?.names.contains(wanted) ?? false }),
        let option = lookUp(wanted, in: [path[0]])
      {
        elements.append(Arguments.Element(option: option, value: nil))
      }
      let arguments = Arguments(commands: path, elements: elements)
      return .success(Invocation(path: path, arguments: arguments))
    }
    let arguments = Arguments(commands: path, elements: elements)
    if let failure {
      return .failure(ParseFailure(message: failure, path: path))
    }
    if elements.contains(where: { $0.option?.skipsValidation ?? false }) {
      return .success(Invocation(path: path, arguments: arguments))
    }
    if let problem = validate(arguments, path: path) {
      return .failure(ParseFailure(message: problem, path: path))
    }
    return .success(Invocation(path: path, arguments: arguments))
  }

  /// What the command reached still lacks or has too much of: a subcommand, a required option,
  /// options that exclude each other, operands.
  static func validate(_ arguments: Arguments, path: [CommandSpec]) -> String? {
    let command = path[path.count - 1]
    if !command.actions.isEmpty {
      let names = command.subcommandNames
      if path.count == 1 { return "missing command" }
      return "\(commandName(path)) needs an action: " + list(names, conjunction: "or")
    }
    let given = Set(arguments.elements.compactMap { $0.option?.name })
    let missing = path.flatMap(\.options).filter { $0.isRequired && !given.contains($0.name) }
    if !missing.isEmpty {
      return "missing " + list(missing.map { "\($0.name) \($0.value ?? "")" }, conjunction: "and")
    }
    for group in path.flatMap(\.exclusiveGroups) {
      let present = group.filter(given.contains)
      if present.count > 1 {
        return list(present, conjunction: "and") + " cannot be given together; give one"
      }
    }
    let operands = arguments.elements.filter { $0.option == nil }.map(\.value)
    var remaining = operands.count
    for operand in command.operands {
      if remaining < operand.minimum {
        return "missing \(operand.name)"
      }
      remaining -= min(remaining, operand.maximum ?? remaining)
    }
    if remaining > 0, let extra = operands.dropFirst(operands.count - remaining).first {
      return "unexpected argument '\(extra ?? "")'"
    }
    return nil
  }

  /// The option called `name` in the commands of `path`, the innermost first.
  static func lookUp(_ name: String, in path: [CommandSpec]) -> OptionSpec? {
    for command in path.reversed() {
      if let option = command.options.first(where: { $0.names.contains(name) }) {
        return option
      }
    }
    return nil
  }

  /// `inbox import`, for messages.
  static func commandName(_ path: [CommandSpec]) -> String {
    path.dropFirst().map(\.name).joined(separator: " ")
  }

  static func optionNames(_ path: [CommandSpec]) -> [String] {
    path.flatMap(\.options).flatMap(\.names)
  }

  /// `a`, `a or b`, `a, b or c`.
  static func list(_ items: [String], conjunction: String) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + (items.last ?? "")
  }

  /// `; did you mean '--text'?` when a known name is within two edits of `word`.
  static func suggestion(for word: String, among names: [String]) -> String {
    let scored = names.map { (name: $0, distance: editDistance(word, $0)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }),
      best.distance <= (word.count <= 3 ? 1 : 2)
    else { return "" }
    return "; did you mean '\(best.name)'?"
  }

  /// Edits (insertions, deletions, substitutions and swaps of neighbours) from `a` to `b`.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
