import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The package's one owner of threads: every blocking system call runs on one of its workers.
///
/// The concurrency model, in one paragraph: async above, this executor below. Public APIs are
/// `async` (the pipeline, the stores, the importer) or take callbacks where Apple's do
/// (`NSItemProvider`). Their async code gives itself this executor as its task executor
/// preference (SE-0417) where it starts (a share, the drain, watcher and sweeper, an import)
/// or, for a single store call, with `run(_:)`; so every copy, digest, flush, commit, SQLite
/// and libpq call they make runs on a worker here, never on Swift's cooperative pool. In debug
/// builds that is checked, not only promised: every system call but `close` (the one funnel,
/// `syscall`) asks `ExecutorCheck` whether a task is current on a thread that is no worker; a
/// test records such calls under its directory and expects none (a share and its import), and
/// `INGEST_EXECUTOR_CHECK=assert` makes any of them fail an assertion naming the call. Async
/// code waits by `await`, never by blocking: the one blocking wait of the package, a large
/// copy's for its hashing worker's buffers (a semaphore), runs in a plain work item here that
/// the async caller awaits through a continuation (`DigestingCopier`), and debug builds check
/// that no task is current where it waits (`ExecutorCheck.checkBlockingWait`). Synchronous
/// initialisers that block (`GroupDirectory(path:)`, `Library(path:)`) have async forms that
/// run here
/// (`GroupDirectory.open(path:)`, `Library.open(path:)`). Callbacks (a provider's load
/// handlers and completion handlers) are work items here too, so they are delivered
/// asynchronously, as Apple documents, on a thread that may block. Nothing else in the package
/// starts a thread: workers start when work waits and none is free (at most `maximumWorkers`),
/// and end after `idleLifetime` without work, or at once while `drain()` waits; one more
/// thread, the timer thread, fires `schedule(after:_:)`'s actions (share deadlines, load
/// timeouts, delayed housekeeping). Which thread runs a line: a line in an `async` function of
/// the package, or in a callback it hands to a provider, runs on a worker of
/// `IOExecutor.shared`; a timer's action runs on the timer thread and does nothing that blocks.
//
// `@unchecked Sendable` because its state is guarded by a C `pthread_mutex_t` it owns (with two
// `pthread_cond_t`s on it: `Mutex` has no condition variables), through pointers that never
// change; every `var` below is read and written only with `lock` held.
package final class IOExecutor: TaskExecutor, @unchecked Sendable {
  /// A unit of work: a task's job, or a closure.
  private enum Work {
    case job(UnownedJob)
    case closure(@Sendable () -> Void)
  }

  /// A timer set with `schedule(after:_:)`; cancel it with `cancel(_:)`.
  package struct Timer: Sendable, Hashable {
    fileprivate let number: UInt64
  }

  private struct TimerEntry {
    var due: UInt64
    var action: @Sendable () -> Void
  }

  /// The executor the package's work runs on.
  package static let shared = IOExecutor(name: "IOExecutor")

  /// The most workers at once: enough for every share and store call of a busy process to block
  /// in the kernel side by side (64 shares at once each flushing), far more than the cores.
  package let maximumWorkers: Int
  /// How long a worker waits for work before it ends.
  package let idleLifetime: Duration
  private let name: String

  // Guarded by `lock`.
  private var queue: [Work] = []
  private var head = 0
  private var workers = 0
  private var idle = 0
  /// Signals sent to idle workers that no worker has taken yet.
  private var signalled = 0
  private var timers: [UInt64: TimerEntry] = [:]
  private var nextTimer: UInt64 = 0
  /// When the timer thread wakes on its own (`.max` while it waits for a signal).
  private var timerSleepsUntil: UInt64 = .max
  private var timerThreadStarted = false
  /// Tasks waiting in `drain()`: while any waits, idle workers and an idle timer thread end.
  private var drainWaiters: [CheckedContinuation<Void, Never>] = []

  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  private let workAvailable: UnsafeMutablePointer<pthread_cond_t>
  private let timerChanged: UnsafeMutablePointer<pthread_cond_t>

  /// An executor of its own (the package uses `shared`).
  package init(name: String, maximumWorkers: Int = 64, idleLifetime: Duration = .seconds(10)) {
    self.name = name
    self.maximumWorkers = max(1, maximumWorkers)
    self.idleLifetime = idleLifetime
    lock = .allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    workAvailable = Self.makeCondition()
    timerChanged = Self.makeCondition()
  }

  // An executor is never deallocated while a worker runs: each worker holds it.
  deinit {
    pthread_cond_destroy(workAvailable)
    pthread_cond_destroy(timerChanged)
    pthread_mutex_destroy(lock)
    workAvailable.deallocate()
    timerChanged.deallocate()
    lock.deallocate()
  }

  /// A condition variable on the monotonic clock (timed waits ignore changes of the wall clock).
  private static func makeCondition() -> UnsafeMutablePointer<pthread_cond_t> {
    let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
    return condition
  }

  // MARK: Work

  /// Runs a task's job on a worker.
  package func enqueue(_ job: consuming ExecutorJob) {
    submit(.job(UnownedJob(job)))
  }

  /// Runs `work` on a worker, after the work submitted before it has started.
  package func execute(_ work: @escaping @Sendable () -> Void) {
    submit(.closure(work))
  }

  /// Runs `work` on a worker now: an idle one, or one started for it even beyond
  /// `maximumWorkers`. For the other half of work the calling worker waits for (a large copy's
  /// digest), which must never queue behind the caller.
  package func executeBeside(_ work: @escaping @Sendable () -> Void) {
    pthread_mutex_lock(lock)
    var start = false
    if idle > signalled {
      queue.append(.closure(work))
      signalled += 1
    } else {
      workers += 1
      start = true
    }
    pthread_mutex_unlock(lock)
    guard start else {
      pthread_cond_signal(workAvailable)
      return
    }
    if !startThread({ [self] in
      work()
      runWorker()
    }) {
      pthread_mutex_lock(lock)
      workers -= 1
      pthread_mutex_unlock(lock)
      // Out of threads: the work queues after all (it still runs before this process's
      // waiting workers give up, as soon as any worker frees).
      submit(.closure(work))
    }
  }

  /// How many workers are running now (busy or idle).
  package var workerCount: Int {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return workers
  }

  /// Whether the calling thread is a worker of this executor.
  package var isCurrent: Bool {
    guard let marker = pthread_getspecific(Self.workerKey) else { return false }
    return marker == Unmanaged.passUnretained(self).toOpaque()
  }

  /// Whether the calling thread is a worker of any `IOExecutor` (the shared one, or one of a
  /// test's own): where blocking calls belong (see `ExecutorCheck`).
  package static var isWorkerThread: Bool { pthread_getspecific(workerKey) != nil }

  /// Returns once all the work submitted so far, and the work it submits, has run, and every
  /// worker has ended (an idle one at once, not after `idleLifetime`), with the timer thread
  /// too when no timer is pending: for an orderly shutdown, as NIO's `IOExecutor.drain()`.
  ///
  /// The executor stays usable: work submitted later starts workers again. A timer still
  /// pending keeps the timer thread, and its action runs when due; cancel timers first for a
  /// shutdown that leaves no thread behind.
  package func drain() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      pthread_mutex_lock(lock)
      drainWaiters.append(continuation)
      let finished = takeDrainWaitersIfDrained()
      pthread_mutex_unlock(lock)
      for waiter in finished { waiter.resume() }
      // Idle workers and an idle timer thread wake, see a drain waiting and end.
      pthread_cond_broadcast(workAvailable)
      pthread_cond_signal(timerChanged)
    }
  }

  /// The tasks waiting in `drain()` when nothing is left running, else none; called with
  /// `lock` held.
  private func takeDrainWaitersIfDrained() -> [CheckedContinuation<Void, Never>] {
    guard !drainWaiters.isEmpty, workers == 0, head >= queue.count,
      // The timer thread ends once no timer is pending; a pending one keeps it.
      !timerThreadStarted || !timers.isEmpty
    else { return [] }
    defer { drainWaiters = [] }
    return drainWaiters
  }

  private func submit(_ work: Work) {
    pthread_mutex_lock(lock)
    queue.append(work)
    var start = false
    var signal = false
    if idle > signalled {
      signalled += 1
      signal = true
    } else if workers < maximumWorkers {
      workers += 1
      start = true
    }
    pthread_mutex_unlock(lock)
    // Signalled after unlocking, so the worker woken does not wait at once for the lock: its
    // wait checks `signalled` under the lock, so no signal is lost.
    if signal { pthread_cond_signal(workAvailable) }
    if start, !startThread({ [self] in runWorker() }) {
      // No thread could start (the process is out of threads): the work waits for a running
      // worker.
      pthread_mutex_lock(lock)
      workers -= 1
      pthread_mutex_unlock(lock)
    }
  }

  /// The next work waiting, or nil; called with `lock` held.
  private func dequeue() -> Work? {
    guard head < queue.count else { return nil }
    let work = queue[head]
    head += 1
    if head == queue.count {
      queue.removeAll(keepingCapacity: queue.capacity <= 1024)
      head = 0
    } else if head >= 1024 && head * 2 >= queue.count {
      queue.removeFirst(head)
      head = 0
    }
    return work
  }

  private func runWorker() {
    pthread_setspecific(Self.workerKey, Unmanaged.passUnretained(self).toOpaque())
    let executor = asUnownedTaskExecutor()
    pthread_mutex_lock(lock)
    while true {
      if let work = dequeue() {
        pthread_mutex_unlock(lock)
        switch work {
        case .job(let job): job.runSynchronously(on: executor)
        case .closure(let closure): closure()
        }
        pthread_mutex_lock(lock)
        continue
      }
      // Nothing to do: wait for a signal, and end after `idleLifetime` without one.
      // While a drain waits, an idle worker ends at once.
      idle += 1
      var deadline = Self.deadline(after: idleLifetime)
      var ends = !drainWaiters.isEmpty
      while !ends {
        let status = pthread_cond_timedwait(workAvailable, lock, &deadline)
        if signalled > 0 {
          signalled -= 1
          break
        }
        // Work that no signal announced (its signal woke another waiter first).
        if head < queue.count { break }
        if status == ETIMEDOUT || !drainWaiters.isEmpty {
          ends = true
          break
        }
      }
      idle -= 1
      if ends {
        workers -= 1
        let finished = takeDrainWaitersIfDrained()
        pthread_mutex_unlock(lock)
        for waiter in finished { waiter.resume() }
        return
      }
    }
  }

  /// Runs `body` (blocking work: system calls, database round trips) on a worker and returns
  /// its result: on the calling worker when the task already prefers this executor, else after
  /// a hand-off to one and back.
  package func run<T: Sendable, E: Error>(_ body: () throws(E) -> T) async throws(E) -> T {
    try await withTaskExecutorPreference(self) { () throws(E) -> T in try body() }
  }

  // MARK: Timers

  /// Runs `action` on the timer thread `delay` from now, unless cancelled first. The action
  /// must not block (it may `execute` work that does).
  @discardableResult
  package func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Timer {
    let due = Self.now() &+ Self.nanoseconds(delay)
    pthread_mutex_lock(lock)
    nextTimer += 1
    let timer = Timer(number: nextTimer)
    timers[nextTimer] = TimerEntry(due: due, action: action)
    let start = !timerThreadStarted
    timerThreadStarted = true
    if !start, due < timerSleepsUntil {
      timerSleepsUntil = due
      pthread_cond_signal(timerChanged)
    }
    pthread_mutex_unlock(lock)
    if start, !startThread({ [self] in runTimers() }) {
      // Tried again at the next timer.
      pthread_mutex_lock(lock)
      timerThreadStarted = false
      pthread_mutex_unlock(lock)
    }
    return timer
  }

  /// Runs `work` on a worker `delay` from now (a timer whose action is to execute it).
  @discardableResult
  package func execute(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> Timer {
    schedule(after: delay) { [self] in execute(work) }
  }

  /// Forgets a timer (nothing when it already fired). Wakes nobody: the timer thread, waking
  /// for it, finds nothing due.
  package func cancel(_ timer: Timer) {
    pthread_mutex_lock(lock)
    timers[timer.number] = nil
    pthread_mutex_unlock(lock)
  }

  private func runTimers() {
    pthread_mutex_lock(lock)
    while true {
      let now = Self.now()
      var due: [TimerEntry] = []
      var next = UInt64.max
      for (number, entry) in timers {
        if entry.due <= now {
          due.append(entry)
          timers[number] = nil
        } else {
          next = min(next, entry.due)
        }
      }
      if !due.isEmpty {
        timerSleepsUntil = now
        pthread_mutex_unlock(lock)
        for entry in due.sorted(by: { $0.due < $1.due }) { entry.action() }
        pthread_mutex_lock(lock)
        continue
      }
      timerSleepsUntil = next
      if next == .max, !drainWaiters.isEmpty {
        // No timer pending and a drain waiting: the thread ends (the next timer starts one).
        timerThreadStarted = false
        timerSleepsUntil = .max
        let finished = takeDrainWaitersIfDrained()
        pthread_mutex_unlock(lock)
        for waiter in finished { waiter.resume() }
        return
      }
      if next == .max {
        pthread_cond_wait(timerChanged, lock)
      } else {
        var deadline = timespec(
          tv_sec: Int(next / 1_000_000_000), tv_nsec: Int(next % 1_000_000_000))
        pthread_cond_timedwait(timerChanged, lock, &deadline)
      }
    }
  }

  /// Waits `delay` without holding a thread; throws `CancellationError` when the task is
  /// cancelled first.
  package func sleep(for delay: Duration) async throws {
    let waiter = SleepWaiter()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        waiter.set(continuation)
        let timer = schedule(after: delay) { waiter.resume(with: .success(())) }
        waiter.setTimer(timer, on: self)
      }
    } onCancel: {
      waiter.resume(with: .failure(CancellationError()))
    }
  }

  // MARK: Threads

  /// The one place a thread starts; false when none could.
  private func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let status = pthread_create(
      &thread, &attributes,
      { raw in
        guard let raw else { return nil }
        let body = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
        body.run()
        return nil
      }, box)
    pthread_attr_destroy(&attributes)
    guard status == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(box).release()
      return false
    }
    _ = Functions.setThreadName?(thread, String(name.prefix(15)))
    return true
  }

  private static let workerKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  private static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
    if seconds >= 1_000_000_000 { return 1_000_000_000 * 1_000_000_000 }
    return UInt64(seconds) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
  }

  private static func deadline(after duration: Duration) -> timespec {
    let due = now() &+ nanoseconds(duration)
    return timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
  }
}

/// A thread's body, carried through `pthread_create`'s opaque argument.
private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// One `sleep`'s continuation, resumed once: by its timer or by cancellation.
private final class SleepWaiter: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, any Error>?
    var pending: Result<Void, any Error>?
    var timer: (IOExecutor.Timer, IOExecutor)?
  }

  private let state = Mutex(State())

  func set(_ continuation: CheckedContinuation<Void, any Error>) {
    let pending = state.withLock { state -> Result<Void, any Error>? in
      if let pending = state.pending { return pending }
      state.continuation = continuation
      return nil
    }
    if let pending { continuation.resume(with: pending) }
  }

  func setTimer(_ timer: IOExecutor.Timer, on executor: IOExecutor) {
    let resumed = state.withLock { state -> Bool in
      let resumed = state.pending != nil && state.continuation == nil
      if !resumed { state.timer = (timer, executor) }
      return resumed
    }
    if resumed { executor.cancel(timer) }
  }

  func resume(with result: Result<Void, any Error>) {
    let taken = state.withLock {
      state -> (CheckedContinuation<Void, any Error>?, (IOExecutor.Timer, IOExecutor)?)? in
      guard state.pending == nil else { return nil }
      state.pending = result
      defer {
        state.continuation = nil
        state.timer = nil
      }
      return (state.continuation, state.timer)
    }
    guard let (waiting, timer) = taken else { return }
    if let timer, case .failure = result { timer.1.cancel(timer.0) }
    waiting?.resume(with: result)
  }
}
