import SystemCalls

/// Runs a test's blocking work (waiting for a process, reading a pipe, sleeping between kills)
/// the way the package runs its own: on a worker of the package's I/O executor
/// (`IOExecutor.shared`), awaited by the test's task, never on Swift's cooperative pool.
///
/// The cooperative pool has one thread per core (two on CI): a test that blocks one of them
/// starves every concurrent test that awaits anything. The executor starts a worker when work
/// waits and none is free, so a test blocked on a process holds one worker and starves
/// nothing; and the executor check (`ExecutorCheck`) finds the test's system calls where the
/// package's must be.
public enum Offload {
  /// The result of `work`, run on a worker of the I/O executor.
  public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws
    -> T
  {
    try await IOExecutor.shared.run { try work() }
  }

  /// Runs `body(0)` ... `body(count - 1)` each in a child task of its own on the I/O executor,
  /// all at once, and returns when every one has. Each child may block (on processes, on
  /// locks): each holds a worker of its own, so `count` of them really do run side by side.
  public static func concurrently(
    _ count: Int, _ body: @escaping @Sendable (Int) async -> Void
  ) async {
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<count {
        group.addTask(executorPreference: IOExecutor.shared) { await body(worker) }
      }
    }
  }
}

/// Runs `body` with the I/O executor (`IOExecutor.shared`) as the task's executor preference,
/// as the package's entry points run theirs: every line of it, and every `await` it resumes
/// from, runs on a worker, so its blocking calls (a fixture's synchronous initialisers, a
/// process waited for) keep off Swift's cooperative pool.
///
/// A test that runs in it keeps the model, so the executor check asserts for it
/// (`ExecutorCheck.assertsInTask`): a system call that still reaches the cooperative pool from
/// its tasks (one started with `Task {}`, which inherits no executor preference) fails an
/// assertion naming the call, unless `INGEST_EXECUTOR_CHECK` says `off` or `report`.
public func withIOExecutor<T: Sendable>(_ body: () async throws -> T) async throws -> T {
  try await ExecutorCheck.$assertsInTask.withValue(true) {
    try await withTaskExecutorPreference(IOExecutor.shared) { try await body() }
  }
}
