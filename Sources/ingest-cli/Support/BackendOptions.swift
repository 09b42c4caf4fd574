/// `--inbox URL` and `--payloads URL`: the PostgreSQL inbox a command shares into or imports
/// from, and where its sharers put payloads (see `Backends`).
struct BackendOptions: ParsableOptions {
  /// `--inbox`: the inbox's database.
  var inbox: String?
  /// `--payloads`: where shares' payloads go.
  var payloads: String?

  init(from reader: inout OptionReader) {
    inbox = reader.read(
      Option(
        "--inbox", value: "URL",
        help: "the inbox in a PostgreSQL database, postgresql://...; its payload files stay in"
          + " the group directory (default: $INGEST_INBOX_URL, else the group directory's"
          + " Inbox/)"))
    payloads = reader.read(
      Option(
        "--payloads", value: "URL",
        help: "where shares' payloads go: postgresql://... (the inbox's database) keeps them"
          + " there (in chunks of bytea), so no host needs another's files (default:"
          + " $INGEST_PAYLOADS_URL, else the group directory's Incoming/); importers read each"
          + " share from where its sharer put it"))
  }
}
