import Dispatch
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

/// The flush of one payload file, started by its loader as soon as the copy is done (on the
/// loader's thread, while the share goes on to write its manifest), and awaited by the commit.
///
/// Started before the loader hands the payload over, so the commit never flushes a second
/// time what is already being flushed; a payload whose loader did not start one is flushed by
/// the commit itself.
final class PayloadFlush: Sendable {
  private enum Phase {
    case notStarted
    case running
    case finished((any Error)?)
  }

  private let phase = Mutex(Phase.notStarted)
  private let done = DispatchSemaphore(value: 0)

  /// Marks the flush as started; call `finish` after.
  func begin() {
    phase.withLock { $0 = .running }
  }

  /// Records how the flush ended and wakes whoever waits.
  func finish(_ error: (any Error)?) {
    phase.withLock { $0 = .finished(error) }
    done.signal()
  }

  /// Waits for a flush that was started; false when none was.
  ///
  /// - Throws: The flush's error.
  func wait() throws -> Bool {
    let started = phase.withLock { phase -> Bool in
      if case .notStarted = phase { return false }
      return true
    }
    guard started else { return false }
    done.wait()
    done.signal()  // For any later waiter (a rollback after a failed commit).
    let error = phase.withLock { phase -> (any Error)? in
      if case .finished(let error) = phase { return error }
      return nil
    }
    if let error { throw error }
    return true
  }
}
