import ActivationRules
import Foundation
import Ingest
import Sniffing
import SystemCalls
import UTI

/// `ingest-cli rule`: will an extension appear for a share, and why.
enum RuleCommand {
  static let usage = """
    usage: ingest-cli rule check RULE (--source PROFILE | --attachment TYPES... | --files FILE...)
                                [options]
           ingest-cli rule matrix RULE [--sources DIR] [--json]
           ingest-cli rule explain RULE [--json]
    (readings of the dictionary form: [--attachments-key-caps-only] [--media-not-files])

    RULE is an Info.plist (XML or binary; the rule is read at
    NSExtension/NSExtensionAttributes/NSExtensionActivationRule), a property list holding the
    rule, a text file holding a predicate, or a predicate string itself.

    check options:
      --source PROFILE        a source-app profile: a name in the sources directory or a .json path
      --attachment TYPES      one attachment per occurrence (alias --types): comma-separated
                              UTI, UTI=file (delivered as a file), UTI=URL (the URL value), e.g.
                              --attachment public.heic=file,public.jpeg
                              --attachment public.url=https://example.com/
      --title TEXT, --content-text TEXT
                              the extension item's attributedTitle / attributedContentText
      --files FILE...         the files themselves, shared as Files would share them: one
                              attachment per file, registered as the type its content is
                              (sniffed), delivered as a file

    options of every action:
      --declarations PLIST    an Info.plist whose UTExportedTypeDeclarations and
                              UTImportedTypeDeclarations are registered first (repeatable), as
                              the containing app's are on a device; an Info.plist given as RULE
                              has its own declarations registered too
      --sources DIR           source-app profiles (default: corpus/sources)
      --json                  machine-readable output
      --attachments-key-caps-only
                              read NSExtensionActivationSupportsAttachmentsWithMaxCount as a cap
                              on the number of attachments only (default: it also accepts an
                              attachment of any kind); Apple's documentation leaves this open
      --media-not-files       do not count images and movies delivered as files toward
                              NSExtensionActivationSupportsFileWithMaxCount (default: they count)

    Text output wraps at the terminal's width (COLUMNS, else 80, when not a terminal).

    Exit status: check 0 shown, 1 hidden; 64 usage, 65 bad rule or profile, 66 missing,
    unreadable or not a regular file.
    """

  static func run(_ arguments: inout Arguments) throws -> ExitStatus {
    if arguments.flag("--help", "-h") {
      print(usage)
      return .success
    }
    guard let action = arguments.popSubcommand() else {
      throw CLIError.usage("rule needs check, matrix or explain\n" + usage)
    }
    switch action {
    case "check": return try check(&arguments)
    case "matrix": return try matrix(&arguments)
    case "explain": return try explain(&arguments)
    default: throw CLIError.usage("unknown rule action '\(action)'\n" + usage)
    }
  }

  // MARK: check

  struct CheckReport: Encodable {
    var rule: String
    var form: String
    var semantics: ActivationRule.Semantics
    var source: String
    var shown: Bool
    var reason: String
    var evaluationError: String?
    var warnings: [ActivationRuleWarning]
    var trace: ActivationTrace
  }

  static func check(_ arguments: inout Arguments) throws -> ExitStatus {
    let json = arguments.flag("--json")
    let sourceName = try arguments.option("--source")
    let sourcesDirectory = try arguments.option("--sources") ?? "corpus/sources"
    let attachmentSpecs = try arguments.options("--attachment", "--types")
    let title = try arguments.option("--title")
    let contentText = try arguments.option("--content-text")
    let filesMode = arguments.flag("--files")
    let declarationFiles = try arguments.options("--declarations")
    let semantics = Self.semantics(&arguments)
    let positionals = try arguments.positionals()
    guard let ruleArgument = positionals.first, filesMode || positionals.count == 1 else {
      throw CLIError.usage("rule check needs exactly one RULE\n" + usage)
    }
    let files = Array(positionals.dropFirst())
    let sources = [sourceName != nil, !attachmentSpecs.isEmpty, filesMode].filter { $0 }.count
    guard sources <= 1 else {
      throw CLIError.usage("give one of --source, --attachment or --files")
    }
    let rule = try loadRule(ruleArgument, declarationFiles: declarationFiles)

    let input: ActivationInput
    let sourceLabel: String
    switch (sourceName, attachmentSpecs.isEmpty) {
    case (.none, true) where filesMode:
      guard !files.isEmpty else { throw CLIError.usage("--files needs at least one FILE") }
      // Sniffed in the rule's registry: an extension the app declares names its type.
      let sniffer = ContentSniffer(registry: rule.registry)
      input = ActivationInput(
        extensionItems: [
          ActivationItem(
            attributedTitle: title, attributedContentText: contentText,
            attachments: try files.map { try sniffedAttachment($0, sniffer: sniffer) })
        ], registry: rule.registry)
      sourceLabel = "\(files.count) file\(files.count == 1 ? "" : "s") shared as files"
    case (.some(let name), true):
      let profile = try loadProfile(name, directory: sourcesDirectory)
      input = profile.activationInput
      sourceLabel = "\(profile.name) (\(profile.title))"
    case (.none, false):
      let attachments = try attachmentSpecs.map(parseAttachment)
      input = ActivationInput(extensionItems: [
        ActivationItem(
          attributedTitle: title, attributedContentText: contentText, attachments: attachments)
      ])
      sourceLabel =
        "the command line's \(attachments.count) attachment\(attachments.count == 1 ? "" : "s")"
    default:
      throw CLIError.usage(
        "rule check needs --source PROFILE, --attachment TYPES or --files FILE...\n" + usage)
    }

    let decision = rule.evaluate(input, semantics: semantics)
    if json {
      try Output.json(
        CheckReport(
          rule: rule.origin, form: formName(rule), semantics: semantics, source: sourceLabel,
          shown: decision.isShown,
          reason: decision.reason, evaluationError: decision.evaluationError,
          warnings: rule.warnings, trace: decision.trace))
    } else {
      let width = Terminal.width
      print(
        TextWrapping.wrap(
          "\(decision.isShown ? "shown" : "hidden") for \(TerminalText.quoted(sourceLabel))",
          width: width))
      print(decision.wrappedReason(width: width, prefix: "reason: "))
      print("\nhow it was decided:")
      print(decision.trace.rendered(indent: 1, width: width))
      printWarnings(rule, width: width)
    }
    return decision.isShown ? .success : .notAccepted
  }

  /// One attachment for a file: its content's type (sniffed), delivered as a file, as Files
  /// shares a document.
  static func sniffedAttachment(
    _ path: String, sniffer: ContentSniffer
  ) throws -> ActivationAttachment {
    let result = try TypesCommand.sniff(path, with: sniffer)
    return ActivationAttachment(
      registeredTypeIdentifiers: [result.type.identifier], hasFileRepresentation: true,
      suggestedName: URL(fileURLWithPath: path).lastPathComponent, registry: sniffer.registry)
  }

  /// `UTI[=file|=URL][,UTI…]`: one attachment.
  static func parseAttachment(_ spec: String) throws -> ActivationAttachment {
    var identifiers: [String] = []
    var url: URL?
    var isFile = false
    for piece in spec.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let identifier = parts[0].trimmingCharacters(in: .whitespaces)
      guard !identifier.isEmpty, !identifier.contains(where: { $0.isWhitespace }) else {
        throw CLIError.usage("--attachment '\(spec)': '\(piece)' is not a type identifier")
      }
      identifiers.append(identifier)
      guard parts.count == 2 else { continue }
      let value = String(parts[1])
      if value == "file" {
        isFile = true
      } else if let parsed = URL(string: value), parsed.scheme != nil {
        url = parsed
      } else {
        throw CLIError.usage(
          "--attachment '\(spec)': '\(value)' is neither 'file' nor a URL with a scheme")
      }
    }
    return ActivationAttachment(
      registeredTypeIdentifiers: identifiers, url: url, hasFileRepresentation: isFile)
  }

  // MARK: matrix

  struct MatrixRow: Encodable {
    var name: String
    var title: String
    var app: String?
    var shown: Bool
    var reason: String
  }

  struct MatrixReport: Encodable {
    var rule: String
    var form: String
    var semantics: ActivationRule.Semantics
    var sources: String
    var warnings: [ActivationRuleWarning]
    var rows: [MatrixRow]
  }

  static func matrix(_ arguments: inout Arguments) throws -> ExitStatus {
    let json = arguments.flag("--json")
    let sourcesDirectory = try arguments.option("--sources") ?? "corpus/sources"
    let declarationFiles = try arguments.options("--declarations")
    let semantics = Self.semantics(&arguments)
    let positionals = try arguments.positionals()
    guard positionals.count == 1 else {
      throw CLIError.usage("rule matrix needs exactly one RULE\n" + usage)
    }
    let rule = try loadRule(positionals[0], declarationFiles: declarationFiles)
    let profiles: [SourceProfile]
    do {
      profiles = try SourceProfile.loadAll(
        in: URL(fileURLWithPath: sourcesDirectory, isDirectory: true), checksCorpusFiles: false)
    } catch {
      throw profileError(error, path: sourcesDirectory)
    }
    guard !profiles.isEmpty else {
      throw CLIError.noInput("no source-app profiles (*.json) in \(sourcesDirectory)")
    }
    let rows = profiles.map { profile in
      let decision = rule.evaluate(profile.activationInput, semantics: semantics)
      return MatrixRow(
        name: profile.name, title: profile.title, app: profile.app, shown: decision.isShown,
        reason: decision.reason)
    }
    if json {
      try Output.json(
        MatrixReport(
          rule: rule.origin, form: formName(rule), semantics: semantics, sources: sourcesDirectory,
          warnings: rule.warnings, rows: rows))
    } else {
      let width = Terminal.width
      // Profile names and titles come from files a user can give (--sources): quoted.
      let names = rows.map { TerminalText.quoted($0.name) }
      let nameWidth = names.map(\.count).max() ?? 0
      // Reasons sit under the titles, unless the names leave them too little room.
      let reasonIndent = min(nameWidth + 10, width / 3)
      let margin = String(repeating: " ", count: reasonIndent)
      for (row, name) in zip(rows, names) {
        let verdict = row.shown ? "shown " : "hidden"
        let name = name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        print(
          TextWrapping.wrap(
            "\(verdict)  \(name)  \(TerminalText.quoted(row.title))", width: width,
            indent: nameWidth + 10))
        print(TextWrapping.wrap(row.reason, width: width, prefix: margin, indent: reasonIndent))
      }
      printWarnings(rule, width: width)
    }
    return .success
  }

  // MARK: explain

  struct ExplainReport: Encodable {
    var rule: String
    var explanation: ActivationRuleExplanation
  }

  static func explain(_ arguments: inout Arguments) throws -> ExitStatus {
    let json = arguments.flag("--json")
    let declarationFiles = try arguments.options("--declarations")
    let semantics = Self.semantics(&arguments)
    let positionals = try arguments.positionals()
    guard positionals.count == 1 else {
      throw CLIError.usage("rule explain needs exactly one RULE\n" + usage)
    }
    let rule = try loadRule(positionals[0], declarationFiles: declarationFiles)
    let width = Terminal.width
    let explanation = rule.explanation(width: width, semantics: semantics)
    if json {
      try Output.json(ExplainReport(rule: rule.origin, explanation: explanation))
    } else {
      print(
        TextWrapping.wrap(
          "\(explanation.form) rule from \(TerminalText.quoted(rule.origin))", width: width))
      for line in explanation.summary {
        print(TextWrapping.wrap(line, width: width, prefix: "  ", indent: 4))
      }
      print(
        explanation.form == "dictionary" ? "\nas the equivalent predicate:" : "\nnormalized:")
      print(explanation.indentedFormat)
      for note in explanation.notes {
        print(TextWrapping.wrap(note, width: width, prefix: "note: ", indent: 6))
      }
      printWarnings(rule, width: width)
    }
    return .success
  }

  // MARK: Shared

  /// A rule from a file when RULE names one, else RULE as a predicate string.
  ///
  /// The rule gets a registry of its own, never `.shared`: the type declarations of each
  /// `--declarations` file, then those of RULE when it is an Info.plist declaring types, are
  /// registered there first, so identifiers the app declares resolve (and conform) as they do
  /// once the app is installed. A RULE file is read once.
  static func loadRule(_ argument: String, declarationFiles: [String]) throws -> ActivationRule {
    let registry = UTTypeRegistry()
    for warning in try TypeDeclarations.register(files: declarationFiles, in: registry) {
      Output.error("warning: \(warning)")
    }
    do {
      if FileSystem.exists(argument) || looksLikePath(argument) {
        let data: Data
        do {
          data = Data(
            try FileSystem.readFile(atPath: argument, limit: Int64(ActivationRule.maximumFileSize)))
        } catch {
          throw CLIError.io(error, role: .input)
        }
        return try ActivationRule(data: data, path: argument, registry: registry)
      }
      let escaped = ["&lt;", "&gt;", "&amp;", "&quot;", "&apos;"].contains {
        argument.contains($0)
      }
      return try ActivationRule(
        predicateFormat: argument, options: escaped ? [.decodesXMLEntitiesInStrings] : [],
        origin: "the predicate given on the command line", registry: registry)
    } catch let error as ActivationRuleError {
      throw CLIError(error)
    }
  }

  /// Whether an argument that names no file was meant as a path rather than a predicate.
  static func looksLikePath(_ argument: String) -> Bool {
    let lower = argument.lowercased()
    if [".plist", ".xml", ".json", ".txt", ".predicate"].contains(where: { lower.hasSuffix($0) }) {
      return true
    }
    return argument.contains("/")
      && !argument.contains(where: { $0.isWhitespace || "()\"'=<>".contains($0) })
  }

  static func loadProfile(_ name: String, directory: String) throws -> SourceProfile {
    let path =
      name.hasSuffix(".json") || name.contains("/")
      ? name : URL(fileURLWithPath: directory).appendingPathComponent(name + ".json").path
    do {
      return try SourceProfile.load(from: URL(fileURLWithPath: path), checksCorpusFiles: false)
    } catch {
      throw profileError(error, path: path)
    }
  }

  /// A profile or directory that cannot be read is missing input (66, by
  /// `ExitStatus(for:role:)`); a malformed one is bad data (65).
  static func profileError(_ error: any Error, path: String) -> CLIError {
    guard let error = error as? SourceProfileError else { return .data("\(path): \(error)") }
    return CLIError(error)
  }

  static func formName(_ rule: ActivationRule) -> String {
    switch rule.form {
    case .dictionary: "dictionary"
    case .predicate: "predicate"
    }
  }

  static func printWarnings(_ rule: ActivationRule, width: Int) {
    for warning in rule.warnings {
      Output.error(TextWrapping.wrap("\(warning)", width: width, prefix: "warning: ", indent: 9))
    }
  }

  /// The reading of the dictionary keys Apple leaves open, from `--attachments-key-caps-only`
  /// and `--media-not-files` (see ``ActivationRule/Semantics``).
  static func semantics(_ arguments: inout Arguments) -> ActivationRule.Semantics {
    ActivationRule.Semantics(
      attachmentsMaximum: arguments.flag("--attachments-key-caps-only")
        ? .capsCountOnly : .acceptsAnyKind,
      countsMediaAsFiles: !arguments.flag("--media-not-files"))
  }
}
