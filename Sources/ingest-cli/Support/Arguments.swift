/// A small command-line parser: flags, options with values (`--ext heic` or `--ext=heic`),
/// and positional arguments. Anything after `--` is positional.
struct Arguments {
  private var tokens: [String]
  private var positionalOnly: [String] = []

  init(_ arguments: some Sequence<String>) {
    var tokens: [String] = []
    var iterator = arguments.makeIterator()
    while let token = iterator.next() {
      if token == "--" {
        while let rest = iterator.next() { positionalOnly.append(rest) }
        break
      }
      tokens.append(token)
    }
    self.tokens = tokens
  }

  /// Whether no arguments remain.
  var isEmpty: Bool { tokens.isEmpty && positionalOnly.isEmpty }

  /// Removes and returns the first token if it is not an option (a subcommand name).
  mutating func popSubcommand() -> String? {
    guard let first = tokens.first, !first.hasPrefix("-") else { return nil }
    tokens.removeFirst()
    return first
  }

  /// Removes every occurrence of a flag; true if there was one.
  mutating func flag(_ names: String...) -> Bool {
    let before = tokens.count
    tokens.removeAll { names.contains($0) }
    return tokens.count != before
  }

  /// Removes and returns every value of an option, in order.
  mutating func options(_ names: String...) throws(CLIError) -> [String] {
    var values: [String] = []
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if let name = names.first(where: { token.hasPrefix($0 + "=") }) {
        values.append(String(token.dropFirst(name.count + 1)))
        tokens.remove(at: index)
      } else if names.contains(token) {
        guard index + 1 < tokens.count else {
          throw .usage("\(token) needs a value")
        }
        values.append(tokens[index + 1])
        tokens.removeSubrange(index...(index + 1))
      } else {
        index += 1
      }
    }
    return values
  }

  /// Removes and returns an option given at most once.
  mutating func option(_ names: String...) throws(CLIError) -> String? {
    var values: [String] = []
    for name in names { values += try options(name) }
    guard values.count <= 1 else {
      throw .usage("\(names[0]) may be given only once")
    }
    return values.first
  }

  /// Removes and returns every occurrence of the given options and every positional argument,
  /// in command-line order, for commands whose queries keep the user's order. Each element is
  /// the option name (nil for a positional) and its value.
  mutating func orderedQueries(_ names: String...) throws(CLIError) -> [(
    option: String?, value: String
  )] {
    var queries: [(String?, String)] = []
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if let name = names.first(where: { token.hasPrefix($0 + "=") }) {
        queries.append((name, String(token.dropFirst(name.count + 1))))
      } else if names.contains(token) {
        guard index + 1 < tokens.count else { throw .usage("\(token) needs a value") }
        queries.append((token, tokens[index + 1]))
        index += 1
      } else if token.hasPrefix("-") && token != "-" {
        throw .usage("unknown option \(token)")
      } else {
        queries.append((nil, token))
      }
      index += 1
    }
    tokens = []
    queries += positionalOnly.map { (nil, $0) }
    positionalOnly = []
    return queries
  }

  /// Returns what remains as positional arguments; an unknown option is a usage error.
  mutating func positionals() throws(CLIError) -> [String] {
    if let unknown = tokens.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
      throw .usage("unknown option \(unknown)")
    }
    defer {
      tokens = []
      positionalOnly = []
    }
    return tokens + positionalOnly
  }
}
