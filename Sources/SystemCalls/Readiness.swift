#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Waiting for descriptors to become readable.
package enum Readiness {
  /// Waits until one of `descriptors` is readable or `timeout` passes; says which are. A signal
  /// that interrupts the wait returns early with none ready (its handler may have made one
  /// readable; the caller looks again).
  package static func wait(for descriptors: [Int32], timeout: Duration) throws(IOError)
    -> [Bool]
  {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let milliseconds = max(
      0,
      Int32(
        clamping: timeout.components.seconds * 1000
          + timeout.components.attoseconds / 1_000_000_000_000_000))
    let count = Glibc.poll(&entries, nfds_t(entries.count), milliseconds)
    if count < 0 {
      let errno = Errno.current
      if errno == .interrupted { return descriptors.map { _ in false } }
      throw IOError(operation: .init(.poll), path: "<poll>", errno: errno)
    }
    return entries.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
  }
}
