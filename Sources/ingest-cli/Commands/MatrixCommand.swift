import ActivationRules
import Foundation
import Ingest
import SystemCalls
import TypeMatrix

/// `ingest-cli matrix`: run a type matrix end to end, or write a starting one.
enum MatrixCommand: ParsableCommand {
  static let name = "matrix"

  /// `--rule RULE`, which both actions take.
  static let ruleOption = Option(
    "--rule", value: "RULE",
    help: "the app's activation rule: an Info.plist, a property list or a predicate",
    completion: .file)

  /// `--acknowledge REASON`, which both actions take.
  static let acknowledgeOption = RepeatedOption(
    "--acknowledge", value: "REASON",
    help: "a contradiction between rule and contract the team accepts, by the contract's"
      + " reason (fileTooLarge, shareTooLarge, textTooLong...; size-limit for both size"
      + " limits, which no rule can express; hidden for shares the rule hides that the"
      + " contract would take): reported as acknowledged, not as a contradiction")

  /// The reasons `--acknowledge` names, `size-limit` expanded; a reason no contradiction has
  /// is a usage error listing those that are.
  static func acknowledgedReasons(_ values: [String]) throws(CLIError) -> Set<String> {
    var reasons: Set<String> = []
    for value in values.flatMap({ $0.split(separator: ",").map(String.init) }) {
      let reason = value.trimmingCharacters(in: .whitespaces)
      if reason == "size-limit" {
        reasons.formUnion(MatrixRunner.sizeLimitReasons)
      } else if MatrixRunner.acknowledgeableReasons.contains(reason) {
        reasons.insert(reason)
      } else {
        throw CLIError.usage(
          "--acknowledge needs size-limit or one of "
            + MatrixRunner.acknowledgeableReasons.sorted().joined(separator: ", ") + ", not "
            + TerminalText.quoted(String(reason.prefix(80))))
      }
    }
    return reasons
  }

  /// `matrix run`'s options.
  struct RunOptions: ParsableOptions {
    var rule: String?
    var declarations: [String]
    /// `--contract CONTRACT`: the contract file.
    var contract: String?
    var junit: String?
    var acknowledged: [String]
    var jobs: Int
    var backends: BackendOptions
    var reading: SemanticsOptions

    init(from reader: inout OptionReader) {
      rule = reader.read(ruleOption)
      declarations = reader.read(TypeDeclarations.option)
      contract = reader.read(
        Option(
          "--contract", value: "CONTRACT",
          help: "a JSON input contract (fields of InputContract; the matrix's own, else the"
            + " default)",
          completion: .file))
      junit = reader.read(
        Option(
          "--junit", value: "FILE", help: "also write the results as JUnit XML",
          completion: .file))
      acknowledged = reader.read(acknowledgeOption)
      jobs = reader.read(
        DefaultedOption("--jobs", value: "N", default: 4, help: "rows run at once", range: 1...256))
      backends = reader.read(BackendOptions.self)
      reading = reader.read(SemanticsOptions.self)
    }
  }

  /// `matrix init`'s options.
  struct InitOptions: ParsableOptions {
    var rule: String?
    var declarations: [String]
    var contract: ContractOptions
    var sources: String?
    var acknowledged: [String]
    var output: String?
    var title: String?

    init(from reader: inout OptionReader) {
      rule = reader.read(ruleOption)
      declarations = reader.read(TypeDeclarations.option)
      contract = reader.read(ContractOptions.self)
      sources = reader.read(
        Option(
          "--sources", value: "DIR",
          help: "one row per source-app profile (*.json) in DIR, written inline with its files"
            + " read from DIR's parent (as a corpus holds sources/ and files/), instead of the"
            + " shipped profiles", completion: .directory))
      acknowledged = reader.read(acknowledgeOption)
      output = reader.read(
        Option(
          "--output", "-o", value: "FILE",
          help: "write the matrix to FILE (default: standard output)", completion: .file))
      title = reader.read(
        Option("--title", value: "TITLE", help: "the matrix's title (the app's name)"))
    }
  }

  /// `matrix`'s actions: the list, their declarations and the dispatch, written once.
  enum Actions: String, CommandActions {
    case run, `init`

    var spec: CommandSpec {
      switch self {
      case .run:
        CommandSpec(
          name: rawValue, abstract: "run every row and compare it with what it expects",
          options: RunOptions.self,
          operands: [.one("MATRIX", help: "the matrix file", completion: .file)],
          examples: [
            .init(
              command: "matrix run examples/PhotoShare/matrix.json --rule"
                + " examples/PhotoShare/Info.plist",
              note: "every row of the photo app's matrix"),
            .init(
              command: "matrix run M.json --rule Info.plist --junit results.xml",
              note: "and a report CI systems show"),
          ],
          exitStatus: "0 every row passed; 1 a row failed; 65 a malformed matrix, rule or contract."
        )
      case .`init`:
        CommandSpec(
          name: rawValue,
          abstract: "write a starting matrix from the shipped profiles, for review",
          discussion: """
            One row per shipped source-app profile (or per profile in --sources DIR, written \
            inline, the matrix's contentDirectory then naming DIR's parent relative to the \
            matrix file), expecting what the pipeline does today with the app's rule and \
            contract. Rows where the rule shows the extension but the contract turns the share \
            down, or the contract would take a share the rule hides, are listed on standard \
            error for the reviewer, as is what the rule's reading warns of.
            """,
          options: InitOptions.self,
          examples: [
            .init(
              command: "matrix init --rule examples/ReadLater/Info.plist -o matrix.json",
              note: "a starting matrix for the read-later app")
          ])
      }
    }
  }

  static let spec = CommandSpec(
    name: name,
    abstract: "type matrices: what each source shares and what the main app must end up with",
    discussion: """
      A matrix (JSON, schema version 1: schemas/type-matrix-v1.schema.json) has one row per \
      source a team supports: a shipped source-app profile or extension items written inline, \
      failures the source is scripted to have, and what must happen: the rule's verdict, the \
      representation taken and how it is read, and the outcome, accepted (what the library \
      holds) or rejected or failed (why). Each row runs end to end through the rule, the \
      contract, the loader, the inbox and an import, in a throwaway group directory.
      """,
    actions: CommandSpec.Action.all(Actions.self))

  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    switch arguments.popAction(Actions.self) {
    case .run: return try await runMatrix(&arguments)
    case .`init`: return try await initMatrix(&arguments)
    }
  }

  struct RowReport: Encodable {
    var name: String
    var passed: Bool
    var differences: [[String: String]]
    var contradictions: [String]
    var acknowledgedContradictions: [String]
    var error: String?
    var outcome: String
    var reason: String?
    var activation: String?
    var milliseconds: Double
  }

  struct RunReport: Encodable {
    var matrix: String
    /// What reading the rule warned of.
    var ruleWarnings: [String]
    var rows: [RowReport]
    var passed: Int
    var failed: Int
    var contradictions: Int
    var acknowledgedContradictions: Int
  }

  static func runMatrix(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let options = arguments.read(RunOptions.self)
    let ruleArgument = options.rule
    let contractPath = options.contract
    let junit = options.junit
    let jobs = options.jobs
    let semantics = options.reading.semantics
    guard let path = try arguments.positionals().first else {
      throw CLIError.usage("matrix run needs a MATRIX file")
    }
    if path == "-", contractPath == "-" {
      throw CLIError.usage("standard input can be read once: give the matrix or --contract as -")
    }
    // `-` is standard input (its content directory then relative to the current one).
    let matrix: TypeMatrixFile
    let matrixDirectory: URL
    if path == "-" {
      let bytes = try InputPath.read(path, limit: TypeMatrixFile.sizeLimit)
      matrix = try TypeMatrixFile(data: Data(bytes), path: InputPath.standardInputName)
      matrixDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    } else {
      matrix = try TypeMatrixFile(contentsOf: URL(fileURLWithPath: path))
      matrixDirectory = URL(fileURLWithPath: path).deletingLastPathComponent()
    }
    let registry = try TypeDeclarations.registry(files: options.declarations)
    let rule = try ruleArgument.map { try RuleInputs.loadRule($0, registry: registry) }
    let ruleWarnings = rule?.warnings.map(\.message) ?? []
    if let rule, !json { RuleInputs.printWarnings(rule) }
    // With --inbox URL, every row commits to and imports from that database.
    let database = try await Backends.matrix(options.backends)
    var configured = MatrixRunner(
      rule: rule, matrix: matrix,
      matrixDirectory: matrixDirectory,
      contract: try ContractOptions.contract(file: contractPath), corpus: ShareSamples.corpus,
      library: database ?? LibraryRecords(), semantics: semantics,
      maximumConcurrentRows: jobs)
    configured.inbox = database?.inbox
    configured.acknowledgedReasons = try acknowledgedReasons(options.acknowledged)
    try ContractOptions.checkAcceptedTypes(configured.contract.acceptedTypes, registry: registry)
    let runner = configured
    let results = await runner.run()
    if let junit {
      let xml = JUnitReport.xml(results, suiteName: matrix.title ?? path, warnings: ruleWarnings)
      do {
        try FileSystem.writeFile(atPath: junit, bytes: Array(xml.utf8))
      } catch {
        throw CLIError(status: .cannotCreate, describing: error)
      }
    }
    let failed = results.filter { !$0.passed }.count
    let contradictions = results.reduce(0) { $0 + $1.contradictions.count }
    let acknowledged = results.reduce(0) { $0 + $1.acknowledgedContradictions.count }
    if json {
      try Output.json(
        RunReport(
          matrix: path, ruleWarnings: ruleWarnings,
          rows: results.map { result in
            RowReport(
              name: result.name, passed: result.passed,
              differences: result.differences.map {
                ["field": $0.field, "expected": $0.expected, "actual": $0.actual]
              },
              contradictions: result.contradictions,
              acknowledgedContradictions: result.acknowledgedContradictions, error: result.error,
              outcome: result.actual.outcome.rawValue, reason: result.actual.reason,
              activation: result.actual.activation?.rawValue,
              milliseconds: Double(result.duration.components.seconds) * 1000
                + Double(result.duration.components.attoseconds) / 1e15)
          },
          passed: results.count - failed, failed: failed, contradictions: contradictions,
          acknowledgedContradictions: acknowledged))
    } else {
      let colors = Colors.forStandardOutput
      for result in results {
        let mark = result.passed ? colors.green("pass") : colors.red("FAIL")
        print("\(mark)  \(TerminalText.shortened(result.name, limit: 200))")
        if let error = result.error { print("      error: \(TerminalText.safeMessage(error))") }
        for difference in result.differences {
          print(
            TerminalText.safeMessage(
              "      \(difference.field): expected \(difference.expected), got"
                + " \(difference.actual)"))
        }
        for contradiction in result.contradictions {
          print("      " + colors.yellow("note") + ": \(contradiction)")
        }
      }
      print(
        "\(results.count) row\(results.count == 1 ? "" : "s"): \(results.count - failed) passed,"
          + " \(failed) failed; \(contradictions) contradiction\(contradictions == 1 ? "" : "s")"
          + " between rule and contract"
          + (acknowledged == 0 ? "" : " (\(acknowledged) more acknowledged)"))
    }
    return failed == 0 ? .success : .notAccepted
  }

  static func initMatrix(_ arguments: inout Arguments) async throws -> ExitStatus {
    let options = arguments.read(InitOptions.self)
    let ruleArgument = options.rule
    let output = options.output
    let title = options.title
    _ = try arguments.positionals()
    // The rule's Info.plist declarations are registered before the contract is checked, so
    // --accept naming a type the app declares there is known.
    let registry = try TypeDeclarations.registry(files: options.declarations)
    let rule = try ruleArgument.map { try RuleInputs.loadRule($0, registry: registry) }
    if let rule { RuleInputs.printWarnings(rule) }
    let contract = try options.contract.contract(registry: registry)
    let profiles = try options.sources.map { try RuleInputs.loadProfiles($0) }
    let contentDirectory = options.sources.map {
      URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL
        .deletingLastPathComponent()
    }
    let corpus = ShareSamples.corpus
    let started: Result<(TypeMatrixFile, [RowResult]), any Error>
    do {
      started = .success(
        try await MatrixStarter.matrix(
          title: title, rule: rule, contract: contract, corpus: corpus, profiles: profiles,
          contentDirectory: contentDirectory,
          acknowledgedReasons: try acknowledgedReasons(options.acknowledged)))
    } catch {
      started = .failure(error)
    }
    var (matrix, results) = try started.get()
    if let contentDirectory {
      let base = output.map {
        URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent()
      }
      matrix.contentDirectory = Self.relativePath(
        of: contentDirectory,
        from: base ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }
    let data = try matrix.jsonData() + Data("\n".utf8)
    if let output {
      do {
        try FileSystem.writeFile(atPath: output, bytes: [UInt8](data))
      } catch {
        throw CLIError(status: .cannotCreate, describing: error)
      }
    } else {
      print(String(decoding: data, as: UTF8.self), terminator: "")
    }
    let acknowledged = results.reduce(0) { $0 + $1.acknowledgedContradictions.count }
    if acknowledged > 0 {
      Output.error(
        "note: \(acknowledged) contradiction\(acknowledged == 1 ? "" : "s") between rule and"
          + " contract acknowledged (--acknowledge)")
    }
    for result in results {
      for contradiction in result.contradictions {
        Output.error("note: \(TerminalText.quoted(result.name)): \(contradiction)")
      }
      if let error = result.error {
        Output.error("warning: \(TerminalText.quoted(result.name)) did not run: \(error)")
      }
    }
    return .success
  }

  /// `target` relative to the directory `base` (`../corpus`), both absolute; the absolute path
  /// when they share nothing but the root.
  static func relativePath(of target: URL, from base: URL) -> String {
    let to = target.standardizedFileURL.pathComponents
    let from = base.standardizedFileURL.pathComponents
    var common = 0
    while common < min(to.count, from.count), to[common] == from[common] { common += 1 }
    guard common > 1 else { return target.standardizedFileURL.path }
    let parts =
      Array(repeating: "..", count: from.count - common) + to.dropFirst(common)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }
}
