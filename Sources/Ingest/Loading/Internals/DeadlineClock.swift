import Dispatch
import Foundation
import Synchronization

/// Fires the shares' deadlines, for every pipeline in the process, from one thread of its own.
///
/// A thread, not a Dispatch timer or a task: it fires on time whatever the cooperative pool and
/// the Dispatch workers are doing, and setting or cancelling a deadline wakes nobody (a Dispatch
/// timer wakes its manager thread both times, twice per share). The thread sleeps until the
/// earliest deadline set and is woken only when a new deadline comes before it; a cancelled
/// deadline is simply forgotten, and the thread, waking for it, finds nothing due.
package final class DeadlineClock: Sendable {
  /// A deadline set; cancel it with `cancel(_:)`.
  package struct Token: Sendable {
    fileprivate let number: UInt64
  }

  private struct Deadline: Sendable {
    var due: UInt64
    var action: @Sendable () -> Void
  }

  private struct State {
    var deadlines: [UInt64: Deadline] = [:]
    var nextNumber: UInt64 = 0
    /// When the thread will wake on its own (`.max` while it waits for a signal).
    var sleepsUntil: UInt64 = .max
    var started = false
  }

  /// The process's clock.
  package static let shared = DeadlineClock()

  /// A clock of its own (the pipelines share `shared`).
  package init() {}

  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)

  /// Runs `action` on the clock's thread `seconds` from now, unless cancelled first.
  package func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> Token {
    let due = DispatchTime.now().uptimeNanoseconds &+ Self.nanoseconds(seconds)
    let (token, signal, start) = state.withLock { state -> (Token, Bool, Bool) in
      state.nextNumber += 1
      state.deadlines[state.nextNumber] = Deadline(due: due, action: action)
      let start = !state.started
      state.started = true
      let signal = due < state.sleepsUntil
      if signal { state.sleepsUntil = due }
      return (Token(number: state.nextNumber), signal, start)
    }
    if start { Thread.start(named: "Ingest.DeadlineClock") { [self] in run() } }
    if signal { wake.signal() }
    return token
  }

  /// Forgets a deadline (nothing if it already fired).
  package func cancel(_ token: Token) {
    _ = state.withLock { $0.deadlines.removeValue(forKey: token.number) }
  }

  private func run() {
    while true {
      let now = DispatchTime.now().uptimeNanoseconds
      let (due, next) = state.withLock { state -> ([Deadline], UInt64) in
        var due: [Deadline] = []
        var next = UInt64.max
        for (number, deadline) in state.deadlines {
          if deadline.due <= now {
            due.append(deadline)
            state.deadlines[number] = nil
          } else {
            next = min(next, deadline.due)
          }
        }
        state.sleepsUntil = due.isEmpty ? next : now
        return (due, next)
      }
      if !due.isEmpty {
        for deadline in due.sorted(by: { $0.due < $1.due }) { deadline.action() }
        continue
      }
      if next == .max {
        wake.wait()
      } else {
        _ = wake.wait(timeout: DispatchTime(uptimeNanoseconds: next))
      }
    }
  }

  private static func nanoseconds(_ seconds: Double) -> UInt64 {
    guard seconds > 0 else { return 0 }
    return seconds >= 1e9 ? UInt64(1e18) : UInt64(seconds * 1e9)
  }
}
