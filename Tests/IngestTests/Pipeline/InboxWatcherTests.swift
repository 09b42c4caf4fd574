import Foundation
import Ingest
import Synchronization
import SystemCalls
import Testing

@Suite("InboxWatcher: shares handed over as they arrive, until stopped")
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

  static func waitUntil(seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
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
    #expect(await Self.waitUntil { recorder.handled.withLock { $0 } == waiting })
    // Events, not the 30-second re-scan, bring these in.
    let arriving = try await InboxTests.share(fixture, count: 2)
    #expect(await Self.waitUntil { recorder.handled.withLock { $0.count } == 3 })
    #expect(Set(recorder.handled.withLock { $0 }) == Set(waiting + arriving))
    #expect(!watcher.isStopRequested)
    watcher.stop()
    #expect(await Self.waitUntil { finished.withLock { $0 } })
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
    #expect(await Self.waitUntil { reports.withLock { !$0.isEmpty } })
    #expect(reports.withLock { $0.first?.failed.map(\.id) } == ids)
    #expect(try fixture.names("Inbox").contains("\(ids[0].uuidString).failure"))
    recorder.failing.withLock { $0 = [] }
    #expect(await Self.waitUntil { recorder.handled.withLock { $0 } == ids })
    watcher.stop()
  }
}
