import Foundation
import Shortcuts
import SystemCalls

/// `ingest-cli shortcut`: make an unsigned "screenshot, share to this app" or "screenshot, post
/// to this server" shortcut, or inspect a `.shortcut` file (signed or unsigned), check its
/// signature and extract its workflow.
enum ShortcutCommand: ParsableCommand {
  static let name = "shortcut"

  /// `shortcut`'s actions: the list, their declarations and the dispatch, written once.
  enum Actions: String, CommandActions {
    case make, inspect

    var spec: CommandSpec {
      switch self {
      case .make:
        CommandSpec(
          name: rawValue,
          abstract: "write an unsigned shortcut bound to an app's share extension, or posting to"
            + " a server",
          options: MakeOptions.self,
          examples: [
            .init(
              command: "shortcut make --bundle-id com.example.app --name Example --team"
                + " ABCDE12345 -o Example.shortcut",
              note: "a shortcut that takes a screenshot and shares it with Example"),
            .init(
              command: "shortcut make --post-to https://ingest.example.net/share --token-file"
                + " ~/.config/ingest/tokens -o Upload.shortcut",
              note: "a shortcut that takes a screenshot and posts it to ingest-cli serve, with"
                + " the first token of the file (the file holds the token: keep it private)"),
          ],
          exitStatus: "0 written; 64 a bad identifier, URL or option; 65 the --token-file holds"
            + " no token, or one an HTTP header cannot carry; 66 the --token-file is missing or"
            + " unreadable; 73 the file cannot be written.")
      case .inspect:
        CommandSpec(
          name: rawValue,
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
            + " or not a regular file; 73 the --extract file cannot be written.")
      }
    }
  }

  static let spec = CommandSpec(
    name: name,
    abstract: "make a \"screenshot, share with this app\" or \"post to this server\" shortcut,"
      + " or inspect and verify one",
    discussion: """
      make writes an unsigned binary property list; iOS 15 and later import only signed \
      shortcuts, so it prints the command that signs it on a Mac (shortcuts sign --mode \
      people-who-know-me -i IN -o OUT). The default action, runextension, is the form reported \
      to sign, import and run on a device; signing was reported to empty the parameters of the \
      share action, so --action share prints a warning.

      make --post-to URL writes instead a shortcut that takes a screenshot and posts it with \
      Get Contents of URL (POST, the screenshot as the body) to URL, such as the /share of \
      ingest-cli serve. With --token-file FILE the first token of FILE (serve --token-file's \
      format) goes in an Authorization: Bearer header: the shortcut file then holds the token, \
      so it is written readable by its owner only (0600), and the token is never printed. \
      Without --token-file the shortcut sends no Authorization header, for a server started \
      with --insecure-no-token behind a proxy that authenticates. Plain http to another \
      machine, a loopback address (from a phone it reaches the phone) and a path other than \
      /share are warned about. The action and parameter names follow shortcuts exported from \
      devices; that iOS imports and runs the file, on a given iOS version, only a device can \
      confirm.
      """,
    actions: CommandSpec.Action.all(Actions.self)
  )

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
    switch arguments.popAction(Actions.self) {
    case .make: return try await make(&arguments)
    case .inspect: return try await inspect(&arguments)
    }
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
      // A signed shortcut needs libcrypto; one that cannot be loaded is said as such, not as
      // a checksum or signature that does not verify.
      if bytes.starts(with: Array("AEA1".utf8)) { try ShortcutFile.loadLibcrypto() }
      file = try ShortcutFile(data: Data(bytes))
    } catch let error as CLIError {
      throw error
    } catch let error as SharedLibraryError {
      throw CLIError(status: .ioError, describing: error)
    } catch {
      // A message about the content does not name the file; say which one.
      throw CLIError(status: .dataError) { "\($0.quote(name)): \($0.describe(error))" }
    }
    let verification = file.verify()
    let report = ShortcutReport(path: name, file: file, verification: verification)
    // Files asked for are written before anything is printed: a reader that stops early
    // (`| head -1`) must not cost the user the file.
    let isAltered = verification.map { !$0.isIntact } ?? false
    if let extract, !isAltered {
      do {
        // A workflow can hold secrets (a bearer token in a request's headers, as make
        // --post-to --token-file writes it): the copy is readable by its owner only.
        try FileSystem.writeFile(
          atPath: extract, bytes: [UInt8](file.workflowData), permissions: 0o600)
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
        "  signed by: "
          + (signer.method == .contact
            ? "contact (Apple ID, people who know me)" : "iCloud (anyone)")
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
      if let request = item.action.request {
        var line = "         request: \(quoted(request.method ?? WorkflowRequest.variableText))"
        line += " " + (request.url.map(quoted) ?? "<a URL a variable makes>")
        if let body = request.bodyType { line += ", body \(quoted(body))" }
        if !request.headerNames.isEmpty {
          line += ", headers: " + request.headerNames.map(quoted).joined(separator: ", ")
        }
        lines.append(line)
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
      let distinct = apps.enumerated().filter { apps.firstIndex(of: $0.element) == $0.offset }
      lines.append("  bound apps: \(distinct.map(\.element).joined(separator: ", "))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
