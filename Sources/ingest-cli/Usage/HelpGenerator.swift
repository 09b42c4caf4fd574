import Foundation

/// `--help` text and usage lines, generated from the command tables.
enum HelpGenerator {
  /// The program's name, as every usage line starts.
  static let program = "ingest-cli"

  // MARK: Usage lines

  /// The usage lines of the command at the end of `path`: one for a command that runs, one per
  /// action for a command that groups others.
  static func usageLines(_ path: [CommandSpec], width: Int) -> [String] {
    let command = path[path.count - 1]
    if path.count == 1 {
      return ["usage: \(program) [--json] [--help] [--version] <command> [<args>]"]
    }
    if !command.subcommands.isEmpty {
      return command.subcommands.flatMap { usageLines(path + [$0], width: width) }
        .enumerated().map { index, line in
          index > 0 && line.hasPrefix("usage: ") ? "       " + line.dropFirst(7) : line
        }
    }
    let prefix = "usage: \(commandLine(path)) "
    let indent = prefix.count <= width / 2 ? prefix.count : 8
    return wrapWords(synopsis(path), width: width, first: prefix, indent: indent)
  }

  /// `ingest-cli inbox import`.
  static func commandLine(_ path: [CommandSpec]) -> String {
    ([program] + path.dropFirst().map(\.name)).joined(separator: " ")
  }

  /// The options and operands of a command that runs, as usage lines write them: `--team ID`
  /// when required, `[--text TEXT]`, `[--declarations PLIST]...`, `[--group ID | --group-dir
  /// DIR]` for options that exclude each other, then the operands.
  static func synopsis(_ path: [CommandSpec]) -> [String] {
    let options = visibleOptions(path).filter { !$0.isHiddenFromUsage }
    let groups = path.flatMap(\.exclusiveGroups)
    var words: [String] = []
    var done = Set<String>()
    for option in options where !done.contains(option.name) {
      // Groups may overlap (`--unix-socket` excludes `--host` and `--port`): each option is
      // shown once, in the first group that holds it.
      if let group = groups.first(where: { $0.contains(option.name) }) {
        let members = options.filter { group.contains($0.name) && !done.contains($0.name) }
        if members.count > 1 {
          done.formUnion(members.map(\.name))
          words.append("[" + members.map(spelled).joined(separator: " | ") + "]")
          continue
        }
      }
      done.insert(option.name)
      let word = spelled(option)
      if option.isRequired {
        words.append(word)
      } else {
        words.append("[\(word)]" + (option.isRepeatable ? "..." : ""))
      }
    }
    return words + path[path.count - 1].operands.map(\.synopsis)
  }

  /// `--text TEXT`, `--json`.
  static func spelled(_ option: OptionSpec) -> String {
    option.value.map { "\(option.name) \($0)" } ?? option.name
  }

  /// The options a command accepts, its own first, then those of the commands above it; the
  /// root's only `--json` and `--help` (the others act on the program, not on a command).
  static func visibleOptions(_ path: [CommandSpec]) -> [OptionSpec] {
    var options: [OptionSpec] = []
    for (depth, command) in path.enumerated().reversed() {
      if depth == 0 && path.count > 1 {
        options += command.options.filter { ["--json", "--help"].contains($0.name) }
      } else {
        options += command.options
      }
    }
    return options
  }

  // MARK: Help

  /// The whole `--help` text of the command at the end of `path`.
  static func help(_ path: [CommandSpec], width: Int) -> String {
    let command = path[path.count - 1]
    var sections: [String] = []
    let title = path.count == 1 ? program : commandLine(path)
    sections.append(TextWrapping.wrap("\(title): \(command.abstract)", width: width, indent: 2))
    sections.append(usageLines(path, width: width).joined(separator: "\n"))
    if !command.discussion.isEmpty {
      sections.append(paragraphs(command.discussion, width: width))
    }
    if !command.subcommands.isEmpty {
      let title = path.count == 1 ? "commands:" : "actions:"
      sections.append(
        title + "\n"
          + table(command.subcommands.map { ($0.name, $0.abstract) }, width: width))
    }
    if !command.operands.isEmpty {
      sections.append(
        "arguments:\n" + table(command.operands.map { ($0.synopsis, $0.help) }, width: width))
    }
    let options = path.count == 1 ? command.options : visibleOptions(path)
    if !options.isEmpty {
      sections.append("options:\n" + table(options.map(optionRow), width: width))
    }
    if !command.examples.isEmpty {
      let lines = command.examples.flatMap { example in
        [
          "  \(program) \(example.command)",
          TextWrapping.wrap(example.note, width: width, prefix: "      ", indent: 6),
        ]
      }
      sections.append("examples:\n" + lines.joined(separator: "\n"))
    }
    if !command.exitStatus.isEmpty {
      sections.append(
        TextWrapping.wrap("exit status: " + command.exitStatus, width: width, indent: 2))
    }
    if !command.subcommands.isEmpty {
      let placeholder = path.count == 1 ? "<command>" : "<action>"
      sections.append("See '\(commandLine(path)) \(placeholder) --help' for each one's options.")
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// The short form a usage error ends with: the usage line (for a command with actions, one
  /// line naming them) and where the help is.
  static func usageHint(_ path: [CommandSpec], width: Int) -> String {
    guard let command = path.last else { return "See '\(program) --help'." }
    var lines = usageLines(path, width: width)
    if path.count > 1, !command.subcommands.isEmpty {
      let actions = "<" + command.subcommands.map(\.name).joined(separator: "|") + ">"
      let prefix = "usage: \(commandLine(path)) "
      lines = wrapWords(
        [actions] + synopsis(path) + ["[<args>]"], width: width, first: prefix,
        indent: prefix.count <= width / 2 ? prefix.count : 8)
    }
    return (lines + ["See '\(commandLine(path)) --help'."]).joined(separator: "\n")
  }

  static func optionRow(_ option: OptionSpec) -> (String, String) {
    let names = option.names.sorted { $0.count < $1.count }
    var left = names.joined(separator: ", ")
    if let value = option.value { left += " \(value)" }
    var help = option.help
    if option.isRequired { help += " (required)" }
    if option.isRepeatable { help += " (repeatable)" }
    return (left, help)
  }

  /// Two columns: names, then their description wrapped beside them (below them when the
  /// names are too wide).
  static func table(_ rows: [(String, String)], width: Int) -> String {
    let column = min((rows.map(\.0.count).max() ?? 0) + 4, 28)
    var lines: [String] = []
    for (left, right) in rows {
      let head = "  " + left
      let margin = String(repeating: " ", count: column)
      if head.count + 2 <= column {
        let padded = head + String(repeating: " ", count: column - head.count)
        lines.append(TextWrapping.wrap(right, width: width, prefix: padded, indent: column))
      } else {
        lines.append(head)
        lines.append(TextWrapping.wrap(right, width: width, prefix: margin, indent: column))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Paragraphs separated by blank lines, each wrapped; lines starting with spaces are kept as
  /// they are (examples, tables).
  static func paragraphs(_ text: String, width: Int) -> String {
    text.components(separatedBy: "\n\n").map { paragraph in
      if paragraph.hasPrefix(" ") { return paragraph }
      return TextWrapping.wrap(
        paragraph.replacingOccurrences(of: "\n", with: " "), width: width, indent: 0)
    }.joined(separator: "\n\n")
  }

  /// Words after `first`, wrapped at `width`, continuation lines indented by `indent`.
  static func wrapWords(_ words: [String], width: Int, first: String, indent: Int) -> [String] {
    var lines: [String] = []
    var line = first
    var lineIsFresh = true
    let margin = String(repeating: " ", count: indent)
    for word in words {
      if !lineIsFresh && line.count + 1 + word.count > width {
        lines.append(line)
        line = margin + word
      } else {
        line += (lineIsFresh ? "" : " ") + word
      }
      lineIsFresh = false
    }
    lines.append(line)
    return lines
  }
}
