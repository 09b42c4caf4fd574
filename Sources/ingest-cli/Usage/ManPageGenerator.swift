import Foundation

/// The man page, `ingest-cli.1`, generated from the command tables (man(7) macros, as groff
/// and mandoc read them).
enum ManPageGenerator {
  /// The whole page.
  static func manPage(_ root: CommandSpec, version: String) -> String {
    var page: [String] = []
    let name = HelpGenerator.program
    page.append(".TH \(escape(name.uppercased())) 1 \"\" \"\(escape(name)) \(version)\"")
    page.append(".ad l")
    page.append(".SH NAME")
    page.append("\(escape(name)) \\- \(escape(root.abstract))")
    page.append(".SH SYNOPSIS")
    page.append(".B \(escape(name))")
    page.append("[\\fB\\-\\-json\\fR] [\\fB\\-\\-help\\fR] \\fIcommand\\fR [\\fIargs\\fR]")
    page.append(".br")
    page.append(".B \(escape(name))")
    page.append("\\fB\\-\\-version\\fR | \\fB\\-\\-generate\\-man\\fR |")
    page.append("\\fB\\-\\-generate\\-completion\\fR \\fIbash\\fR|\\fIzsh\\fR")
    page.append(".SH DESCRIPTION")
    page += paragraphs(root.discussion)
    page.append(".SH OPTIONS")
    page += options(root.options)
    page.append(".SH COMMANDS")
    for command in root.subcommands {
      page += section([root, command])
    }
    page.append(".SH EXIT STATUS")
    page += paragraphs(root.exitStatus)
    page.append(".SH ENVIRONMENT")
    for (variable, text) in environment {
      page.append(".TP")
      page.append(".B \(escape(variable))")
      page.append(escape(text))
    }
    page.append(".SH FILES")
    page.append("A group directory holds:")
    page.append(".RS")
    page.append(".nf")
    page += groupLayout.map(escape)
    page.append(".fi")
    page.append(".RE")
    page.append(".SH EXAMPLES")
    page += examples(root)
    page.append(".SH SEE ALSO")
    page.append("\\fBfile\\fR(1), \\fBjq\\fR(1)")
    return page.joined(separator: "\n") + "\n"
  }

  /// The variables the program reads.
  static let environment: [(String, String)] = [
    (
      "INGEST_GROUP_DIR",
      "The group directory when neither --group nor --group-dir is given."
    ),
    (
      "INGEST_APP_GROUPS",
      "App Group identifiers and their directories, as group.id=/path:group.other=/path2;"
        + " --group ID and groups resolve through it."
    ),
    (
      "XDG_DATA_HOME",
      "Without INGEST_GROUP_DIR, the group directory is $XDG_DATA_HOME/share-ingest/group"
        + " (~/.local/share/share-ingest/group when unset)."
    ),
    ("NO_COLOR", "When set and not empty, no colour is written, even on a terminal."),
    ("COLUMNS", "The width text is wrapped at when standard output is not a terminal."),
    ("LC_ALL, LC_CTYPE, LANG", "Reports use plain ASCII unless the locale is UTF-8."),
    (
      "INGEST_CORPUS_DIR",
      "Where source-app profiles find their sample files (default: the repository's corpus/)."
    ),
  ]

  static let groupLayout = [
    "<group>/Incoming/<UUID>.<ext>   payload copies, mode 0600, never overwritten",
    "<group>/Inbox/<share-id>.json   one manifest per committed share, written last",
    "<group>/.staging/               files of shares in flight, and files made ahead",
  ]

  /// One command's subsection; a command with actions gets one per action.
  static func section(_ path: [CommandSpec]) -> [String] {
    let command = path[path.count - 1]
    if !command.subcommands.isEmpty {
      var lines = [".SS \"\(escape(HelpGenerator.commandLine(path)))\"", escape(command.abstract)]
      if !command.discussion.isEmpty { lines += [".PP"] + paragraphs(command.discussion) }
      lines += options(command.options)
      if !command.exitStatus.isEmpty {
        lines += [".PP", "Exit status: " + escape(command.exitStatus)]
      }
      for subcommand in command.subcommands { lines += section(path + [subcommand]) }
      return lines
    }
    var lines = [".SS \"\(escape(HelpGenerator.commandLine(path)))\""]
    lines.append(".B \(escape(HelpGenerator.commandLine(path)))")
    lines.append(escape(HelpGenerator.synopsis(path).joined(separator: " ")))
    lines.append(".PP")
    lines.append(escape(command.abstract) + ".")
    if !command.discussion.isEmpty { lines += [".PP"] + paragraphs(command.discussion) }
    for operand in command.operands {
      lines += [".TP", "\\fI\(escape(operand.synopsis))\\fR", escape(operand.help)]
    }
    lines += options(command.options)
    if !command.examples.isEmpty {
      lines += [".PP", "Examples:"]
      lines += examples(command)
    }
    if !command.exitStatus.isEmpty {
      lines += [".PP", "Exit status: " + escape(command.exitStatus)]
    }
    return lines
  }

  static func options(_ options: [OptionSpec]) -> [String] {
    options.flatMap { option -> [String] in
      let names = option.names.sorted { $0.count < $1.count }.map { "\\fB\(escape($0))\\fR" }
      let value = option.value.map { " \\fI\(escape($0))\\fR" } ?? ""
      return [".TP", names.joined(separator: ", ") + value, escape(option.help)]
    }
  }

  static func examples(_ command: CommandSpec) -> [String] {
    command.examples.flatMap { example in
      [
        ".PP", ".RS", ".nf", escape("\(HelpGenerator.program) \(example.command)"), ".fi",
        escape(example.note), ".RE",
      ]
    }
  }

  static func paragraphs(_ text: String) -> [String] {
    var lines: [String] = []
    for (index, paragraph) in text.components(separatedBy: "\n\n").enumerated() {
      if index > 0 { lines.append(".PP") }
      if paragraph.hasPrefix(" ") {
        lines += [".nf"] + paragraph.split(separator: "\n").map { escape(String($0)) } + [".fi"]
      } else {
        lines.append(escape(paragraph.replacingOccurrences(of: "\n", with: " ")))
      }
    }
    return lines
  }

  /// Text as roff reads it literally: backslashes and hyphens escaped, a line never starting
  /// with a control character.
  static func escape(_ text: String) -> String {
    var out = text.replacingOccurrences(of: "\\", with: "\\e")
      .replacingOccurrences(of: "-", with: "\\-")
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    guard !out.unicodeScalars.allSatisfy(\.isASCII) else { return out }
    var ascii = ""
    for scalar in out.unicodeScalars {
      if scalar.isASCII {
        ascii.unicodeScalars.append(scalar)
      } else {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        ascii += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return ascii
  }
}
