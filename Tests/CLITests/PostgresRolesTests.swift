import Foundation
import TestSupport
import Testing

/// Least privilege on a real server: `db migrate` makes the sharer, importer and viewer roles
/// and their grants; a login role holding the sharer's shares with `ingest-cli share` and can
/// read nothing, one holding the importer's imports with `ingest-cli inbox import` and cannot
/// add shares or change the tables, one holding the viewer's shows `serve`'s library page and
/// can write nothing nor read a payload.
@Suite(
  "PostgreSQL roles: the sharer only adds, the importer claims, reads and removes",
  .serialized,
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresRolesTests {
  /// `url` connecting as `role` (the test server trusts its Unix socket).
  static func url(_ url: String, as role: String) -> String {
    guard let query = url.firstIndex(of: "?") else { return url + "?user=" + role }
    let parameters = url[url.index(after: query)...].split(separator: "&")
      .filter { !$0.hasPrefix("user=") }.map(String.init)
    return String(url[..<query]) + "?" + (parameters + ["user=" + role]).joined(separator: "&")
  }

  /// Whether `sql`, run as the URL's role, is refused for want of a privilege (SQLSTATE
  /// 42501: `permission denied`, or `must be owner` for a table's definition).
  static func isRefused(_ url: String, _ sql: String) -> Bool {
    do {
      try PostgresServer.psql(url, sql)
      return false
    } catch {
      return "\(error)".contains("permission denied") || "\(error)".contains("must be owner")
    }
  }

  @Test("share as the sharer role, inbox import as the importer role; each refused the rest")
  func rolesEndToEnd() async throws {
    try await PostgresServer.sharing {
      try await Offload.run {
        let database = try PostgresServer.makeDatabase(prefix: "roles")
        let suffix = UUID().uuidString.lowercased().prefix(8)
        let sharerLogin = "sharer_\(suffix)"
        let importerLogin = "importer_\(suffix)"
        let directory = try TemporaryDirectory()
        defer {
          PostgresServer.dropDatabase(database)
          if let server = PostgresServer.url {
            _ = try? PostgresServer.psql(server, "DROP ROLE IF EXISTS \(sharerLogin)")
            _ = try? PostgresServer.psql(server, "DROP ROLE IF EXISTS \(importerLogin)")
          }
          directory.remove()
        }
        let migrated = try CLI.runBlocking(["db", "migrate", database])
        try #require(migrated.status == 0, "\(migrated.standardError)")
        try PostgresServer.psql(
          database,
          "CREATE ROLE \(sharerLogin) LOGIN IN ROLE share_ingest_sharer;"
            + " CREATE ROLE \(importerLogin) LOGIN IN ROLE share_ingest_importer")
        let asSharer = Self.url(database, as: sharerLogin)
        let asImporter = Self.url(database, as: importerLogin)
        let group = directory.path + "/group"
        let photo = CLI.packageRoot.appendingPathComponent("corpus/files/photo.jpg").path

        // The sharer's job: two shares, a file and a text.
        var shared: [String] = []
        for arguments in [[photo], ["--text", "a note"]] {
          let result = try CLI.runBlocking(
            ["share", "--json", "--group-dir", group] + arguments,
            environment: ["INGEST_INBOX_URL": asSharer])
          #expect(result.status == 0, "\(result.standardError)")
          if let id = try? CLI.json(result.standardOutput)["shareID"] as? String {
            shared.append(id.uppercased())
          }
        }
        #expect(shared.count == 2)

        // The sharer reads nothing and removes nothing, not even the shares it made.
        for table in [
          "inbox_shares", "inbox_items", "payload_objects", "library_records", "library_items",
        ] {
          #expect(
            Self.isRefused(asSharer, "SELECT count(*) FROM share_ingest.\(table)"),
            "the sharer read \(table)")
        }
        #expect(Self.isRefused(asSharer, "DELETE FROM share_ingest.inbox_shares"))
        #expect(Self.isRefused(asSharer, "UPDATE share_ingest.inbox_shares SET attempts = 9"))
        #expect(Self.isRefused(asSharer, "CREATE TABLE share_ingest.mine (x integer)"))
        let listed = try CLI.runBlocking(
          ["inbox", "list", "--json", "--group-dir", group],
          environment: ["INGEST_INBOX_URL": asSharer])
        #expect(listed.status != 0, "the sharer listed the inbox")
        #expect(
          (listed.standardOutput + listed.standardError).contains("permission denied"),
          "\(listed.standardOutput)\(listed.standardError)")

        // The importer adds no shares, changes no tables, and cannot rewrite the library.
        #expect(
          Self.isRefused(
            asImporter,
            "INSERT INTO share_ingest.inbox_shares (id, received_at)"
              + " VALUES (gen_random_uuid(), now())"))
        #expect(Self.isRefused(asImporter, "CREATE TABLE share_ingest.mine (x integer)"))
        #expect(Self.isRefused(asImporter, "DROP TABLE share_ingest.library_items"))
        #expect(Self.isRefused(asImporter, "UPDATE share_ingest.library_records SET status = 'x'"))
        #expect(Self.isRefused(asImporter, "DELETE FROM share_ingest.library_records"))
        #expect(Self.isRefused(asImporter, "UPDATE share_ingest.schema_version SET version = 9"))
        let sharedByImporter = try CLI.runBlocking(
          ["share", "--json", "--group-dir", group, "--text", "not mine to add"],
          environment: ["INGEST_INBOX_URL": asImporter])
        #expect(sharedByImporter.status != 0, "the importer added a share")
        #expect(
          (sharedByImporter.standardOutput + sharedByImporter.standardError)
            .contains("permission denied"))

        // The importer's job: claim, read, record and remove both shares.
        let imported = try CLI.runBlocking(
          ["inbox", "import", "--json", "--group-dir", group],
          environment: [
            "INGEST_INBOX_URL": asImporter, "INGEST_LIBRARY_URL": asImporter,
            "INGEST_LIBRARY_FILES": directory.path + "/files",
          ])
        #expect(imported.status == 0, "\(imported.standardError)")
        let library = try PostgresServer.psql(
          database, "SELECT upper(share_id::text) FROM share_ingest.library_records")
        #expect(Set(library) == Set(shared))
        let left = try PostgresServer.psql(
          database, "SELECT count(*) FROM share_ingest.inbox_shares")
        #expect(left == ["0"])
      }
    }
  }

  @Test("serve's library page as the viewer role; the viewer writes nothing, reads no payload")
  func viewer() async throws {
    try await PostgresServer.sharing {
      let database = try PostgresServer.makeDatabase(prefix: "viewer")
      let suffix = UUID().uuidString.lowercased().prefix(8)
      let logins = [
        "sharer_\(suffix)": "share_ingest_sharer",
        "importer_\(suffix)": "share_ingest_importer",
        "viewer_\(suffix)": "share_ingest_viewer",
        "web_\(suffix)": "share_ingest_sharer, share_ingest_viewer",
      ]
      let directory = try TemporaryDirectory()
      defer {
        PostgresServer.dropDatabase(database)
        if let server = PostgresServer.url {
          for login in logins.keys {
            _ = try? PostgresServer.psql(server, "DROP ROLE IF EXISTS \(login)")
          }
        }
        directory.remove()
      }
      let migrated = try await CLI.run(["db", "migrate", database])
      try #require(migrated.status == 0, "\(migrated.standardError)")
      for (login, roles) in logins {
        try PostgresServer.psql(database, "CREATE ROLE \(login) LOGIN IN ROLE \(roles)")
      }
      let asSharer = Self.url(database, as: "sharer_\(suffix)")
      let asImporter = Self.url(database, as: "importer_\(suffix)")
      let asViewer = Self.url(database, as: "viewer_\(suffix)")
      let asWeb = Self.url(database, as: "web_\(suffix)")
      let group = directory.path + "/group"
      let files = ["INGEST_LIBRARY_FILES": group + "/Library"]

      // One share imported into the library, one left waiting in the inbox, with a payload.
      let imported = try await CLI.run(
        ["share", "--json", "--group-dir", group, "--text", "a note in the library"],
        environment: ["INGEST_INBOX_URL": asSharer])
      let importedID = try #require(
        try CLI.json(imported.standardOutput)["shareID"] as? String, "\(imported.standardError)")
      let importing = try await CLI.run(
        ["inbox", "import", "--group-dir", group],
        environment: files.merging(
          ["INGEST_INBOX_URL": asImporter, "INGEST_LIBRARY_URL": asImporter]) { $1 })
      #expect(importing.status == 0, "\(importing.standardError)")
      let photo = CLI.packageRoot.appendingPathComponent("corpus/files/photo.jpg").path
      let inboxAndPayloads = ["INGEST_INBOX_URL": asSharer, "INGEST_PAYLOADS_URL": asSharer]
      for arguments in [["--text", "waiting here"], [photo]] {
        let waiting = try await CLI.run(
          ["share", "--group-dir", group] + arguments, environment: inboxAndPayloads)
        #expect(waiting.status == 0, "\(waiting.standardError)")
      }
      #expect(
        try PostgresServer.psql(database, "SELECT count(*) FROM share_ingest.payload_chunks")
          != ["0"], "the waiting share's payload is in the database")

      // The viewer reads the rows the web app lists, and nothing else; it changes nothing.
      #expect(
        try PostgresServer.psql(asViewer, "SELECT count(*) FROM share_ingest.library_records")
          == ["1"])
      #expect(
        try PostgresServer.psql(asViewer, "SELECT count(*) FROM share_ingest.inbox_shares")
          == ["2"])
      for sql in [
        "SELECT count(*) FROM share_ingest.payload_chunks",
        "SELECT count(*) FROM share_ingest.payload_objects",
        "INSERT INTO share_ingest.inbox_shares (id, received_at) VALUES (gen_random_uuid(), now())",
        "UPDATE share_ingest.inbox_shares SET attempts = 9",
        "DELETE FROM share_ingest.inbox_shares",
        "DELETE FROM share_ingest.inbox_items",
        "UPDATE share_ingest.library_records SET status = 'x'",
        "DELETE FROM share_ingest.library_items",
        "UPDATE share_ingest.schema_version SET version = 9",
        "CREATE TABLE share_ingest.mine (x integer)",
      ] {
        #expect(Self.isRefused(asViewer, sql), "the viewer ran: \(sql)")
      }
      let sharedByViewer = try await CLI.run(
        ["share", "--group-dir", group, "--text", "not mine to add"],
        environment: ["INGEST_INBOX_URL": asViewer])
      #expect(sharedByViewer.status != 0, "the viewer added a share")
      let listed = try await CLI.run(
        ["library", "list", "--json", "--library", asViewer], environment: files)
      #expect(listed.status == 0, "\(listed.standardError)")
      #expect(listed.standardOutput.lowercased().contains(importedID.lowercased()))

      // serve as a web host: shares as the sharer, its library page as the viewer.
      let server = try await ServeCommandTests.start(
        in: directory, ["--inbox", asWeb, "--library", asViewer])
      defer { server.kill() }
      let bearer = ["-H", "Authorization: Bearer \(ServeCommandTests.token)"]
      let page = try await ServeCommandTests.curl(bearer + [server.url + "/library"])
      #expect(page.status == 200)
      #expect(page.body.contains("a note in the library"), "\(page.body)")
      #expect(page.body.contains("waiting here"), "\(page.body)")
      #expect(!page.body.contains("cannot be read"), "\(page.body)")
      let posted = try await ServeCommandTests.curl(
        bearer + ["-F", "text=from the web host", server.url + "/share"])
      #expect(posted.status == 201, "\(posted.body)")
    }
  }
}
