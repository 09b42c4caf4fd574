import Synchronization
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Offload: a test's blocking waits leave the package's executor its workers")
struct OffloadTests {
  @Test("Blocked waits past the package's worker limit leave the package's executor free")
  func waitsLeaveThePackageItsWorkers() async throws {
    // Each wait blocks in poll(2) on a pipe, as a wait for a process or its output does, until
    // the test writes to the pipe (or a minute passes, so that a failure cannot hang the run).
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let (reading, writing) = (ends[0], ends[1])
    defer {
      close(reading)
      close(writing)
    }
    let waits = IOExecutor.shared.maximumWorkers + 8
    let blocked = Atomic<Int>(0)
    let release: @Sendable () -> Void = {
      var byte: UInt8 = 1
      _ = write(writing, &byte, 1)
    }
    let waiting = Task {
      await Offload.concurrently(waits) { _ in
        _ = try? await Offload.run {
          blocked.add(1, ordering: .sequentiallyConsistent)
          defer { blocked.subtract(1, ordering: .sequentiallyConsistent) }
          _ = try Readiness.wait(for: [reading], timeout: .seconds(60))
        }
      }
    }
    defer { release() }
    // Every wait has a thread, blocked: there are more of them than the package's workers.
    #expect(await waitUntil { blocked.load(ordering: .sequentiallyConsistent) == waits })
    // The package's work runs now, while all of them still wait; on the package's executor
    // they would hold every worker, and this would run only once one of them ended.
    let stillBlocked = await IOExecutor.shared.run {
      blocked.load(ordering: .sequentiallyConsistent)
    }
    #expect(stillBlocked == waits)
    release()
    await waiting.value
    #expect(blocked.load(ordering: .sequentiallyConsistent) == 0)
  }
}
