import Dispatch
import Foundation
import Synchronization

/// Runs blocking work (waiting for a process, sleeping between kills) on a thread of its own,
/// neither a thread of Swift's cooperative pool nor one of Dispatch's.
///
/// The cooperative pool has one thread per core (two on CI): a test that blocks one of them
/// starves every concurrent test that awaits anything. Dispatch's global queues are no refuge:
/// on Linux they grow slowly past the core count. The package's own work runs on its I/O
/// executor (`IOExecutor`), whose workers are for it, not for tests that wait on processes. A
/// thread per wait costs tens of microseconds and starves nothing.
public enum Offload {
  /// The result of `work`, run on a new thread.
  public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws
    -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        continuation.resume(with: Result { try work() })
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  /// Runs `body(0)` ... `body(count - 1)` each on a thread of its own, all at once, and returns
  /// when every one has. Unlike `DispatchQueue.concurrentPerform`, which runs at most one
  /// iteration per core at a time, `count` workers that block (on processes, on locks) really
  /// do run side by side.
  public static func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchSemaphore(value: 0)
    for worker in 0..<count {
      let thread = Thread {
        body(worker)
        done.signal()
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
    for _ in 0..<count { done.wait() }
  }

  /// The result of `work`, waited for: for code on a thread of its own (`run`,
  /// `concurrently`) that calls the package's async API, never for a task's.
  public static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws
    -> T
  {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      let outcome: Result<T, any Error>
      do {
        outcome = .success(try await work())
      } catch {
        outcome = .failure(error)
      }
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    guard let outcome = result.withLock({ $0 }) else { preconditionFailure("signalled early") }
    return try outcome.get()
  }
}
