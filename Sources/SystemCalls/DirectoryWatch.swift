#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Notifications of new files in one directory (`inotify`): a file renamed into it
/// (`IN_MOVED_TO`) or written and closed there (`IN_CLOSE_WRITE`).
///
/// Linux's counterpart of the Darwin notification an extension posts to wake its app. The
/// kernel's queue can overflow and a watch cannot see files that arrived before it was added,
/// so a watcher also re-scans from time to time; an event only says "look now".
package final class DirectoryWatch: Sendable {
  /// The inotify descriptor, for `Readiness.wait`.
  package let descriptor: Int32
  /// The directory watched.
  package let path: String

  /// Watches `path`.
  /// - Throws: `IOError` for `inotify_init1` (too many instances) or `inotify_add_watch` (no
  ///   such directory, too many watches).
  package init(path: String) throws(IOError) {
    let descriptor = try syscall(.inotifyInit, path) {
      inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    }.orThrow(.inotifyInit, path)
    let mask = UInt32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_ONLYDIR)
    switch syscall(.inotifyAddWatch, path, { inotify_add_watch(descriptor, path, mask) }) {
    case .success: break
    case .failure(let errno):
      Glibc.close(descriptor)
      throw IOError(operation: SystemCall.inotifyAddWatch.rawValue, path: path, errno: errno)
    }
    self.descriptor = descriptor
    self.path = path
  }

  deinit {
    Glibc.close(descriptor)
  }

  /// Reads and discards every queued event without blocking; returns how many bytes of events
  /// there were (0: nothing happened).
  @discardableResult
  package func drainEvents() throws(IOError) -> Int {
    var total = 0
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        Glibc.read(descriptor, bytes.baseAddress, bytes.count)
      }
      if count > 0 {
        total += count
        continue
      }
      if count == 0 { return total }
      let errno = Errno.current
      if errno == .interrupted { continue }
      if errno == .wouldBlock { return total }
      throw IOError(operation: SystemCall.read.rawValue, path: path, errno: errno)
    }
  }
}
