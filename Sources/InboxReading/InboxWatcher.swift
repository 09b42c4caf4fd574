import Foundation
import Ingest
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
    // Manifests found unreadable (bad input), by the revision found: not read, nor reported,
    // again until they change, however often the inbox is scanned.
    var unreadable: [UUID: InboxEntry.Revision] = [:]
    var lastScan = clock.now
    var isUnreachable = false
    // `ids`: the shares an arrival named (looked at alone), or nil for the whole inbox.
    func pass(only ids: [UUID]?, skipping: Set<UUID>) async throws {
      do {
        let report = try await drain.run(
          handler, only: ids, skipping: skipping, unchangedSince: unreadable
        ) { isStopRequested }
        isUnreachable = false
        failed.subtract(report.handled)
        failed.formUnion(report.failed.map(\.id))
        for id in report.handled { unreadable[id] = nil }
        for (id, _) in report.unreadable {
          // One known by its revision is tried again as soon as it changes (an arrival names
          // it); any other waits for the next re-scan, as a failed share does.
          if let revision = report.unreadableRevisions[id] {
            unreadable[id] = revision
          } else {
            failed.insert(id)
          }
        }
        if !report.handled.isEmpty || !report.failed.isEmpty || !report.unreadable.isEmpty {
          onDrain(report)
        }
      } catch let error as any TemporaryInboxError where error.isTemporary {
        isUnreachable = true
        onUnreachable(error)
      }
    }
    try await pass(only: nil, skipping: [])
    while !isStopRequested {
      let source = arrivals.descriptor
      var left = rescanInterval - (clock.now - lastScan)
      if source == nil || isUnreachable { left = min(left, retryInterval) }
      let ready = try Readiness.wait(
        for: [wake.descriptor] + (source.map { [$0] } ?? []), timeout: max(left, .zero))
      if ready[0] || isStopRequested { break }
      let arrived: InboxArrival =
        source == nil || ready[1] ? try arrivals.consumeArrivals() : .nothing
      if clock.now - lastScan >= rescanInterval || isUnreachable {
        lastScan = clock.now
        try await pass(only: nil, skipping: [])
      } else {
        // A new arrival: shares that just failed wait for the next re-scan. Where the source
        // names the shares that arrived, those alone are looked at: an arrival costs the same
        // however much else the inbox holds.
        switch arrived {
        case .nothing: break
        case .shares(let ids): try await pass(only: ids, skipping: failed)
        case .unknown: try await pass(only: nil, skipping: failed)
        }
      }
    }
  }
}
