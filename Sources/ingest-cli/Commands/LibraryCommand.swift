import Foundation
import Importer
import Ingest
import SystemCalls

/// `ingest-cli library`: what the main app imported, and the day's hand-off summary card.
enum LibraryCommand: ParsableCommand {
  static let name = "library"

  /// `library`'s own option, which both actions take.
  struct Options: ParsableOptions {
    /// `--library PATH|URL`.
    var library: String?

    init(from reader: inout OptionReader) {
      library = reader.read(
        Option(
          "--library", value: "PATH|URL",
          help: "the library: a SQLite file, or a PostgreSQL database's postgresql:// URL"
            + " (default: $INGEST_LIBRARY_URL, else $XDG_DATA_HOME/share-ingest/library.sqlite,"
            + " else ~/.local/share/share-ingest/library.sqlite)", completion: .file))
    }
  }

  /// `library summary`'s options.
  struct SummaryOptions: ParsableOptions {
    var date: String?
    var timeZone: String?
    var locale: String?

    init(from reader: inout OptionReader) {
      date = reader.read(Option("--date", value: "YYYY-MM-DD", help: "the day (default: today)"))
      timeZone = reader.read(
        Option(
          "--time-zone", value: "ZONE",
          help: "the day's time zone, such as Asia/Taipei (default: TZ, the local zone)"))
      locale = reader.read(
        Option(
          "--locale", value: "LOCALE", help: "en (default) or zh-Hant",
          completion: .values(["en", "zh-Hant"])))
    }
  }

  /// `library list`'s options.
  struct ListOptions: ParsableOptions {
    var status: String?

    init(from reader: inout OptionReader) {
      status = reader.read(
        Option("--status", value: "STATUS", help: "only records with this status (to-sort)"))
    }
  }

  /// `library`'s actions: the list, their declarations and the dispatch, written once.
  enum Actions: String, CommandActions {
    case summary, list

    var spec: CommandSpec {
      switch self {
      case .summary:
        CommandSpec(
          name: rawValue,
          abstract: "the day's hand-off summary card: the day's records, newest first, at most 50",
          discussion: """
            The day runs from the start of the calendar day to the start of the next in the time \
            zone (so a daylight-saving day of 23 or 25 hours counts exactly). Each record is one \
            line; line breaks in a text become spaces, and a line longer than the terminal (or \
            than 120 columns, when the card is not shown on one) is shortened with an ellipsis; \
            --json carries every record whole. Records beyond 50 are left out whole and counted \
            on a last line.
            """,
          options: SummaryOptions.self,
          examples: [
            .init(command: "library summary", note: "today's card in English"),
            .init(
              command: "library summary --locale zh-Hant --time-zone Asia/Taipei",
              note: "the original's Traditional Chinese card, in Taipei's day"),
          ])
      case .list:
        CommandSpec(
          name: rawValue, abstract: "the imported records, newest first",
          options: ListOptions.self,
          examples: [.init(command: "library list --json", note: "every record, for a script")])
      }
    }
  }

  static let spec = CommandSpec(
    name: name,
    abstract: "what the main app imported, and the day's hand-off summary card",
    discussion: """
      The library is the main app's SQLite database: each imported share is a record, with its \
      items and files, starting as "to sort". inbox import fills it.
      """,
    options: Options.self,
    actions: CommandSpec.Action.all(Actions.self))

  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let path = arguments.read(Options.self).library
    switch arguments.popAction(Actions.self) {
    case .summary: return try await summary(path, json: json, arguments: &arguments)
    case .list: return try await list(path, json: json, arguments: &arguments)
    }
  }

  // MARK: summary

  struct SummaryReport: Encodable {
    struct Record: Encodable {
      var shareID: String
      var receivedAt: String
      var status: String
      var content: String
    }

    var day: String
    var timeZone: String
    var start: String
    var end: String
    var locale: String
    var count: Int
    var notListed: Int
    var records: [Record]
    var text: String
  }

  static func summary(_ path: String?, json: Bool, arguments: inout Arguments) async throws
    -> ExitStatus
  {
    let options = arguments.read(SummaryOptions.self)
    let dateText = options.date
    let zoneText = options.timeZone
    let localeText = options.locale
    _ = try arguments.positionals()
    var day: CalendarDay?
    if let dateText {
      guard let parsed = CalendarDay(dateText) else {
        throw CLIError.usage("--date needs a day as YYYY-MM-DD, such as 2026-03-08")
      }
      day = parsed
    }
    var zone = TimeZone.current
    if let zoneText {
      guard let parsed = TimeZone(identifier: zoneText) else {
        throw CLIError.usage(
          "--time-zone needs a time zone name such as Asia/Taipei, America/New_York or UTC")
      }
      zone = parsed
    }
    var locale = SummaryLocale.english
    if let localeText {
      guard let parsed = SummaryLocale(identifier: localeText) else {
        throw CLIError.usage(
          "--locale needs en or zh-Hant (also en-US, zh-TW, zh-Hant-TW, zh-HK), not"
            + " \(TerminalText.echoed(localeText))")
      }
      locale = parsed
    }
    let library = try await Backends.library(path, group: nil, create: false)
    let card = try await library.summary(date: day, timeZone: zone, locale: locale)
    if json {
      let time = Date.ISO8601FormatStyle()
      try Output.json(
        SummaryReport(
          day: card.day.description, timeZone: card.timeZone.identifier,
          start: time.format(card.interval.start), end: time.format(card.interval.end),
          locale: card.locale.rawValue, count: card.count, notListed: card.notListed,
          records: card.entries.map {
            SummaryReport.Record(
              shareID: $0.shareID.uuidString, receivedAt: time.format($0.receivedAt),
              status: $0.status.rawValue, content: $0.content)
          }, text: card.text))
    } else {
      // Each record on one line of the screen: quoted if something shared in it could act on
      // the terminal, shortened if it is longer than a line (a 1000-character text).
      let columns = Terminal.isInteractive ? Terminal.width : 120
      for line in card.lines {
        print(TerminalText.quoted(TerminalText.fitted(line, columns: max(20, columns))))
      }
    }
    return .success
  }

  // MARK: list

  struct Record: Encodable {
    var shareID: String
    var receivedAt: String
    var importedAt: String
    var source: String?
    var status: String
    /// The items, each file named by its absolute path.
    var items: [LibraryItem]
  }

  static func list(_ path: String?, json: Bool, arguments: inout Arguments) async throws
    -> ExitStatus
  {
    let statusText = arguments.read(ListOptions.self).status
    _ = try arguments.positionals()
    let status = statusText.map {
      RecordStatus(rawValue: $0.replacingOccurrences(of: " ", with: "-"))
    }
    let library = try await Backends.library(path, group: nil, create: false)
    let records = try await library.records(status: status, limit: nil)
    let time = Date.ISO8601FormatStyle()
    if json {
      try Output.json(
        records.map { record in
          Record(
            shareID: record.shareID.uuidString, receivedAt: time.format(record.receivedAt),
            importedAt: time.format(record.importedAt), source: record.source,
            status: record.status.rawValue,
            items: record.items.map { item in
              var item = item
              item.file = item.file.map(library.absolutePath(ofFile:))
              return item
            })
        })
    } else if records.isEmpty {
      print(status.map { "no records with status \($0)" } ?? "the library is empty")
    } else {
      for record in records {
        print(
          "\(record.shareID.uuidString)  \(time.format(record.receivedAt))"
            + "  \(TerminalText.quoted(record.status.rawValue))"
            + "  \(TerminalText.quoted(record.source ?? "-"))"
            + "  \(TerminalText.quoted(record.contentLine))")
      }
    }
    return .success
  }
}
