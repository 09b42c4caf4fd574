import Foundation
import Synchronization
import SystemCalls
import TestSupport
import Testing

@Suite("The I/O executor: the package's one owner of threads")
struct IOExecutorTests {
  @Test("Timers fire in order, an earlier one set later included; cancelled ones never")
  func timersFireInOrder() async throws {
    let executor = IOExecutor(name: "test-timers")
    let fired = Mutex<[Int]>([])
    executor.schedule(after: .milliseconds(400)) { fired.withLock { $0.append(3) } }
    let cancelled = executor.schedule(after: .milliseconds(100)) {
      fired.withLock { $0.append(0) }
    }
    executor.schedule(after: .milliseconds(200)) { fired.withLock { $0.append(2) } }
    executor.schedule(after: .milliseconds(50)) { fired.withLock { $0.append(1) } }
    executor.cancel(cancelled)
    // The timer thread fires in order of due time: by the time the last (400 ms) has fired,
    // the cancelled one (100 ms) would have, so no more waiting shows it never does.
    #expect(await waitUntil { fired.withLock { $0.count } >= 3 })
    #expect(fired.withLock { $0 } == [1, 2, 3])
  }

  @Test("Work runs on a worker, never on the thread that submits it")
  func workRunsOnAWorker() async throws {
    let executor = IOExecutor(name: "test-work")
    let submitter = pthread_self()
    let ran = Mutex<(onWorker: Bool, elsewhere: Bool)?>(nil)
    executor.execute {
      ran.withLock { $0 = (executor.isCurrent, pthread_equal(pthread_self(), submitter) == 0) }
    }
    #expect(!executor.isCurrent)
    #expect(await waitUntil { ran.withLock { $0 } != nil })
    #expect(ran.withLock { $0?.onWorker } == true)
    #expect(ran.withLock { $0?.elsewhere } == true)
  }

  @Test("Async code with the executor as its preference runs on its workers")
  func taskPreference() async throws {
    let executor = IOExecutor(name: "test-tasks")
    let onWorker = await withTaskExecutorPreference(executor) {
      await Task.yield()
      return executor.isCurrent
    }
    #expect(onWorker)
    let task = Task(executorPreference: executor) { executor.isCurrent }
    #expect(await task.value)
  }

  @Test("Workers grow while work blocks, so blocked work never starves the rest, and end idle")
  func workersGrowAndEnd() async throws {
    let executor = IOExecutor(name: "test-grow", idleLifetime: .milliseconds(100))
    let count = 12
    let started = Atomic<Int>(0)
    let release = Atomic<Bool>(false)
    for _ in 0..<count {
      executor.execute {
        started.add(1, ordering: .relaxed)
        // Blocks its worker (as a flush does) until every one has started.
        while !release.load(ordering: .relaxed) { usleep(1000) }
      }
    }
    #expect(await waitUntil { started.load(ordering: .relaxed) == count })
    #expect(executor.workerCount == count)
    release.store(true, ordering: .relaxed)
    #expect(await waitUntil { executor.workerCount == 0 })
  }

  @Test("Work beside a worker runs at once, even when every worker is busy")
  func besideRunsBeyondTheLimit() async throws {
    let executor = IOExecutor(name: "test-beside", maximumWorkers: 1)
    let finished = Atomic<Bool>(false)
    executor.execute {
      // The only worker waits for the work it starts beside it: queued, that would never run.
      let done = Atomic<Bool>(false)
      executor.executeBeside { done.store(true, ordering: .relaxed) }
      for _ in 0..<10_000 where !done.load(ordering: .relaxed) { usleep(1000) }
      finished.store(done.load(ordering: .relaxed), ordering: .relaxed)
    }
    #expect(await waitUntil { finished.load(ordering: .relaxed) })
  }

  @Test(
    "Sleeping holds no thread and ends early when the task is cancelled",
    // Not a timing assertion: a ten-minute sleep that cancelling did not end trips it.
    .timeLimit(.minutes(5)))
  func sleepAndCancel() async throws {
    let executor = IOExecutor(name: "test-sleep")
    try await executor.sleep(for: .milliseconds(1))
    let sleeper = Task { try await executor.sleep(for: .seconds(600)) }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }
}
