import Synchronization

/// The system calls the layer makes, by name, for fault injection and for errors.
package enum SystemCall: String, Sendable, Hashable, CaseIterable {
  case open, close, read, pread, write, fsync, fdatasync, fstat, lstat, fchmod, ftruncate, futimens
  case syncfs
  case mkdir, mkdtemp, rename, link, unlink, rmdir, opendir, readdir, flock, fcntl, realpath
  case copyFileRange = "copy_file_range"
  case sendfile
  case inotifyInit = "inotify_init1"
  case inotifyAddWatch = "inotify_add_watch"
  case pipe, poll
  case stat, socket, connect
}

/// Makes chosen system calls fail, so tests can prove what happens on EINTR, ENOSPC or EIO
/// anywhere (after swift-system's `Mocking`).
///
/// A fault names the call, the `errno`, and a path prefix it applies under: each test works in
/// its own temporary directory, so faults armed by one test never reach another running at the
/// same time. Calls on descriptors match by the path the descriptor was opened with. With no
/// fault armed, the cost on every call is one relaxed atomic load.
///
/// ```swift
/// let fault = FaultInjector.shared.inject(.noSpace, into: .write, under: directory, after: 3)
/// defer { FaultInjector.shared.remove(fault) }
/// ```
package final class FaultInjector: Sendable {
  /// One armed fault.
  package struct Fault: Sendable, Hashable {
    fileprivate let id: Int
  }

  private struct Rule {
    var id: Int
    var call: SystemCall
    /// The failure to give; nil for a rule that runs `action` and lets the call through.
    var errno: Errno?
    var action: (@Sendable () -> Void)?
    var prefix: String
    /// Matching calls to let through before failing.
    var skip: Int
    /// Failures left to give.
    var remaining: Int
    /// Failures given so far.
    var fired = 0
  }

  private struct State {
    var rules: [Rule] = []
    var nextID = 0
  }

  /// The injector every call of the layer consults.
  package static let shared = FaultInjector()

  private let state = Mutex(State())
  private let armed = Atomic<Int>(0)

  private init() {}

  /// Arms a fault: the matching calls on paths under `prefix` fail with `errno`.
  ///
  /// - Parameters:
  ///   - skip: Matching calls to let through first (fail the fourth write: `after: 3`).
  ///   - times: How many calls to fail; `Int.max` for all of them.
  @discardableResult
  package func inject(
    _ errno: Errno, into call: SystemCall, under prefix: String, after skip: Int = 0,
    times: Int = 1
  ) -> Fault {
    let id = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.rules.append(
        Rule(
          id: id, call: call, errno: errno, action: nil, prefix: prefix, skip: skip,
          remaining: times))
      return id
    }
    armed.add(1, ordering: .sequentiallyConsistent)
    return Fault(id: id)
  }

  /// Arms an interception: `action` runs just before each matching call on a path under
  /// `prefix`, which then proceeds. What another program does in the instant between two
  /// calls (a file swapped for a link between an open and a rename) is made to happen exactly
  /// there, so a test of that race is exact rather than a matter of luck.
  @discardableResult
  package func intercept(
    _ call: SystemCall, under prefix: String, times: Int = 1,
    _ action: @escaping @Sendable () -> Void
  ) -> Fault {
    let id = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.rules.append(
        Rule(
          id: id, call: call, errno: nil, action: action, prefix: prefix, skip: 0,
          remaining: times))
      return id
    }
    armed.add(1, ordering: .sequentiallyConsistent)
    return Fault(id: id)
  }

  /// Disarms a fault; returns how many calls it failed.
  @discardableResult
  package func remove(_ fault: Fault) -> Int {
    let fired = state.withLock { state -> Int? in
      guard let index = state.rules.firstIndex(where: { $0.id == fault.id }) else { return nil }
      return state.rules.remove(at: index).fired
    }
    if fired != nil { armed.subtract(1, ordering: .sequentiallyConsistent) }
    return fired ?? 0
  }

  /// How many calls `fault` has failed so far.
  package func fireCount(_ fault: Fault) -> Int {
    state.withLock { $0.rules.first { $0.id == fault.id }?.fired ?? 0 }
  }

  /// Runs `body` with faults armed, disarming them after.
  package func with<R, E: Error>(
    _ faults: [(Errno, SystemCall, String)], _ body: () throws(E) -> R
  ) throws(E) -> R {
    let armed = faults.map { inject($0.0, into: $0.1, under: $0.2, times: .max) }
    defer { for fault in armed { remove(fault) } }
    return try body()
  }

  /// The `errno` to fail this call with, if a fault matches; consumes one failure.
  @inline(__always)
  func fault(for call: SystemCall, path: String) -> Errno? {
    guard armed.load(ordering: .relaxed) > 0 else { return nil }
    let (errno, action) = state.withLock { state -> (Errno?, (@Sendable () -> Void)?) in
      for index in state.rules.indices {
        guard state.rules[index].call == call, Self.path(path, isUnder: state.rules[index].prefix)
        else { continue }
        if state.rules[index].skip > 0 {
          state.rules[index].skip -= 1
          continue
        }
        guard state.rules[index].remaining > 0 else { continue }
        state.rules[index].remaining -= 1
        state.rules[index].fired += 1
        return (state.rules[index].errno, state.rules[index].action)
      }
      return (nil, nil)
    }
    // Outside the lock: an action may make system calls of its own.
    action?()
    return errno
  }

  /// Whether `path` is `prefix` or lies under it (a prefix ending at a component boundary).
  static func path(_ path: String, isUnder prefix: String) -> Bool {
    guard path.hasPrefix(prefix) else { return false }
    if path.utf8.count == prefix.utf8.count || prefix.hasSuffix("/") { return true }
    return path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: prefix.utf8.count)]
      == UInt8(ascii: "/")
  }
}
