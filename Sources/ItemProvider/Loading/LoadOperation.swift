import Foundation
import Synchronization
import SystemCalls

/// One load in flight. It makes sure the consumer's completion handler runs exactly once,
/// whatever the source does: answer, answer twice, fail, never answer (the timeout ends the
/// load), or answer after the consumer cancelled.
///
/// A load is `waiting` until the source answers; the first answer `claim`s it, and whoever
/// claims it (or the timeout, or a cancellation while waiting) is the only one who may call the
/// completion handler. `end` releases the timer and breaks the progress's reference to it.
final class LoadOperation: Sendable {
  private enum Phase {
    case waiting
    case answered
    case ended
  }

  private struct State {
    var phase = Phase.waiting
    /// Whether the load ended without the source's answer (timeout, cancellation).
    var abandoned = false
    var sourceProgress: Progress?
    var timer: IOExecutor.Timer?
    var timeout: TimeInterval = 0
    var started = ContinuousClock.now
    var onFailure: (@Sendable (NSError) -> Void)?
  }

  /// The progress handed to the consumer; cancelling it cancels the load.
  let progress: Progress
  /// The type being loaded, for error messages.
  let typeIdentifier: String
  private let state: Mutex<State>

  /// - Parameter onFailure: Called (on the executor) when the load ends while still waiting for the
  ///   source: by timeout or cancellation.
  init(typeIdentifier: String, onFailure: @escaping @Sendable (NSError) -> Void) {
    self.progress = Progress(totalUnitCount: 1)
    self.typeIdentifier = typeIdentifier
    self.state = Mutex(State(onFailure: onFailure))
  }

  /// Arms cancellation and remembers when the load began, for the timeout.
  func begin(timeout: TimeInterval) {
    progress.cancellationHandler = { [self] in cancel() }
    state.withLock {
      $0.timeout = timeout
      $0.started = .now
    }
  }

  /// Arms the timeout timer if the source has not answered yet.
  ///
  /// Called once the source's load handler returned: most sources answer inside it, and those
  /// loads never pay for a timer. The deadline counts from `begin`.
  func armTimeoutIfWaiting() {
    let (waiting, timeout, started) = state.withLock {
      ($0.phase == .waiting, $0.timeout, $0.started)
    }
    guard waiting, timeout > 0, timeout.isFinite else { return }
    let typeIdentifier = self.typeIdentifier
    let left = started + .seconds(min(timeout, 1e9)) - ContinuousClock.now
    let timer = IOExecutor.shared.schedule(after: left) { [self] in
      fail(
        NSItemProvider.itemUnavailable(
          typeIdentifier,
          underlying: ItemProviderError.loadTimedOut(
            typeIdentifier: typeIdentifier, seconds: timeout)))
    }
    let answered = state.withLock { state -> Bool in
      guard state.phase == .waiting else { return true }
      state.timer = timer
      return false
    }
    if answered { IOExecutor.shared.cancel(timer) }
  }

  /// Takes the load for the source's first answer; false when it already ended (timed out or
  /// cancelled) or was answered before, in which case the answer must be dropped.
  func claim() -> Bool {
    state.withLock { state in
      guard state.phase == .waiting else { return false }
      state.phase = .answered
      if let timer = state.timer { IOExecutor.shared.cancel(timer) }
      state.timer = nil
      return true
    }
  }

  /// Remembers the progress the source's load handler returned, so a cancellation reaches it;
  /// cancels it at once when the load was already given up (timed out or cancelled).
  func attach(_ source: Progress?) {
    guard let source else { return }
    let abandoned = state.withLock { state -> Bool in
      if state.phase != .ended { state.sourceProgress = source }
      return state.abandoned
    }
    if abandoned || progress.isCancelled { source.cancel() }
  }

  /// Whether the consumer cancelled.
  var isCancelled: Bool { progress.isCancelled }

  /// Ends a load that is still waiting, delivering `error` on the load queue; the source's
  /// own progress, if it returned one, is cancelled since nobody waits for it any more.
  func fail(_ error: NSError) {
    let (onFailure, source) = state.withLock {
      state -> ((@Sendable (NSError) -> Void)?, Progress?) in
      guard state.phase == .waiting else { return (nil, nil) }
      state.phase = .ended
      state.abandoned = true
      return (state.onFailure, state.sourceProgress)
    }
    guard let onFailure else { return }
    source?.cancel()
    IOExecutor.shared.execute { [self] in
      onFailure(error)
      end()
    }
  }

  /// Marks the load finished and lets go of everything it held.
  func end() {
    state.withLock { state in
      state.phase = .ended
      state.onFailure = nil
      if let timer = state.timer { IOExecutor.shared.cancel(timer) }
      state.timer = nil
      state.sourceProgress = nil
    }
    progress.cancellationHandler = nil
    progress.completedUnitCount = progress.totalUnitCount
  }

  private func cancel() {
    fail(NSItemProvider.cancelled())
  }
}
