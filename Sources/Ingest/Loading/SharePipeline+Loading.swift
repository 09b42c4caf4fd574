import Foundation
import Synchronization
import SystemCalls

extension SharePipeline {
  /// Loads every taken attachment, at most `maximumConcurrentLoads` at once, until all are
  /// done or the deadline passes; in an all-or-nothing share the first failure stops the rest.
  func load(
    _ run: inout ShareRun, transaction: ShareTransaction, adopting received: [ReceivedFile] = [],
    receiver: (any PayloadReceivingManifest)? = nil
  ) async {
    let cancellation = ShareCancellation()
    let tracker = LoadTracker()
    let budget = ShareBudget(contract: contract)
    let progress = options.progress ?? { _, _ in }
    let work = run.decision.attachments.compactMap { decision in
      decision.choice.map { (decision, $0) }
    }
    // Each taken attachment is one item of the manifest, in order (all or nothing: none is
    // left out of a share that commits).
    let receiving = receiver.map { receiver in
      (
        manifest: receiver,
        positions: Dictionary(
          uniqueKeysWithValues: work.enumerated().map { ($0.element.0.position, $0.offset) })
      )
    }
    let loader = AttachmentLoader(
      contract: contract, transaction: transaction, budget: budget,
      cancellation: cancellation, progress: progress, adoptions: received, receiver: receiving)
    let deadline = options.deadline
    let allOrNothing = !options.keepsPartialShares
    let rejectsOnViolation = contract.unsupported == .rejectShare
    let id = run.id
    let log = self.log

    // The deadline: when it passes, whatever is still loading is stopped and named. A timer of
    // the I/O executor, fired by its timer thread, so that it fires on time even when every
    // worker is busy; setting and cancelling it wakes nobody. Not a child task of the loads:
    // one sleeping on the cooperative pool (where the copies cannot starve it) cost 43.4 system
    // calls and 10.0 context switches per share on a RAM file system, against 31.0 and 2.5
    // with this timer (`Benchmarks ingest-ram`, release builds, one session): starting,
    // cancelling and joining it wakes threads at every share.
    let timer = IOExecutor.shared.schedule(after: deadline) {
      guard !cancellation.isCancelled else { return }
      // Named before the loads are stopped: a stopped load may end the share at once.
      let stillLoading = tracker.loading.withLock { $0 }
      tracker.expired.withLock { $0 = stillLoading }
      cancellation.cancel()
    }
    defer { IOExecutor.shared.cancel(timer) }

    /// Loads one attachment.
    @Sendable func loadOne(_ decision: AttachmentDecision, _ choice: RepresentationChoice) async
      -> LoadReport
    {
      let clock = ContinuousClock()
      let started = clock.now
      let result: Result<LoadedAttachment, AttachmentFailure>
      if cancellation.isCancelled {
        result = .failure(
          AttachmentFailure(
            position: decision.position, typeIdentifier: choice.typeIdentifier,
            stage: .loading, error: CancellationError()))
      } else {
        result = await loader.load(decision, choice).mapError { failure in
          // A load the share itself stopped (another attachment failed, or the deadline)
          // failed because of that, not on its own.
          guard cancellation.isCancelled, Self.isCancellation(failure.error) else {
            return failure
          }
          var stopped = failure
          stopped.error = CancellationError()
          return stopped
        }
      }
      tracker.loading.withLock { _ = $0.removeValue(forKey: decision.position) }
      return LoadReport(
        position: decision.position, result: result, duration: clock.now - started)
    }

    /// Records a finished load, and stops the others when its failure ends the share.
    func finish(_ report: LoadReport) {
      Self.logLoad(report, share: id, log: log)
      if case .failure(let failure) = report.result, !(failure.error is CancellationError) {
        // When this failure ends the share (all or nothing, or a contract violation under a
        // rejecting contract), stop the other loads now rather than let them finish for
        // nothing.
        let endsShare = failure.violation != nil ? rejectsOnViolation : allOrNothing
        if endsShare { cancellation.cancel() }
      }
      run.record(report)
    }

    if work.count == 1 {
      // One attachment (the most common share) loads in this task: a child task would cost
      // two thread hand-offs for nothing.
      let (decision, choice) = work[0]
      tracker.loading.withLock { $0[decision.position] = choice.typeIdentifier }
      finish(await loadOne(decision, choice))
    } else {
      await loadConcurrently(
        work,
        begin: { decision, choice in
          tracker.loading.withLock { $0[decision.position] = choice.typeIdentifier }
        }, loadOne: loadOne, finish: finish)
    }
    if let stillLoading = tracker.expired.withLock({ $0 }) {
      run.deadlinePassed = (seconds: Self.seconds(deadline), stillLoading: stillLoading)
    }
  }

  /// Loads `work`, at most `maximumConcurrentLoads` at once, calling `begin` as each starts and
  /// `finish` with each report as it comes.
  private func loadConcurrently(
    _ work: [(AttachmentDecision, RepresentationChoice)],
    begin: (AttachmentDecision, RepresentationChoice) -> Void,
    loadOne: @escaping @Sendable (AttachmentDecision, RepresentationChoice) async -> LoadReport,
    finish: (LoadReport) -> Void
  ) async {
    await withTaskGroup(of: LoadReport.self) { group in
      var next = 0
      func start(_ index: Int) {
        let (decision, choice) = work[index]
        begin(decision, choice)
        group.addTask { await loadOne(decision, choice) }
      }
      while next < min(work.count, options.maximumConcurrentLoads) {
        start(next)
        next += 1
      }
      var finished = 0
      while finished < work.count, let report = await group.next() {
        finished += 1
        finish(report)
        if next < work.count {
          start(next)
          next += 1
        }
      }
    }
  }

  static func logLoad(_ report: LoadReport, share: UUID, log: IngestLog) {
    switch report.result {
    case .success(let loaded):
      let bytes: Int64? =
        switch loaded {
        case .file(_, let count, _), .stored(_, let count, _): count
        default: nil
        }
      log.record(
        IngestEvent(
          shareID: share, stage: .load, event: "loaded", position: report.position,
          byteCount: bytes, duration: report.duration))
    case .failure(let failure):
      log.record(
        IngestEvent(
          shareID: share, stage: failure.stage == .copying ? .copy : .load, event: "failed",
          position: report.position, typeIdentifier: failure.typeIdentifier,
          duration: report.duration, error: failure.error))
    }
  }

  /// Whether `error` says a load was cancelled: Swift's `CancellationError`, or Cocoa's
  /// `userCancelled` (3072) that a cancelled provider load reports.
  static func isCancellation(_ error: any Error) -> Bool {
    if error is CancellationError { return true }
    let error = error as NSError
    return error.domain == NSCocoaErrorDomain && error.code == CocoaError.userCancelled.rawValue
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// One attachment's load, as the pipeline collects it.
struct LoadReport: Sendable {
  var position: AttachmentPosition
  var result: Result<LoadedAttachment, AttachmentFailure>
  var duration: Duration
}

/// Which attachments are loading now, and which were when the deadline passed.
private final class LoadTracker: Sendable {
  let loading = Mutex<[AttachmentPosition: String]>([:])
  let expired = Mutex<[AttachmentPosition: String]?>(nil)
}
