#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

extension ChildProcess {
  /// What a child run to its end wrote, and how it ended.
  package struct Output: Sendable {
    /// How it ended.
    package var outcome: Outcome
    /// Everything it wrote to standard output.
    package var standardOutput: [UInt8]
    /// Everything it wrote to standard error, when that was a pipe (else empty).
    package var standardError: [UInt8]

    /// Standard output as UTF-8 text (invalid bytes replaced).
    package var standardOutputText: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as UTF-8 text (invalid bytes replaced).
    package var standardErrorText: String { String(decoding: standardError, as: UTF8.self) }
  }

  /// Runs `executable` to its end: writes `input` to its standard input (`/dev/null` when
  /// nil), reads its standard output and standard error (a pipe unless `standardError` says
  /// otherwise) at the same time, so neither fills while the other is read, and waits.
  /// Blocks the calling thread.
  ///
  /// Reading ends when every process holding the pipes has closed them: a child that leaves a
  /// process in the background holding its standard output keeps this waiting (give that one
  /// `.nullDevice` or a file). With `timeLimit`, the child is killed (`SIGKILL`) when it runs
  /// past it, which ends its pipes unless it left such a process behind. Input the child does
  /// not read is dropped (no `SIGPIPE` reaches this process).
  ///
  /// - Throws: `IOError` when it cannot be started (see `spawn`), or reading or writing its
  ///   pipes fails (the child is then killed and reaped).
  package static func run(
    _ executable: String, arguments: [String] = [], environment: Environment = .inherited,
    workingDirectory: String? = nil, input: [UInt8]? = nil, standardError: Stream = .pipe,
    timeLimit: Duration? = nil, on executor: IOExecutor = .shared
  ) throws(IOError) -> Output {
    let child = try spawn(
      executable, arguments: arguments, environment: environment,
      workingDirectory: workingDirectory, standardInput: input == nil ? .nullDevice : .pipe,
      standardOutput: .pipe, standardError: standardError)
    let timer = child.armKill(after: timeLimit, on: executor)
    let exchanged = Result { () throws(IOError) in try child.collectOutput(sending: input ?? []) }
    if case .failure = exchanged { try? child.send(SIGKILL) }
    let outcome = child.finish(timer)
    let (output, error) = try exchanged.get()
    return Output(outcome: outcome, standardOutput: output, standardError: error)
  }

  /// `run`, on a worker of `executor` (never on the cooperative pool).
  package static func run(
    _ executable: String, arguments: [String] = [], environment: Environment = .inherited,
    workingDirectory: String? = nil, input: [UInt8]? = nil, standardError: Stream = .pipe,
    timeLimit: Duration? = nil, on executor: IOExecutor = .shared
  ) async throws(IOError) -> Output {
    try await executor.run { () throws(IOError) -> Output in
      try run(
        executable, arguments: arguments, environment: environment,
        workingDirectory: workingDirectory, input: input, standardError: standardError,
        timeLimit: timeLimit, on: executor)
    }
  }

  /// Writes `input` to the standard input pipe and reads the standard output and standard
  /// error pipes (those the child has) to their ends, all at once (`poll`), closing each pipe
  /// as it is done with it (all of them when this throws). Blocks the calling thread; the
  /// caller then waits for the child.
  package func collectOutput(sending input: [UInt8] = []) throws(IOError) -> (
    standardOutput: [UInt8], standardError: [UInt8]
  ) {
    var writing = standardInput
    var reading: [(end: FileDescriptor, index: Int)] = []
    if let standardOutput { reading.append((standardOutput, 0)) }
    if let standardError { reading.append((standardError, 1)) }
    var collected: [[UInt8]] = [[], []]
    defer {
      try? writing?.close()
      for (end, _) in reading { try? end.close() }
    }
    // A write to a pipe the child closed raises SIGPIPE in the writing thread: held blocked
    // here, and taken off again before the mask is restored.
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previousMask = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
    defer {
      var pending = sigset_t()
      if sigismember(&previousMask, SIGPIPE) == 0, sigpending(&pending) == 0,
        sigismember(&pending, SIGPIPE) == 1
      {
        var now = timespec()
        _ = sigtimedwait(&pipeSignal, nil, &now)
      }
      pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }
    if let end = writing {
      if input.isEmpty {
        try? end.close()
        writing = nil
      } else {
        _ = fcntl(end.rawValue, F_SETFL, fcntl(end.rawValue, F_GETFL) | O_NONBLOCK)
      }
    }
    var written = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while writing != nil || !reading.isEmpty {
      var entries = reading.map { pollfd(fd: $0.end.rawValue, events: Int16(POLLIN), revents: 0) }
      if let writing {
        entries.append(pollfd(fd: writing.rawValue, events: Int16(POLLOUT), revents: 0))
      }
      let path = "<pipes of \(executable)>"
      _ = try syscall(.poll, path) { poll(&entries, nfds_t(entries.count), -1) }
        .orThrow(.poll, path)
      if let end = writing, let entry = entries.last, entry.revents != 0 {
        if entry.revents & Int16(POLLOUT) != 0 {
          let step = input.withUnsafeBytes { bytes in
            Result { () throws(IOError) in
              try end.write(UnsafeRawBufferPointer(rebasing: bytes[written...]))
            }
          }
          switch step {
          case .success(let count): written += count
          case .failure(let error) where error.errno == .wouldBlock: break
          case .failure(let error) where error.errno == Errno(rawValue: EPIPE):
            written = input.count  // The child closed its end: the rest is not wanted.
          case .failure(let error): throw error
          }
        } else {
          written = input.count  // POLLERR: the child closed its end.
        }
        if written == input.count {
          try? end.close()
          writing = nil
        }
      }
      // Ends found at their end are closed after the reads, so a read that throws leaves
      // every end still in `reading` open, for the `defer` to close once.
      var finished: [Int] = []
      for (position, stream) in reading.enumerated() where entries[position].revents != 0 {
        let count = try stream.end.read(into: &chunk)
        if count == 0 {
          finished.append(position)
        } else {
          collected[stream.index] += chunk[..<count]
        }
      }
      for position in finished.reversed() {
        try? reading[position].end.close()
        reading.remove(at: position)
      }
    }
    return (collected[0], collected[1])
  }
}
