import Foundation
import Importer
import InboxReading
import Ingest
import IngestPostgres
import SystemCalls
import TypeMatrix

/// Which inbox and which library a command works on: the group directory's own inbox and the
/// SQLite library by default, PostgreSQL when a `postgresql://` URL names it (`--inbox URL`,
/// `--library URL`, or `INGEST_INBOX_URL` / `INGEST_LIBRARY_URL`).
enum Backends {
  /// The environment variable naming the inbox's database.
  static let inboxVariable = "INGEST_INBOX_URL"
  /// The environment variable naming where payloads go.
  static let payloadsVariable = "INGEST_PAYLOADS_URL"
  /// The environment variable naming the library's database.
  static let libraryVariable = "INGEST_LIBRARY_URL"
  /// The environment variable naming a PostgreSQL library's files directory.
  static let libraryFilesVariable = "INGEST_LIBRARY_FILES"

  /// How the backends reach their server, and how long they wait for it (see
  /// `PostgresOptions`): `INGEST_POSTGRES_RECONNECT_SECONDS` (default `reconnectDefault`, 10 s;
  /// `serve` 3 s) says how long an operation keeps reconnecting to a server that went away
  /// before it fails; `INGEST_POSTGRES_CONNECT_TIMEOUT_SECONDS` (5),
  /// `INGEST_POSTGRES_TCP_USER_TIMEOUT_SECONDS` (10; 0 the system's) and
  /// `INGEST_POSTGRES_STATEMENT_TIMEOUT_SECONDS` (60; 0 none) bound one connection attempt,
  /// data left unacknowledged on a cut link, and one statement on the server;
  /// `INGEST_POSTGRES_ANSWER_TIMEOUT_SECONDS` (default `answerDefault`, 65 s; `serve` 15 s;
  /// 0 none) bounds, on the client, each wait for the server's answer (a server stopped or
  /// stalled, which none of the others catches).
  static func options(
    reconnectDefault: Duration = .seconds(10), answerDefault: Duration = .seconds(65)
  ) throws(CLIError) -> PostgresOptions {
    var options = PostgresOptions(reconnectTimeout: reconnectDefault)
    func seconds(_ variable: String, _ range: ClosedRange<Double>) throws(CLIError) -> Duration? {
      guard let text = ProcessEnvironment.value(variable), !text.isEmpty else { return nil }
      return try Seconds.parse(
        text, named: variable,
        range: ArgumentRange(Seconds(range.lowerBound)...Seconds(range.upperBound))
      ).duration
    }
    func milliseconds(_ duration: Duration) -> Int {
      Int(
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
      )
    }
    if let value = try seconds("INGEST_POSTGRES_RECONNECT_SECONDS", 0...86_400) {
      options.reconnectTimeout = value
    }
    if let value = try seconds("INGEST_POSTGRES_CONNECT_TIMEOUT_SECONDS", 2...3600) {
      options.connectTimeoutSeconds = Int(value.components.seconds)
    }
    if let value = try seconds("INGEST_POSTGRES_TCP_USER_TIMEOUT_SECONDS", 0...3600) {
      options.tcpUserTimeoutMilliseconds = milliseconds(value)
    }
    if let value = try seconds("INGEST_POSTGRES_STATEMENT_TIMEOUT_SECONDS", 0...86_400) {
      options.statementTimeoutMilliseconds = milliseconds(value)
    }
    options.answerTimeoutMilliseconds = milliseconds(answerDefault)
    if let value = try seconds("INGEST_POSTGRES_ANSWER_TIMEOUT_SECONDS", 0...86_400) {
      options.answerTimeoutMilliseconds = milliseconds(value)
    }
    return options
  }

  /// A URL given by `option` or `variable`; nil when neither names one.
  ///
  /// - Throws: `CLIError.usage` for a value that is not a `postgresql://` URL.
  static func databaseURL(_ given: String?, option: String, variable: String) throws(CLIError)
    -> PostgresURL?
  {
    let environment = ProcessEnvironment.value(variable).flatMap { $0.isEmpty ? nil : $0 }
    guard let text = given ?? environment else { return nil }
    guard let url = PostgresURL(text) else {
      let origin = given != nil ? option : variable
      throw CLIError.usage(
        "\(origin) needs a PostgreSQL URL such as postgresql:///share_ingest?host=/run/postgresql"
          + " (postgresql:// or postgres://), not \(TerminalText.quoted(text))")
    }
    return url
  }

  /// The inbox `--inbox` or `INGEST_INBOX_URL` names, else the group's directory inbox; with
  /// `--payloads` or `INGEST_PAYLOADS_URL` naming the same database, its sharers put payloads
  /// there (as chunks of `bytea`).
  static func inbox(_ backends: BackendOptions, group: GroupDirectory) async throws
    -> any InboxStore
  {
    try await inbox(database(backends), group: group)
  }

  /// The inbox in `database` (as `database(_:)` finds it), else the group's directory inbox.
  static func inbox(
    _ database: (PostgresURL, PostgresPayloads)?, group: GroupDirectory,
    reconnectDefault: Duration = .seconds(10), answerDefault: Duration = .seconds(65)
  ) async throws -> any InboxStore {
    guard let (url, payloads) = database else { return DirectoryInbox(group: group) }
    let inbox = PostgresInbox(
      url: url, group: group,
      options: try options(reconnectDefault: reconnectDefault, answerDefault: answerDefault),
      payloads: payloads)
    do {
      try await inbox.connect()
    } catch {
      throw CLIError(describing: error)
    }
    return inbox
  }

  /// The inbox's database (`--inbox`, `INGEST_INBOX_URL`) and where its sharers put payloads
  /// (`--payloads`, `INGEST_PAYLOADS_URL`: the same database, checked); nil without a URL.
  static func database(_ backends: BackendOptions) async throws
    -> (PostgresURL, PostgresPayloads)?
  {
    let payloads = try databaseURL(
      backends.payloads, option: "--payloads", variable: payloadsVariable)
    guard
      let url = try databaseURL(backends.inbox, option: "--inbox", variable: inboxVariable)
    else {
      guard payloads == nil else {
        throw CLIError.usage(
          "--payloads postgresql://... keeps payloads in the inbox's database (a share's row and"
            + " its payloads commit in one transaction): name that database with --inbox URL"
            + " or INGEST_INBOX_URL too")
      }
      return nil
    }
    guard let payloads else { return (url, .groupDirectory) }
    if payloads != url {
      let isSame: Bool
      do {
        let options = try options()
        isSame =
          try await PostgresSchema.databaseID(at: payloads, options: options)
          == PostgresSchema.databaseID(at: url, options: options)
      } catch {
        throw CLIError(describing: error)
      }
      guard isSame else {
        throw CLIError.usage(
          "--payloads \(payloads.redacted) is not the inbox's database (\(url.redacted)): a"
            + " share's row and its payloads commit in one transaction, so they must be in one"
            + " database")
      }
    }
    return (url, .chunks)
  }

  /// For `matrix run` with `--inbox URL` (or `INGEST_INBOX_URL`): each row's share commits to
  /// that PostgreSQL inbox (its payloads in the database with `--payloads`) and is imported
  /// into the library in the same database, its files in the row's group directory; nil
  /// without a URL (each row's own directory inbox and SQLite library).
  static func matrix(_ backends: BackendOptions) async throws -> LibraryRecords? {
    guard let (url, payloads) = try await database(backends) else { return nil }
    let options = try options()
    do {
      _ = try await PostgresSchema.databaseID(at: url, options: options)
    } catch {
      throw CLIError(describing: error)
    }
    return LibraryRecords(
      inbox: { group in
        PostgresInbox(url: url, group: group, options: options, payloads: payloads)
      },
      library: { group in
        try PostgresLibrary(url: url, filesPath: group.path + "/Library", options: options)
      })
  }

  /// Where an inbox is, for messages.
  static func describe(_ inbox: any InboxStore) -> String {
    if let inbox = inbox as? PostgresInbox { return inbox.url.redacted }
    if let inbox = inbox as? DirectoryInbox {
      return TerminalText.quoted(inbox.group.path) + "/" + GroupDirectory.inboxName
    }
    return "the inbox"
  }

  /// Where the share `id` is in `inbox`, for a problem's line: `Inbox/<id>.json`, or
  /// `share <id>` in a database.
  static func place(of id: UUID, in inbox: any InboxStore) -> String {
    inbox is DirectoryInbox
      ? "\(GroupDirectory.inboxName)/\(id.uuidString).json" : "share \(id.uuidString)"
  }

  /// The library `--library` (a path or a URL) or `INGEST_LIBRARY_URL` names, else the SQLite
  /// library at the default path.
  ///
  /// - Parameters:
  ///   - group: The group directory, when the command has one: a PostgreSQL library's files
  ///     go in its `Library/` unless `INGEST_LIBRARY_FILES` names a directory.
  ///   - create: Whether a missing SQLite library (or a PostgreSQL library's files directory)
  ///     is created.
  static func library(_ given: String?, group: String?, create: Bool) async throws
    -> any LibraryStore
  {
    let isURL = given.map(PostgresURL.isPostgres) ?? true
    guard isURL,
      let url = try databaseURL(given, option: "--library", variable: libraryVariable)
    else { return try CLIError.openLibrary(given, create: create) }
    var files = ProcessEnvironment.value(libraryFilesVariable).flatMap { $0.isEmpty ? nil : $0 }
    if files == nil {
      let groupPath: String
      if let group {
        groupPath = group
      } else {
        do {
          groupPath = try GroupLocation.resolve(directory: nil, appGroup: nil).path
        } catch {
          throw CLIError(describing: error)
        }
      }
      files = groupPath + "/Library"
    }
    do {
      let library = try PostgresLibrary(
        url: url, filesPath: files ?? "", options: try options(), createsFilesDirectory: create)
      try await library.connect()
      return library
    } catch {
      throw CLIError(describing: error)
    }
  }
}
