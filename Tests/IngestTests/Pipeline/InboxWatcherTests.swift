import Foundation
import InboxReading
import Ingest
import Synchronization
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("InboxWatcher: shares handed over as they arrive, until stopped", .onIOExecutor)
struct InboxWatcherTests {
  /// Records the ids it is handed; fails the ids it is told to.
  final class Recorder: ShareHandler {
    let handled = Mutex<[UUID]>([])
    let failing = Mutex<Set<UUID>>([])

    func handle(_ claim: any InboxClaim) throws {
      if failing.withLock({ $0.contains(claim.manifest.id) }) {
        throw CocoaError(.fileWriteUnknown)
      }
      handled.withLock { $0.append(claim.manifest.id) }
    }
  }

  @Test("Drains what is waiting, then each share as it is committed; stop() ends run")
  func watches() async throws {
    let fixture = try PipelineFixture(prefix: "watcher")
    defer { fixture.remove() }
    let waiting = try await InboxTests.share(fixture)
    let watcher = try InboxWatcher(
      inbox: DirectoryInbox(group: fixture.group), rescanInterval: .seconds(30))
    let recorder = Recorder()
    let finished = Mutex(false)
    Task(executorPreference: IOExecutor.shared) {
      try? await watcher.run(recorder)
      finished.withLock { $0 = true }
    }
    #expect(await waitUntil { recorder.handled.withLock { $0 } == waiting })
    // Events, not the 30-second re-scan, bring these in.
    let arriving = try await InboxTests.share(fixture, count: 2)
    #expect(await waitUntil { recorder.handled.withLock { $0.count } == 3 })
    #expect(Set(recorder.handled.withLock { $0 }) == Set(waiting + arriving))
    #expect(!watcher.isStopRequested)
    watcher.stop()
    #expect(await waitUntil { finished.withLock { $0 } })
    #expect(try fixture.names("Inbox").isEmpty)
  }

  @Test("A share whose handler failed stays, and is retried at the next re-scan")
  func retriesAtRescan() async throws {
    let fixture = try PipelineFixture(prefix: "watcher")
    defer { fixture.remove() }
    let ids = try await InboxTests.share(fixture)
    let recorder = Recorder()
    recorder.failing.withLock { $0 = Set(ids) }
    let watcher = try InboxWatcher(
      inbox: DirectoryInbox(group: fixture.group), rescanInterval: .milliseconds(200))
    let reports = Mutex<[InboxDrain.Report]>([])
    Task(executorPreference: IOExecutor.shared) {
      try? await watcher.run(recorder) { report in reports.withLock { $0.append(report) } }
    }
    #expect(await waitUntil { reports.withLock { !$0.isEmpty } })
    #expect(reports.withLock { $0.first?.failed.map(\.id) } == ids)
    #expect(try fixture.names("Inbox").contains("\(ids[0].uuidString).failure"))
    recorder.failing.withLock { $0 = [] }
    #expect(await waitUntil { recorder.handled.withLock { $0 } == ids })
    watcher.stop()
  }

  /// Writes a manifest cut short (unreadable) for a new share id into the fixture's inbox, in
  /// one step (written beside `Inbox/`, then renamed into it): a rescan never sees it half
  /// written, which would be a change of its own, reported as one.
  static func writeBrokenManifest(_ fixture: PipelineFixture, id: UUID = UUID(), extra: String = "")
    throws -> UUID
  {
    let temporary = "\(fixture.groupPath)/broken-\(id.uuidString).tmp"
    try Data((#"{"schemaVersion": 2, "id": "# + extra).utf8).write(
      to: URL(fileURLWithPath: temporary))
    guard rename(temporary, "\(fixture.groupPath)/Inbox/\(id.uuidString).json") == 0 else {
      throw Errno(rawValue: errno)
    }
    return id
  }

  /// How many of `reports` name `id` as unreadable.
  static func timesReported(_ id: UUID, in reports: borrowing Mutex<[InboxDrain.Report]>) -> Int {
    reports.withLock { $0.filter { $0.unreadable.contains { $0.id == id } }.count }
  }

  @Test(
    """
    A broken manifest is reported once however often the inbox is re-scanned, and again once it \
    changes
    """
  )
  func reportsBrokenManifestOnce() async throws {
    let fixture = try PipelineFixture(prefix: "watcher")
    defer { fixture.remove() }
    let broken = try Self.writeBrokenManifest(fixture)
    let recorder = Recorder()
    // A re-scan every 10 ms: many of them happen while five shares come and go.
    let watcher = try InboxWatcher(
      inbox: DirectoryInbox(group: fixture.group), rescanInterval: .milliseconds(10))
    let reports = Mutex<[InboxDrain.Report]>([])
    let finished = Mutex(false)
    Task(executorPreference: IOExecutor.shared) {
      try? await watcher.run(recorder) { report in reports.withLock { $0.append(report) } }
      finished.withLock { $0 = true }
    }
    for round in 1...5 {
      _ = try await InboxTests.share(fixture)
      #expect(await waitUntil { recorder.handled.withLock { $0.count } == round })
    }
    #expect(Self.timesReported(broken, in: reports) == 1, "reported at every re-scan")
    // Rewritten (another size, another modification time): read, and reported, again.
    _ = try Self.writeBrokenManifest(fixture, id: broken, extra: "\"")
    #expect(await waitUntil { Self.timesReported(broken, in: reports) == 2 })
    _ = try await InboxTests.share(fixture)
    #expect(await waitUntil { recorder.handled.withLock { $0.count } == 6 })
    #expect(Self.timesReported(broken, in: reports) == 2)
    watcher.stop()
    #expect(await waitUntil { finished.withLock { $0 } })
  }

  @Test("An arrival is looked at alone: a share is handed over while Inbox/ cannot be listed")
  func arrivalWithoutListing() async throws {
    let fixture = try PipelineFixture(prefix: "watcher")
    defer { fixture.remove() }
    for _ in 0..<50 { _ = try Self.writeBrokenManifest(fixture) }
    let recorder = Recorder()
    let watcher = try InboxWatcher(
      inbox: DirectoryInbox(group: fixture.group), rescanInterval: .seconds(3600))
    let reports = Mutex<[InboxDrain.Report]>([])
    // How the watcher's run ended: "stopped", or its error.
    let ended = Mutex<String?>(nil)
    Task(executorPreference: IOExecutor.shared) {
      do {
        try await watcher.run(recorder) { report in reports.withLock { $0.append(report) } }
        ended.withLock { $0 = "stopped" }
      } catch {
        ended.withLock { $0 = "\(error)" }
      }
    }
    // The first pass lists the inbox and reports the 50 broken manifests.
    #expect(await waitUntil { reports.withLock { $0.first?.unreadable.count } == 50 })
    // From now on, listing Inbox/ fails: only a watcher that looks up what arrived by name
    // hands the next shares over (one that lists would stop with this error).
    let fault = FaultInjector.shared.inject(
      .ioError, into: .opendir, under: fixture.groupPath + "/Inbox", times: 1_000_000)
    defer { FaultInjector.shared.remove(fault) }
    let arriving = try await InboxTests.share(fixture, count: 3)
    #expect(await waitUntil { recorder.handled.withLock { $0.count } == 3 })
    #expect(Set(recorder.handled.withLock { $0 }) == Set(arriving))
    #expect(ended.withLock { $0 } == nil, "the watcher ended: \(ended.withLock { $0 } ?? "")")
    // Nothing broken was read, or reported, again.
    #expect(reports.withLock { $0.dropFirst().allSatisfy(\.unreadable.isEmpty) })
    watcher.stop()
    #expect(await waitUntil { ended.withLock { $0 } == "stopped" })
  }
}
