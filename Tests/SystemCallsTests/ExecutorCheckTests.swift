import Foundation
import Synchronization
import SystemCalls
import Testing

@Suite("The concurrency model, enforced: blocking calls on the I/O executor, and its drain")
struct ExecutorCheckTests {
  @Test(
    """
    A system call from a task on the cooperative pool is caught, naming the call; not on the I/O \
    executor, nor outside tasks
    """,
    .enabled(if: ExecutorCheck.isEnabled, "the check is compiled into debug builds only"))
  func callsOnTheCooperativePoolAreCaught() async throws {
    // Nothing exists under the prefix: each open fails with ENOENT, a system call all the same.
    let prefix = "/nonexistent-executor-check-\(UUID().uuidString)"
    let recording = ExecutorCheck.shared.record(under: prefix)
    defer { ExecutorCheck.shared.stopRecording(recording) }

    await Task.detached { _ = try? FileDescriptor.open("\(prefix)/pool", .readOnly) }.value
    await IOExecutor.shared.run { _ = try? FileDescriptor.open("\(prefix)/executor", .readOnly) }
    await Task(executorPreference: IOExecutor.shared) {
      _ = try? FileDescriptor.open("\(prefix)/preferring", .readOnly)
    }.value
    // A work item runs on a worker outside any task.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      IOExecutor.shared.execute {
        _ = try? FileDescriptor.open("\(prefix)/work-item", .readOnly)
        done.resume()
      }
    }

    let violations = ExecutorCheck.shared.violations(recording)
    #expect(violations == [ExecutorCheck.Violation(call: .open, path: "\(prefix)/pool")])
    let message = try #require(violations.first).description
    #expect(message.hasPrefix("open(\(prefix)/pool) ran in a Swift task on the cooperative pool"))
  }

  @Test(
    """
    A blocking wait inside a task is caught on any thread, a worker's too; in a work item it is not
    """,
    .enabled(if: ExecutorCheck.isEnabled, "the check is compiled into debug builds only"))
  func blockingWaitsInTasksAreCaught() async throws {
    let prefix = "/nonexistent-executor-check-\(UUID().uuidString)"
    let recording = ExecutorCheck.shared.record(under: prefix)
    defer { ExecutorCheck.shared.stopRecording(recording) }

    await Task.detached {
      ExecutorCheck.shared.checkBlockingWait(.copyFileRange, "\(prefix)/pool")
    }.value
    await IOExecutor.shared.run {
      ExecutorCheck.shared.checkBlockingWait(.copyFileRange, "\(prefix)/executor")
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      IOExecutor.shared.execute {
        ExecutorCheck.shared.checkBlockingWait(.copyFileRange, "\(prefix)/work-item")
        done.resume()
      }
    }

    let violations = ExecutorCheck.shared.violations(recording)
    #expect(
      violations == [
        ExecutorCheck.Violation(call: .copyFileRange, path: "\(prefix)/pool", kind: .blockingWait),
        ExecutorCheck.Violation(
          call: .copyFileRange, path: "\(prefix)/executor", kind: .blockingWait),
      ])
    let message = try #require(violations.first).description
    #expect(message.hasPrefix("a blocking wait for copy_file_range(\(prefix)/pool) ran inside"))
  }

  @Test("The check costs release builds nothing: it is compiled into debug builds only")
  func enabledInDebugOnly() {
    #if DEBUG
      #expect(ExecutorCheck.isEnabled)
    #else
      #expect(!ExecutorCheck.isEnabled)
    #endif
  }

  @Test("A drain returns once the work submitted has run and every worker has ended")
  func drainWaitsForWorkAndEndsWorkers() async throws {
    // Idle workers would live ten minutes: only the drain ends them.
    let executor = IOExecutor(name: "test-drain", idleLifetime: .seconds(600))
    let finished = Atomic<Int>(0)
    for _ in 0..<4 {
      executor.execute {
        usleep(50_000)  // work that blocks for a while
        finished.add(1, ordering: .relaxed)
      }
    }
    // A timer that fires: its thread ends too once no timer is pending.
    executor.schedule(after: .milliseconds(1)) {}
    await executor.drain()
    #expect(finished.load(ordering: .relaxed) == 4)
    #expect(executor.workerCount == 0)

    // Still usable after: new work starts a worker again, and a second drain ends it.
    let again = await executor.run { executor.isCurrent }
    #expect(again)
    await executor.drain()
    #expect(executor.workerCount == 0)
  }

  @Test("A drain of an idle executor returns at once")
  func drainOfAnIdleExecutor() async {
    let executor = IOExecutor(name: "test-drain-idle")
    await executor.drain()
    #expect(executor.workerCount == 0)
  }
}
