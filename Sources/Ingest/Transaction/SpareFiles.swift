import Dispatch
import Foundation
import Synchronization
import SystemCalls

/// Files made ahead of the shares that will need them: empty payload files in `.staging/` and
/// reserved manifests, made on a thread of their own while earlier shares wait for their
/// flushes.
///
/// Making a file is the costliest step of a small share after the flushes (on ext4 without a
/// journal, with many files recently deleted, each new inode costs a scan of the inode table);
/// a pipeline that shares again and again makes the next share's files while this one waits
/// for the disk. A pipeline begins to make spares at its second share, so a process that shares
/// once (an extension, `ingest-cli share`) never leaves one behind. Spares live at most
/// five seconds (far below any sweeper threshold, which must be well above a share's deadline
/// anyway): older ones are removed, and a pipeline left idle holds none. A process killed with
/// spares leaves empty unreferenced files, which the sweeper removes like any share's leftovers.
package final class SpareFiles: Sendable {
  /// A payload file made ahead: `.staging/<UUID>`, empty, open for reading and writing, in a
  /// flushed directory.
  package struct Payload: Sendable {
    package let name: String
    package let file: FileDescriptor
  }

  /// A manifest reserved ahead, in a flushed directory, for the share that takes it (and its
  /// id).
  package struct Manifest: Sendable {
    package let id: UUID
    package let prepared: any PreparedManifest
  }

  /// How long a pipeline keeps a spare before removing it unused.
  package static let defaultMaximumAge: Duration = .seconds(5)

  private let shelf: Shelf

  /// Spares for `group`: payload files, and manifests from `inbox` when given (an inbox whose
  /// reservations cost nothing needs none), up to `capacity` of each, each kept at most
  /// `maximumAge`.
  package init(
    group: GroupDirectory, inbox: (any InboxStore)?, capacity: Int = 8,
    maximumAge: Duration = defaultMaximumAge
  ) {
    shelf = Shelf(
      group: group, inbox: inbox, capacity: max(1, capacity), maximumAge: maximumAge)
  }

  deinit {
    shelf.close()
  }

  /// A reserved manifest, if one is ready; a share calls this once as it starts.
  package func takeManifest() -> Manifest? {
    shelf.take { state in
      state.sharesStarted += 1
      return state.manifests.isEmpty ? nil : state.manifests.removeFirst().spare
    }
  }

  /// How many of each are ready to take.
  package var ready: (payloads: Int, manifests: Int) {
    shelf.state.withLock { ($0.payloads.count, $0.manifests.count) }
  }

  /// An empty payload file, if one is ready.
  package func takePayload() -> Payload? {
    shelf.take { state in
      state.payloads.isEmpty ? nil : state.payloads.removeFirst().spare
    }
  }
}

extension SpareFiles {
  fileprivate struct Aged<Spare: Sendable>: Sendable {
    var spare: Spare
    var made: ContinuousClock.Instant
  }

  fileprivate struct State: Sendable {
    var payloads: [Aged<Payload>] = []
    var manifests: [Aged<Manifest>] = []
    var sharesStarted = 0
    /// When a share last took (or looked for) a spare: spares are made only while shares come.
    var lastDemand: ContinuousClock.Instant?
    var started = false
    /// Whether the thread waits for a signal (or its timeout) rather than making spares.
    var isSleeping = false
    var closed = false
  }

  /// The spares and the thread that makes them; the thread holds this, not the `SpareFiles`,
  /// so that dropping the last pipeline stops it.
  fileprivate final class Shelf: Sendable {
    let group: GroupDirectory
    let inbox: (any InboxStore)?
    let capacity: Int
    let maximumAge: Duration
    let state = Mutex(State())
    let wake = DispatchSemaphore(value: 0)
    let stopped = DispatchSemaphore(value: 0)

    init(group: GroupDirectory, inbox: (any InboxStore)?, capacity: Int, maximumAge: Duration) {
      self.group = group
      self.inbox = inbox
      self.capacity = capacity
      self.maximumAge = maximumAge
    }

    /// Runs `body` on the state, notes the demand and, from the second share on, has the
    /// thread make what was taken again: woken once half the spares of a kind are gone (waking
    /// a thread costs more than making a file on a fast disk, so it makes several at a time).
    func take<Spare: Sendable>(_ body: @Sendable (inout State) -> Spare?) -> Spare? {
      let (spare, start, signal) = state.withLock { state -> (Spare?, Bool, Bool) in
        let spare = body(&state)
        guard !state.closed, state.sharesStarted >= 2 else { return (spare, false, false) }
        state.lastDemand = .now
        let start = !state.started
        state.started = true
        let low = capacity / 2
        let wanted =
          state.payloads.count <= low || (inbox != nil && state.manifests.count <= low)
        let signal = !start && state.isSleeping && wanted
        if signal { state.isSleeping = false }
        return (spare, start, signal)
      }
      if start {
        let thread = Thread { [self] in run() }
        thread.name = "Ingest.SpareFiles"
        thread.start()
      }
      if signal { wake.signal() }
      return spare
    }

    /// Stops the thread and removes every spare, before returning.
    func close() {
      let started = state.withLock { state -> Bool in
        state.closed = true
        return state.started
      }
      guard started else { return }
      wake.signal()
      stopped.wait()
    }

    private enum Work {
      case make(payloads: Int, manifests: Int)
      case sleep(until: ContinuousClock.Instant?)
      case stop
    }

    private func run() {
      while true {
        var expired: (payloads: [Payload], manifests: [Manifest]) = ([], [])
        let work = state.withLock { state -> Work in
          state.isSleeping = false
          if state.closed {
            expired = (state.payloads.map(\.spare), state.manifests.map(\.spare))
            state.payloads = []
            state.manifests = []
            return .stop
          }
          let now = ContinuousClock.now
          let limit = now - maximumAge
          expired.payloads = state.payloads.filter { $0.made < limit }.map(\.spare)
          expired.manifests = state.manifests.filter { $0.made < limit }.map(\.spare)
          state.payloads.removeAll { $0.made < limit }
          state.manifests.removeAll { $0.made < limit }
          let wanted = state.lastDemand.map { $0 >= limit } ?? false
          let payloads = wanted ? capacity - state.payloads.count : 0
          let manifests = wanted && inbox != nil ? capacity - state.manifests.count : 0
          if payloads > 0 || manifests > 0 {
            return .make(payloads: payloads, manifests: manifests)
          }
          let oldest = (state.payloads.map(\.made) + state.manifests.map(\.made)).min()
          state.isSleeping = true
          return .sleep(until: oldest.map { $0 + maximumAge })
        }
        for payload in expired.payloads { remove(payload) }
        for manifest in expired.manifests { manifest.prepared.discard() }
        switch work {
        case .stop:
          stopped.signal()
          return
        case .sleep(let until):
          if let until {
            let left = (until - .now).components
            let seconds = max(0, Double(left.seconds) + Double(left.attoseconds) / 1e18)
            _ = wake.wait(timeout: .now() + seconds + 0.01)
          } else {
            wake.wait()
          }
        case .make(let payloads, let manifests):
          make(payloads: payloads, manifests: manifests)
        }
      }
    }

    /// Makes spares, flushes the directories they are in (so a share that takes one needs to
    /// flush only the file), and shelves them; after a failure, stops until a share asks again
    /// (shares make their own files then, and meet the error themselves).
    private func make(payloads count: Int, manifests manifestCount: Int) {
      var payloads: [Payload] = []
      var manifests: [Manifest] = []
      do {
        for _ in 0..<count {
          let name = UUID().uuidString
          let file = try group.staging.open(
            name, .readWrite, options: [.create, .exclusive, .noFollow])
          payloads.append(Payload(name: name, file: file))
        }
        if let inbox {
          for _ in 0..<manifestCount {
            let id = UUID()
            manifests.append(Manifest(id: id, prepared: try inbox.reserve(id)))
          }
        }
        if !payloads.isEmpty { try group.staging.sync() }
        // The directory inbox reserves manifests in `Inbox/`.
        if !manifests.isEmpty { try group.inbox.sync() }
      } catch {
        for payload in payloads { remove(payload) }
        for manifest in manifests { manifest.prepared.discard() }
        state.withLock { $0.lastDemand = nil }
        return
      }
      state.withLock { state in
        let made = ContinuousClock.now
        state.payloads += payloads.map { Aged(spare: $0, made: made) }
        state.manifests += manifests.map { Aged(spare: $0, made: made) }
      }
    }

    private func remove(_ payload: Payload) {
      try? payload.file.close()
      try? group.staging.removeFile(payload.name)
    }
  }
}
