import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A program run as a child process, with its standard input and output on descriptors the
/// caller opened, and a wall-clock limit after which it is killed: the isolation a browser
/// gives its image decoders (the child also limits itself; see `ResourceLimits`).
///
/// Started with `posix_spawn` (no `fork` of a multithreaded process); every descriptor but the
/// three standard ones is closed in the child (`posix_spawn_file_actions_addclosefrom_np` where
/// the C library has it; the package opens every descriptor `O_CLOEXEC` besides). `wait`
/// blocks the calling thread: call it on a worker of `IOExecutor` (it is the one place such a
/// wait happens). The kill at the time limit fires on the executor's timer thread and cannot
/// hit another process: the child is waited for without being reaped (`WNOWAIT`), the timer
/// disarmed, and only then reaped.
package struct ChildProcess: Sendable {
  /// How a child ended, and what it cost.
  package struct Outcome: Sendable, Equatable {
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
  }

  /// The child's process id.
  package let id: pid_t
  private let executable: String

  /// Starts `executable` with `arguments` (the first is `argv[0]`), the environment of this
  /// process with `environment` added (replacing variables of the same name), `input` as
  /// standard input, `output` as standard output and `/dev/null` as standard error.
  package static func spawn(
    _ executable: String, arguments: [String], environment: [String: String] = [:],
    input: FileDescriptor, output: FileDescriptor
  ) throws(IOError) -> ChildProcess {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input.rawValue, 0)
    posix_spawn_file_actions_adddup2(&actions, output.rawValue, 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    _ = Self.addCloseFrom?(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The child starts with default signal dispositions and no blocked signals, whatever this
    // process ignores (a server ignores SIGPIPE) or blocks.
    var defaults = sigset_t()
    sigfillset(&defaults)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var variables: [String] = []
    var index = 0
    while let entry = environ[index] {
      let text = String(cString: entry)
      let name = text.prefix { $0 != "=" }
      if environment[String(name)] == nil { variables.append(text) }
      index += 1
    }
    variables += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard status == 0 else {
      throw IOError(
        operation: .init("posix_spawn", .writing), path: executable, errno: Errno(rawValue: status))
    }
    return ChildProcess(id: pid, executable: executable)
  }

  /// Waits for the child to end, killing it (`SIGKILL`) when it runs past `timeLimit`; reaps
  /// it and says how it ended. Blocks the calling thread.
  package func wait(timeLimit: Duration, on executor: IOExecutor = .shared) -> Outcome {
    let state = KillState(pid: id)
    let timer = executor.schedule(after: timeLimit) { state.killUnlessEnded() }
    var information = siginfo_t()
    while waitid(P_PID, id_t(id), &information, WEXITED | WNOWAIT) != 0, errno == EINTR {}
    executor.cancel(timer)
    let timedOut = state.markEnded()
    var status: Int32 = 0
    var usage = rusage()
    while wait4(id, &status, 0, &usage) < 0, errno == EINTR {}
    let seconds =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    let exited = status & 0x7F == 0
    return Outcome(
      exitStatus: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F,
      timedOut: timedOut, processorSeconds: seconds,
      peakResidentBytes: Int64(usage.ru_maxrss) * 1024)
  }

  typealias AddCloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

  /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later), which Glibc's Swift
  /// module does not declare; nil where the C library lacks it.
  private static let addCloseFrom: AddCloseFrom? = {
    guard let library = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(library, "posix_spawn_file_actions_addclosefrom_np")
    else { return nil }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)
  }()
}

/// Whether a child has ended (been waited for) or been killed, under one lock: the timer kills
/// only a child not yet marked ended, and the child is reaped only after it is marked.
private final class KillState: Sendable {
  private struct State {
    var ended = false
    var killed = false
  }

  private let pid: pid_t
  private let state = Mutex(State())

  init(pid: pid_t) { self.pid = pid }

  func killUnlessEnded() {
    state.withLock { state in
      guard !state.ended else { return }
      kill(pid, SIGKILL)
      state.killed = true
    }
  }

  /// Marks the child ended; whether the timer killed it.
  func markEnded() -> Bool {
    state.withLock { state in
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
