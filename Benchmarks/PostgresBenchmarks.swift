import Foundation
import Importer
import InboxReading
import Ingest
import IngestPostgres
import Synchronization
import SystemCalls
import TestSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Issues 15's and 30's figures, on the server `scripts/with-postgres.sh` starts (or any server
/// `INGEST_TEST_POSTGRES_URL` names, as a superuser): shares per second with 4 sharers and 1,
/// 2, 4 and 8 importers on PostgreSQL (grouped claims) beside the directory inbox and the
/// SQLite library on the same machine in the same run, the two ways of writing a group, and
/// the claim latency from a share's commit to an idle watching importer taking it
/// (LISTEN/NOTIFY, beside inotify).
///
///   scripts/with-postgres.sh swift run -c release Benchmarks postgres
enum PostgresBenchmarks {
  static let sharers = 4
  static let sharesPerRun = 1000
  /// Each figure is the median of this many runs, each on a fresh database and directory.
  static let rounds = 3

  static func run() async throws {
    Harness.section("postgres")
    guard PostgresServer.isAvailable else {
      print("  \(PostgresServer.skipMessage)")
      return
    }
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("PostgresBenchmarks-\(UUID().uuidString)").path
    try FileSystem.makeDirectories(root)
    defer { try? FileSystem.removeTree(root) }
    print(
      "  \(sharers) sharer threads commit \(sharesPerRun) shares (a 4 KiB file each, flushed)"
        + " while M importer threads import them into the library; wall time until the last"
        + " is imported; median of \(rounds) runs. PostgreSQL importers claim up to 64 shares"
        + " at once and commit them together")
    for sharesFirst in [false, true] {
      print(
        sharesFirst
          ? "  importing alone: the \(sharesPerRun) shares committed first, then M importers"
          : "  sharing and importing at once:")
      var curve: [(importers: Int, postgres: Double)] = []
      for importers in [1, 2, 4, 8] {
        let tag = "\(importers)-\(sharesFirst)"
        let postgres = try await median {
          try await postgresThroughput(
            importers: importers, sharesFirst: sharesFirst, root: "\(root)/pg-\(tag)-\($0)",
            writes: .oneStatement)
        }
        let directory = try await median {
          try await throughput(
            importers: importers, sharesFirst: sharesFirst, root: "\(root)/dir-\(tag)-\($0)",
            inbox: { group in DirectoryInbox(group: group) },
            library: { directory in try Library(path: directory + "/library.sqlite") })
        }
        curve.append((importers, postgres))
        let isGoal = sharesFirst && importers == 1
        Harness.report(
          "    \(importers) importer\(importers == 1 ? "" : "s")",
          String(
            format: "PostgreSQL %.0f shares/s, directory inbox + SQLite %.0f shares/s (%.2fx)",
            postgres, directory, postgres / directory),
          goal: isGoal ? ">= 0.8x" : "the scaling curve",
          met: isGoal ? postgres / directory >= 0.8 : nil)
        if isGoal {
          let pipelined = try await median {
            try await postgresThroughput(
              importers: 1, sharesFirst: true, root: "\(root)/pg-pipelined-\($0)",
              writes: .statementPerShare)
          }
          Harness.report(
            "    1 importer, a statement per share (pipelined) instead of one per group",
            String(
              format: "PostgreSQL %.0f shares/s (%.2fx the directory inbox + SQLite)",
              pipelined, pipelined / directory), goal: "which writes a group faster", met: nil)
        }
      }
      if let first = curve.first {
        let scaling = curve.map {
          String(format: "%d: %.2fx", $0.importers, $0.postgres / first.postgres)
        }
        Harness.report(
          "    PostgreSQL against 1 importer", scaling.joined(separator: ", "),
          goal: "reported honestly (2 cores)", met: nil)
      }
    }
    try await latency(root: root)
    try await payloads()
  }

  /// The median of `rounds` runs of `body(round)`.
  static func median(_ body: (Int) async throws -> Double) async throws -> Double {
    var values: [Double] = []
    for round in 0..<rounds { values.append(try await body(round)) }
    return Harness.median(values)
  }

  /// `throughput` on a fresh database, its library writing groups as `writes` says.
  static func postgresThroughput(
    importers: Int, sharesFirst: Bool, root: String, writes: PostgresLibrary.GroupWrites
  ) async throws -> Double {
    let (database, url) = try await migratedDatabase()
    defer { PostgresServer.dropDatabase(database) }
    return try await throughput(
      importers: importers, sharesFirst: sharesFirst, root: root,
      inbox: { group in PostgresInbox(url: url, group: group) },
      library: { directory in
        try PostgresLibrary(url: url, filesPath: directory + "/files", groupWrites: writes)
      })
  }

  /// Shares per second: `sharers` threads commit, `importers` threads import, until all are
  /// in the library; with `sharesFirst`, every share is committed before the clock starts
  /// and only the importers run.
  static func throughput(
    importers: Int, sharesFirst: Bool, root: String,
    inbox makeInbox: (GroupDirectory) -> any InboxStore,
    library makeLibrary: (String) async throws -> any LibraryStore
  ) async throws -> Double {
    let group = try GroupDirectory(path: root + "/group")
    let sharerInboxes = (0..<sharers).map { _ in makeInbox(group) }
    var importerParts: [LibraryImporter] = []
    for _ in 0..<importers {
      importerParts.append(
        LibraryImporter(library: try await makeLibrary(root), inbox: makeInbox(group)))
    }
    let progress = Progress()
    let payload = [UInt8](repeating: 0x5a, count: 4096)
    if sharesFirst {
      for index in 0..<sharesPerRun {
        try await share(index, payload: payload, group: group, inbox: sharerInboxes[0])
      }
      sync()
    }
    let started = Harness.now()
    // Each sharer and importer a task on the I/O executor, whose workers block on the file
    // system and the server as threads do.
    await withTaskGroup(of: Void.self) { tasks in
      for worker in 0..<(sharers + importers) {
        if worker < sharers && sharesFirst { continue }
        let inbox = worker < sharers ? sharerInboxes[worker] : nil
        let importer = worker < sharers ? nil : importerParts[worker - sharers]
        tasks.addTask(executorPreference: IOExecutor.shared) {
          do {
            if let inbox {
              for index in stride(from: worker, to: sharesPerRun, by: sharers) {
                try await share(index, payload: payload, group: group, inbox: inbox)
              }
            } else if let importer {
              while progress.imported.load(ordering: .relaxed) < sharesPerRun,
                progress.failure.withLock({ $0 }) == nil
              {
                let pass = try await importer.importPending()
                if let error = pass.errors.first { throw HarnessError(message: error.error) }
                progress.imported.add(pass.imported.count, ordering: .relaxed)
                if pass.imported.isEmpty { usleep(1000) }
              }
            }
          } catch {
            progress.failure.withLock { $0 = "\(error)" }
          }
        }
      }
    }
    if let message = progress.failure.withLock({ $0 }) { throw HarnessError(message: message) }
    let seconds = Double(Harness.now() - started) / 1e9
    return Double(sharesPerRun) / seconds
  }

  /// What a throughput run's workers share: the shares imported, and the first failure.
  final class Progress: Sendable {
    let imported = Atomic<Int>(0)
    let failure = Mutex<String?>(nil)
  }

  /// Commits one share through `inbox`: its payload written and flushed into `.staging/`,
  /// renamed into `Incoming/`, then the manifest committed (what `ShareTransaction` does).
  ///
  /// - Returns: The share's id, and the clock just before its commit began.
  @discardableResult
  static func share(_ index: Int, payload: [UInt8], group: GroupDirectory, inbox: any InboxStore)
    async throws -> (id: UUID, committing: UInt64)
  {
    let id = UUID()
    let name = "\(UUID().uuidString).jpeg"
    let file = try group.staging.open(name, .writeOnly, options: [.create, .exclusive, .noFollow])
    try file.closeAfter {
      try payload.withUnsafeBytes { try file.writeAll($0) }
      try file.sync()
    }
    try group.staging.sync()
    try group.staging.rename(name, to: name, in: group.incoming, replacing: false)
    let prepared = try await inbox.reserve(id)
    try await prepared.write(
      ShareManifest(
        id: id, receivedAt: Date(), source: "benchmark",
        items: [
          .file(
            typeIdentifier: "public.jpeg", path: "Incoming/\(name)",
            byteCount: Int64(payload.count), sha256: PayloadDigest.sha256(of: payload),
            suggestedName: "IMG_\(index).JPG")
        ]))
    try await prepared.makeDurable()
    let committing = Harness.now()
    try await prepared.commit()
    return (id, committing)
  }

  // MARK: Claim latency

  /// Records when each share was handed over.
  final class Arrivals: ShareHandler {
    let handled = Mutex<[UUID: UInt64]>([:])
    func handle(_ claim: any InboxClaim) throws {
      let now = Harness.now()
      handled.withLock { $0[claim.manifest.id] = now }
    }
  }

  /// From a share's commit starting to an idle watching importer taking it (the commit's own
  /// time included: the directory inbox's share is visible at its rename, before the flush
  /// that ends its commit): LISTEN/NOTIFY on PostgreSQL, inotify on the directory inbox (the
  /// baseline), 200 shares each, one at a time.
  static func latency(root: String) async throws {
    let database = try PostgresServer.makeDatabase(prefix: "bench")
    defer { PostgresServer.dropDatabase(database) }
    guard let url = PostgresURL(database) else { return }
    try await PostgresSchema.migrate(url)
    let pgGroup = try GroupDirectory(path: root + "/latency-pg")
    let pgInbox = PostgresInbox(url: url, group: pgGroup)
    let postgres = try await latencies(
      group: pgGroup, inbox: pgInbox,
      watcher: try InboxWatcher(
        inbox: PostgresInbox(url: url, group: pgGroup),
        arrivals: PostgresArrivals(inbox: PostgresInbox(url: url, group: pgGroup)),
        rescanInterval: .seconds(10)))
    let dirGroup = try GroupDirectory(path: root + "/latency-dir")
    let directory = try await latencies(
      group: dirGroup, inbox: DirectoryInbox(group: dirGroup),
      watcher: try InboxWatcher(
        inbox: DirectoryInbox(group: dirGroup), rescanInterval: .seconds(10)))
    func text(_ values: [Double]) -> String {
      String(
        format: "median %.2f ms, p99 %.2f ms", Harness.median(values) * 1e3,
        percentile(values, 0.99) * 1e3)
    }
    Harness.report(
      "claim latency, PostgreSQL (LISTEN/NOTIFY)", text(postgres), goal: "median < 50 ms",
      met: Harness.median(postgres) < 0.050)
    Harness.report(
      "claim latency, directory inbox (inotify), baseline", text(directory), goal: "baseline",
      met: nil)
  }

  static func latencies(group: GroupDirectory, inbox: any InboxStore, watcher: InboxWatcher)
    async throws -> [Double]
  {
    let arrivals = Arrivals()
    let watching = Task { try? await watcher.run(arrivals) }
    do {
      let values = try await latencies(group: group, inbox: inbox, arrivals: arrivals)
      watcher.stop()
      await watching.value
      return values
    } catch {
      watcher.stop()
      await watching.value
      throw error
    }
  }

  /// 200 shares one at a time, each until `arrivals` has it.
  static func latencies(group: GroupDirectory, inbox: any InboxStore, arrivals: Arrivals)
    async throws -> [Double]
  {
    usleep(200_000)
    let payload = [UInt8](repeating: 0x5a, count: 4096)
    var values: [Double] = []
    for index in 0..<200 {
      let (id, committed) = try await share(index, payload: payload, group: group, inbox: inbox)
      var handled: UInt64?
      let deadline = committed + 5_000_000_000
      while handled == nil, Harness.now() < deadline {
        handled = arrivals.handled.withLock { $0[id] }
        if handled == nil { usleep(100) }
      }
      guard let handled else { throw HarnessError(message: "share \(index) not taken in 5 s") }
      values.append((Double(handled) - Double(committed)) / 1e9)
      usleep(10_000)  // the importer is idle again
    }
    return values
  }

  static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
  }
}
