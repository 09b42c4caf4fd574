import Synchronization
import SystemCalls

/// A payload file of a share in flight, written in `.staging/` and kept open until the share
/// commits.
struct StagedPayload: Sendable {
  /// Its name in `Incoming/` once committed: `<UUID>.<ext>`.
  let name: String
  /// Its name in `.staging/`: the same, or `<UUID>` alone for a file made ahead (before its
  /// extension was known). Either way a committed share whose links into `Incoming/` a crash
  /// lost can be completed from its manifest (see `DirectoryInbox.stagedNames(of:)`).
  let stagedName: String
  let file: FileDescriptor
  /// Whether its entry in `.staging/` is already durable (a file made ahead, whose directory
  /// was flushed then), so that flushing the file is enough.
  let isEntryDurable: Bool
  /// The flush of the file and its entry in `.staging/`, when its loader started it.
  let flush = PayloadFlush()
}

/// The flush of one payload file: queued by its loader as soon as the copy is done, run by
/// whichever comes first, another worker of the I/O executor (while the share goes on to write
/// its manifest) or the commit itself when it finds the flush not yet started.
///
/// Where a flush takes long (a disk), the other worker has started it by the time the commit
/// needs it, and the two flushes overlap; where it costs nothing (a RAM file system), the commit
/// does not wait for another worker to wake, but flushes at once and leaves that worker nothing
/// to do. Waiting suspends the waiting task; it never blocks a thread.
///
/// Kept rather than a child task: the commit must be able to take over a flush no worker has
/// started yet and run it at once, which awaiting a child task cannot do (it would wait for a
/// worker to wake and run it, the very hand-off this avoids on a fast disk); and the flush
/// starts in a loader's completion handler, which has no task to be the parent.
final class PayloadFlush: Sendable {
  private enum Phase {
    /// No flush asked for.
    case idle
    /// Asked for, not yet started.
    case queued
    case running(waiters: [CheckedContinuation<Void, Never>])
    case finished((any Error)?)
  }

  private let phase = Mutex(Phase.idle)

  /// Asks for the flush: the first to `claim` it runs it.
  func queue() {
    phase.withLock { $0 = .queued }
  }

  /// Takes the flush to run it (call `finish` after): true when it was asked for or not at
  /// all and nobody runs it yet.
  func claim() -> Bool {
    phase.withLock { phase in
      switch phase {
      case .idle, .queued:
        phase = .running(waiters: [])
        return true
      case .running, .finished:
        return false
      }
    }
  }

  /// Records how the flush ended and resumes whoever waits.
  func finish(_ error: (any Error)?) {
    let waiters = phase.withLock { phase -> [CheckedContinuation<Void, Never>] in
      defer { phase = .finished(error) }
      if case .running(let waiters) = phase { return waiters }
      return []
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits for a flush someone else claimed to finish.
  ///
  /// - Throws: The flush's error.
  func wait() async throws {
    await withCheckedContinuation { continuation in
      let waiting = phase.withLock { phase -> Bool in
        guard case .running(var waiters) = phase else { return false }
        waiters.append(continuation)
        phase = .running(waiters: waiters)
        return true
      }
      if !waiting { continuation.resume() }
    }
    let error = phase.withLock { phase -> (any Error)? in
      if case .finished(let error) = phase { return error }
      return nil
    }
    if let error { throw error }
  }
}
