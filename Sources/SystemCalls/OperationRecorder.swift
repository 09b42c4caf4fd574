import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Records every change a program makes to files under a directory, for tests that replay the
/// crash states a power loss could leave (after ALICE, Pillai et al., OSDI 2014).
///
/// Every create, write (kernel copies included, with the bytes they copied), truncate, link,
/// rename, unlink, mkdir, rmdir, and `fsync`/`fdatasync` on a file or a directory that the
/// system-call layer makes on a path under a recording's prefix is kept, in the order the calls
/// returned, with the thread that made it and the file's identity (device and inode, read as
/// the call returns, or before it for a name that goes). A flush also says which operations it
/// covers: those recorded before it began, so an operation another thread finished while the
/// flush ran counts as not covered (the model a replay draws from it can be more pessimistic
/// than the kernel, never less).
///
/// Off unless a recording runs: then every call pays one relaxed atomic load, as for the fault
/// injector.
///
/// ```swift
/// let recording = OperationRecorder.shared.start(under: directory)
/// try share()
/// OperationRecorder.shared.note("share committed", in: recording)
/// let operations = OperationRecorder.shared.stop(recording)
/// ```
package final class OperationRecorder: Sendable {
  /// One recording.
  package struct Recording: Sendable, Hashable {
    fileprivate let id: Int
  }

  private struct Session {
    var id: Int
    var prefix: String
    var operations: [RecordedOperation] = []
  }

  private struct State {
    var sessions: [Session] = []
    var nextID = 0
    /// The next sequence number, over every session.
    var nextSequence = 0
  }

  /// The recorder every call of the layer reports to.
  package static let shared = OperationRecorder()

  private let state = Mutex(State())
  private let active = Atomic<Int>(0)

  private init() {}

  /// Starts recording the changes made to paths under `prefix`.
  package func start(under prefix: String) -> Recording {
    let id = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.sessions.append(Session(id: id, prefix: prefix))
      return id
    }
    active.add(1, ordering: .sequentiallyConsistent)
    return Recording(id: id)
  }

  /// Stops `recording` and returns what it recorded, in order.
  package func stop(_ recording: Recording) -> [RecordedOperation] {
    let operations = state.withLock { state -> [RecordedOperation]? in
      guard let index = state.sessions.firstIndex(where: { $0.id == recording.id }) else {
        return nil
      }
      return state.sessions.remove(at: index).operations
    }
    guard let operations else { return [] }
    active.subtract(1, ordering: .sequentiallyConsistent)
    return operations
  }

  /// Adds a mark to `recording` (a database commit returned, a share reported committed), in
  /// its place among the file operations.
  package func note(_ text: String, in recording: Recording) {
    state.withLock { state in
      guard let index = state.sessions.firstIndex(where: { $0.id == recording.id }) else {
        return
      }
      let sequence = state.nextSequence
      state.nextSequence += 1
      state.sessions[index].operations.append(
        RecordedOperation(sequence: sequence, thread: Self.thread, kind: .note(text)))
    }
  }

  /// Whether any recording runs: the one check every call pays.
  @inline(__always)
  var isRecording: Bool { active.load(ordering: .relaxed) > 0 }

  /// Where a flush of `path` begins: the sequence number below which the operations recorded
  /// so far lie; nil when no recording covers `path`.
  func flushBegins(_ path: String) -> Int? {
    guard isRecording else { return nil }
    return state.withLock { state in
      guard state.sessions.contains(where: { FaultInjector.path(path, isUnder: $0.prefix) })
      else { return nil }
      return state.nextSequence
    }
  }

  /// Records the operation `make` describes in every recording whose prefix holds one of its
  /// paths. `make` runs only when a recording runs (it may make calls of its own: `fstat`,
  /// `pread`), outside the lock.
  func record(_ paths: String..., make: () -> RecordedOperation.Kind?) {
    guard isRecording else { return }
    let matched = state.withLock { state in
      state.sessions.contains { session in
        paths.contains { FaultInjector.path($0, isUnder: session.prefix) }
      }
    }
    guard matched, let kind = make() else { return }
    let thread = Self.thread
    state.withLock { state in
      let sequence = state.nextSequence
      var used = false
      for index in state.sessions.indices
      where paths.contains(where: { FaultInjector.path($0, isUnder: state.sessions[index].prefix) })
      {
        state.sessions[index].operations.append(
          RecordedOperation(sequence: sequence, thread: thread, kind: kind))
        used = true
      }
      if used { state.nextSequence += 1 }
    }
  }

  private static var thread: UInt64 { UInt64(pthread_self()) }
}
