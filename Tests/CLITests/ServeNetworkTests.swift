import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `serve` and `inbox watch` as operators of many hosts run them: retries with an idempotency
/// key make one share, `GET /metrics` parses and counts, `GET /readyz` says whether the
/// database can be reached, and a stopped database is answered 503 with `Retry-After` and a
/// reason within seconds. Real processes, the real curl, a real PostgreSQL server where named.
@Suite("serve and inbox watch across the network: idempotent retries, readiness, metrics")
struct ServeNetworkTests {
  typealias Serve = ServeCommandTests
  static let token = ServeCommandTests.token

  /// curl with the test's token, the headers included in the body (`-i`); the status and the
  /// text.
  static func post(_ server: Serve.Server, _ arguments: [String], token: String? = token)
    async throws -> (status: Int, text: String)
  {
    let authorization = token.map { ["-H", "Authorization: Bearer \($0)"] } ?? []
    let answer = try await Serve.curl(
      ["-i", "-m", "60"] + authorization + arguments + [server.url + "/share"])
    return (answer.status, answer.body)
  }

  /// The share id in an answer's JSON body.
  static func shareID(_ text: String) -> String? {
    guard let range = text.range(of: #""share":"[0-9A-Fa-f-]{36}""#, options: .regularExpression)
    else { return nil }
    return String(text[range].dropFirst(9).dropLast())
  }

  /// `GET url`'s body, parsed strictly as the Prometheus text format.
  static func scrape(_ url: String) async throws -> PrometheusText {
    let answer = try await Serve.curl(["-m", "10", url])
    #expect(answer.status == 200, "\(answer.body)")
    // The helper takes off the text's last newline.
    return try PrometheusText(answer.body.hasSuffix("\n") ? answer.body : answer.body + "\n")
  }

  @Test("The same Idempotency-Key sent again, as a header or a form field, makes no second share")
  func idempotentRetries() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Serve.start(in: directory)
    defer { server.kill() }
    let key = ["-H", "Idempotency-Key: 7d0c5f7e-2b53-4f0a-9f6a-0d1b5e1c2a10"]
    let photo = ["-H", "Content-Type: image/heic", "--data-binary", "@" + Serve.photo]
    let first = try await Self.post(server, key + photo)
    #expect(first.status == 201, "\(first.text)")
    let id = try #require(Self.shareID(first.text), "\(first.text)")
    let again = try await Self.post(server, key + photo)
    #expect(again.status == 201, "\(again.text)")
    #expect(Self.shareID(again.text) == id, "a retry must answer the first share's id")
    #expect(again.text.lowercased().contains("idempotent-replayed: true"), "\(again.text)")
    #expect(try await server.inboxIDs() == [id])
    // Another client's same key is another share: keys are kept per token.
    let other = try await Self.post(server, key + photo, token: "other-device-token")
    #expect(other.status == 201)
    #expect(Self.shareID(other.text) != id)
    // After the import, the same key again is still the one share: the library has it.
    let library = directory.path + "/library.sqlite"
    let imported = try await CLI.run(
      ["inbox", "import", "--group-dir", server.group, "--library", library])
    #expect(imported.status == 0, "\(imported.standardError)")
    let late = try await Self.post(server, key + photo)
    #expect(late.status == 201)
    #expect(Self.shareID(late.text) == id)
    let second = try await CLI.run(
      ["inbox", "import", "--json", "--group-dir", server.group, "--library", library])
    let report = try CLI.json(second.standardOutput)
    #expect((report["imported"] as? [String]) == [])
    #expect((report["alreadyInLibrary"] as? [String]) == [id])
    // A form carries its key as a field (the web app's send form makes one per page).
    let form = ["-F", "text=a note sent twice", "-F", "idempotency_key=form-key-1"]
    let formFirst = try await Self.post(server, form)
    let formAgain = try await Self.post(server, form)
    #expect(formFirst.status == 201 && formAgain.status == 201, "\(formAgain.text)")
    #expect(Self.shareID(formFirst.text) != nil)
    #expect(Self.shareID(formFirst.text) == Self.shareID(formAgain.text))
    // A key that is not 1-255 printable ASCII characters is refused before anything is kept.
    for bad in ["has space", String(repeating: "k", count: 256)] {
      let refused = try await Self.post(server, ["-H", "Idempotency-Key: \(bad)"] + photo)
      #expect(refused.status == 400, "\(refused.text)")
    }
    // Every other share was imported: the form's alone waits, once.
    #expect(try await server.inboxIDs() == [Self.shareID(formFirst.text)].compactMap { $0 })
  }

  @Test("GET /metrics is the Prometheus text format and counts shares, refusals and bytes")
  func serveMetrics() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Serve.start(in: directory)
    defer { server.kill() }
    let photo = ["-H", "Content-Type: image/heic", "--data-binary", "@" + Serve.photo]
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: Serve.photo)[.size] as? Int)
    let before = try await Self.scrape(server.url + "/metrics")
    #expect(before.value("share_ingest_shares_accepted_total") == 0)
    for _ in 0..<2 {
      #expect(try await Self.post(server, photo).status == 201)
    }
    #expect(try await Self.post(server, photo, token: "wrong").status == 401)
    #expect(try await Self.post(server, ["-F", "title=nothing else"]).status == 422)
    let metrics = try await Self.scrape(server.url + "/metrics")
    #expect(metrics.value("share_ingest_shares_accepted_total") == 2)
    #expect(metrics.value("share_ingest_share_bytes_total") == Double(2 * size))
    #expect(
      metrics.value("share_ingest_shares_refused_total", ["reason": "unauthorized"]) == 1)
    #expect(metrics.value("share_ingest_shares_refused_total", ["reason": "bad_request"]) == 1)
    // Timed from the pipeline on: the empty form was refused before it.
    #expect(metrics.value("share_ingest_share_seconds_count") == 2)
    #expect(
      metrics.value("share_ingest_http_responses_total", ["route": "/share", "code": "201"]) == 2)
    #expect(metrics.types["share_ingest_share_seconds"] == "histogram")
    for name in metrics.types.keys {
      #expect(metrics.helps[name].map { !$0.isEmpty } == true, "\(name) has no help")
    }
    // A group directory's inbox is ready whenever the server runs.
    let ready = try await Serve.curl([server.url + "/readyz"])
    #expect(ready.status == 200 && ready.body.contains("ready"))
  }

  @Test(
    "PostgreSQL stopped: 503 with Retry-After and a reason within seconds; /readyz says why",
    .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
  func databaseStopped() async throws {
    guard PostgresServer.control != nil else {
      print("skipped: INGEST_TEST_POSTGRES_CTL is not set (scripts/with-postgres.sh sets it)")
      #expect(!PostgresServer.isCI, "CI runs under scripts/with-postgres.sh")
      return
    }
    let database = try PostgresServer.makeDatabase(prefix: "readyz")
    defer { PostgresServer.dropDatabase(database) }
    #expect(try await CLI.run(["db", "migrate", database]).status == 0)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Serve.start(in: directory, ["--inbox", database])
    defer { server.kill() }
    let text = ["-F", "text=while the database is down"]
    #expect(try await Self.post(server, text).status == 201)
    #expect(try await Serve.curl([server.url + "/readyz"]).status == 200)
    let url = server.url
    let token = Self.token
    let (down, ready, elapsed, recovered, readyAgain) = try await Offload.run {
      try PostgresServer.withServerToItself {
        #expect(PostgresServer.runControl("stop") == 0)
        defer { _ = PostgresServer.runControl("start") }
        let clock = ContinuousClock()
        let started = clock.now
        let down = try CLI.shellBlocking(
          "curl -s -i -m 60 -H 'Authorization: Bearer \(token)' -F 'text=while down'"
            + " \(url)/share")
        let elapsed = clock.now - started
        let ready = try CLI.shellBlocking("curl -s -i -m 60 \(url)/readyz")
        #expect(PostgresServer.runControl("start") == 0)
        let recovered = try CLI.shellBlocking(
          "curl -s -i -m 60 -H 'Authorization: Bearer \(token)' -F 'text=after the restart'"
            + " \(url)/share")
        let readyAgain = try CLI.shellBlocking("curl -s -i -m 60 \(url)/readyz")
        return (down.output, ready.output, elapsed, recovered.output, readyAgain.output)
      }
    }
    print("serve answered a share while PostgreSQL was stopped in \(elapsed)")
    #expect(down.hasPrefix("HTTP/1.1 503"), "\(down)")
    #expect(down.lowercased().contains("retry-after: 5"), "\(down)")
    #expect(down.contains("the database cannot be reached"), "\(down)")
    #expect(down.contains("Share it again in a moment"), "\(down)")
    #expect(!down.contains("PostgresError"), "a Swift type name is no reason: \(down)")
    // Bounded by the reconnect window (3 s for serve) and one connection attempt, not by TCP.
    #expect(elapsed < .seconds(20), "the 503 took \(elapsed)")
    #expect(ready.hasPrefix("HTTP/1.1 503"), "\(ready)")
    #expect(ready.lowercased().contains("retry-after:"), "\(ready)")
    #expect(ready.contains("not ready: PostgreSQL"), "\(ready)")
    #expect(recovered.hasPrefix("HTTP/1.1 201"), "\(recovered)")
    #expect(readyAgain.hasPrefix("HTTP/1.1 200"), "\(readyAgain)")
    let metrics = try await Self.scrape(server.url + "/metrics")
    #expect(metrics.value("share_ingest_shares_refused_total", ["reason": "unavailable"]) == 1)
    #expect(
      (metrics.value("share_ingest_database_errors_total", ["kind": "unreachable"]) ?? 0) >= 2)
    #expect(metrics.value("share_ingest_ready") == 1)
  }

  @Test(
    "PostgreSQL paused (SIGSTOP): 503 'did not answer within 2 s' with Retry-After; not ready",
    .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
  func databaseStalled() async throws {
    guard !PostgresServer.processIDs().isEmpty else {
      print("skipped: INGEST_TEST_POSTGRES_DATA is not set (scripts/with-postgres.sh sets it)")
      #expect(!PostgresServer.isCI, "CI runs under scripts/with-postgres.sh")
      return
    }
    // The server to itself from start to end: another test that stops it (databaseStopped)
    // must not do so while this one shares before or after the pause.
    try await PostgresServer.havingServerToItself {
      let database = try PostgresServer.makeDatabase(prefix: "stalled")
      defer { PostgresServer.dropDatabase(database) }
      #expect(try await CLI.run(["db", "migrate", database]).status == 0)
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let server = try await Serve.start(
        in: directory, ["--inbox", database],
        environment: [
          "INGEST_POSTGRES_ANSWER_TIMEOUT_SECONDS": "2",
          "INGEST_POSTGRES_CONNECT_TIMEOUT_SECONDS": "2",
        ])
      defer { server.kill() }
      // A share first, so that serve holds a connection the pause catches.
      #expect(try await Self.post(server, ["-F", "text=before the pause"]).status == 201)
      let url = server.url
      let token = Self.token
      let (stalled, ready, elapsed) = try await Offload.run {
        try PostgresServer.paused {
          let clock = ContinuousClock()
          let started = clock.now
          let stalled = try CLI.shellBlocking(
            "curl -s -i -m 60 -H 'Authorization: Bearer \(token)' -F 'text=while paused'"
              + " \(url)/share")
          let elapsed = clock.now - started
          let ready = try CLI.shellBlocking("curl -s -i -m 60 \(url)/readyz")
          return (stalled.output, ready.output, elapsed)
        }
      }
      print("serve answered a share while PostgreSQL was paused in \(elapsed)")
      #expect(stalled.hasPrefix("HTTP/1.1 503"), "\(stalled)")
      #expect(stalled.lowercased().contains("retry-after: 5"), "\(stalled)")
      #expect(stalled.contains("the database did not answer within 2 s"), "\(stalled)")
      #expect(stalled.contains("Share it again in a moment"), "\(stalled)")
      // Bounded by the answer timeout (and, for a new connection, one 2 s connection attempt):
      // without it the share waited as long as the pause lasted.
      #expect(elapsed < .seconds(6), "the 503 took \(elapsed)")
      #expect(ready.hasPrefix("HTTP/1.1 503"), "\(ready)")
      #expect(ready.contains("not ready: PostgreSQL"), "\(ready)")
      // Running again: shares are taken, and the database is ready.
      let after = try await Self.post(server, ["-F", "text=after the pause"])
      #expect(after.status == 201, "\(after.text)")
      #expect(try await Serve.curl([server.url + "/readyz"]).status == 200)
      let metrics = try await Self.scrape(server.url + "/metrics")
      #expect(metrics.value("share_ingest_shares_refused_total", ["reason": "unavailable"]) == 1)
    }
  }

  @Test(
    "inbox watch claims in groups, its /metrics counts claims and lag; a late retry is one share",
    .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
  func watchInGroups() async throws {
    try await PostgresServer.sharing {
      let database = try PostgresServer.makeDatabase(prefix: "watchgroups")
      defer { PostgresServer.dropDatabase(database) }
      #expect(try await CLI.run(["db", "migrate", database]).status == 0)
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let server = try await Serve.start(in: directory, ["--inbox", database])
      defer { server.kill() }
      let count = 24
      var ids: [String] = []
      for index in 0..<count {
        let answer = try await Self.post(
          server, ["-H", "Idempotency-Key: share-\(index)", "-F", "text=share \(index)"])
        #expect(answer.status == 201, "\(answer.text)")
        ids += Self.shareID(answer.text).map { [$0] } ?? []
      }
      // Sent again before any import: the same ids, and the inbox holds each once.
      let again = try await Self.post(
        server, ["-H", "Idempotency-Key: share-0", "-F", "text=share 0"])
      #expect(Self.shareID(again.text) == ids.first)
      let rows = try PostgresServer.psql(database, "SELECT count(*) FROM share_ingest.inbox_shares")
      #expect(rows == ["\(count)"])
      // The watcher starts with the whole inbox waiting: it must take it in groups.
      let log = directory.path + "/watch.log"
      _ = FileManager.default.createFile(atPath: log, contents: nil)
      let watch = try CLI.start(
        [
          "inbox", "watch", "--group-dir", server.group, "--inbox", database, "--library",
          database, "--metrics-port", "0",
        ], errorLog: log)
      defer {
        try? watch.send(SIGKILL)
        _ = watch.wait()
      }
      func imported() -> Int {
        let rows = try? PostgresServer.psql(
          database, "SELECT count(*) FROM share_ingest.library_records")
        return rows?.first.flatMap { Int($0) } ?? -1
      }
      #expect(
        await waitUntil(limit: .seconds(60)) { imported() == count }, "imported \(imported())")
      let logged = try String(contentsOfFile: log, encoding: .utf8)
      let address = try #require(
        logged.range(of: #"http://127\.0\.0\.1:[0-9]+/metrics"#, options: .regularExpression),
        "\(logged)")
      let metricsURL = String(logged[address])
      let metrics = try await Self.scrape(metricsURL)
      #expect(metrics.value("share_ingest_imported_total") == Double(count))
      #expect(metrics.value("share_ingest_claimed_shares_total") == Double(count))
      let claims = try #require(metrics.value("share_ingest_claim_seconds_count"))
      // 24 waiting shares fit one group of 64 (a second, empty claim ends the pass): never
      // one claim a share.
      #expect(claims >= 1 && claims <= 4, "\(claims) claims for \(count) shares")
      #expect(metrics.value("share_ingest_import_lag_seconds_count") == Double(count))
      // Posted again after its import: answered as the first time, imported as nothing new.
      let late = try await Self.post(
        server, ["-H", "Idempotency-Key: share-1", "-F", "text=share 1"])
      #expect(late.status == 201)
      #expect(Self.shareID(late.text) == ids.dropFirst().first)
      #expect(
        await waitUntil(limit: .seconds(30)) {
          (try? PostgresServer.psql(database, "SELECT count(*) FROM share_ingest.inbox_shares"))
            == ["0"]
        })
      #expect(imported() == count, "the share posted again was recorded twice")
      try watch.send(SIGTERM)
      let outcome = await watch.wait()
      #expect(outcome.exitStatus == 0, "\(outcome)")
    }
  }
}
