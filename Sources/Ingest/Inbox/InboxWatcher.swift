import Foundation
import SystemCalls

/// Imports shares as they arrive: drains the inbox, then waits for new manifests in
/// `<group>/Inbox` (inotify: a manifest renamed in, or written and closed there) and drains
/// again, with a periodic re-scan so nothing is missed, until stopped.
///
/// This is the Linux counterpart of the Darwin notification an extension posts to wake its
/// app. `stop()` (or one of the signals given to `stopOnSignals`) ends `run` cleanly: the
/// share being handled is finished or released first, never left half-done.
///
/// ```swift
/// let watcher = try InboxWatcher(inbox: DirectoryInbox(group: group))
/// watcher.stopOnSignals([SIGINT, SIGTERM])
/// try watcher.run(DirectoryDelivery(destination: "/srv/imported")) { report in … }
/// ```
public final class InboxWatcher: Sendable {
  /// The inbox watched.
  public let inbox: DirectoryInbox
  /// How often the whole inbox is drained again, events or not (retrying shares whose handler
  /// failed, and shares another importer held).
  public let rescanInterval: Duration
  /// Where events go.
  public let log: IngestLog

  private let watch: DirectoryWatch
  private let wake: WakeEvent

  /// A watcher of `inbox`.
  ///
  /// - Throws: `IOError` when the inbox directory cannot be watched.
  public init(
    inbox: DirectoryInbox, rescanInterval: Duration = .seconds(10), log: IngestLog = .none
  )
    throws
  {
    self.inbox = inbox
    self.rescanInterval = rescanInterval
    self.log = log
    watch = try DirectoryWatch(
      path: inbox.group.absolutePath(GroupDirectory.inboxName))
    wake = try WakeEvent()
  }

  /// Asks `run` to return once the share in hand is done. Safe from any thread.
  public func stop() {
    wake.signal()
  }

  /// Whether `stop()` was called (or a signal given to `stopOnSignals` arrived).
  public var isStopRequested: Bool { wake.isSignalled }

  /// Makes each of `signals` (such as `SIGINT` and `SIGTERM`) call `stop()` instead of ending
  /// the process. One watcher per process may do this.
  public func stopOnSignals(_ signals: [Int32]) {
    wake.signalOn(signals)
  }

  /// Hands every share to `handler` as it arrives, until stopped.
  ///
  /// - Parameter onDrain: Told what each pass did, when it did anything.
  /// - Throws: `IOError` when the inbox cannot be read or watched.
  public func run(
    _ handler: any ShareHandler, onDrain: (InboxDrain.Report) -> Void = { _ in }
  ) throws {
    let drain = InboxDrain(inbox: inbox, log: log)
    let clock = ContinuousClock()
    var failed = Set<UUID>()
    var lastScan = clock.now
    func pass(skipping: Set<UUID>) throws {
      let report = try drain.run(handler, skipping: skipping) { isStopRequested }
      failed.subtract(report.handled)
      failed.formUnion(report.failed.map(\.id))
      failed.formUnion(report.unreadable.map(\.id))
      if !report.handled.isEmpty || !report.failed.isEmpty || !report.unreadable.isEmpty {
        onDrain(report)
      }
    }
    try pass(skipping: [])
    while !isStopRequested {
      let left = rescanInterval - (clock.now - lastScan)
      let ready = try Readiness.wait(
        for: [watch.descriptor, wake.descriptor], timeout: max(left, .zero))
      if ready[1] || isStopRequested { break }
      if ready[0] { try watch.drainEvents() }
      if clock.now - lastScan >= rescanInterval {
        lastScan = clock.now
        try pass(skipping: [])
      } else if ready[0] {
        // A new arrival: shares that just failed wait for the next re-scan.
        try pass(skipping: failed)
      }
    }
  }
}
