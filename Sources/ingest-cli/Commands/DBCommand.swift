import IngestPostgres
import SystemCalls

/// `ingest-cli db`: the PostgreSQL database behind an inbox or a library.
enum DBCommand: ParsableCommand {
  static let name = "db"

  /// `db`'s actions: the list, their declarations and the dispatch, written once.
  enum Actions: String, CommandActions {
    case migrate

    var spec: CommandSpec {
      switch self {
      case .migrate:
        CommandSpec(
          name: rawValue,
          abstract: "create the share-ingest tables in the database at URL, or bring them up to"
            + " date; safe to run twice, and by two processes at once",
          operands: [
            .one("URL", help: "the database: postgresql://[user@host[:port]]/database[?...]")
          ],
          examples: [
            .init(
              command: "db migrate 'postgresql:///share_ingest?host=/run/postgresql'",
              note: "once per database, before the first share")
          ],
          exitStatus: "0 migrated (or already up to date); 64 not a postgresql:// URL; 65 a"
            + " newer program's tables; 74 the server refused or cannot be reached.")
      }
    }
  }

  static let spec = CommandSpec(
    name: name,
    abstract: "the PostgreSQL database behind --inbox URL and --library URL",
    discussion: """
      The inbox and the library can live in a PostgreSQL database, shared by every host that \
      shares or imports (their payload files stay in a group directory all of them mount). \
      Workers never change the tables: db migrate creates them and brings them up to date.
      """,
    actions: CommandSpec.Action.all(Actions.self))

  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    switch arguments.popAction(Actions.self) {
    case .migrate: return try await migrate(json: json, arguments: &arguments)
    }
  }

  struct MigrationReport: Encodable {
    var database: String
    var from: Int
    var to: Int
  }

  static func migrate(json: Bool, arguments: inout Arguments) async throws -> ExitStatus {
    let text = try arguments.positionals()[0]
    guard let url = PostgresURL(text) else {
      throw CLIError.usage(
        "db migrate needs a PostgreSQL URL such as"
          + " postgresql:///share_ingest?host=/run/postgresql, not \(TerminalText.quoted(text))")
    }
    let migration: PostgresSchema.Migration
    do {
      migration = try await PostgresSchema.migrate(url)
    } catch {
      throw CLIError(describing: error)
    }
    if json {
      try Output.json(
        MigrationReport(database: url.redacted, from: migration.from, to: migration.to))
    } else if migration.from == migration.to {
      print("\(url.redacted) is up to date (share-ingest schema version \(migration.to))")
    } else {
      print(
        "migrated \(url.redacted) from share-ingest schema version \(migration.from) to"
          + " \(migration.to)")
    }
    return .success
  }
}
