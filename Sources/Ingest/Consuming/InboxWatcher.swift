import Foundation
import SystemCalls

/// Imports shares as they arrive: drains the inbox, then waits for its arrivals (for the
/// directory inbox, inotify: a manifest renamed into `<group>/Inbox`, or written and closed
/// there; for a database inbox, its server's notifications) and drains again, with a periodic
/// re-scan so nothing is missed, until stopped.
///
/// This is the Linux counterpart of the Darwin notification an extension posts to wake its
/// app. `stop()` (or one of the signals given to `stopOnSignals`) ends `run` cleanly: the
/// share being handled is finished or released first, never left half-done. An inbox that is
/// out of reach for now (a `TemporaryInboxError` that says so) does not end `run`: it is
/// reported, and tried again about once a second.
///
/// ```swift
/// let watcher = try InboxWatcher(inbox: DirectoryInbox(group: group))
/// watcher.stopOnSignals([SIGINT, SIGTERM])
/// try watcher.run(DirectoryDelivery(destination: "/srv/imported")) { report in … }
/// ```
public final class InboxWatcher: Sendable {
  /// The inbox watched.
  public let inbox: any InboxStore
  /// How often the whole inbox is drained again, events or not (retrying shares whose handler
  /// failed, and shares another importer held).
  public let rescanInterval: Duration
  /// Where events go.
  public let log: IngestLog

  private let arrivals: any InboxArrivals
  private let wake: WakeEvent

  /// How long the watcher waits before trying again an inbox or an arrivals source that is
  /// out of reach (at most the re-scan interval).
  var retryInterval: Duration { min(rescanInterval, .seconds(1)) }

  /// A watcher of the directory inbox `inbox`, woken by inotify.
  ///
  /// - Throws: `IOError` when the inbox directory cannot be watched.
  public convenience init(
    inbox: DirectoryInbox, rescanInterval: Duration = .seconds(10), log: IngestLog = .none
  )
    throws
  {
    try self.init(
      inbox: inbox, arrivals: DirectoryArrivals(inbox: inbox), rescanInterval: rescanInterval,
      log: log)
  }

  /// A watcher of `inbox`, woken by `arrivals`.
  ///
  /// - Throws: `IOError` when the wake-up descriptor cannot be made.
  public init(
    inbox: any InboxStore, arrivals: any InboxArrivals, rescanInterval: Duration = .seconds(10),
    log: IngestLog = .none
  ) throws {
    self.inbox = inbox
    self.arrivals = arrivals
    self.rescanInterval = rescanInterval
    self.log = log
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
  /// - Parameters:
  ///   - handler: What takes each claimed share; a share leaves the inbox only when it succeeds.
  ///   - onDrain: Told what each pass did, when it did anything.
  ///   - onUnreachable: Told each time the inbox turned out to be out of reach for now (a
  ///     `TemporaryInboxError` that says so); the watcher tries again about once a second.
  /// - Throws: `IOError` when the inbox cannot be read or watched; any error of the inbox
  ///   that is not temporary.
  public func run(
    _ handler: any ShareHandler, onDrain: (InboxDrain.Report) -> Void = { _ in },
    onUnreachable: (any Error) -> Void = { _ in }
  ) async throws {
    try await withTaskExecutorPreference(IOExecutor.shared) {
      try await watch(handler, onDrain: onDrain, onUnreachable: onUnreachable)
    }
  }

  /// The loop of `run`, on a worker of the I/O executor (its wait for an arrival blocks the
  /// worker, as `poll` does).
  private func watch(
    _ handler: any ShareHandler, onDrain: (InboxDrain.Report) -> Void,
    onUnreachable: (any Error) -> Void
  ) async throws {
    let drain = InboxDrain(inbox: inbox, log: log)
    let clock = ContinuousClock()
    var failed = Set<UUID>()
    var lastScan = clock.now
    var unreachable = false
    func pass(skipping: Set<UUID>) async throws {
      do {
        let report = try await drain.run(handler, skipping: skipping) { isStopRequested }
        unreachable = false
        failed.subtract(report.handled)
        failed.formUnion(report.failed.map(\.id))
        failed.formUnion(report.unreadable.map(\.id))
        if !report.handled.isEmpty || !report.failed.isEmpty || !report.unreadable.isEmpty {
          onDrain(report)
        }
      } catch let error as any TemporaryInboxError where error.isTemporary {
        unreachable = true
        onUnreachable(error)
      }
    }
    try await pass(skipping: [])
    while !isStopRequested {
      let source = arrivals.descriptor
      var left = rescanInterval - (clock.now - lastScan)
      if source == nil || unreachable { left = min(left, retryInterval) }
      let ready = try Readiness.wait(
        for: [wake.descriptor] + (source.map { [$0] } ?? []), timeout: max(left, .zero))
      if ready[0] || isStopRequested { break }
      let arrived = source == nil || ready[1] ? try arrivals.consume() : false
      if clock.now - lastScan >= rescanInterval || unreachable {
        lastScan = clock.now
        try await pass(skipping: [])
      } else if arrived {
        // A new arrival: shares that just failed wait for the next re-scan.
        try await pass(skipping: failed)
      }
    }
  }
}
