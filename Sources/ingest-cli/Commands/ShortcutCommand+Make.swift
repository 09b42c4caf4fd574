import Foundation
import Shortcuts
import SystemCalls

/// `shortcut make`: a "screenshot, share with this app" shortcut (`--bundle-id`, `--name`,
/// `--team`), or a "screenshot, post to this server" one (`--post-to`, `--no-token`).
extension ShortcutCommand {
  /// `shortcut make`'s options.
  struct MakeOptions: ParsableOptions {
    var bundleIdentifier: String?
    var name: String?
    var team: String?
    var postTo: String?
    var isWithoutToken: Bool
    var output: String
    var action: WorkflowBuilder.ShareAction?
    var input: WorkflowBuilder.Input?
    var title: String?
    var iconColor: UInt32?
    var glyph: Int?

    init(from reader: inout OptionReader) {
      bundleIdentifier = reader.read(
        Option(
          "--bundle-id", value: "ID",
          help: "the app's bundle identifier (com.example.app); with --name and --team, the app"
            + " the shortcut shares with (required unless --post-to)"))
      name = reader.read(
        Option(
          "--name", value: "NAME",
          help: "the app's name, as the shortcut shows it (required unless --post-to)"))
      team = reader.read(
        Option(
          "--team", value: "TEAMID",
          help: "the app's team identifier, ten upper-case letters or digits (required unless"
            + " --post-to)"))
      postTo = reader.read(
        Option(
          "--post-to", value: "URL",
          help: "post the screenshot to this http or https URL (ingest-cli serve's /share)"
            + " instead of sharing it with an app"))
      isWithoutToken = reader.read(
        Flag(
          "--no-token",
          help: "with --post-to: send no Authorization header (serve --insecure-no-token behind"
            + " a proxy); by default the shortcut asks for its bearer token when it is imported"
            + " and never carries it"))
      output = reader.read(
        RequiredOption(
          "--output", "-o", value: "FILE", help: "where to write the .shortcut file",
          completion: .file))
      action = reader.read(
        Option(
          "--action", value: "ACTION",
          help: "how the app is invoked: runextension (default) or share"))
      input = reader.read(
        Option(
          "--input", value: "INPUT",
          help: "what is shared or posted: screenshot (default), shortcut-input (the share"
            + " sheet's input) or clipboard"))
      title = reader.read(Option("--title", value: "TITLE", help: "the shortcut's name"))
      iconColor = reader.read(
        Option(
          "--icon-color", value: "RGBA",
          help: "the icon's colour as a 32-bit RGBA number, such as 4282601983",
          range: 0...UInt32.max))
      glyph = reader.read(
        Option(
          "--glyph", value: "NUMBER", help: "the icon's glyph number, such as 59446",
          range: 0...0x10FFFF))
    }
  }

  /// What `shortcut make` says it wrote, as JSON.
  struct MakeReport: Encodable {
    var output: String
    var byteCount: Int
    var format: String
    /// The file's permissions (`0644`: it never holds a token).
    var permissions: String
    var actions: [String]
    /// The app shared with (without `--post-to`).
    var app: ShortcutApp?
    /// The URL posted to (with `--post-to`).
    var postTo: String?
    /// With `--post-to`: whether the shortcut sends `Authorization: Bearer`, with the token
    /// asked for when it is imported (never in the file).
    var asksForToken: Bool?
    var signed: Bool
    var signingCommand: String
    var warnings: [String]
  }

  /// The settings both kinds of shortcut take: input, title, icon.
  struct Appearance {
    var input: WorkflowBuilder.Input = .screenshot
    var title: String?
    var iconColor: UInt32?
    var glyph: Int?

    /// What the shortcut posts, in words.
    var inputDescription: String {
      switch input {
      case .screenshot: "the screenshot"
      case .shortcutInput: "the share sheet's input"
      case .clipboard: "the clipboard"
      }
    }

    init(_ options: MakeOptions) throws(CLIError) {
      if let input = options.input { self.input = input }
      title = options.title
      iconColor = options.iconColor
      glyph = options.glyph
    }
  }

  static func make(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let options = arguments.read(MakeOptions.self)
    let appearance = try Appearance(options)
    if let url = options.postTo {
      return try makeUpload(options, url: url, appearance: appearance, json: json)
    }
    guard !options.isWithoutToken else {
      throw CLIError.usage(
        "--no-token goes with --post-to URL: a shortcut that shares with an app sends no"
          + " token")
    }
    let given = [
      ("--bundle-id ID", options.bundleIdentifier), ("--name NAME", options.name),
      ("--team TEAMID", options.team),
    ]
    let missing = given.filter { $0.1 == nil }.map(\.0)
    guard let bundle = options.bundleIdentifier, let name = options.name, let team = options.team
    else {
      let either = missing.count == given.count ? ", or --post-to URL" : ""
      throw CLIError.usage("missing " + ArgumentParser.list(missing, conjunction: "and") + either)
    }
    let app: ShortcutApp
    do {
      app = try ShortcutApp(bundleIdentifier: bundle, name: name, teamIdentifier: team)
    } catch {
      throw CLIError(status: .usage, describing: error)
    }
    var builder = WorkflowBuilder(app: app)
    if let action = options.action { builder.action = action }
    builder.input = appearance.input
    builder.title = appearance.title
    if let color = appearance.iconColor { builder.iconColor = color }
    if let glyph = appearance.glyph { builder.glyph = glyph }
    let data = try builder.propertyList()
    let made = try write(data, to: options.output, permissions: 0o644)
    if json {
      try Output.json(
        MakeReport(
          output: options.output, byteCount: data.count, format: made.format,
          permissions: "0644", actions: made.actions, app: app, signed: false,
          signingCommand: made.signingCommand, warnings: builder.warnings))
    } else {
      print(
        """
        wrote \(TerminalText.quoted(options.output)): \(data.count) bytes, \
        unsigned binary property list
          actions: \(made.actions.joined(separator: " -> "))
          bound to: \(app.bundleIdentifier) (\(TerminalText.quoted(app.name)), \
        team \(app.teamIdentifier))
        \(made.instructions)
        """)
      for warning in builder.warnings { Output.error("warning: \(warning)") }
    }
    return .success
  }

  /// `make --post-to URL [--no-token]`.
  static func makeUpload(
    _ options: MakeOptions, url: String, appearance: Appearance, json: Bool
  ) throws -> ExitStatus {
    let appOptions = [
      ("--bundle-id", options.bundleIdentifier), ("--name", options.name),
      ("--team", options.team), ("--action", options.action?.rawValue),
    ].filter { $0.1 != nil }.map(\.0)
    guard appOptions.isEmpty else {
      throw CLIError.usage(
        "--post-to makes a shortcut that posts to a server, bound to no app: drop "
          + ArgumentParser.list(appOptions, conjunction: "and"))
    }
    let server: ShortcutServer
    do {
      server = try ShortcutServer(url: url, asksForToken: !options.isWithoutToken)
    } catch {
      throw CLIError(status: .usage) { "--post-to: \($0.describe(error))" }
    }
    var builder = UploadWorkflowBuilder(server: server)
    builder.input = appearance.input
    builder.title = appearance.title
    if let color = appearance.iconColor { builder.iconColor = color }
    if let glyph = appearance.glyph { builder.glyph = glyph }
    let data = try builder.propertyList()
    // The file never holds the token: it is asked for when the shortcut is imported.
    let made = try write(data, to: options.output, permissions: 0o644)
    let shownURL = TerminalText.quoted(server.url.absoluteString)
    if json {
      try Output.json(
        MakeReport(
          output: options.output, byteCount: data.count, format: made.format,
          permissions: "0644", actions: made.actions, postTo: server.url.absoluteString,
          asksForToken: server.asksForToken, signed: false,
          signingCommand: made.signingCommand, warnings: builder.warnings))
      return .success
    }
    let authorization =
      server.asksForToken
      ? "Authorization: Bearer <the token asked for when the shortcut is imported>"
      : "no Authorization header"
    var lines = [
      "wrote \(TerminalText.quoted(options.output)): \(data.count) bytes, unsigned binary"
        + " property list",
      "  actions: \(made.actions.joined(separator: " -> "))",
      "  posts to: \(shownURL) (POST, \(appearance.inputDescription) as the body,"
        + " \(authorization))",
    ]
    if server.asksForToken {
      lines.append(
        "  the file holds no token: importing it asks for one (a line of serve's --token-file;"
          + " give each device its own)")
    }
    lines.append(made.instructions)
    print(lines.joined(separator: "\n"))
    for warning in builder.warnings { Output.error("warning: \(warning)") }
    return .success
  }

  /// What writing a made shortcut gives the report: its format, its actions read back, the
  /// signing command and instructions.
  struct Made {
    var format = "binary property list (bplist00)"
    var actions: [String]
    var signingCommand: String
    var instructions: String
  }

  /// Writes `data` to `output` with `permissions` (set when the file is created, never
  /// loosened after), and reads it back through the package's own reader.
  static func write(
    _ data: Data, to output: String, permissions: mode_t, holdsSecret: Bool = false
  ) throws -> Made {
    do {
      try FileSystem.writeFile(atPath: output, bytes: [UInt8](data), permissions: permissions)
    } catch {
      throw CLIError.io(error, role: .output)
    }
    let workflow = try Workflow(propertyList: data)
    let signed =
      output.hasSuffix(".shortcut") ? output.dropLast(9) + "-signed.shortcut" : output + ".signed"
    let input = ShellQuoting.quoted(output)
    let signedOutput = ShellQuoting.quoted(String(signed))
    return Made(
      actions: workflow.actions.map(\.identifier),
      signingCommand: "shortcuts sign --mode people-who-know-me -i \(input) -o \(signedOutput)",
      instructions: WorkflowBuilder.signingInstructions(
        input: input, output: signedOutput, holdsSecret: holdsSecret))
  }
}

/// `--input`: what the shortcut shares or posts.
extension WorkflowBuilder.Input: ArgumentChoice {}

/// `--action`: how the shortcut invokes the app.
extension WorkflowBuilder.ShareAction: ArgumentChoice {}
