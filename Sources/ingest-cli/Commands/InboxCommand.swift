import Foundation
import Importer
import InboxReading
import Ingest
import IngestPostgres
import ShareServer
import SystemCalls

/// `ingest-cli inbox`: the committed shares, from the main app's side.
enum InboxCommand: ParsableCommand {
  static let name = "inbox"

  /// `inbox`'s own options, which each action takes: the group directory and the inbox's
  /// database.
  struct Options: ParsableOptions {
    var group: GroupOptions
    var backends: BackendOptions

    init(from reader: inout OptionReader) {
      group = reader.read(GroupOptions.self)
      backends = reader.read(BackendOptions.self)
    }
  }

  /// `--library`, `--to` and `--exec`: where `import` and `watch` hand each share; and the
  /// contract they apply.
  struct HandlerOptions: ParsableOptions {
    /// `--library PATH|URL`.
    var library: String?
    /// `--to DIR`.
    var destination: String?
    /// `--exec COMMAND`.
    var command: String?
    var contract: ContractOptions

    init(from reader: inout OptionReader) {
      // Where each share goes: one of the three.
      (library, destination, command) = reader.exclusive { reader in
        let library = reader.read(
          Option(
            "--library", value: "PATH|URL",
            help: "import into the library at PATH, or in the PostgreSQL database at a"
              + " postgresql:// URL, each share exactly once (the default; default:"
              + " $INGEST_LIBRARY_URL, else $XDG_DATA_HOME/share-ingest/library.sqlite, else"
              + " ~/.local/share/share-ingest/library.sqlite)",
            completion: .file))
        let destination = reader.read(
          Option(
            "--to", value: "DIR",
            help: "copy each share into DIR/<share-id>/ (its files and manifest.json)",
            completion: .directory))
        let command = reader.read(
          Option(
            "--exec", value: "COMMAND",
            help: "run sh -c COMMAND sh MANIFEST for each share, with INGEST_SHARE_ID,"
              + " INGEST_MANIFEST and INGEST_GROUP_DIR set (a private view of the share's checked"
              + " files); exit status 0 is success"))
        return (library, destination, command)
      }
      contract = reader.read(ContractOptions.self)
    }
  }

  /// `inbox watch`'s options: the handler's, and how often the inbox is scanned again.
  struct WatchOptions: ParsableOptions {
    var handler: HandlerOptions
    /// `--rescan SECONDS`.
    var rescan: Seconds
    /// `--metrics-port N`.
    var metricsPort: UInt16?
    /// `--metrics-host ADDRESS`.
    var metricsHost: String?

    init(from reader: inout OptionReader) {
      handler = reader.read(HandlerOptions.self)
      rescan = reader.read(
        DefaultedOption(
          "--rescan", value: "SECONDS", default: Seconds(10),
          help: "how often the whole inbox is scanned again, retrying failed shares",
          range: Seconds(0.01)...Seconds(3600)))
      metricsPort = reader.read(
        Option(
          "--metrics-port", value: "N",
          help: "answer GET /metrics on this port, in the Prometheus text format (0: any free;"
            + " its address is printed on standard error)", range: 0...UInt16.max))
      metricsHost = reader.read(
        Option(
          "--metrics-host", value: "ADDRESS",
          help: "the IP address --metrics-port listens on (default: 127.0.0.1)"))
    }
  }

  /// `inbox sweep`'s options.
  struct SweepOptions: ParsableOptions {
    /// `--older-than DURATION`.
    var olderThan: DurationArgument

    init(from reader: inout OptionReader) {
      olderThan = reader.read(
        DefaultedOption(
          "--older-than", value: "DURATION",
          default: DurationArgument(InboxSweeper.defaultThreshold),
          help: "only files older than DURATION, such as 90s, 30m, 2h or 1d; 0 sweeps"
            + " everything stale now"))
    }
  }

  /// `inbox`'s actions: the list, their declarations and the dispatch, written once.
  enum Actions: String, CommandActions {
    case list, show, `import`, watch, sweep

    var spec: CommandSpec {
      switch self {
      case .list:
        CommandSpec(
          name: rawValue, abstract: "committed shares, oldest first, with item counts and sizes",
          examples: [.init(command: "inbox list", note: "what is waiting")],
          exitStatus: "0 every entry of the inbox is a share it can read; 65 something in Inbox/"
            + " cannot be read or does not belong there (each is named on standard error).")
      case .show:
        CommandSpec(
          name: rawValue, abstract: "one share's manifest (with --json, the manifest itself)",
          operands: [.one("ID", help: "a share id, as inbox list prints it")],
          examples: [
            .init(
              command: "inbox show \"$(ingest-cli inbox list --json | jq -r '.[0].id')\"",
              note: "the oldest share: its items, files and sizes")
          ])
      case .`import`:
        CommandSpec(
          name: rawValue,
          abstract: "claim each share, import it into the library (or hand it to a directory or a"
            + " command), and delete it only on success",
          options: HandlerOptions.self,
          examples: [
            .init(
              command: "inbox import && ingest-cli library summary",
              note: "import into the library, then the day's hand-off card"),
            .init(command: "inbox import --to ~/Imported", note: "copy every share out"),
            .init(
              command: "inbox import --exec 'jq .items \"$1\"'",
              note: "hand each manifest to a command"),
          ],
          exitStatus: "0 every share handed over; 65 every share that stays in the inbox (each is"
            + " named) cannot be read, holds a payload that is not what its manifest says, or"
            + " breaks the contract; 73 --to or the library cannot be created; 74 a share's"
            + " handler failed otherwise (it stays in the inbox).")
      case .watch:
        CommandSpec(
          name: rawValue,
          abstract: "import shares as they arrive, until interrupted",
          discussion: """
            Watches <group>/Inbox with inotify (a PostgreSQL inbox: LISTEN for its \
            notifications) and re-scans it every --rescan seconds, so nothing is missed; a \
            database out of reach is reported and tried again every second. SIGINT or \
            SIGTERM ends it cleanly: the share in hand is finished first, then it exits 0. \
            With --json, one line of JSON per share. Importing into the library from a \
            PostgreSQL inbox, it claims shares in groups of up to 64 (one statement) and \
            records each group in one transaction, as inbox import does.

            --metrics-port N answers GET /metrics (on 127.0.0.1 unless --metrics-host) in the \
            Prometheus text format: share_ingest_claim_seconds (a histogram of each claim's \
            time: a group's, or one share's), share_ingest_claimed_shares_total, \
            share_ingest_imported_total, share_ingest_import_failures_total{kind} (bad_input, \
            other), share_ingest_import_lag_seconds (a histogram of the time from a share's \
            arrival to its import), share_ingest_database_errors_total{kind} (unreachable, \
            other) and share_ingest_inbox_pending.
            """,
          options: WatchOptions.self,
          examples: [
            .init(
              command: "inbox watch --to ~/Imported",
              note: "import each share as it is committed; Ctrl-C to stop")
          ])
      case .sweep:
        CommandSpec(
          name: rawValue,
          abstract: "remove files no committed share references, and complete shares a crash cut"
            + " short",
          options: SweepOptions.self,
          examples: [.init(command: "inbox sweep --older-than 2h", note: "clean up after crashes")],
          exitStatus: "0 swept; 65 a manifest cannot be read (it is left in place, with every file"
            + " it may name)."
        )
      }
    }
  }

  static let spec = CommandSpec(
    name: name,
    abstract: "list, show, import, watch and sweep committed shares: the main app's side",
    discussion: """
      A share leaves the inbox only once its handler succeeded; a failure is recorded beside \
      it and the share stays for the next run. Each share is claimed with a lock, so several \
      importers may run at once and each share is handed over once. With --inbox URL (or \
      INGEST_INBOX_URL) the inbox is in a PostgreSQL database (ingest-cli db migrate URL \
      creates its tables) and the payload files stay in the group directory, unless the \
      sharer put them in the database (--payloads URL): importers read each share from \
      where its sharer put it.
      """,
    options: Options.self,
    actions: CommandSpec.Action.all(Actions.self)
  )

  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let action = arguments.popAction(Actions.self)
    let options = arguments.read(Options.self)
    // Every option's value was checked by the parser, before the group directory is opened
    // (or made): a bad option is a usage error that has changed nothing.
    let watching = action == .watch ? try WatchSettings(arguments.read(WatchOptions.self)) : nil
    let (_, group) = try options.group.open()
    let inbox = try await Backends.inbox(options.backends, group: group)
    switch action {
    case .list: return try await list(inbox, json: json, arguments: &arguments)
    case .show: return try await show(inbox, json: json, arguments: &arguments)
    case .`import`:
      return try await importShares(inbox, group: group, json: json, arguments: &arguments)
    case .watch:
      guard let watching else { return .usage }
      return try await watch(inbox, group: group, json: json, settings: watching)
    case .sweep: return try await sweep(group, inbox: inbox, json: json, arguments: &arguments)
    }
  }

  struct Entry: Encodable {
    var id: String
    var receivedAt: String
    var source: String?
    var items: Int
    var files: Int
    var byteCount: Int64
    var failedAttempts: Int?
    var lastError: String?
  }

  /// One thing in the inbox that is not a share it can hand over (`inbox list` reports each
  /// and exits 65; `inbox sweep --json` lists the manifests it cannot read).
  struct Problem: Encodable {
    var name: String
    var id: String?
    var problem: String
    /// `name` byte for byte, for text output (`$'Inbox/\xFF'`); JSON carries `name`, where a
    /// byte that is not UTF-8 is U+FFFD.
    var rawName: [UInt8]

    init(name: String, id: String?, problem: String, rawName: [UInt8]? = nil) {
      self.name = name
      self.id = id
      self.problem = problem
      self.rawName = rawName ?? Array(name.utf8)
    }

    init(_ problem: InboxProblem) {
      self.init(
        name: problem.name, id: problem.shareID?.uuidString, problem: problem.problem,
        rawName: problem.rawName)
    }

    /// The name as text output prints it: quoted as `ls` quotes, bad bytes as `\xFF`.
    var quotedName: String { TerminalText.quoted(bytes: rawName) }

    private enum CodingKeys: String, CodingKey { case name, id, problem }
  }

  /// The committed shares, oldest first (standard output), and everything in the inbox that
  /// cannot be read or does not belong there, each with what is wrong (standard error, exit
  /// status 65).
  static func list(_ inbox: any InboxStore, json: Bool, arguments: inout Arguments) async throws
    -> ExitStatus
  {
    var entries: [Entry] = []
    var problems = try await inbox.problems().map(Problem.init)
    for pending in try await inbox.pending() {
      let manifest: ShareManifest
      do {
        guard let read = try await inbox.manifest(pending.id) else { continue }
        manifest = read
      } catch {
        problems.append(
          Problem(
            name: Backends.place(of: pending.id, in: inbox), id: pending.id.uuidString,
            problem: Self.problem(error)))
        continue
      }
      let files = manifest.items.filter { $0.kind == .file }
      entries.append(
        Entry(
          id: pending.id.uuidString,
          receivedAt: ISO8601DateFormatter().string(from: manifest.receivedAt),
          source: manifest.source, items: manifest.items.count, files: files.count,
          byteCount: files.map { $0.byteCount ?? 0 }.saturatingSum(),
          failedAttempts: pending.failure?.attempts, lastError: pending.failure?.lastError))
    }
    if json {
      try Output.json(entries)
    } else {
      if entries.isEmpty {
        print(problems.isEmpty ? "the inbox is empty" : "no share can be read")
      }
      for entry in entries {
        var line =
          "\(entry.id)  \(entry.receivedAt)  \(entry.items) item\(entry.items == 1 ? "" : "s")"
          + "  \(ProgressDisplay.bytes(entry.byteCount))"
          + "  \(TerminalText.quoted(entry.source ?? "-"))"
        if let attempts = entry.failedAttempts {
          line += "  failed \(attempts)x: \(TerminalText.quoted(entry.lastError ?? ""))"
        }
        print(line)
      }
    }
    // On standard error in both forms, so the JSON on standard output stays a list of shares.
    for problem in problems {
      Output.error(
        "ingest-cli: \(problem.quotedName): \(TerminalText.quoted(problem.problem))")
    }
    return problems.isEmpty ? .success : .dataError
  }

  /// What is wrong with a manifest, without repeating its path.
  static func problem(_ error: any Error) -> String {
    if let error = error as? ManifestError {
      return error.field.isEmpty ? error.problem : "\(error.field): \(error.problem)"
    }
    if let error = error as? IOError { return error.reason }
    return NameQuoting.verbatim.describe(error)
  }

  static func show(_ inbox: any InboxStore, json: Bool, arguments: inout Arguments) async throws
    -> ExitStatus
  {
    let positionals = try arguments.positionals()
    guard let id = UUID(uuidString: positionals[0]) else {
      throw CLIError.usage(
        "\(TerminalText.quoted(String(positionals[0].prefix(80)))) is not a share ID (a UUID,"
          + " as inbox list prints)")
    }
    guard let manifest = try await inbox.manifest(id) else {
      throw CLIError.noInput("no share \(id.uuidString) in the inbox")
    }
    if json {
      print(String(decoding: try manifest.prettyJSONData(), as: UTF8.self))
      return .success
    }
    let quoted: (String) -> String = TerminalText.quoted
    print("share      \(manifest.id.uuidString)")
    print("received   \(ISO8601DateFormatter().string(from: manifest.receivedAt))")
    print("source     \(quoted(manifest.source ?? "-"))")
    for (index, item) in manifest.items.enumerated() {
      var line = "\(index + 1)".padding(toLength: 11, withPad: " ", startingAt: 0)
      line += "\(item.kind.rawValue) \(quoted(item.typeIdentifier))"
      if let file = item.file {
        line += "  \(quoted(file))  \(ProgressDisplay.bytes(item.byteCount ?? 0))"
        if let name = item.suggestedName { line += "  (\(quoted(name)))" }
      }
      if let url = item.url {
        line += "  \(quoted(url))"
        if let title = item.suggestedName { line += "  (\(quoted(title)))" }
      }
      if let text = item.text { line += "  \(quoted(text))" }
      print(line)
    }
    for omission in manifest.notIncluded {
      print("left out   \(quoted(omission.attachment)): \(quoted(omission.reason))")
    }
    return .success
  }

  struct ImportReport: Encodable {
    var handled: [String]
    var failed: [[String: String]]
    var busy: Int
    var unreadable: [[String: String]]
  }

  /// The handler `import` and `watch` hand each share to, chosen by `--to` or `--exec`.
  static func handler(_ options: HandlerOptions, inbox: any InboxStore, group: GroupDirectory)
    async throws -> any ShareHandler
  {
    if let destination = options.destination {
      do {
        return try DirectoryDelivery(destination: destination)
      } catch {
        throw CLIError(describing: error)
      }
    }
    if let command = options.command {
      return CommandDelivery(command: command, groupPath: group.path)
    }
    let library = try await Backends.library(options.library, group: group.path, create: true)
    return LibraryImporter(
      library: library, inbox: inbox, contract: try options.contract.contract())
  }

  static func importReport(_ report: InboxDrain.Report) -> ImportReport {
    ImportReport(
      handled: report.handled.map(\.uuidString),
      failed: report.failed.map { ["id": $0.id.uuidString, "error": $0.error] },
      busy: report.busy,
      unreadable: report.unreadable.map { ["id": $0.id.uuidString, "error": $0.error] })
  }

  static func importShares(
    _ inbox: any InboxStore, group: GroupDirectory, json: Bool, arguments: inout Arguments
  ) async throws -> ExitStatus {
    let options = arguments.read(HandlerOptions.self)
    let contract = try options.contract.contract()
    if options.destination == nil, options.command == nil {
      return try await importIntoLibrary(
        inbox, library: options.library, group: group, contract: contract, json: json)
    }
    let handler = try await handler(options, inbox: inbox, group: group)
    let report = try await InboxDrain(inbox: inbox, contract: contract).run(handler)
    if json {
      try Output.json(importReport(report))
    } else {
      print(
        "imported \(report.handled.count) share\(report.handled.count == 1 ? "" : "s")"
          + (report.busy > 0 ? ", \(report.busy) held by another importer" : ""))
      for failure in report.failed + report.unreadable {
        Output.error(
          "ingest-cli: share \(failure.id.uuidString) stays in the inbox:"
            + " \(TerminalText.quoted(failure.error))")
      }
    }
    if report.failed.isEmpty && report.unreadable.isEmpty { return .success }
    return report.failuresAreBadInput ? .dataError : .ioError
  }

  /// One line of `watch --json`: a share handed over, or one that failed and stays.
  struct WatchEvent: Encodable {
    var event: String
    var id: String
    var error: String?
  }

  /// `watch`'s options, checked.
  struct WatchSettings {
    var options: WatchOptions
    /// `--rescan`.
    var rescan: Duration

    init(_ options: WatchOptions) throws(CLIError) {
      self.options = options
      rescan = options.rescan.duration
      metricsPort = options.metricsPort
      if options.metricsHost != nil, metricsPort == nil {
        throw CLIError.usage("--metrics-host needs --metrics-port")
      }
    }

    /// `--metrics-port`, checked.
    var metricsPort: UInt16?
  }

  static func watch(
    _ inbox: any InboxStore, group: GroupDirectory, json: Bool, settings: WatchSettings
  ) async throws -> ExitStatus {
    let options = settings.options
    let rescan = settings.rescan
    // With --metrics-port, the importer and the watcher use the inbox through a measuring
    // wrapper (the claims are the inbox's own).
    var measured: MeasuredInbox?
    var metricsServer: MetricsServer?
    if let port = settings.metricsPort {
      let host = options.metricsHost ?? "127.0.0.1"
      let wrapper = MeasuredInbox(inbox, metrics: Metrics())
      do {
        let server = try MetricsServer(
          listener: .address(host, port: port), metrics: wrapper.metrics)
        let shownHost = host.contains(":") ? "[\(host)]" : host
        Output.error("ingest-cli: metrics on http://\(shownHost):\(server.port)/metrics")
        metricsServer = server
      } catch {
        throw CLIError(status: .cannotCreate, describing: error)
      }
      measured = wrapper
    }
    let watched: any InboxStore = measured ?? inbox
    let handler = try await handler(options.handler, inbox: watched, group: group)
    let watcher: InboxWatcher
    do {
      if let inbox = inbox as? PostgresInbox {
        watcher = try InboxWatcher(
          inbox: watched, arrivals: PostgresArrivals(inbox: inbox), rescanInterval: rescan)
      } else if let measured {
        let directory = DirectoryInbox(group: group)
        watcher = try InboxWatcher(
          inbox: measured, arrivals: DirectoryArrivals(inbox: directory), rescanInterval: rescan)
      } else {
        watcher = try InboxWatcher(inbox: DirectoryInbox(group: group), rescanInterval: rescan)
      }
    } catch {
      throw CLIError(describing: error)
    }
    let serving = metricsServer.map { server in Task { try? await server.run() } }
    defer { metricsServer?.stop() }
    watcher.stopOnSignals([SIGINT, SIGTERM])
    if !json {
      Output.error("ingest-cli: watching \(Backends.describe(inbox)); Ctrl-C to stop")
    }
    var handled = 0
    let onUnreachable: (any Error) -> Void = { error in
      measured?.recordUnreachable(error)
      if json {
        Output.jsonLine(WatchEvent(event: "unreachable", id: "", error: "\(error)"))
      } else {
        Output.error("ingest-cli: the inbox is out of reach, trying again: \(error)")
      }
    }
    try await watcher.run(
      handler,
      onDrain: { report in
        measured?.record(report)
        handled += report.handled.count
        for id in report.handled {
          if json {
            Output.jsonLine(WatchEvent(event: "imported", id: id.uuidString))
          } else {
            print("imported \(id.uuidString)")
            Output.flush()
          }
        }
        for failure in report.failed + report.unreadable {
          if json {
            Output.jsonLine(
              WatchEvent(event: "failed", id: failure.id.uuidString, error: failure.error))
          } else {
            Output.error(
              "ingest-cli: share \(failure.id.uuidString) stays in the inbox:"
                + " \(TerminalText.quoted(failure.error))")
          }
        }
      }, onUnreachable: onUnreachable)
    metricsServer?.stop()
    await serving?.value
    if !json {
      Output.error("ingest-cli: stopped after importing \(handled) share\(handled == 1 ? "" : "s")")
    }
    return .success
  }

  struct SweepReport: Encodable {
    var completed: Int
    var removedFromStaging: Int
    var removedFromIncoming: Int
    var removedFromInbox: Int
    var bytesFreed: Int64
    var keptInFlight: Int
    var keptForUnreadable: Int
    var unreadableManifests: [Problem]
    /// Entries the sweep could not remove or examine, with why; the sweep went on.
    var skipped: [Problem]
    /// With a PostgreSQL inbox: large objects no share names, removed.
    var largeObjectsRemoved: Int?
  }

  static func sweep(
    _ group: GroupDirectory, inbox: any InboxStore, json: Bool, arguments: inout Arguments
  ) async throws -> ExitStatus {
    let threshold = arguments.read(SweepOptions.self).olderThan.duration
    let report = try await InboxSweeper(group: group, inbox: inbox).sweep(
      olderThan: threshold)
    // A PostgreSQL inbox's payloads may be large objects: those no share names go too.
    let objects = try await (inbox as? PostgresInbox)?.sweepPayloads(
      olderThan: threshold)
    let unreadable = report.unreadableManifests.map(Problem.init)
    let skipped = report.skipped.map(Problem.init)
    if json {
      try Output.json(
        SweepReport(
          completed: report.completed, removedFromStaging: report.removedFromStaging,
          removedFromIncoming: report.removedFromIncoming,
          removedFromInbox: report.removedFromInbox, bytesFreed: report.bytesFreed,
          keptInFlight: report.keptInFlight, keptForUnreadable: report.keptForUnreadable,
          unreadableManifests: unreadable, skipped: skipped,
          largeObjectsRemoved: objects?.removed))
    } else {
      var line =
        "removed"
        + " \(report.removedFromStaging + report.removedFromIncoming + report.removedFromInbox)"
        + " stale file(s),"
        + " \(ProgressDisplay.bytes(report.bytesFreed)); completed \(report.completed)"
        + " payload(s) of committed shares"
      if report.keptInFlight > 0 {
        line += "; kept \(report.keptInFlight) file(s) of shares in flight"
      }
      if let objects {
        line += "; removed \(objects.removed) large object(s) no share names"
      }
      if report.keptForUnreadable > 0 {
        line += "; kept \(report.keptForUnreadable) file(s) that manifests it cannot read may name"
      }
      print(line)
      for problem in unreadable {
        Output.error(
          "ingest-cli: warning: \(problem.quotedName) cannot be read"
            + " (\(TerminalText.quoted(problem.problem))); left in place")
      }
      for problem in skipped {
        Output.error(
          "ingest-cli: warning: \(problem.quotedName) could not be removed"
            + " (\(TerminalText.quoted(problem.problem))); skipped")
      }
    }
    if !unreadable.isEmpty { return .dataError }
    return skipped.isEmpty ? .success : .ioError
  }

}
