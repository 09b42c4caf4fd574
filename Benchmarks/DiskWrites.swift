import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The write requests the disk holding a path has completed, from `/proc/diskstats`: what a
/// phase of a benchmark sent to the disk, counted rather than timed, so it does not depend on
/// how busy a shared machine is. Every writer on that disk counts (the kernel's own writeback
/// too), so read a difference over a phase as approximate.
struct DiskWrites {
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

  /// Write requests completed since boot; nil when the disk's line cannot be read.
  func count() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/diskstats", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") {
      // major minor name reads merged sectors milliseconds writes ...
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count > 7, fields[0] == "\(major)", fields[1] == "\(minor)" else { continue }
      return Int(fields[7])
    }
    return nil
  }

  /// The writes completed while `body` ran, beside what it returns.
  func counting<T>(_ body: () throws -> T) rethrows -> (result: T, writes: Int?) {
    let before = count()
    let result = try body()
    guard let before, let after = count() else { return (result, nil) }
    return (result, after - before)
  }
}
