import Foundation
import Importer
import Ingest
import IngestPostgres
import Synchronization
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Real `ingest-cli` processes against a real PostgreSQL server: eight sharers beside four
/// watching importers, importers killed with SIGKILL at random points (`INGEST_POSTGRES_KILLS`,
/// default 100), and the server restarted under running sharers and importers. Every share
/// must end up in the library exactly once, and never in the inbox and the library at once.
@Suite(
  "PostgreSQL inbox and library: real processes, kills and a restart",
  .serialized,
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresProcessTests {
  /// A migrated database, a group directory, and what each process needs to use them.
  struct Setup {
    let database: String
    let url: PostgresURL
    let directory: TemporaryDirectory
    let group: String
    let photo = CLI.packageRoot.appendingPathComponent("corpus/files/photo.jpg").path

    init() throws {
      database = try PostgresServer.makeDatabase(prefix: "cli")
      url = try #require(PostgresURL(database))
      directory = try TemporaryDirectory()
      group = directory.path + "/group"
      let migrated = try CLI.runBlocking(["db", "migrate", database])
      #expect(migrated.status == 0, "\(migrated.standardError)")
    }

    func remove() {
      PostgresServer.dropDatabase(database)
      directory.remove()
    }

    /// The inbox and the library are both in the database, selected by the environment.
    var environment: [String: String] {
      ["INGEST_INBOX_URL": database, "INGEST_LIBRARY_URL": database]
    }

    /// Shares a photo (even `index`) or a text; the share id, or the error it printed.
    func share(_ index: Int) throws -> Result<String, ShareFailure> {
      let arguments =
        index % 2 == 0
        ? ["share", "--json", "--group-dir", group, photo]
        : ["share", "--json", "--group-dir", group, "--text", "share \(index)\nof the test"]
      let result = try CLI.runBlocking(arguments, environment: environment)
      let report = try? CLI.json(result.standardOutput)
      if result.status == 0, let id = report?["shareID"] as? String { return .success(id) }
      return .failure(
        ShareFailure(
          status: result.status,
          message: (report?["error"] as? String) ?? result.standardError))
    }

    /// What the database holds, in one snapshot (a killed importer's commit may still be
    /// landing): the library's share ids, and the inbox's.
    func state() throws -> (imported: [String], pending: Set<String>) {
      let rows = try PostgresServer.psql(
        database,
        """
        SELECT 'library', upper(share_id::text) FROM share_ingest.library_records
        UNION ALL SELECT 'inbox', upper(id::text) FROM share_ingest.inbox_shares
        """)
      let pairs = rows.map { $0.split(separator: "|").map(String.init) }
      let imported = pairs.filter { $0.first == "library" }.map { $0[1] }
      let pending = Set(pairs.filter { $0.first == "inbox" }.map { $0[1] })
      return (imported, pending)
    }

    /// `ingest-cli inbox watch`, running until `stop()`.
    func watcher() throws -> WatchingImporter {
      try WatchingImporter(
        arguments: ["inbox", "watch", "--json", "--group-dir", group, "--rescan", "1"],
        environment: environment)
    }
  }

  struct ShareFailure: Error {
    var status: Int32
    var message: String
  }

  /// An `inbox watch` process and what it printed.
  final class WatchingImporter: Sendable {
    let process: ChildProcess
    private let output = Mutex<[String]>([])
    private let errors = Mutex<String>("")
    private let reading = DispatchGroup()

    init(arguments: [String], environment: [String: String]) throws {
      let process = try ChildProcess.spawn(
        CLI.executable.path, arguments: arguments, environment: .adding(environment),
        standardOutput: .pipe, standardError: .pipe)
      self.process = process
      // Both pipes read at once, to their ends, on a thread of their own.
      DispatchQueue.global().async(group: reading) { [self] in
        let collected = (try? process.collectOutput()) ?? (standardOutput: [], standardError: [])
        output.withLock {
          $0 = String(decoding: collected.standardOutput, as: UTF8.self).split(separator: "\n")
            .map(String.init)
        }
        errors.withLock { $0 = String(decoding: collected.standardError, as: UTF8.self) }
      }
    }

    /// Stops it as Ctrl-C would, and returns its exit status, the ids it imported, and its
    /// standard error.
    func stop() -> (status: Int32, imported: [String], errors: String) {
      try? process.send(SIGTERM)
      let outcome = process.wait()
      reading.wait()
      let imported = output.withLock { lines in
        lines.compactMap { line -> String? in
          guard let event = try? CLI.json(line), event["event"] as? String == "imported" else {
            return nil
          }
          return event["id"] as? String
        }
      }
      return (CLI.status(outcome), imported, errors.withLock { $0 })
    }
  }

  /// Waits until `condition` holds, checking every 50 ms, for at most `timeout`.
  static func waitUntil(timeout: Duration, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if try condition() { return true }
      usleep(50_000)
    }
    return try condition()
  }

  @Test("Eight sharers and four watching importers at once: every share imported exactly once")
  func eightSharersFourImporters() async throws {
    try await PostgresServer.sharing {
      try await Offload.run {
        let setup = try Setup()
        defer { setup.remove() }
        let watchers = try (0..<4).map { _ in try setup.watcher() }
        let sharesPerSharer = 6
        let committed = Mutex<[String]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { sharer in
          for index in 0..<sharesPerSharer {
            switch Result(catching: { try setup.share(sharer * sharesPerSharer + index) }) {
            case .success(.success(let id)): committed.withLock { $0.append(id) }
            case .success(.failure(let failure)): failures.withLock { $0.append(failure.message) }
            case .failure(let error): failures.withLock { $0.append("\(error)") }
            }
          }
        }
        let shared = committed.withLock { $0 }
        #expect(failures.withLock { $0 } == [])
        #expect(shared.count == 8 * sharesPerSharer)
        let done = try Self.waitUntil(timeout: .seconds(60)) {
          try setup.state().imported.count >= shared.count
        }
        #expect(done, "the watchers did not import every share within 60 s")
        let stopped = watchers.map { $0.stop() }
        for watcher in stopped {
          #expect(watcher.status == 0, "\(watcher.errors)")
        }
        let byWatchers = stopped.flatMap(\.imported)
        #expect(byWatchers.sorted() == shared.sorted(), "each share imported by one watcher, once")
        let state = try setup.state()
        #expect(state.imported.sorted() == shared.sorted())
        #expect(state.pending.isEmpty)
        #expect(
          try FileManager.default.contentsOfDirectory(atPath: setup.group + "/Incoming").isEmpty)
        print(
          "PostgreSQL concurrency test: \(shared.count) shares by 8 sharers, imported by 4"
            + " watchers (\(stopped.map { "\($0.imported.count)" }.joined(separator: ", ")))")
      }
    }
  }

  @Test("SIGKILL at random points of import never duplicates or loses a share")
  func killedImports() async throws {
    try await PostgresServer.sharing {
      try await Offload.run {
        let environment = ProcessInfo.processInfo.environment
        let kills = Int(environment["INGEST_POSTGRES_KILLS"] ?? "") ?? 100
        let seed = UInt64(environment["INGEST_CRASH_SEED"] ?? "") ?? 20_261_215
        var generator = SplitMix64(seed: seed)
        let setup = try Setup()
        defer { setup.remove() }
        var made = Set<String>()
        var round = 0
        func share() throws {
          let id = try setup.share(round).get()
          round += 1
          made.insert(id)
        }
        func importer() throws -> ChildProcess {
          try ChildProcess.spawn(
            CLI.executable.path,
            arguments: ["inbox", "import", "--json", "--group-dir", setup.group],
            environment: .adding(setup.environment), standardOutput: .nullDevice,
            standardError: .nullDevice)
        }
        let timing = try ImportKills(importer: importer, share: share)

        var count = KillCount(wanted: kills)
        var pending = 0
        var maxPending = 0
        var strayBeforeCommit = 0
        while count.wantsMore {
          try share()
          let delay = timing.delay(pending: pending, using: &generator)
          try count.run(importer, killingAfter: delay)
          let state = try setup.state()
          let imported = Set(state.imported)
          #expect(imported.count == state.imported.count, "a share twice in the library")
          #expect(imported.isDisjoint(with: state.pending), "a share in the inbox and the library")
          #expect(imported.union(state.pending) == made, "a share was lost")
          pending = state.pending.count
          maxPending = max(maxPending, pending)
          let library =
            (try? FileManager.default.contentsOfDirectory(atPath: setup.group + "/Library")) ?? []
          if library.contains(where: { state.pending.contains(String($0.prefix(36))) }) {
            strayBeforeCommit += 1
          }
        }
        let last = try CLI.runBlocking(
          ["inbox", "import", "--group-dir", setup.group], environment: setup.environment)
        #expect(last.status == 0, "\(last.standardError)")
        let state = try setup.state()
        #expect(state.imported.sorted() == made.sorted())
        #expect(state.pending.isEmpty)
        #expect(
          try FileManager.default.contentsOfDirectory(atPath: setup.group + "/Incoming").isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: setup.group + "/Library")
        #expect(files.count == (made.count + 1) / 2, "one file per photo share, no strays")
        print(
          "PostgreSQL import crash test (seed \(seed)): start-up \(timing.startup) µs,"
            + " \(timing.perShare) µs per share; \(count.runs) imports, \(count.killed) killed;"
            + " \(made.count) shares, all imported once; up to \(maxPending) pending at once;"
            + " \(strayBeforeCommit) kills left files placed before the commit")
        #expect(count.killed >= kills, "\(count.killed) of \(kills) kills in \(count.runs) imports")
      }
    }
  }

  @Test("The server restarted under sharers and importers: they reconnect and finish")
  func serverRestart() async throws {
    try await Offload.run {
      guard PostgresServer.control != nil else {
        print(
          "skipped the restart: INGEST_TEST_POSTGRES_CTL is not set (scripts/with-postgres.sh"
            + " sets it)")
        #expect(!PostgresServer.isCI, "CI runs under scripts/with-postgres.sh")
        return
      }
      try PostgresServer.withServerToItself {
        let setup = try Setup()
        defer { setup.remove() }
        let watchers = try (0..<4).map { _ in try setup.watcher() }
        let committed = Mutex<[String]>([])
        let failures = Mutex<[ShareFailure]>([])
        let started = Atomic<Int>(0)
        let restarted = Mutex<Int32?>(nil)
        DispatchQueue.concurrentPerform(iterations: 5) { worker in
          if worker == 4 {
            // Once a third of the shares are under way.
            _ = Self.waitUntil(timeout: .seconds(30)) {
              started.load(ordering: .relaxed) >= 12
            }
            let status = PostgresServer.runControl("restart")
            restarted.withLock { $0 = status }
            return
          }
          for index in 0..<10 {
            started.add(1, ordering: .relaxed)
            switch Result(catching: { try setup.share(worker * 10 + index) }) {
            case .success(.success(let id)): committed.withLock { $0.append(id) }
            case .success(.failure(let failure)): failures.withLock { $0.append(failure) }
            case .failure(let error):
              failures.withLock { $0.append(ShareFailure(status: -1, message: "\(error)")) }
            }
            usleep(20_000)
          }
        }
        #expect(restarted.withLock { $0 } == 0, "pg_ctl restart failed")
        // While the server is down for longer than a sharer waits, the share is refused with
        // an error that says what could not be done and why, and nothing is left behind.
        #expect(PostgresServer.runControl("stop") == 0)
        var impatient = setup.environment
        impatient["INGEST_POSTGRES_RECONNECT_SECONDS"] = "1"
        let refused = try CLI.runBlocking(
          ["share", "--group-dir", setup.group, "--text", "while the server is down"],
          environment: impatient)
        #expect(PostgresServer.runControl("start") == 0)
        #expect(refused.status != 0)
        let message = refused.standardOutput + refused.standardError
        #expect(message.contains("PostgreSQL"), "\(message)")
        #expect(message.contains("gave up reconnecting after 1.0 s"), "\(message)")
        let shared = committed.withLock { $0 }
        // A share that could not be committed says why, naming the server.
        for failure in failures.withLock({ $0 }) {
          #expect(failure.status != 0)
          #expect(failure.message.contains("PostgreSQL"), "\(failure.message)")
        }
        let done = try Self.waitUntil(timeout: .seconds(60)) {
          Set(try setup.state().imported).isSuperset(of: shared)
        }
        #expect(done, "the watchers did not import every committed share within 60 s")
        let stopped = watchers.map { $0.stop() }
        for watcher in stopped {
          #expect(watcher.status == 0, "a watcher did not outlive the restart: \(watcher.errors)")
        }
        let state = try setup.state()
        #expect(Set(state.imported).count == state.imported.count)
        #expect(Set(state.imported).isSuperset(of: shared))
        #expect(state.pending.isEmpty)
        let byWatchers = stopped.flatMap(\.imported)
        #expect(Set(byWatchers).count == byWatchers.count, "a share imported twice")
        let reported = stopped.map(\.errors).joined().split(separator: "\n").filter {
          $0.contains("out of reach") || $0.contains("stays in the inbox")
        }
        print(
          "PostgreSQL restart test: \(shared.count) shares committed,"
            + " \(failures.withLock { $0.count }) refused with an error, all imported once;"
            + " the watchers reported \(reported.count) problem(s) meanwhile"
            + (reported.first.map { ", such as: \($0)" } ?? ""))
      }
    }
  }
}
