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
///
/// The same thread removes the names in `.staging/` that committed payloads keep until
/// `Incoming/` is flushed (see `ShareTransaction`): one flush of `Incoming/` for all the shares
/// since the last, at the latest half a second after a share committed, and before the
/// pipeline is dropped.
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

  /// How long a committed payload keeps its name in `.staging/` at most, while the thread
  /// gathers more to remove with the same flush of `Incoming/`.
  package static let releaseDelay: Duration = .milliseconds(500)

  private let shelf: Shelf

  /// Spares for `group`: payload files, and manifests from `inbox` when given (an inbox whose
  /// reservations cost nothing needs none), up to `capacity` of each, each kept at most
  /// `maximumAge`.
  package init(
    group: GroupDirectory, inbox: (any InboxStore)?, capacity: Int = 16,
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

  /// Removes `stagedNames` from `.staging/`: names of payloads just published in `Incoming/`
  /// by hard links, each removed only after `Incoming/` is flushed, so that every payload keeps
  /// a durable name. Handed to the thread of `spares` when it runs (one flush for many
  /// shares), else done now.
  package static func release(
    _ stagedNames: [String], in group: GroupDirectory, by spares: SpareFiles?
  ) {
    if let spares, spares.shelf.release(stagedNames) { return }
    // After a failure the names stay (each file keeps both), for the sweeper to remove.
    _ = try? group.removeStagingNames(stagedNames)
  }

  /// How many released names wait for removal.
  package var pendingReleases: Int {
    shelf.state.withLock { $0.released.count }
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
    /// Names in `.staging/` of committed payloads, to remove after a flush of `Incoming/`, and
    /// since when the oldest waits.
    var released: [String] = []
    var releasedSince: ContinuousClock.Instant?
    /// When a share last took (or looked for) a spare: spares are made only while shares come.
    var lastDemand: ContinuousClock.Instant?
    var started = false
    /// Whether the thread waits for a signal (or its timeout) rather than making spares.
    var isSleeping = false
    var closed = false

    /// Whether half the spares of a kind are gone (manifests counted only when `manifests` are
    /// made at all): the point where a batch is made.
    func isLow(capacity: Int, manifests: Bool) -> Bool {
      payloads.count <= capacity / 2 || (manifests && self.manifests.count <= capacity / 2)
    }

    /// The released names, now the thread's to remove.
    mutating func takeReleased() -> [String] {
      defer {
        released = []
        releasedSince = nil
      }
      return released
    }
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
        let signal =
          !start && state.isSleeping && state.isLow(capacity: capacity, manifests: inbox != nil)
        if signal { state.isSleeping = false }
        return (spare, start, signal)
      }
      if start { Thread.start(named: "Ingest.SpareFiles") { [self] in run() } }
      if signal { wake.signal() }
      return spare
    }

    /// Takes `names` for the thread to remove; false when the thread does not run (not yet, or
    /// no more).
    func release(_ names: [String]) -> Bool {
      let (taken, signal) = state.withLock { state -> (Bool, Bool) in
        guard state.started, !state.closed else { return (false, false) }
        let first = state.released.isEmpty
        state.released += names
        if first { state.releasedSince = .now }
        // Woken for the first (to set its deadline) and once half a batch waits.
        let signal = state.isSleeping && (first || state.released.count >= capacity / 2)
        if signal { state.isSleeping = false }
        return (true, signal)
      }
      if signal { wake.signal() }
      return taken
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
        var released: [String] = []
        let work = state.withLock { state -> Work in
          state.isSleeping = false
          let now = ContinuousClock.now
          if state.closed {
            released = state.takeReleased()
            expired = (state.payloads.map(\.spare), state.manifests.map(\.spare))
            state.payloads = []
            state.manifests = []
            return .stop
          }
          let limit = now - maximumAge
          expired.payloads = state.payloads.filter { $0.made < limit }.map(\.spare)
          expired.manifests = state.manifests.filter { $0.made < limit }.map(\.spare)
          state.payloads.removeAll { $0.made < limit }
          state.manifests.removeAll { $0.made < limit }
          // Made in batches, from half empty to full: each batch costs a flush of each
          // directory, which the disk serves beside the flushes of the shares in flight.
          let wanted =
            (state.lastDemand.map { $0 >= limit } ?? false)
            && state.isLow(capacity: capacity, manifests: inbox != nil)
          // Released names go with a batch of spares, or once half a batch waits, or when the
          // oldest has waited long enough.
          if wanted || state.released.count >= capacity / 2
            || state.releasedSince.map({ now - $0 >= SpareFiles.releaseDelay }) ?? false
          {
            released = state.takeReleased()
          }
          if wanted {
            return .make(
              payloads: capacity - state.payloads.count,
              manifests: inbox == nil ? 0 : capacity - state.manifests.count)
          }
          let deadlines =
            (state.payloads.map(\.made) + state.manifests.map(\.made)).map { $0 + maximumAge }
            + (state.releasedSince.map { [$0 + SpareFiles.releaseDelay] } ?? [])
          state.isSleeping = true
          return .sleep(until: deadlines.min())
        }
        _ = try? group.removeStagingNames(released)
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
          // Locked as in-flight files from the start: the sweeper leaves a live pipeline's
          // spares alone, and removes those of a pipeline that died.
          let made = try group.makeInFlightFile(in: group.staging, .readWrite) {
            UUID().uuidString
          }
          payloads.append(Payload(name: made.name, file: made.file))
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
      try? group.staging.removeFile(payload.name)
      try? payload.file.close()
    }
  }
}
