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
      throw IOError(operation: .init(.inotifyAddWatch), path: path, errno: errno)
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
    try readEvents { bytes in total += bytes.count }
    return total
  }

  /// What the queued events said, read without blocking.
  package struct Events: Sendable, Equatable {
    /// The names of the files that arrived, in the order they did (a name may repeat).
    package var names: [String] = []
    /// Whether the kernel's queue overflowed (`IN_Q_OVERFLOW`): events were lost, so what
    /// arrived is unknown and the directory must be listed.
    package var overflowed = false
    /// Whether there were any events at all.
    package var isEmpty: Bool { names.isEmpty && !overflowed }
  }

  /// Reads every queued event without blocking, and returns the names of the files that
  /// arrived (`IN_MOVED_TO`, `IN_CLOSE_WRITE`), so a reader looks at those alone rather than
  /// the whole directory.
  package func drainNames() throws(IOError) -> Events {
    var events = Events()
    let header = MemoryLayout<inotify_event>.size
    try readEvents { bytes in
      var offset = 0
      while offset + header <= bytes.count {
        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
        let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
        let nameStart = offset + header
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { events.overflowed = true }
        if length > 0, nameStart + length <= bytes.count {
          // The name is NUL-padded to `length`.
          let field = bytes[nameStart..<(nameStart + length)]
          let name = field.prefix { $0 != 0 }
          if !name.isEmpty { events.names.append(String(decoding: name, as: UTF8.self)) }
        }
        offset = nameStart + length
      }
    }
    return events
  }

  /// Reads the queued events without blocking, handing each read's bytes (whole events: the
  /// kernel never splits one) to `body`.
  private func readEvents(_ body: (UnsafeRawBufferPointer) -> Void) throws(IOError) {
    // Room for at least one event with the longest name.
    var buffer = [UInt8](repeating: 0, count: 4096 + Int(NAME_MAX) + 1)
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        Glibc.read(descriptor, bytes.baseAddress, bytes.count)
      }
      if count > 0 {
        buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        continue
      }
      if count == 0 { return }
      let errno = Errno.current
      if errno == .interrupted { continue }
      if errno == .wouldBlock { return }
      throw IOError(operation: .init(.read), path: path, errno: errno)
    }
  }
}
