import Dispatch
import Foundation

/// Runs blocking work (waiting for a process, sleeping between kills) on a thread of its own,
/// neither a thread of Swift's cooperative pool nor one of Dispatch's.
///
/// The cooperative pool has one thread per core (two on CI): a test that blocks one of them
/// starves every concurrent test that awaits anything. Dispatch's global queues are no refuge:
/// on Linux they grow slowly past the core count, and the code under test uses them (the
/// share's deadline timer, its concurrent flushes, the copier's hashing), so dozens of tests
/// waiting there for their processes would starve the pipeline instead. A thread per wait costs
/// tens of microseconds and starves nothing.
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
}
