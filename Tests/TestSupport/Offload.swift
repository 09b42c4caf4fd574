import Foundation
import SystemCalls

/// Runs a test's blocking waits (for a process to exit, a pipe to end, a lock another test
/// holds) the way the package runs its own blocking work: on a worker of an I/O executor,
/// awaited by the test's task, never on Swift's cooperative pool; with no thread or semaphore
/// of its own.
///
/// The executor is not the package's (`IOExecutor.shared`) but one of the tests' own,
/// `Offload.executor`. The package's executor has at most `maximumWorkers` (64) workers and
/// runs its work in the order it came: all test targets run in one process, and the command-line
/// tests alone wait for hundreds of `ingest-cli` processes at once, each for as long as the
/// process runs (seconds on a loaded machine, a server's whole life). On the package's
/// executor those waits held all 64 workers, and every share, load and timer action of the
/// other tests queued behind them for over a minute. Waits that long, on other programs, are
/// the tests' own, so they get workers of their own; the package's executor keeps its workers
/// for the package's work, which each test still runs there.
///
/// Both are `IOExecutor`s: the executor check (`ExecutorCheck`) accepts a worker of either,
/// and every thread is still started in one place (`IOExecutor`).
public enum Offload {
  /// The executor a test's waits run on: started workers end after ten idle seconds, and
  /// there are as many as the tests wait on at once (a thread per wait, as a test that waits
  /// needs; 1,024 at most, far more than the processes the tests run at once).
  package static let executor = IOExecutor(name: "TestWaits", maximumWorkers: 1024)

  /// The result of `work`, run on a worker of the tests' executor (`executor`).
  public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws
    -> T
  {
    try await executor.run { try work() }
  }

  /// Runs `body(0)` ... `body(count - 1)` each in a child task of its own on the tests'
  /// executor (`executor`), all at once, and returns when every one has. Each child may block
  /// (on processes, on locks): each holds a worker of its own, so `count` of them really do run
  /// side by side.
  public static func concurrently(
    _ count: Int, _ body: @escaping @Sendable (Int) async -> Void
  ) async {
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<count {
        group.addTask(executorPreference: executor) { await body(worker) }
      }
    }
  }
}

/// Runs `body` on an I/O executor (an `IOExecutor`) as the task's executor preference, as the
/// package's entry points run theirs: every line of it, and every `await` it resumes from,
/// runs on a worker, so its short blocking calls (a fixture's synchronous initialisers, a file
/// hashed by `sha256sum`) keep off Swift's cooperative pool. A wait of unbounded length (a
/// server to stop, a process another test controls) goes through `Offload.run` even here.
///
/// The executor is the tests' own (`testBodyExecutor`), not the package's: the package's entry
/// points that a test calls (a share, an import) give themselves `IOExecutor.shared` as they
/// do for any caller. All test targets run in one process and Swift Testing starts every test
/// at once; on the package's executor, a few hundred test bodies blocking in fixtures filled
/// its 64 workers and its queue, and a share's loads queued behind them past the share's
/// 30-second deadline. The tests' executor has as many workers as the cooperative pool would
/// give the tests (twice the cores, at least four), so test bodies are throttled as they were
/// there, and the package's executor keeps its workers for the package's work.
///
/// A test that runs in it keeps the model, so the executor check asserts for it
/// (`ExecutorCheck.assertsInTask`): a system call that still reaches the cooperative pool from
/// its tasks (one started with `Task {}`, which inherits no executor preference) fails an
/// assertion naming the call, unless `INGEST_EXECUTOR_CHECK` says `off` or `report`.
public func withIOExecutor<T: Sendable>(_ body: () async throws -> T) async throws -> T {
  try await ExecutorCheck.$assertsInTask.withValue(true) {
    try await withTaskExecutorPreference(testBodyExecutor) { try await body() }
  }
}

/// The executor `withIOExecutor` runs test bodies on (see there).
package let testBodyExecutor = IOExecutor(
  name: "TestBodies", maximumWorkers: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))
