import Foundation
import Synchronization

/// Stops a share's loads: cancels every provider load still waiting and makes every copy in
/// progress stop at its next chunk. Used when the deadline passes, and when an attachment fails
/// and the share is all-or-nothing.
final class ShareCancellation: Sendable {
  private struct State {
    var progresses: [Progress] = []
    var handlers: [@Sendable () -> Void] = []
  }

  private let cancelled = Atomic<Bool>(false)
  private let state = Mutex(State())

  /// Whether the share's loads must stop.
  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  /// Keeps `progress` to cancel later; cancels it at once when the share already stopped.
  func track(_ progress: Progress) {
    let stopNow = state.withLock { state -> Bool in
      if isCancelled { return true }
      state.progresses.append(progress)
      return false
    }
    if stopNow { progress.cancel() }
  }

  /// Runs `handler` when the share stops (at once if it already has).
  func onCancel(_ handler: @escaping @Sendable () -> Void) {
    let runNow = state.withLock { state -> Bool in
      if isCancelled { return true }
      state.handlers.append(handler)
      return false
    }
    if runNow { handler() }
  }

  /// Stops every load; true the first time.
  @discardableResult
  func cancel() -> Bool {
    let (exchanged, _) = cancelled.compareExchange(
      expected: false, desired: true, ordering: .acquiringAndReleasing)
    guard exchanged else { return false }
    let (progresses, handlers) = state.withLock { state in
      defer {
        state.progresses = []
        state.handlers = []
      }
      return (state.progresses, state.handlers)
    }
    for progress in progresses { progress.cancel() }
    for handler in handlers { handler() }
    return true
  }
}
