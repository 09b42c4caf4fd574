import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A descriptor that becomes readable once `signal()` is called, from any thread or from a
/// signal handler, and stays readable: a flag a `poll` can wait on (a self-pipe).
package final class WakeEvent: Sendable {
  /// The pipe's read end, for `Readiness.wait`.
  package let descriptor: Int32
  private let writeEnd: Int32

  /// A new, unsignalled event.
  /// - Throws: `IOError` for `pipe2`.
  package init() throws(IOError) {
    var ends: [Int32] = [-1, -1]
    _ = try syscall(.pipe, "<pipe>") { pipe(&ends) }.orThrow(.pipe, "<pipe>")
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    descriptor = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    Glibc.close(descriptor)
    Glibc.close(writeEnd)
  }

  /// Makes the descriptor readable. Async-signal-safe.
  package func signal() {
    Self.signal(writeEnd)
  }

  /// Makes the descriptor unreadable again (until the next `signal()`): for an event that
  /// wakes a loop each time, rather than once for good.
  package func reset() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while Glibc.read(descriptor, &bytes, bytes.count) > 0 {}
  }

  /// Whether `signal()` has been called.
  package var isSignalled: Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return Glibc.poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLIN) != 0
  }

  /// Writes a byte to the pipe, keeping `errno` as it was (a signal handler must). A full pipe
  /// is already readable.
  static func signal(_ descriptor: Int32) {
    let saved = Glibc.errno
    var byte: UInt8 = 1
    _ = Glibc.write(descriptor, &byte, 1)
    Glibc.errno = saved
  }

  /// Makes the delivery of any of `signals` call `signal()` on this event, instead of ending
  /// the process; the event must live as long as the process can receive them.
  ///
  /// The handler is reset to the default in programs this process runs, as every caught
  /// signal is across `exec` (where `SIG_IGN` would be inherited). The signals are unblocked
  /// on the calling thread: a process can start with them blocked (a parent's mask is
  /// inherited through `posix_spawn`), and then they would never arrive.
  package func signalOn(_ signals: [Int32]) {
    relayedDescriptor.store(writeEnd, ordering: .sequentiallyConsistent)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in signals { sigaddset(&unblocked, number) }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    for number in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { _ in
        let descriptor = relayedDescriptor.load(ordering: .relaxed)
        if descriptor >= 0 { WakeEvent.signal(descriptor) }
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(number, &action, nil)
    }
  }
}

/// The event signal handlers write to (one per process: the handler is a C function and can
/// capture nothing).
private let relayedDescriptor = Atomic<Int32>(-1)
