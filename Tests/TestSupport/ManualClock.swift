import Synchronization

/// A clock whose time moves only when a test moves it: code that waits on an injected `Clock`
/// (such as the pipeline's spare files) can be shown to do nothing before a deadline and its
/// work at it, without sleeping.
public final class ManualClock: Clock, Sendable {
  /// A point on a manual clock: the time since the clock was made.
  public struct Instant: InstantProtocol, Sendable {
    /// The time since the clock was made.
    public var offset: Duration

    /// The instant `duration` after this one.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }

    /// The time from this instant to `other`.
    public func duration(to other: Self) -> Duration { other.offset - offset }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    var nextID = 0
  }

  private let state = Mutex(State())

  /// A clock at offset zero.
  public init() {}

  /// The clock's current time: it moves only by `advance(by:)`.
  public var now: Instant { state.withLock { $0.now } }

  /// A millisecond: sleepers are woken only by `advance(by:)`, so the value matters not.
  public var minimumResolution: Duration { .milliseconds(1) }

  /// How many tasks sleep on this clock now.
  public var sleeping: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock is advanced to `deadline` (returns at once when it is already
  /// there).
  ///
  /// - Throws: `CancellationError` when the task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state -> Int in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let resumeNow = state.withLock { state -> Bool in
          if deadline <= state.now || Task.isCancelled { return true }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(
        throwing: CancellationError())
    }
    try Task.checkCancellation()
  }

  /// Moves the clock on by `duration`, and wakes every sleeper whose deadline it reaches.
  public func advance(by duration: Duration) {
    let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for id in due.keys { state.sleepers.removeValue(forKey: id) }
      return due.values.map(\.continuation)
    }
    for continuation in due { continuation.resume() }
  }
}
