/// The three roles of a share-ingest database and what each may do: least privilege for hosts
/// that share, hosts that import, and web apps that show the library.
///
/// - `share_ingest_sharer` (`share`, `serve`): adds shares and their payloads, and nothing
///   else. It may insert into the inbox's tables, but read none of them (not even the ids it
///   could guess), so a sharer host that is broken into cannot read or remove anyone's shares.
/// - `share_ingest_importer` (`inbox import`, `inbox watch`, `inbox sweep`): claims, reads and
///   removes shares, and records them in the library.
/// - `share_ingest_viewer` (`serve`'s web app: its `/library` page lists the inbox's shares and
///   the library's records): reads what that page shows, the shares' rows and items and the
///   library, and nothing else. It writes nothing and cannot read payloads (`payload_objects`,
///   `payload_chunks`). A web host holds it beside the sharer (`serve --inbox`) or alone (the
///   `--library` URL).
///
/// All read `schema_version` (every connection checks the schema's version). The roles are
/// `NOLOGIN` groups: an administrator grants one (or, for a web host, two) to each host's login
/// role (`GRANT share_ingest_sharer, share_ingest_viewer TO web_host`). `ingest-cli db
/// migrate` creates them when missing, which needs a role with `CREATEROLE` (or a superuser);
/// a role without it that finds them missing is refused with the `CREATE ROLE` statements to
/// ask an administrator for. Each migration then revokes and grants every table's privileges again
/// from `tables`, the one place they are written: a step that adds a table adds its row there.
///
/// Payloads as large objects belong to the role that made them, and only their owner may
/// remove them: with separate roles, payloads belong in tables (the bytes stored with the
/// share), where these grants apply.
enum PostgresRoles {
  /// The role that adds shares.
  static let sharer = "share_ingest_sharer"
  /// The role that claims, reads, removes and records shares.
  static let importer = "share_ingest_importer"
  /// The role that reads what the web app shows: the inbox's and the library's rows.
  static let viewer = "share_ingest_viewer"
  /// Every role, in the order they are made.
  static let all = [sharer, importer, viewer]

  /// What the roles may do on one table of the schema.
  struct TableGrant: Sendable {
    /// The table, in the `share_ingest` schema.
    var table: String
    /// The sharer's privileges (`INSERT`, ...), none when empty.
    var sharer: [String]
    /// The importer's privileges.
    var importer: [String]
    /// The viewer's privileges (`SELECT`, or `SELECT (columns)`, at most).
    var viewer: [String] = []
  }

  /// Every table of the schema and what each role may do on it.
  ///
  /// The sharer only inserts (`RETURNING` would need `SELECT`, so its statements return
  /// nothing). The importer locks shares with `FOR UPDATE` (which needs `UPDATE`), records
  /// failures on them, deletes them (their items and registrations go by cascade and trigger,
  /// whose `DELETE ... WHERE` needs `SELECT`), and inserts and reads the library. The viewer
  /// reads the schema's version and the rows the web app lists (inbox shares and items, library
  /// records and items), never a payload; on the inbox's tables column by column, so that a
  /// column a later step adds (payload bytes kept with their item) stays closed to it until it
  /// is named here.
  static let tables: [TableGrant] = [
    TableGrant(
      table: "schema_version", sharer: ["SELECT"], importer: ["SELECT"], viewer: ["SELECT"]),
    TableGrant(
      table: "inbox_shares", sharer: ["INSERT"], importer: ["SELECT", "UPDATE", "DELETE"],
      viewer: [
        "SELECT (id, received_at, committed_at, source, not_included, attempts, last_attempt,"
          + " last_error, title)"
      ]),
    TableGrant(
      table: "inbox_items", sharer: ["INSERT"], importer: ["SELECT", "DELETE"],
      viewer: [
        "SELECT (share_id, position, kind, type_identifier, file, byte_count, sha256,"
          + " suggested_name, text, url, payload_oid, payload_chunks)"
      ]),
    TableGrant(table: "payload_objects", sharer: ["INSERT"], importer: ["SELECT", "DELETE"]),
    TableGrant(table: "payload_chunks", sharer: ["INSERT"], importer: ["SELECT", "DELETE"]),
    TableGrant(
      table: "library_records", sharer: [], importer: ["SELECT", "INSERT"], viewer: ["SELECT"]),
    TableGrant(
      table: "library_items", sharer: [], importer: ["SELECT", "INSERT"], viewer: ["SELECT"]),
  ]

  /// The roles (created when missing) and every table's grants, as `tables` says, replacing
  /// whatever the roles held on the schema's tables before.
  static var grants: String {
    let quoted = all.map { "'\($0)'" }.joined(separator: ", ")
    let creations = all.map { "CREATE ROLE \($0) NOLOGIN;" }.joined(separator: " ")
    let roles = all.joined(separator: ", ")
    var sql = """
      DO $$
      DECLARE
        missing text[] := ARRAY(SELECT name FROM unnest(ARRAY[\(quoted)]) AS name
          WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = name));
        name text;
      BEGIN
        IF cardinality(missing) > 0 AND NOT EXISTS (
          SELECT 1 FROM pg_roles WHERE rolname = current_user AND (rolsuper OR rolcreaterole))
        THEN
          RAISE EXCEPTION 'the roles % are missing, and % cannot create them', missing, current_user
            USING ERRCODE = 'insufficient_privilege',
              HINT = 'ask an administrator to run \(creations) then run db migrate again';
        END IF;
        FOREACH name IN ARRAY missing LOOP
          BEGIN
            EXECUTE format('CREATE ROLE %I NOLOGIN', name);
          EXCEPTION WHEN duplicate_object OR unique_violation THEN
            -- Another database's migration made it meanwhile (roles belong to the cluster;
            -- one made by a transaction that commits while this one waits is unique_violation).
            NULL;
          END;
        END LOOP;
      END
      $$;
      REVOKE ALL ON SCHEMA share_ingest FROM PUBLIC;
      GRANT USAGE ON SCHEMA share_ingest TO \(roles);

      """
    for grant in tables {
      let table = "share_ingest.\(grant.table)"
      sql += "REVOKE ALL ON \(table) FROM PUBLIC, \(roles);\n"
      if !grant.sharer.isEmpty {
        sql += "GRANT \(grant.sharer.joined(separator: ", ")) ON \(table) TO \(sharer);\n"
      }
      if !grant.importer.isEmpty {
        sql += "GRANT \(grant.importer.joined(separator: ", ")) ON \(table) TO \(importer);\n"
      }
      if !grant.viewer.isEmpty {
        sql += "GRANT \(grant.viewer.joined(separator: ", ")) ON \(table) TO \(viewer);\n"
      }
    }
    return sql
  }
}
