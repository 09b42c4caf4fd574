import Dispatch

/// Runs blocking work (waiting for a process, sleeping between kills) on a Dispatch thread
/// instead of a thread of Swift's cooperative pool.
///
/// The pool has one thread per core (two on CI): a test that blocks one of them starves every
/// concurrent test that awaits anything, and the suite's timing-sensitive tests (deadlines,
/// timeouts) then fail for reasons that are not theirs.
public enum Offload {
  /// The result of `work`, run on a global queue.
  public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws
    -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try work() })
      }
    }
  }
}
