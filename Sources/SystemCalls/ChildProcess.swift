import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A program run as a child process: the package's one way to start one (tests, benchmarks
/// and product alike; Foundation's `Process` is not used, see CONTRIBUTING.md).
///
/// Started with `posix_spawn` (no `fork` of a multithreaded process); every descriptor but the
/// three standard ones is closed in the child (`posix_spawn_file_actions_addclosefrom_np` where
/// the C library has it; the package opens every descriptor `O_CLOEXEC` besides), and the child
/// starts with default signal dispositions and no blocked signals. Each standard stream is
/// this process's own, `/dev/null`, a descriptor the caller gives, or a pipe whose other end
/// the caller gets (``standardInput``, ``standardOutput``, ``standardError``; the caller closes
/// it). A bare executable name is looked up in the child's `PATH`.
///
/// The synchronous `wait` methods block the calling thread: call them on a worker of
/// `IOExecutor` or a thread of the caller's own; the `async` ones run there. A child is reaped
/// once, by whichever wait sees it end first (the others get the same outcome), and no signal
/// is sent after it is reaped, so neither a kill at a time limit nor ``send(_:)`` can hit
/// another process that reused its id: the child is waited for without being reaped
/// (`WNOWAIT`), the timer disarmed, and only then reaped.
package struct ChildProcess: Sendable {
  /// How a child ended, and what it cost.
  package struct Outcome: Sendable, Equatable, CustomStringConvertible {
    /// The exit status, when it exited.
    package var exitStatus: Int32?
    /// The signal that ended it, when one did (`SIGKILL` at the time limit or the address
    /// space exhausted, `SIGXCPU` at its processor-time limit, `SIGABRT` when it aborted).
    package var signal: Int32?
    /// Whether the wall-clock limit killed it.
    package var timedOut: Bool
    /// Processor time it used, user and system, in seconds.
    package var processorSeconds: Double
    /// Its peak resident memory, in bytes.
    package var peakResidentBytes: Int64

    /// Whether it exited with status 0.
    package var succeeded: Bool { exitStatus == 0 }

    /// `exit status 3`, `killed by signal 9`, `killed at its time limit`.
    package var description: String {
      if timedOut { return "killed at its time limit" }
      if let signal { return "killed by signal \(signal)" }
      return "exit status \(exitStatus ?? -1)"
    }
  }

  /// The child's process id.
  package let id: pid_t
  /// The executable started: the path given, or the file a bare name was found as in `PATH`.
  package let executable: String
  /// This process's end of the child's standard input, when it is a pipe (write to it, then
  /// close it: the child reads to the end); the caller closes it.
  package let standardInput: FileDescriptor?
  /// This process's end of the child's standard output, when it is a pipe; the caller reads
  /// and closes it.
  package let standardOutput: FileDescriptor?
  /// This process's end of the child's standard error, when it is a pipe; the caller reads
  /// and closes it.
  package let standardError: FileDescriptor?
  private let lifetime: Lifetime

  init(
    id: pid_t, executable: String, standardInput: FileDescriptor?,
    standardOutput: FileDescriptor?, standardError: FileDescriptor?
  ) {
    self.id = id
    self.executable = executable
    self.standardInput = standardInput
    self.standardOutput = standardOutput
    self.standardError = standardError
    lifetime = Lifetime(pid: id)
  }

  /// Starts `executable` with `arguments` (the first is `argv[0]`), the environment of this
  /// process with `environment` added (replacing variables of the same name), `input` as
  /// standard input, `output` as standard output and `/dev/null` as standard error.
  package static func spawn(
    _ executable: String, arguments: [String], environment: [String: String] = [:],
    input: FileDescriptor, output: FileDescriptor
  ) throws(IOError) -> ChildProcess {
    try spawn(
      executable, arguments: Array(arguments.dropFirst()), argumentZero: arguments.first,
      environment: .adding(environment), standardInput: .descriptor(input),
      standardOutput: .descriptor(output), standardError: .nullDevice)
  }

  // MARK: Signals and waiting

  /// Whether the child still runs. A child found ended is reaped here (its outcome is kept
  /// for the waits).
  package var isRunning: Bool { lifetime.reapIfEnded() == nil }

  /// Sends `signal` to the child (`kill(2)`); nothing once it has been reaped.
  /// - Throws: `IOError` for `kill` (`EPERM`).
  package func send(_ signal: Int32) throws(IOError) {
    try lifetime.send(signal)
  }

  /// Waits for the child to end, without a limit; reaps it and says how it ended. Blocks the
  /// calling thread.
  package func wait() -> Outcome {
    lifetime.waitUntilEnded()
    return lifetime.reap(timedOut: false)
  }

  /// Waits for the child to end, killing it (`SIGKILL`) when it runs past `timeLimit`; reaps
  /// it and says how it ended. Blocks the calling thread; the kill fires on `executor`'s
  /// timer thread.
  package func wait(timeLimit: Duration, on executor: IOExecutor = .shared) -> Outcome {
    let deadline = KillTimer(lifetime, after: timeLimit, on: executor)
    lifetime.waitUntilEnded()
    return lifetime.reap(timedOut: deadline.disarm())
  }

  /// Waits for the child to end on a worker of `executor`, never on the cooperative pool.
  package func wait(on executor: IOExecutor = .shared) async -> Outcome {
    await executor.run { () -> Outcome in wait() }
  }

  /// Waits for the child to end on a worker of `executor`, killing it (`SIGKILL`) when it
  /// runs past `timeLimit`.
  package func wait(timeLimit: Duration, on executor: IOExecutor = .shared) async -> Outcome {
    await executor.run { () -> Outcome in wait(timeLimit: timeLimit, on: executor) }
  }

  /// Closes this process's ends of the child's pipes, on the first call only (later ones,
  /// from any copy of this value, do nothing): for a caller that keeps them open while the
  /// child runs and closed none of them itself.
  package func closePipes() {
    guard lifetime.takePipes() else { return }
    for end in [standardInput, standardOutput, standardError] { try? end?.close() }
  }

  /// Arms a kill at `timeLimit` for work that waits in other ways first (reading the pipes).
  func armKill(after timeLimit: Duration?, on executor: IOExecutor) -> KillTimer? {
    timeLimit.map { KillTimer(lifetime, after: $0, on: executor) }
  }

  /// Waits for the end after `armKill`; reaps.
  func finish(_ timer: KillTimer?) -> Outcome {
    lifetime.waitUntilEnded()
    return lifetime.reap(timedOut: timer?.disarm() ?? false)
  }
}

/// One child's life: signals go to it only until it is reaped, and it is reaped once, under
/// one lock; the outcome is kept for every wait.
private final class Lifetime: Sendable {
  private let pid: pid_t
  private let outcome = Mutex<ChildProcess.Outcome?>(nil)
  private let pipesTaken = Atomic<Bool>(false)

  init(pid: pid_t) { self.pid = pid }

  /// True the first time only: who closes the pipes.
  func takePipes() -> Bool {
    !pipesTaken.exchange(true, ordering: .acquiringAndReleasing)
  }

  func send(_ signal: Int32) throws(IOError) {
    let result = outcome.withLock { outcome -> Int32 in
      guard outcome == nil else { return 0 }
      return kill(pid, signal) == 0 ? 0 : errno
    }
    guard result == 0 else {
      throw IOError(
        operation: .init("kill", .writing), path: "process \(pid)", errno: Errno(rawValue: result))
    }
  }

  /// Kills the child unless it has been reaped.
  func killUnlessReaped() {
    outcome.withLock { outcome in
      if outcome == nil { kill(pid, SIGKILL) }
    }
  }

  /// Blocks until the child has ended (or been reaped by another wait), without reaping it.
  func waitUntilEnded() {
    var information = siginfo_t()
    while waitid(P_PID, id_t(pid), &information, WEXITED | WNOWAIT) != 0, errno == EINTR {}
  }

  /// Reaps the child, which has ended (or returns the outcome kept when it was reaped before).
  func reap(timedOut: Bool) -> ChildProcess.Outcome {
    var ended = outcome.withLock { outcome in
      if let outcome { return outcome }
      let reaped =
        Self.reap(pid, options: 0)
        ?? .init(
          exitStatus: nil, signal: nil, timedOut: false, processorSeconds: 0, peakResidentBytes: 0)
      outcome = reaped
      return reaped
    }
    ended.timedOut = timedOut
    return ended
  }

  /// The outcome when the child has ended (reaping it), nil while it runs.
  func reapIfEnded() -> ChildProcess.Outcome? {
    outcome.withLock { outcome in
      if let outcome { return outcome }
      outcome = Self.reap(pid, options: WNOHANG)
      return outcome
    }
  }

  private static func reap(_ pid: pid_t, options: Int32) -> ChildProcess.Outcome? {
    var status: Int32 = 0
    var usage = rusage()
    var result: pid_t
    repeat { result = wait4(pid, &status, options, &usage) } while result < 0 && errno == EINTR
    guard result == pid else { return nil }
    let seconds =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    let exited = status & 0x7F == 0
    return ChildProcess.Outcome(
      exitStatus: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F,
      timedOut: false, processorSeconds: seconds,
      peakResidentBytes: Int64(usage.ru_maxrss) * 1024)
  }
}

/// A kill at a time limit, on an executor's timer thread: it fires only while the wait has not
/// seen the end, so a child that ended on its own is never counted as timed out.
final class KillTimer: Sendable {
  private struct State {
    var ended = false
    var killed = false
  }

  private let lifetime: Lifetime
  private let executor: IOExecutor
  private let state = Mutex(State())
  private let timer = Mutex<IOExecutor.Timer?>(nil)

  fileprivate init(_ lifetime: Lifetime, after delay: Duration, on executor: IOExecutor) {
    self.lifetime = lifetime
    self.executor = executor
    let timer = executor.schedule(after: delay) { [self] in fire() }
    self.timer.withLock { $0 = timer }
  }

  private func fire() {
    state.withLock { state in
      guard !state.ended else { return }
      lifetime.killUnlessReaped()
      state.killed = true
    }
  }

  /// Disarms the timer once the child has ended; whether it killed the child.
  func disarm() -> Bool {
    if let timer = timer.withLock({ $0 }) { executor.cancel(timer) }
    return state.withLock { state in
      state.ended = true
      return state.killed
    }
  }
}

/// Limits a process sets on itself (`setrlimit`), before it reads anything it was given.
package enum ResourceLimits {
  /// Sets the address space (`RLIMIT_AS`), processor seconds (`RLIMIT_CPU`: `SIGXCPU` at the
  /// limit, `SIGKILL` a second later), the largest file written (`RLIMIT_FSIZE`) and no core
  /// files; false when one could not be set.
  package static func apply(
    addressSpace: Int, processorSeconds: Int, fileSize: Int
  ) -> Bool {
    var ok = set(RLIMIT_CORE, 0, 0)
    ok = set(RLIMIT_FSIZE, fileSize, fileSize) && ok
    ok = set(RLIMIT_CPU, processorSeconds, processorSeconds + 1) && ok
    ok = set(RLIMIT_AS, addressSpace, addressSpace) && ok
    return ok
  }

  private static func set(_ resource: __rlimit_resource, _ soft: Int, _ hard: Int) -> Bool {
    var limit = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard))
    return setrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0
  }
}

extension FileDescriptor {
  /// A new empty file in this directory that has no name: created under a random one (mode
  /// 0600, exclusively) and unlinked at once, so nothing else can open it and it disappears
  /// with its last descriptor, even when this process is killed. For what a child process
  /// writes back.
  package func makeUnnamedFile() throws(IOError) -> FileDescriptor {
    let name = ".unnamed-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let file = try open(name, .readWrite, options: [.create, .exclusive, .noFollow])
    do throws(IOError) {
      try removeFile(name)
    } catch {
      try? file.close()
      throw error
    }
    return file
  }
}
