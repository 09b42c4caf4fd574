import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The requests the disk holding a path has completed (writes, and cache flushes), from
/// `/proc/diskstats`: what a phase of a benchmark sent to the disk, counted rather than timed,
/// so it does not depend on how busy a shared machine is. Every writer on that disk counts (the
/// kernel's own writeback too), so read a difference over a phase as approximate.
///
/// The kernel counts a cache flush (which every `fsync` sends to a disk with a volatile write
/// cache) as a write request of no sectors, and also on its own; `Requests` tells the two apart.
struct DiskRequests {
  /// Requests completed: writes of data or metadata, and cache flushes.
  struct Requests {
    /// Write requests that carried sectors.
    var writes: Int
    /// Cache flushes; nil where the kernel does not count them (before Linux 5.5).
    var flushes: Int?

    static func - (after: Requests, before: Requests) -> Requests {
      Requests(
        writes: after.writes - before.writes,
        flushes: after.flushes.flatMap { after in before.flushes.map { after - $0 } })
    }

    static func + (left: Requests, right: Requests) -> Requests {
      Requests(
        writes: left.writes + right.writes,
        flushes: left.flushes.flatMap { left in right.flushes.map { left + $0 } })
    }
  }

  let major: UInt32
  let minor: UInt32

  /// The disk (or partition) holding `path`; nil where there is none to count, as on a RAM or
  /// network file system, or without `/proc`.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    // glibc's encoding of `dev_t` (`gnu_dev_major`, `gnu_dev_minor`).
    let device = UInt64(info.st_dev)
    major = UInt32(truncatingIfNeeded: ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff))
    minor = UInt32(truncatingIfNeeded: (device & 0xff) | ((device >> 12) & ~0xff))
    guard major != 0, count() != nil else { return nil }
  }

  /// Requests completed since boot; nil when the disk's line cannot be read.
  func count() -> Requests? {
    guard let text = try? String(contentsOfFile: "/proc/diskstats", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") {
      // major minor name, then reads merged sectors milliseconds, writes merged sectors
      // milliseconds, in flight, milliseconds doing I/O, weighted milliseconds, discards merged
      // sectors milliseconds, flushes milliseconds.
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count > 7, fields[0] == "\(major)", fields[1] == "\(minor)",
        let requests = Int(fields[7])
      else { continue }
      // A flush is counted among the write requests too.
      let flushes = fields.count > 18 ? Int(fields[18]) : nil
      return Requests(writes: requests - (flushes ?? 0), flushes: flushes)
    }
    return nil
  }

  /// The requests completed while `body` ran, beside what it returns.
  func counting<T>(_ body: () throws -> T) rethrows -> (result: T, requests: Requests?) {
    let before = count()
    let result = try body()
    guard let before, let after = count() else { return (result, nil) }
    return (result, after - before)
  }
}
