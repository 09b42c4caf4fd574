import ActivationRules
import Dispatch
import Foundation
import Ingest
import IngestPostgres
import ItemProvider
import Sniffing
import Synchronization
import SystemCalls
import UTI

/// `ingest-cli share`: a share end to end, as an extension would receive and save it.
enum ShareCommand: ParsableCommand {
  static let name = "share"

  static let spec = CommandSpec(
    name: name,
    abstract: "share files, text or a URL end to end, as an extension receives and saves them",
    discussion: """
      Each file is sniffed and registered as the type its content is, wrapped as the most \
      fitting source app would wrap it (pictures and movies as Photos, other files as Files, a \
      text as Notes, a URL as Safari) or as --source says. The rule, if given, decides whether \
      the extension would appear at all; the contract decides which representation of each \
      attachment to take; the files are copied into <group>/Incoming/ and the share is \
      committed, all or nothing, by renaming its manifest into <group>/Inbox/.

      A file from Files (anything but a picture or a movie) registers its content's type \
      delivered as a file, then a public.file-url to it; pictures and movies register their \
      type alone, as Photos does. rule check --files wraps files the same way.

      A contract file (--contract FILE, JSON) says only what differs from the default: \
      acceptedTypes (types or supertypes taken, default public.image, public.movie, \
      com.adobe.pdf, public.plain-text, public.url), maximumAttachmentCount (10), \
      maximumFileSize (536870912 bytes), maximumShareSize (2147483648), maximumTextLength \
      (1000 characters, never shortened), urlSchemes (http, https), acceptsDirectories \
      (false), acceptsEmptyFiles (false), unsupported (rejectShare, or skipAttachment). \
      Unknown fields are refused, with the nearest known one.

      The report names the group directory and how it was chosen. Large copies show their \
      progress on standard error when it is a terminal.
      """,
    options: Options.self,
    operands: [
      .many(
        "FILE",
        help: "files to share ('-' reads standard input); each is sniffed and registered as"
          + " its content's type",
        completion: .file)
    ],
    examples: [
      .init(
        command: "share corpus/files/photo.heic",
        note: "a photo, wrapped as Photos shares it, into the default group directory"),
      .init(
        command: "share --source safari-page --url https://example.com/ --text \"Saturday?\"",
        note: "a page and a comment as Safari shares them: no files"),
      .init(
        command: "share --url https://example.com/ --javascript-results"
          + " '{\"url\": \"https://example.com/\", \"pageTitle\": \"Example\"}'",
        note: "a page as Safari hands it to an extension whose script returns those keys"),
      .init(
        command: "share --rule examples/PhotoShare/Info.plist corpus/files/document.pdf",
        note: "would a photo-sharing extension even appear for a PDF? (no: exit 1)"),
      .init(
        command: "share --json corpus/files/photo.jpg | jq .attachments",
        note: "the same facts as JSON"),
    ],
    exitStatus: """
      0 committed; 1 hidden by the rule or rejected by the contract (the report says why); 64 \
      usage; 65 a file that cannot be sniffed, or a contract accepting a misspelling of a \
      declared type (public.imgae: a type nothing declares and nothing is near is only \
      warned of, as the app's own may be; give its Info.plist with --declarations); 66 a file \
      that is missing or unreadable; 73 the group directory cannot be created or written; 74 \
      other I/O errors.
      """
  )

  /// `share`'s options.
  struct Options: ParsableOptions {
    var text: String?
    var url: String?
    var source: String?
    var javaScriptResults: String?
    var rule: String?
    var declarations: [String]
    var contract: ContractOptions
    var group: GroupOptions
    var backends: BackendOptions
    var keepsPartialShares: Bool
    var deadline: Seconds

    init(from reader: inout OptionReader) {
      text = reader.read(Option("--text", value: "TEXT", help: "share a text (as Notes does)"))
      url = reader.read(
        Option("--url", value: "URL", help: "share a web page's URL (as Safari does)"))
      source = reader.read(
        Option(
          "--source", value: "PROFILE",
          help: "wrap the share as a shipped source-app profile does: "
            + SourceProfile.shippedNameList,
          completion: .values(SourceProfile.shippedNames)))
      javaScriptResults = reader.read(JavaScriptResultsOption.option)
      rule = reader.read(
        Option(
          "--rule", value: "RULE",
          help: "an Info.plist, a rule file or a predicate: would the extension be offered at"
            + " all? A hidden extension loads nothing (exit 1)",
          completion: .file))
      declarations = reader.read(TypeDeclarations.option)
      contract = reader.read(ContractOptions.self)
      group = reader.read(GroupOptions.self)
      backends = reader.read(BackendOptions.self)
      keepsPartialShares = reader.read(
        Flag(
          "--keep-partial",
          help: "save what loaded when an attachment fails (default: all or nothing)"))
      deadline = reader.read(
        DefaultedOption(
          "--deadline", value: "SECONDS",
          default: Seconds(Double(SharePipeline.Options().deadline.components.seconds)),
          help: "how long the share may take", range: Seconds.usualRange))
    }
  }

  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let given = arguments.read(Options.self)
    let text = given.text
    let urlText = given.url
    let javaScriptResults = try given.javaScriptResults.map(JavaScriptResultsOption.read)
    let sourceName =
      given.source ?? (javaScriptResults == nil ? nil : JavaScriptResultsOption.defaultProfile)
    let ruleArgument = given.rule
    let keepPartial = given.keepsPartialShares
    let files = try arguments.positionals()
    guard !files.isEmpty || text != nil || urlText != nil || sourceName != nil else {
      throw CLIError.usage("share needs a FILE, --text, --url or --source")
    }
    var url: URL?
    if let urlText {
      guard let parsed = URL(string: urlText), parsed.scheme != nil else {
        throw CLIError.usage("--url needs an absolute URL such as https://example.com/")
      }
      url = parsed
    }
    var options = SharePipeline.Options(keepsPartialShares: keepPartial)
    options.deadline = given.deadline.duration
    // One registry for the rule, the files and the contract: the app's declarations
    // (--declarations, then the rule's own Info.plist's) name and accept its own types.
    let registry = try TypeDeclarations.registry(files: given.declarations)
    let rule = try ruleArgument.map { try RuleInputs.loadRule($0, registry: registry) }
    if let rule, !json { RuleInputs.printWarnings(rule) }
    let contract = try given.contract.contract(registry: registry)
    let sniffer = ContentSniffer(registry: registry)

    // A private folder for standard input and a profile's folder representations, made only
    // when one is needed.
    let work = files.contains("-") || sourceName != nil ? try temporaryWorkDirectory() : nil
    defer { if let work { try? FileManager.default.removeItem(atPath: work) } }
    // The files, as the user named them; links they named are followed, as `file -L` does.
    // Standard input is saved in the work directory first.
    var urls: [URL] = []
    for path in files {
      if path == "-", let work {
        urls.append(try InputPath.saveStandardInput(in: work))
        continue
      }
      urls.append(try InputPath.shareableFile(path))
    }
    let (location, group) = try given.group.open()
    let share: LocalShare
    do {
      if let sourceName, let work {
        let profile = try RuleInputs.shippedProfile(sourceName)
        share = try LocalShare(
          profile: profile, files: urls, text: text, url: url,
          javaScriptResults: javaScriptResults, corpus: ShareSamples.corpus,
          workDirectory: URL(fileURLWithPath: work), sniffer: sniffer)
      } else {
        share = try LocalShare(files: urls, text: text, url: url, sniffer: sniffer)
      }
    } catch {
      throw CLIError(describing: error)
    }

    let total = urls.reduce(Int64(0)) { sum, url in
      sum + ((try? FileSystem.status(ofPath: url.path).size) ?? 0)
    }
    let progress = ProgressDisplay.forStandardError(total: total)
    if let progress {
      options.progress = { position, bytes in progress.update(position, bytes) }
    }
    let database = try await Backends.database(given.backends)
    let inbox = try await Backends.inbox(database, group: group)
    let pipeline = SharePipeline(
      group: group, inbox: inbox, contract: contract, options: options)
    let clock = ContinuousClock()
    let started = clock.now
    var activation: ActivationDecision?
    var outcome: ShareOutcome?
    if let rule {
      activation = rule.evaluate(await ActivationInput(extensionItems: share.items))
    }
    if activation?.isShown ?? true {
      outcome = await pipeline.share(share.items, source: share.source)
    }
    progress?.finish()
    let report = ShareReport(
      location: location, inbox: database?.0.redacted, share: share,
      activation: activation, ruleWarnings: rule?.warnings.map(\.message) ?? [],
      outcome: outcome, duration: clock.now - started)
    if json {
      try Output.json(report)
    } else {
      print(report.text(colors: Colors.forStandardOutput, width: Terminal.width))
    }
    return report.exitStatus
  }

  /// A private folder for assembling folder representations of a profile.
  static func temporaryWorkDirectory() throws -> String {
    do {
      return try FileSystem.makeTemporaryDirectory(
        in: FileManager.default.temporaryDirectory.path, prefix: "ingest-share")
    } catch {
      throw CLIError(status: .cannotCreate, describing: error)
    }
  }
}
