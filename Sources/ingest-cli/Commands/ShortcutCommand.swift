import Foundation
import Shortcuts
import SystemCalls

/// `ingest-cli shortcut`: make an unsigned "screenshot, share to this app" shortcut, or inspect
/// a `.shortcut` file (signed or unsigned), check its signature and extract its workflow.
enum ShortcutCommand {
  static let spec = CommandSpec(
    name: "shortcut",
    abstract: "make a \"screenshot, share with this app\" shortcut, or inspect and verify one",
    discussion: """
      make writes an unsigned binary property list; iOS 15 and later import only signed \
      shortcuts, so it prints the command that signs it on a Mac (shortcuts sign --mode \
      people-who-know-me -i IN -o OUT). The default action, runextension, is the form reported \
      to sign, import and run on a device; signing was reported to empty the parameters of the \
      share action, so --action share prints a warning.
      """,
    subcommands: [
      CommandSpec(
        name: "make",
        abstract: "write an unsigned shortcut bound to an app's share extension",
        options: MakeOptions.self,
        examples: [
          .init(
            command: "shortcut make --bundle-id com.example.app --name Example --team"
              + " ABCDE12345 -o Example.shortcut",
            note: "a shortcut that takes a screenshot and shares it with Example")
        ],
        exitStatus: "0 written; 64 a bad identifier or option; 73 the file cannot be written."),
      CommandSpec(
        name: "inspect",
        abstract: "read a signed or unsigned .shortcut, verify its signature, extract its"
          + " workflow",
        options: InspectOptions.self,
        operands: [
          .one("FILE", help: "the .shortcut file ('-' reads standard input)", completion: .file)
        ],
        examples: [
          .init(
            command: "shortcut inspect Example.shortcut",
            note: "the shortcut make wrote: its format and actions"),
          .init(
            command: "shortcut inspect Example.shortcut --extract Shortcut.wflow --json",
            note: "extract the workflow and describe it as JSON"),
        ],
        exitStatus: "0 verified, or unsigned; 1 intact but its signer is not trusted; 65"
          + " malformed or altered (then --extract is refused); 66 FILE is missing, unreadable"
          + " or not a regular file; 73 the --extract file cannot be written."),
    ]
  )

  /// `shortcut make`'s options.
  struct MakeOptions: ParsableOptions {
    var bundleIdentifier: String
    var name: String
    var team: String
    var output: String
    var action: String?
    var input: String?
    var title: String?
    var iconColor: String?
    var glyph: String?

    init(from reader: inout OptionReader) {
      bundleIdentifier = reader.read(
        RequiredOption(
          "--bundle-id", value: "ID", help: "the app's bundle identifier (com.example.app)"))
      name = reader.read(
        RequiredOption(
          "--name", value: "NAME", help: "the app's name, as the shortcut shows it"))
      team = reader.read(
        RequiredOption(
          "--team", value: "TEAMID",
          help: "the app's team identifier (ten upper-case letters or digits)"))
      output = reader.read(
        RequiredOption(
          "--output", "-o", value: "FILE", help: "where to write the .shortcut file",
          completion: .file))
      action = reader.read(
        Option(
          "--action", value: "ACTION",
          help: "how the app is invoked: runextension (default) or share",
          completion: .values(WorkflowBuilder.ShareAction.allCases.map(\.rawValue))))
      input = reader.read(
        Option(
          "--input", value: "INPUT",
          help: "what is shared: screenshot (default), shortcut-input (the share sheet's"
            + " input) or clipboard",
          completion: .values(WorkflowBuilder.Input.allCases.map(\.rawValue))))
      title = reader.read(Option("--title", value: "TITLE", help: "the shortcut's name"))
      iconColor = reader.read(
        Option(
          "--icon-color", value: "RGBA",
          help: "the icon's colour as a 32-bit RGBA number, such as 4282601983"))
      glyph = reader.read(
        Option("--glyph", value: "NUMBER", help: "the icon's glyph number, such as 59446"))
    }
  }

  /// `shortcut inspect`'s options.
  struct InspectOptions: ParsableOptions {
    /// `--extract FILE`: where the workflow is written.
    var extract: String?

    init(from reader: inout OptionReader) {
      extract = reader.read(
        Option(
          "--extract", value: "FILE",
          help: "write the workflow (Shortcut.wflow) to FILE; written before anything is"
            + " printed",
          completion: .file))
    }
  }

  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    switch arguments.popSubcommand() {
    case "make": return try await make(&arguments)
    case "inspect": return try await inspect(&arguments)
    case let other: throw CLIError.usage("unknown shortcut action '\(other ?? "")'")
    }
  }

  // MARK: make

  struct MakeReport: Encodable {
    var output: String
    var byteCount: Int
    var format: String
    var actions: [String]
    var app: ShortcutApp
    var signed: Bool
    var signingCommand: String
    var warnings: [String]
  }

  static func make(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let options = arguments.read(MakeOptions.self)
    let bundle = options.bundleIdentifier
    let name = options.name
    let team = options.team
    let output = options.output
    let action = options.action
    let input = options.input
    let title = options.title
    let color = options.iconColor
    let glyph = options.glyph
    let app: ShortcutApp
    do {
      app = try ShortcutApp(bundleIdentifier: bundle, name: name, teamIdentifier: team)
    } catch {
      throw CLIError.usage("\(error)")
    }
    var builder = WorkflowBuilder(app: app)
    if let action {
      guard let value = WorkflowBuilder.ShareAction(rawValue: action) else {
        throw CLIError.usage("--action must be share or runextension, not '\(action)'")
      }
      builder.action = value
    }
    if let input {
      guard let value = WorkflowBuilder.Input(rawValue: input) else {
        throw CLIError.usage(
          "--input must be screenshot, shortcut-input or clipboard, not '\(input)'")
      }
      builder.input = value
    }
    builder.title = title
    if let color {
      guard let value = UInt32(color) else {
        throw CLIError.usage("--icon-color must be a 32-bit RGBA number such as 4282601983")
      }
      builder.iconColor = value
    }
    if let glyph {
      guard let value = Int(glyph), (0...0x10FFFF).contains(value) else {
        throw CLIError.usage("--glyph must be a glyph number such as 59446")
      }
      builder.glyph = value
    }
    let data = try builder.propertyList()
    do {
      try FileSystem.writeFile(atPath: output, bytes: [UInt8](data))
    } catch {
      throw CLIError.io(error, role: .output)
    }
    let workflow = try Workflow(propertyList: data)
    let signed =
      output.hasSuffix(".shortcut") ? output.dropLast(9) + "-signed.shortcut" : output + ".signed"
    let instructions = WorkflowBuilder.signingInstructions(
      input: ShellQuoting.quoted(output), output: ShellQuoting.quoted(String(signed)))
    let signingCommand =
      "shortcuts sign --mode people-who-know-me -i \(ShellQuoting.quoted(output))"
      + " -o \(ShellQuoting.quoted(String(signed)))"
    if json {
      try Output.json(
        MakeReport(
          output: output, byteCount: data.count, format: "binary property list (bplist00)",
          actions: workflow.actions.map(\.identifier), app: app, signed: false,
          signingCommand: signingCommand,
          warnings: builder.warnings))
    } else {
      print(
        """
        wrote \(TerminalText.quoted(output)): \(data.count) bytes, unsigned binary property list
          actions: \(workflow.actions.map(\.identifier).joined(separator: " -> "))
          bound to: \(app.bundleIdentifier) (\(TerminalText.quoted(app.name)), team \(app.teamIdentifier))
        \(instructions)
        """)
    }
    if !json {
      for warning in builder.warnings { Output.error("warning: \(warning)") }
    }
    return .success
  }

  // MARK: inspect

  static func inspect(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let extract = arguments.read(InspectOptions.self).extract
    let path = try arguments.positionals()[0]
    let name = path == "-" ? InputPath.standardInputName : path
    let file: ShortcutFile
    do {
      let bytes = try InputPath.read(path, limit: Int64(ShortcutFile.maximumFileSize))
      file = try ShortcutFile(data: Data(bytes))
    } catch let error as CLIError {
      throw error
    } catch {
      // A message about the content does not name the file; say which one.
      throw CLIError.data("\(TerminalText.quoted(name)): \(error)")
    }
    let verification = file.verify()
    let report = ShortcutReport(path: name, file: file, verification: verification)
    // Files asked for are written before anything is printed: a reader that stops early
    // (`| head -1`) must not cost the user the file.
    let isAltered = verification.map { !$0.isIntact } ?? false
    if let extract, !isAltered {
      do {
        try FileSystem.writeFile(atPath: extract, bytes: [UInt8](file.workflowData))
      } catch {
        throw CLIError.io(error, role: .output)
      }
    }
    if json {
      try Output.json(report)
    } else {
      print(report.text, terminator: "")
    }
    if isAltered {
      if extract != nil {
        Output.error("ingest-cli: not extracting: the file was altered after signing")
      }
      return .dataError
    }
    if let extract, !json {
      print("extracted Shortcut.wflow to \(extract) (\(file.workflowData.count) bytes)")
    }
    if let verification, !verification.isVerified { return .notAccepted }
    return .success
  }
}

/// What `shortcut inspect` prints, as text or JSON.
struct ShortcutReport: Encodable {
  struct Archive: Encodable {
    var profile: String
    var rootHeader: AEARootHeader
    var clusters: Int
    var segments: Int
  }

  struct Signer: Encodable {
    var method: ShortcutSigningMethod
    var certificates: [SigningCertificate]
  }

  struct Action: Encodable {
    var index: Int
    var action: WorkflowAction
  }

  var path: String
  var format: ShortcutFile.Format
  var archive: Archive?
  var signer: Signer?
  var verified: Bool?
  var reason: String?
  var checks: [ShortcutVerification.Check]?
  var clientVersion: String?
  var minimumClientVersion: Int?
  var types: [String]
  var actions: [Action]
  var boundApps: [BoundApp]

  init(path: String, file: ShortcutFile, verification: ShortcutVerification?) {
    self.path = path
    format = file.format
    archive = file.archive.map { archive in
      Archive(
        profile: "\(archive.profile.rawValue) (\(archive.profile.name))",
        rootHeader: archive.rootHeader, clusters: archive.clusters.count,
        segments: archive.clusters.reduce(0) { $0 + $1.segments.count })
    }
    signer = file.signer.map { Signer(method: $0.method, certificates: $0.certificates) }
    verified = verification?.isVerified
    reason = verification?.failureReason
    checks = verification?.checks
    clientVersion = file.workflow.clientVersion
    minimumClientVersion = file.workflow.minimumClientVersion
    types = file.workflow.types
    actions = file.workflow.actions.enumerated().map {
      Action(index: $0.offset + 1, action: $0.element)
    }
    boundApps = file.workflow.boundApps
  }

  /// The report as text. The path and every name read from the file (identifiers, output
  /// names, bound apps, certificate names) are quoted when they hold a control character.
  var text: String {
    let quoted: (String) -> String = TerminalText.quoted
    var lines = [quoted(path)]
    switch format {
    case .signed: lines.append("  format: signed (Apple Encrypted Archive)")
    case .binaryPropertyList:
      lines.append("  format: unsigned binary property list (iOS 15+ imports only signed files)")
    case .xmlPropertyList:
      lines.append("  format: unsigned XML property list (iOS 15+ imports only signed files)")
    }
    if let archive {
      let root = archive.rootHeader
      lines.append("  profile: \(archive.profile)")
      lines.append(
        "  root header: raw size \(root.rawSize), container size \(root.containerSize),"
          + " segment size \(root.segmentSize), \(root.segmentsPerCluster) segments per cluster,"
          + " compression \(root.compressionAlgorithm.name), checksum \(root.checksumAlgorithm)")
      lines.append("  clusters: \(archive.clusters), segments: \(archive.segments)")
    }
    if let signer {
      lines.append(
        "  signed by: \(signer.method == .contact ? "contact (Apple ID, people who know me)" : "iCloud (anyone)")"
      )
      let formatter = ISO8601DateFormatter()
      for (index, certificate) in signer.certificates.enumerated() {
        let expired = certificate.isExpired() ? " (expired)" : ""
        lines.append("    certificate \(index): \(quoted(certificate.subject))")
        lines.append("      issuer: \(quoted(certificate.issuer))")
        lines.append(
          "      valid: \(formatter.string(from: certificate.notBefore)) to"
            + " \(formatter.string(from: certificate.notAfter))\(expired)")
      }
    }
    if let verified, let checks {
      lines.append(
        verified
          ? "  verification: verified" : "  verification: not verified: \(quoted(reason ?? ""))")
      for check in checks {
        lines.append(
          "    [\(check.passed ? "ok" : "FAIL")] \(check.name): \(quoted(check.detail))")
      }
    }
    if let clientVersion { lines.append("  client version: \(quoted(clientVersion))") }
    if let minimumClientVersion {
      lines.append("  minimum client version: \(minimumClientVersion)")
    }
    if !types.isEmpty { lines.append("  types: \(types.map(quoted).joined(separator: ", "))") }
    lines.append("  actions (\(actions.count)):")
    for item in actions {
      var line = "    \(item.index). \(quoted(item.action.identifier))"
      if let name = item.action.customOutputName { line += " " + quoted("\"\(name)\"") }
      lines.append(line)
      for connection in item.action.connections {
        var source = connection.kind
        if let index = connection.sourceActionIndex { source = "output of action \(index + 1)" }
        if let name = connection.outputName { source += " " + quoted("\"\(name)\"") }
        lines.append("         \(quoted(connection.parameter)) <- \(quoted(source))")
      }
      for app in item.action.boundApps {
        var line = "         \(quoted(app.parameter)) = app \(quoted(app.bundleIdentifier))"
        if let name = app.name {
          line +=
            " (\(quoted(name))" + (app.teamIdentifier.map { ", team \(quoted($0))" } ?? "") + ")"
        }
        lines.append(line)
      }
    }
    if boundApps.isEmpty {
      lines.append("  bound apps: none")
    } else {
      let apps = boundApps.map { quoted($0.bundleIdentifier) }
      lines.append(
        "  bound apps: \(apps.enumerated().filter { apps.firstIndex(of: $0.element) == $0.offset }.map(\.element).joined(separator: ", "))"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
