import Foundation
import Ingest
import SystemCalls

/// `ingest-cli inbox`: the committed shares, from the main app's side.
enum InboxCommand {
  static let usage = """
    usage: ingest-cli inbox list [--json]
           ingest-cli inbox show ID [--json]
           ingest-cli inbox import [--library PATH | --to DIR | --exec COMMAND] [--json]
           ingest-cli inbox sweep [--older-than DURATION] [--json]
      every action takes --group ID or --group-dir DIR (default as for share)
      list         committed shares, oldest first, with item counts and sizes
      show ID      one share's manifest
      import       claim each share and hand it over; it leaves the inbox only once handed
        --library PATH   import into the library (the default; default PATH:
                         $XDG_DATA_HOME/share-ingest/library.sqlite), each share exactly once
        --to DIR         copy each share into DIR/<share-id>/ (files and manifest.json)
        --exec COMMAND   run `sh -c COMMAND sh MANIFEST` for each; exit 0 is success
      sweep        remove files no committed share references, once older than DURATION
        --older-than DURATION   such as 90s, 30m, 2h (default 1h); 0 sweeps everything stale now

    example: ingest-cli inbox import && ingest-cli library summary
    """

  static func run(_ arguments: inout Arguments) throws -> ExitStatus {
    if arguments.flag("--help", "-h") {
      print(usage)
      return .success
    }
    let json = arguments.flag("--json")
    let groupID = try arguments.option("--group")
    let groupDirectory = try arguments.option("--group-dir")
    guard let action = arguments.popSubcommand() else {
      throw CLIError.usage("inbox needs an action: list, show, import or sweep\n" + usage)
    }
    let location: GroupLocation
    let group: GroupDirectory
    do {
      location = try GroupLocation.resolve(directory: groupDirectory, appGroup: groupID)
      group = try GroupDirectory(path: location.path)
    } catch {
      throw CLIError(status: .cannotCreate, message: "\(error)")
    }
    let inbox = DirectoryInbox(group: group)
    switch action {
    case "list": return try list(inbox, json: json, arguments: &arguments)
    case "show": return try show(inbox, json: json, arguments: &arguments)
    case "import": return try importShares(inbox, json: json, arguments: &arguments)
    case "sweep": return try sweep(group, json: json, arguments: &arguments)
    default: throw CLIError.usage("unknown inbox action '\(action)'\n" + usage)
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

  static func list(_ inbox: DirectoryInbox, json: Bool, arguments: inout Arguments) throws
    -> ExitStatus
  {
    _ = try arguments.positionals()
    var entries: [Entry] = []
    for pending in try inbox.pending() {
      guard let manifest = try? inbox.manifest(pending.id) else { continue }
      let files = manifest.items.filter { $0.kind == .file }
      entries.append(
        Entry(
          id: pending.id.uuidString,
          receivedAt: ISO8601DateFormatter().string(from: manifest.receivedAt),
          source: manifest.source, items: manifest.items.count, files: files.count,
          byteCount: files.reduce(0) { $0 + ($1.byteCount ?? 0) },
          failedAttempts: pending.failure?.attempts, lastError: pending.failure?.lastError))
    }
    if json {
      try Output.json(entries)
    } else if entries.isEmpty {
      print("the inbox is empty")
    } else {
      for entry in entries {
        var line =
          "\(entry.id)  \(entry.receivedAt)  \(entry.items) item\(entry.items == 1 ? "" : "s")"
          + "  \(ProgressDisplay.bytes(entry.byteCount))  \(entry.source ?? "-")"
        if let attempts = entry.failedAttempts {
          line += "  failed \(attempts)x: \(entry.lastError ?? "")"
        }
        print(line)
      }
    }
    return .success
  }

  static func show(_ inbox: DirectoryInbox, json: Bool, arguments: inout Arguments) throws
    -> ExitStatus
  {
    let positionals = try arguments.positionals()
    guard positionals.count == 1, let id = UUID(uuidString: positionals[0]) else {
      throw CLIError.usage("inbox show needs one share ID (a UUID, as inbox list prints)")
    }
    guard let manifest = try inbox.manifest(id) else {
      throw CLIError.noInput("no share \(id.uuidString) in the inbox")
    }
    let data = try manifest.jsonData()
    let object = try JSONSerialization.jsonObject(with: data)
    let pretty = try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: pretty, as: UTF8.self))
    _ = json
    return .success
  }

  struct ImportReport: Encodable {
    var handled: [String]
    var failed: [[String: String]]
    var busy: Int
    var unreadable: [[String: String]]
  }

  static func importShares(_ inbox: DirectoryInbox, json: Bool, arguments: inout Arguments)
    throws -> ExitStatus
  {
    let destination = try arguments.option("--to")
    let command = try arguments.option("--exec")
    let library = try arguments.option("--library")
    _ = try arguments.positionals()
    let handler: any ShareHandler
    switch (destination, command) {
    case (nil, nil):
      return try importIntoLibrary(inbox, library: library, json: json)
    case (let destination?, nil) where library == nil:
      do {
        handler = try DirectoryDelivery(destination: destination)
      } catch {
        throw CLIError(status: .cannotCreate, message: "\(error)")
      }
    case (nil, let command?) where library == nil:
      handler = CommandDelivery(command: command, groupPath: inbox.group.path)
    default:
      throw CLIError.usage("inbox import takes one of --library, --to and --exec\n" + usage)
    }
    let report = try InboxDrain(inbox: inbox).run(handler)
    if json {
      try Output.json(
        ImportReport(
          handled: report.handled.map(\.uuidString),
          failed: report.failed.map { ["id": $0.id.uuidString, "error": $0.error] },
          busy: report.busy,
          unreadable: report.unreadable.map { ["id": $0.id.uuidString, "error": $0.error] }))
    } else {
      print(
        "imported \(report.handled.count) share\(report.handled.count == 1 ? "" : "s")"
          + (report.busy > 0 ? ", \(report.busy) held by another importer" : ""))
      for failure in report.failed + report.unreadable {
        Output.error(
          "ingest-cli: share \(failure.id.uuidString) stays in the inbox: \(failure.error)")
      }
    }
    return report.failed.isEmpty && report.unreadable.isEmpty ? .success : .ioError
  }

  struct SweepReport: Encodable {
    var completed: Int
    var removedFromStaging: Int
    var removedFromIncoming: Int
    var bytesFreed: Int64
    var unreadableManifests: [String]
  }

  static func sweep(_ group: GroupDirectory, json: Bool, arguments: inout Arguments) throws
    -> ExitStatus
  {
    let threshold = try arguments.option("--older-than").map(parseDuration)
    _ = try arguments.positionals()
    let report = try InboxSweeper(group: group).sweep(
      olderThan: threshold ?? InboxSweeper.defaultThreshold)
    if json {
      try Output.json(
        SweepReport(
          completed: report.completed, removedFromStaging: report.removedFromStaging,
          removedFromIncoming: report.removedFromIncoming, bytesFreed: report.bytesFreed,
          unreadableManifests: report.unreadableManifests))
    } else {
      print(
        "removed \(report.removedFromStaging + report.removedFromIncoming) stale file(s),"
          + " \(ProgressDisplay.bytes(report.bytesFreed)); completed \(report.completed)"
          + " payload(s) of committed shares")
      for name in report.unreadableManifests {
        Output.error("ingest-cli: warning: Inbox/\(name) cannot be read; left in place")
      }
    }
    return .success
  }

  /// `90`, `90s`, `30m`, `2h`, `1d`.
  static func parseDuration(_ text: String) throws -> Duration {
    let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
    var number = Substring(text)
    var scale: Int64 = 1
    if let last = text.last, let unit = units[last] {
      scale = unit
      number = number.dropLast()
    }
    guard let value = Int64(number), value >= 0 else {
      throw CLIError.usage("--older-than needs a duration such as 90s, 30m, 2h or 1d")
    }
    return .seconds(value * scale)
  }
}
