import Synchronization

/// What flushing a payload file costs on a group directory's file system, as measured: it
/// decides whether a payload's flush is handed to another worker of the I/O executor as soon as
/// its copy is done (`AttachmentLoader`, `ShareTransaction.makeDurable`), or left to the
/// commit; and whether the commit publishes payloads by link or, where flushes are cheap, by
/// rename (see `ShareTransaction`).
///
/// A hand-off pays where a flush waits on a device: the flush runs while the share writes its
/// manifest, and the two overlap. Where a flush costs next to nothing (a RAM file system, a
/// device with a power-safe cache), waking a worker costs more than the flush it would
/// overlap: on tmpfs the hand-off cost 4.7 `futex` calls and 1.7 context switches per share
/// (`Benchmarks ingest-ram`, `strace -f -c`), for an `fsync` of a few microseconds. Either way
/// every flush runs before the commit point; only the thread that runs it changes.
///
/// The estimate is a moving average (each flush weighs one eighth) of the flushes the shares
/// make; until one is measured, flushes are taken to be slow, as on a disk.
final class FlushCost: Sendable {
  /// Flushes at least this long, on average, are handed off: about what waking a worker and
  /// taking the result back costs on a loaded machine.
  static let handOffThreshold: Duration = .microseconds(50)

  /// The moving average in nanoseconds; -1 before the first measurement.
  private let average = Atomic<Int64>(-1)

  /// Whether a flush takes long enough, on average, that running it on another worker while
  /// the share goes on pays.
  var paysToHandOff: Bool {
    let nanoseconds = average.load(ordering: .relaxed)
    return nanoseconds < 0 || nanoseconds >= Self.nanoseconds(Self.handOffThreshold)
  }

  /// Runs `flush`, adding how long it took to the average (a failed flush is not counted).
  func measure<E: Error>(_ flush: () throws(E) -> Void) throws(E) {
    let clock = ContinuousClock()
    let started = clock.now
    try flush()
    record(Self.nanoseconds(clock.now - started))
  }

  /// Adds one flush of `nanoseconds` to the average.
  func record(_ nanoseconds: Int64) {
    var old = average.load(ordering: .relaxed)
    while true {
      let new = old < 0 ? nanoseconds : old + (nanoseconds - old) / 8
      let (exchanged, found) = average.compareExchange(
        expected: old, desired: new, ordering: .relaxed)
      if exchanged { return }
      old = found
    }
  }

  private static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
