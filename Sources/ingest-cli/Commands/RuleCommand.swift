import ActivationRules
import Foundation
import Ingest
import ItemProvider
import Sniffing
import SystemCalls
import UTI

/// `ingest-cli rule`: will an extension appear for a share, and why.
enum RuleCommand: ParsableCommand {
  static let name = "rule"

  /// `--declarations PLIST`, which every action takes.
  static let declarationsOption = TypeDeclarations.option

  /// `--sources DIR`, for the actions that read source-app profiles.
  static let sourcesOption = Option(
    "--sources", value: "DIR",
    help: "read source-app profiles (*.json) from DIR instead of the shipped ones, which are"
      + " compiled in", completion: .directory)

  /// `rule check`'s options.
  struct CheckOptions: ParsableOptions {
    var source: String?
    var javaScriptResults: String?
    /// `--attachment TYPES`, one attachment each.
    var attachments: [String]
    /// `--files`: the operands after RULE are files to share.
    var sharesFiles: Bool
    var title: String?
    var contentText: String?
    var sources: String?
    var declarations: [String]
    var reading: SemanticsOptions

    init(from reader: inout OptionReader) {
      let sourceOption = Option(
        "--source", value: "PROFILE",
        help: "a shipped source-app profile (" + SourceProfile.shippedNameList
          + "), a name in --sources, or a .json path",
        completion: .values(SourceProfile.shippedNames))
      let attachmentOption = RepeatedOption(
        "--attachment", "--types", value: "TYPES",
        help: "one attachment per occurrence: comma-separated UTI, UTI=file (delivered as"
          + " a file) or UTI=URL (the URL value), e.g. public.heic=file,public.jpeg")
      let filesFlag = Flag(
        "--files",
        help: "share the FILEs given after RULE as share wraps them: one attachment per"
          + " file, registered as its content's type (sniffed) and delivered as a file;"
          + " pictures and movies as Photos shares them (their type alone), other files as"
          + " Files does (then a public.file-url to the file)")
      source = reader.read(sourceOption)
      javaScriptResults = reader.read(JavaScriptResultsOption.option)
      attachments = reader.read(attachmentOption)
      sharesFiles = reader.read(filesFlag)
      // One share at a time: a profile, literal attachments or files.
      reader.excludeEachOther(sourceOption, attachmentOption, filesFlag)
      reader.excludeEachOther(JavaScriptResultsOption.option, attachmentOption, filesFlag)
      title = reader.read(
        Option("--title", value: "TEXT", help: "the extension item's attributedTitle"))
      contentText = reader.read(
        Option(
          "--content-text", value: "TEXT", help: "the extension item's attributedContentText"))
      sources = reader.read(sourcesOption)
      declarations = reader.read(declarationsOption)
      reading = reader.read(SemanticsOptions.self)
    }
  }

  /// The options of `rule matrix` and `rule diff`, which run rules over every profile.
  struct ProfilesOptions: ParsableOptions {
    var sources: String?
    var declarations: [String]
    var reading: SemanticsOptions

    init(from reader: inout OptionReader) {
      sources = reader.read(sourcesOption)
      declarations = reader.read(declarationsOption)
      reading = reader.read(SemanticsOptions.self)
    }
  }

  /// `rule explain`'s options.
  struct ExplainOptions: ParsableOptions {
    var declarations: [String]
    var reading: SemanticsOptions

    init(from reader: inout OptionReader) {
      declarations = reader.read(declarationsOption)
      reading = reader.read(SemanticsOptions.self)
    }
  }

  static let ruleOperand = OperandSpec.one(
    "RULE",
    help: "an Info.plist (XML or binary; the rule is read at"
      + " NSExtension/NSExtensionAttributes/NSExtensionActivationRule), a property list holding"
      + " the rule, a text file holding a predicate, a predicate string, or '-' for standard"
      + " input", completion: .file)

  /// `rule`'s actions: the list, their declarations and the dispatch, written once.
  enum Actions: String, CommandActions {
    case check, matrix, diff, explain

    var spec: CommandSpec {
      switch self {
      case .check:
        CommandSpec(
          name: rawValue,
          abstract: "shown or hidden for one share: a source-app profile, literal attachments or"
            + " real files",
          options: CheckOptions.self,
          operands: [
            ruleOperand,
            .many("FILE", help: "with --files, the files to share", completion: .file),
          ],
          examples: [
            .init(
              command: "rule check examples/PhotoShare/Info.plist --source photos-photo",
              note: "would the photo-sharing extension appear when one photo is shared?"),
            .init(
              command: "rule check examples/ReadLater/Info.plist --attachment"
                + " public.url=https://example.com/",
              note: "a link shared as a URL"),
            .init(
              command: "rule check examples/PhotoShare/Info.plist --files"
                + " corpus/files/heic-named.jpg",
              note: "a real file, sniffed"),
          ],
          exitStatus: "0 shown, 1 hidden; 64 usage; 65 a bad rule or profile; 66 a file that is"
            + " missing, unreadable or not a regular file.")
      case .matrix:
        CommandSpec(
          name: rawValue,
          abstract: "shown or hidden for every source-app profile",
          options: ProfilesOptions.self,
          operands: [ruleOperand],
          examples: [
            .init(
              command: "rule matrix examples/ReadLater/Info.plist",
              note: "which apps' shares would offer the read-later extension")
          ])
      case .diff:
        CommandSpec(
          name: rawValue,
          abstract: "two rules side by side over every source-app profile: where they differ",
          discussion: """
            For a team moving from one rule to another (the dictionary form to a predicate, a \
            rule to its next version): each profile where the two rules decide differently, with \
            both reasons, then how many agree.
            """,
          options: ProfilesOptions.self,
          operands: [
            .one("RULE", help: "the first rule (as for rule check)", completion: .file),
            .one("OTHER", help: "the second rule", completion: .file),
          ],
          examples: [
            .init(
              command: "rule diff examples/PhotoShare/Info.plist examples/ReadLater/Info.plist",
              note: "where two apps' rules decide differently")
          ],
          exitStatus: "0 the rules decide alike for every profile; 1 they differ for some; 64"
            + " usage; 65 a bad rule or profile.")
      case .explain:
        CommandSpec(
          name: rawValue,
          abstract: "the rule as a normalized, indented predicate",
          options: ExplainOptions.self,
          operands: [ruleOperand],
          examples: [
            .init(
              command: "rule explain examples/PhotoShare/Info.plist",
              note: "a dictionary rule written as its equivalent predicate")
          ])
      }
    }
  }

  static let spec = CommandSpec(
    name: name,
    abstract: "activation rules: will the extension appear for a share, and why",
    discussion: """
      Both forms of NSExtensionActivationRule evaluate with reasons. Text output wraps at the \
      terminal's width (COLUMNS, else 80, when not a terminal).
      """,
    actions: CommandSpec.Action.all(Actions.self),
    exitStatus: "check: 0 shown, 1 hidden; 64 usage; 65 a bad rule or profile; 66 a file that"
      + " is missing, unreadable or not a regular file."
  )

  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    switch arguments.popAction(Actions.self) {
    case .check: return try await check(&arguments)
    case .matrix: return try await matrix(&arguments)
    case .explain: return try await explain(&arguments)
    case .diff: return try await diff(&arguments)
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
    /// Identifiers on the command line that are not valid or not declared.
    var inputWarnings: [String]
    var trace: ActivationTrace
  }

  static func check(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let options = arguments.read(CheckOptions.self)
    let javaScriptResults = try options.javaScriptResults.map(JavaScriptResultsOption.read)
    let sourceName =
      options.source ?? (javaScriptResults == nil ? nil : JavaScriptResultsOption.defaultProfile)
    let sourcesDirectory = options.sources
    let attachmentSpecs = options.attachments
    let title = options.title
    let contentText = options.contentText
    let filesMode = options.sharesFiles
    let declarationFiles = options.declarations
    let semantics = options.reading.semantics
    let positionals = try arguments.positionals()
    guard let ruleArgument = positionals.first, filesMode || positionals.count == 1 else {
      let extra = positionals.dropFirst().first ?? ""
      throw CLIError(status: .usage) { "unexpected argument \($0.echoed(extra))" }
    }
    let files = Array(positionals.dropFirst())
    let rule = try RuleInputs.loadRule(ruleArgument, declarationFiles: declarationFiles)

    let input: ActivationInput
    let sourceLabel: String
    var inputWarnings: [String] = []
    switch (sourceName, attachmentSpecs.isEmpty) {
    case (.none, true) where filesMode:
      guard !files.isEmpty else { throw CLIError.usage("--files needs at least one FILE") }
      // Sniffed in the rule's registry (an extension the app declares names its type), and
      // wrapped as `share` wraps them: pictures and movies as Photos shares them, anything
      // else as Files does (the file, then a public.file-url to it).
      let sniffer = ContentSniffer(registry: rule.registry)
      let share: LocalShare
      do {
        share = try LocalShare(files: try files.map(InputPath.shareableFile), sniffer: sniffer)
      } catch let error as SniffError {
        throw error.cliError
      }
      share.items.first?.attributedTitle = title.map { NSAttributedString(string: $0) }
      share.items.first?.attributedContentText = contentText.map { NSAttributedString(string: $0) }
      input = share.activationInput(registry: rule.registry)
      sourceLabel =
        "\(files.count) file\(files.count == 1 ? "" : "s") shared as \(share.source) shares them"
    case (.some(let name), true):
      var profile = try RuleInputs.loadProfile(name, directory: sourcesDirectory)
      if let javaScriptResults {
        do {
          try profile.replaceJavaScriptResults(with: javaScriptResults)
        } catch {
          throw CLIError(status: .usage, describing: error)
        }
      }
      input = profile.activationInput
      sourceLabel = "\(profile.name) (\(profile.title))"
    case (.none, false):
      let attachments = try attachmentSpecs.map(parseAttachment)
      inputWarnings = identifierWarnings(attachments, registry: rule.registry)
      input = ActivationInput(extensionItems: [
        ActivationItem(
          attributedTitle: title, attributedContentText: contentText, attachments: attachments)
      ])
      sourceLabel =
        "the command line's \(attachments.count) attachment\(attachments.count == 1 ? "" : "s")"
    default:
      throw CLIError.usage("rule check needs --source PROFILE, --attachment TYPES or --files")
    }

    let decision = rule.evaluate(input, semantics: semantics)
    if json {
      try Output.json(
        CheckReport(
          rule: rule.origin, form: formName(rule), semantics: semantics, source: sourceLabel,
          shown: decision.isShown,
          reason: decision.reason, evaluationError: decision.evaluationError,
          warnings: rule.warnings, inputWarnings: inputWarnings, trace: decision.trace))
    } else {
      let width = Terminal.width
      print(
        TextWrapping.wrap(
          "\(decision.isShown ? "shown" : "hidden") for \(TerminalText.quoted(sourceLabel))",
          width: width))
      print(TextWrapping.wrap(decision.reason, width: width, prefix: "reason: "))
      print("\nhow it was decided:")
      print(decision.trace.rendered(indent: 1, width: width))
      RuleInputs.printWarnings(rule, width: width)
      for warning in inputWarnings {
        Output.error(TextWrapping.wrap(warning, width: width, prefix: "warning: ", indent: 9))
      }
    }
    return decision.isShown ? .success : .notAccepted
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
        throw CLIError(status: .usage) {
          "--attachment \($0.echoed(spec)): \($0.echoed(String(piece))) is not a type identifier"
        }
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

  /// Warnings for identifiers on the command line that no rule could ever match as meant: not
  /// a uniform type identifier at all (`not-a-uti`), or one no declaration knows (a typo, or a
  /// type the app declares: pass its Info.plist with --declarations).
  static func identifierWarnings(_ attachments: [ActivationAttachment], registry: UTTypeRegistry)
    -> [String]
  {
    var warnings: [String] = []
    var seen = Set<String>()
    for identifier in attachments.flatMap(\.registeredTypeIdentifiers)
    where seen.insert(identifier).inserted {
      if !looksLikeIdentifier(identifier) {
        warnings.append(
          "'\(identifier)' is not a uniform type identifier (reverse-DNS, such as public.jpeg);"
            + " it conforms to nothing else")
      } else if registry.type(withIdentifier: identifier)?.isDeclared != true {
        warnings.append(
          "'\(identifier)' is not a declared type: a typo, or a type the app declares (pass its"
            + " Info.plist with --declarations); it conforms to nothing else")
      }
    }
    return warnings
  }

  /// Reverse-DNS form: two or more non-empty labels of letters, digits and hyphens (or
  /// non-ASCII characters), as type declarations require.
  static func looksLikeIdentifier(_ identifier: String) -> Bool {
    let labels = identifier.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return false }
    return identifier.unicodeScalars.allSatisfy { scalar in
      scalar.value > 0x7F || scalar == "-" || scalar == "."
        || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar)
    }
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

  static func matrix(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let options = arguments.read(ProfilesOptions.self)
    let sourcesDirectory = options.sources
    let declarationFiles = options.declarations
    let semantics = options.reading.semantics
    let positionals = try arguments.positionals()
    let rule = try RuleInputs.loadRule(positionals[0], declarationFiles: declarationFiles)
    let profiles = try RuleInputs.loadProfiles(sourcesDirectory)
    let rows = profiles.map { profile in
      let decision = rule.evaluate(profile.activationInput, semantics: semantics)
      return MatrixRow(
        name: profile.name, title: profile.title, app: profile.app, shown: decision.isShown,
        reason: decision.reason)
    }
    if json {
      try Output.json(
        MatrixReport(
          rule: rule.origin, form: formName(rule), semantics: semantics,
          sources: sourcesDirectory ?? "shipped",
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
      RuleInputs.printWarnings(rule, width: width)
    }
    return .success
  }

  // MARK: explain

  struct ExplainReport: Encodable {
    var rule: String
    var explanation: ActivationRuleExplanation
  }

  static func explain(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let options = arguments.read(ExplainOptions.self)
    let declarationFiles = options.declarations
    let semantics = options.reading.semantics
    let positionals = try arguments.positionals()
    let rule = try RuleInputs.loadRule(positionals[0], declarationFiles: declarationFiles)
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
      RuleInputs.printWarnings(rule, width: width)
    }
    return .success
  }

  static func formName(_ rule: ActivationRule) -> String {
    switch rule.form {
    case .dictionary: "dictionary"
    case .predicate: "predicate"
    }
  }

}
