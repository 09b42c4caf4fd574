import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The concurrency model, enforced where every system call passes: in debug builds (and so in
/// tests), a call made while a Swift task is current must run on a worker of an `IOExecutor`,
/// never on Swift's cooperative pool, whose few threads every task of the process shares.
///
/// `syscall(_:_:_:)` asks `check(_:_:)` before each call but `close`. A call from a task on any
/// other thread is a violation (the fix is to give the task `IOExecutor.shared` as its executor
/// preference at its entry point, or to make the blocking function an `async` one that runs
/// there). What it does:
///
/// - under a path a test records with `record(under:)` (as faults are armed under one, by
///   `FaultInjector`), it is recorded there, for the test to expect none;
/// - elsewhere, in a task that asks for it (`assertsInTask`, which a test suite sets for its
///   tests with TestSupport's `.executorCheckAsserts` trait), an `assertionFailure` naming
///   the call and its path: the default for the suites whose fixtures keep the model;
/// - elsewhere, with `INGEST_EXECUTOR_CHECK=assert`, that assertion in every task; with
///   `report`, one line on standard error and the stack instead, for surveying a test suite
///   (`report:<path>` appends them to a file, from every process that inherits it); with
///   `off`, nothing, not even in a task that asks;
/// - elsewhere, by default, nothing: the fixtures of suites not yet converted still call the
///   synchronous initialisers (`GroupDirectory(path:)`, `Library(path:)`) from their tasks.
///
/// Release builds compile none of this: the hot path pays nothing.
package final class ExecutorCheck: Sendable {
  /// One system call made by a task while it was not running on an I/O executor's worker, or
  /// one blocking wait made by a task on any thread.
  package struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// What kind of blocking a violation is.
    package enum Kind: Sendable, Hashable {
      /// A system call on a thread that is no I/O executor's worker.
      case systemCall
      /// A wait for another thread (a semaphore) inside a task, on any thread: an `async`
      /// function awaits, it does not block its worker.
      case blockingWait
    }

    /// The call (for a blocking wait: the call whose work it waits for).
    package var call: SystemCall
    /// The path it was made on (a descriptor's: the path it was opened with).
    package var path: String
    /// What kind of blocking it is.
    package var kind: Kind

    /// A violation by `call` on `path`.
    package init(call: SystemCall, path: String, kind: Kind = .systemCall) {
      self.call = call
      self.path = path
      self.kind = kind
    }

    /// "open(/tmp/x) ran in a Swift task on the cooperative pool, not on the I/O executor …".
    package var description: String {
      switch kind {
      case .systemCall:
        "\(call.rawValue)(\(path)) ran in a Swift task on the cooperative pool, not on the I/O"
          + " executor: give the task IOExecutor.shared as its executor preference at its entry"
          + " point (withTaskExecutorPreference), or make the blocking function async"
      case .blockingWait:
        "a blocking wait for \(call.rawValue)(\(path)) ran inside a Swift task: run the"
          + " waiting work as a work item of the I/O executor (IOExecutor.execute) and await it"
      }
    }
  }

  /// A prefix whose violations are recorded; end it with `stopRecording(_:)`.
  package struct Recording: Sendable, Hashable {
    fileprivate let id: Int
  }

  /// What a violation does, from `INGEST_EXECUTOR_CHECK`.
  private enum Mode {
    /// `assert`: an assertion in every task; `off`: nothing at all.
    case assert, off
    /// Unset: an assertion in a task that asks for it (`assertsInTask`), else nothing.
    case asked
    /// To this descriptor: standard error, or the file `report:<path>` names.
    case report(Int32)
  }

  private struct State {
    var recordings: [(id: Int, prefix: String, violations: [Violation])] = []
    var nextID = 0
  }

  /// The check every system call of the layer consults.
  package static let shared = ExecutorCheck()

  private let state = Mutex(State())
  private let recording = Atomic<Int>(0)
  private let mode: Mode

  private init() {
    switch getenv("INGEST_EXECUTOR_CHECK").map({ String(cString: $0) }) {
    case "assert": mode = .assert
    case "off": mode = .off
    case "report": mode = .report(2)
    case let value? where value.hasPrefix("report:"):
      // Appended to, by every process that inherits the variable (ingest-cli under the CLI
      // tests, whose standard error the tests read).
      let descriptor = open(
        String(value.dropFirst(7)), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
      mode = .report(descriptor >= 0 ? descriptor : 2)
    default: mode = .asked
    }
  }

  /// Whether a violation made in the current task (or a task it started, which inherits the
  /// value) fails an assertion while `INGEST_EXECUTOR_CHECK` is unset: set for a test's tasks
  /// by TestSupport's `.executorCheckAsserts` trait.
  @TaskLocal package static var assertsInTask = false

  /// Whether the check runs in this build: true in debug builds, false in release ones.
  package static var isEnabled: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }

  /// Whether a task is current on this thread and the thread is no I/O executor's worker.
  package static var isBlockingTheCooperativePool: Bool {
    guard !IOExecutor.isWorkerThread else { return false }
    return withUnsafeCurrentTask { $0 != nil }
  }

  /// Checks one system call, `call` on `path`, about to run on the calling thread.
  @inline(__always)
  func check(_ call: SystemCall, _ path: String) {
    #if DEBUG
      // `close` is left out: descriptors close where their owner is released (a `deinit`),
      // which async code cannot choose, and closing does not wait for the disk.
      guard call != .close, Self.isBlockingTheCooperativePool else { return }
      violated(Violation(call: call, path: path))
    #endif
  }

  /// Checks one blocking wait (a semaphore) about to run on the calling thread for work on
  /// `call` on `path`: a violation whenever a task is current, worker or not.
  @inline(__always)
  package func checkBlockingWait(_ call: SystemCall, _ path: String) {
    #if DEBUG
      guard withUnsafeCurrentTask(body: { $0 != nil }) else { return }
      violated(Violation(call: call, path: path, kind: .blockingWait))
    #endif
  }

  private func violated(_ violation: Violation) {
    if recording.load(ordering: .relaxed) > 0 {
      let recorded = state.withLock { state in
        for index in state.recordings.indices
        where FaultInjector.path(violation.path, isUnder: state.recordings[index].prefix) {
          state.recordings[index].violations.append(violation)
          return true
        }
        return false
      }
      if recorded { return }
    }
    switch mode {
    case .off: return
    case .asked:
      if Self.assertsInTask { assertionFailure("\(violation)") }
    case .report(let descriptor):
      var line = Array("ExecutorCheck: \(violation)\n".utf8)
      _ = write(descriptor, &line, line.count)
      Self.printStack(to: descriptor)
    case .assert:
      assertionFailure("\(violation)")
    }
  }

  /// glibc's `backtrace` and `backtrace_symbols_fd` (execinfo.h, which Glibc's module map
  /// leaves out), looked up when a report needs them.
  private static func printStack(to descriptor: Int32) {
    typealias Backtrace =
      @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>, Int32)
      -> Int32
    typealias PrintSymbols =
      @convention(c) (
        UnsafePointer<UnsafeMutableRawPointer?>, Int32, Int32
      ) -> Void
    guard let take = dlsym(nil, "backtrace"), let print = dlsym(nil, "backtrace_symbols_fd")
    else { return }
    var frames = [UnsafeMutableRawPointer?](repeating: nil, count: 64)
    let count = unsafeBitCast(take, to: Backtrace.self)(&frames, Int32(frames.count))
    unsafeBitCast(print, to: PrintSymbols.self)(&frames, count, descriptor)
  }

  /// Records, rather than asserts, the violations on paths under `prefix` from now on.
  package func record(under prefix: String) -> Recording {
    let id = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.recordings.append((id, prefix, []))
      return id
    }
    recording.add(1, ordering: .sequentiallyConsistent)
    return Recording(id: id)
  }

  /// The violations recorded so far under `recording`'s prefix.
  package func violations(_ recording: Recording) -> [Violation] {
    state.withLock { $0.recordings.first { $0.id == recording.id }?.violations ?? [] }
  }

  /// Stops recording and returns what was recorded.
  @discardableResult
  package func stopRecording(_ recording: Recording) -> [Violation] {
    let violations = state.withLock { state -> [Violation]? in
      guard let index = state.recordings.firstIndex(where: { $0.id == recording.id }) else {
        return nil
      }
      return state.recordings.remove(at: index).violations
    }
    if violations != nil { self.recording.subtract(1, ordering: .sequentiallyConsistent) }
    return violations ?? []
  }
}
