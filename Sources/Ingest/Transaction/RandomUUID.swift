import Foundation
import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Version 4 UUIDs for the names and ids a share makes, from the kernel's random bytes
/// (`getentropy`, the same source `arc4random_buf` and `/dev/urandom` draw on), taken 256 bytes
/// at a time, the most one call gives: one system call for 16 UUIDs. `UUID()` opens, reads and
/// closes `/dev/urandom` for each one here, and this glibc's `arc4random_buf` makes one
/// `getrandom` per call (two a share).
///
/// The bytes are the kernel's cryptographically secure ones, unchanged; each is handed out once
/// and cleared as it is, so the buffer never holds a UUID already given. (A process that forked
/// without exec would share the buffer with its child; Swift processes start others with
/// `posix_spawn`, and nothing here forks.)
package enum RandomUUID {
  package static func make() -> UUID {
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { buffer in pool.withLock { $0.take(into: buffer) } }
    bytes.6 = (bytes.6 & 0x0F) | 0x40  // version 4
    bytes.8 = (bytes.8 & 0x3F) | 0x80  // RFC 4122 variant
    return UUID(uuid: bytes)
  }

  private static let pool = Mutex(RandomBytes())
}

/// Random bytes from the kernel, fetched a buffer at a time and handed out once each.
private struct RandomBytes: ~Copyable {
  private static let capacity = 256
  private var bytes = [UInt8](repeating: 0, count: capacity)
  /// Bytes before this index are handed out (and cleared).
  private var next = capacity

  /// Fills `buffer` with bytes not handed out before, refilling from the kernel when too few
  /// are left.
  mutating func take(into buffer: UnsafeMutableRawBufferPointer) {
    precondition(buffer.count <= Self.capacity)
    if Self.capacity - next < buffer.count { refill() }
    bytes.withUnsafeMutableBytes { pool in
      let taken = UnsafeMutableRawBufferPointer(rebasing: pool[next..<(next + buffer.count)])
      buffer.copyMemory(from: UnsafeRawBufferPointer(taken))
      taken.initializeMemory(as: UInt8.self, repeating: 0)
    }
    next += buffer.count
  }

  /// Replaces the whole buffer with new bytes from the kernel (`getentropy`, one `getrandom`
  /// of at most 256 bytes; it blocks only before the kernel's generator is first seeded, early
  /// in boot).
  private mutating func refill() {
    bytes.withUnsafeMutableBytes { pool in
      guard let start = pool.baseAddress else { return }
      if getentropy(start, pool.count) != 0 {
        // Not expected on any kernel this runs on (getrandom is Linux 3.17): the C library's
        // generator, which aborts rather than return bytes that are not random.
        arc4random_buf(start, pool.count)
      }
    }
    next = 0
  }
}
