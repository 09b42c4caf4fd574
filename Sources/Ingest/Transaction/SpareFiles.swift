import Foundation
import Synchronization
import SystemCalls

/// Files made ahead of the shares that will need them: empty payload files in `.staging/` and
/// reserved manifests, made as work on the I/O executor (`IOExecutor`) while earlier shares wait
/// for their flushes.
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
/// The same work removes the names in `.staging/` that committed payloads keep until
/// `Incoming/` is flushed (see `ShareTransaction`): one flush of `Incoming/` for all the shares
/// since the last, at the latest half a second after a share committed, and when the pipeline
/// is closed or dropped.
///
/// At most one piece of this work runs at a time; it is started by a share's demand, by a
/// release, or by one timer (for the oldest spare's expiry or the oldest release), and nothing
/// waits for it but `close()`.
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
    shelf.close(then: nil)
  }

  /// Removes every spare and the pending releases, and returns once the work in flight is done:
  /// after it, this pipeline's shares make their own files. Dropping the spares does the same
  /// without waiting.
  package func close() async {
    await withCheckedContinuation { continuation in
      shelf.close(then: continuation)
    }
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
  /// a durable name. Handed to the housekeeping of `spares` once it runs (one flush for many
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
    /// Whether housekeeping work is queued or running (at most one at a time).
    var working = false
    /// The timer that starts the work again, and when it fires.
    var timer: (IOExecutor.Timer, ContinuousClock.Instant)?
    var closed = false
    /// Who waits in `close()` for the work in flight.
    var closeWaiters: [CheckedContinuation<Void, Never>] = []

    /// Whether half the spares of a kind are gone (manifests counted only when `manifests` are
    /// made at all): the point where a batch is made.
    func isLow(capacity: Int, manifests: Bool) -> Bool {
      payloads.count <= capacity / 2 || (manifests && self.manifests.count <= capacity / 2)
    }

    /// The released names, now the housekeeping's to remove.
    mutating func takeReleased() -> [String] {
      defer {
        released = []
        releasedSince = nil
      }
      return released
    }

    /// Every spare and released name, taken off the shelf.
    mutating func takeAll() -> ((payloads: [Payload], manifests: [Manifest]), [String]) {
      let spares = (payloads.map(\.spare), manifests.map(\.spare))
      payloads = []
      manifests = []
      return (spares, takeReleased())
    }

    /// Marks the work as started, unless it runs or the spares are closed: true when the
    /// caller must start it.
    mutating func claimWork() -> Bool {
      guard !working, !closed else { return false }
      working = true
      return true
    }
  }

  /// The spares and the work that makes them; the work holds this, not the `SpareFiles`, so
  /// that dropping the last pipeline closes it.
  fileprivate final class Shelf: Sendable {
    let group: GroupDirectory
    let inbox: (any InboxStore)?
    let capacity: Int
    let maximumAge: Duration
    let state = Mutex(State())
    private var executor: IOExecutor { .shared }

    init(group: GroupDirectory, inbox: (any InboxStore)?, capacity: Int, maximumAge: Duration) {
      self.group = group
      self.inbox = inbox
      self.capacity = capacity
      self.maximumAge = maximumAge
    }

    /// Runs `body` on the state, notes the demand and, from the second share on, starts the
    /// work that makes again what was taken: once half the spares of a kind are gone (starting
    /// work costs more than making a file on a fast disk, so it makes several at a time).
    func take<Spare: Sendable>(_ body: @Sendable (inout State) -> Spare?) -> Spare? {
      let (spare, start) = state.withLock { state -> (Spare?, Bool) in
        let spare = body(&state)
        guard !state.closed, state.sharesStarted >= 2 else { return (spare, false) }
        state.lastDemand = .now
        let start =
          state.isLow(capacity: capacity, manifests: inbox != nil) && state.claimWork()
        return (spare, start)
      }
      if start { Task(executorPreference: executor) { [self] in await work() } }
      return spare
    }

    /// Takes `names` for the housekeeping to remove; false when it does not run (not yet, or
    /// no more).
    func release(_ names: [String]) -> Bool {
      let (taken, start, wakeAt) = state.withLock {
        state -> (Bool, Bool, ContinuousClock.Instant?) in
        guard state.sharesStarted >= 2, !state.closed else { return (false, false, nil) }
        let first = state.released.isEmpty
        state.released += names
        if first { state.releasedSince = .now }
        // Started once half a batch waits; the first sets the timer for the oldest.
        if state.released.count >= capacity / 2 && state.claimWork() { return (true, true, nil) }
        return (true, false, first ? .now + SpareFiles.releaseDelay : nil)
      }
      if start { Task(executorPreference: executor) { [self] in await work() } }
      if let wakeAt { wake(at: wakeAt) }
      return taken
    }

    /// Removes every spare and pending release (as work on the executor, or by the work in
    /// flight), and resumes `waiter` once that is done.
    func close(then waiter: CheckedContinuation<Void, Never>?) {
      let (cleanUp, timer) = state.withLock {
        state -> (((payloads: [Payload], manifests: [Manifest]), [String])?, IOExecutor.Timer?) in
        state.closed = true
        let timer = state.timer?.0
        state.timer = nil
        if let waiter { state.closeWaiters.append(waiter) }
        // The work in flight sees `closed` and cleans up itself.
        if state.working { return (nil, timer) }
        state.working = true
        return (state.takeAll(), timer)
      }
      if let timer { executor.cancel(timer) }
      if let cleanUp {
        Task(executorPreference: executor) { [self] in
          await removeAll(cleanUp.0, released: cleanUp.1)
          endWork()
        }
      }
    }

    /// Sets the timer that starts the work at `instant` (or earlier, if one is set earlier).
    private func wake(at instant: ContinuousClock.Instant) {
      let replaced = state.withLock { state -> (IOExecutor.Timer?, Bool) in
        if state.closed { return (nil, false) }
        if let (timer, due) = state.timer {
          if due <= instant { return (nil, false) }
          state.timer = nil
          return (timer, true)
        }
        return (nil, true)
      }
      guard replaced.1 else { return }
      if let old = replaced.0 { executor.cancel(old) }
      let timer = executor.schedule(after: instant - .now) { [self] in
        let start = state.withLock { state -> Bool in
          state.timer = nil
          return state.claimWork()
        }
        if start { Task(executorPreference: executor) { [self] in await work() } }
      }
      let keep = state.withLock { state -> Bool in
        guard !state.closed, state.timer == nil else { return false }
        state.timer = (timer, instant)
        return true
      }
      if !keep { executor.cancel(timer) }
    }

    private enum Step {
      case make(payloads: Int, manifests: Int)
      case rest(until: ContinuousClock.Instant?)
      case stop
    }

    /// The housekeeping: removes what expired and what was released, makes a batch when the
    /// shelf is low, and repeats until nothing is left to do; then sets the timer for the
    /// next expiry or release.
    private func work() async {
      while true {
        var expired: (payloads: [Payload], manifests: [Manifest]) = ([], [])
        var released: [String] = []
        let step = state.withLock { state -> Step in
          let now = ContinuousClock.now
          if state.closed {
            (expired, released) = state.takeAll()
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
          if expired.payloads.isEmpty && expired.manifests.isEmpty && released.isEmpty {
            state.working = false
          }
          let deadlines =
            (state.payloads.map(\.made) + state.manifests.map(\.made)).map { $0 + maximumAge }
            + (state.releasedSince.map { [$0 + SpareFiles.releaseDelay] } ?? [])
          return .rest(until: deadlines.min())
        }
        await removeAll(expired, released: released)
        switch step {
        case .stop:
          endWork()
          return
        case .rest(let until):
          if !expired.payloads.isEmpty || !expired.manifests.isEmpty || !released.isEmpty {
            continue
          }
          if let until { wake(at: until) }
          return
        case .make(let payloads, let manifests):
          await make(payloads: payloads, manifests: manifests)
        }
      }
    }

    /// Ends the work after the spares were closed: resumes whoever waits in `close()`.
    private func endWork() {
      let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.working = false
        defer { state.closeWaiters = [] }
        return state.closeWaiters
      }
      for waiter in waiters { waiter.resume() }
    }

    private func removeAll(
      _ spares: (payloads: [Payload], manifests: [Manifest]), released: [String]
    ) async {
      if !released.isEmpty { _ = try? group.removeStagingNames(released) }
      for payload in spares.payloads { remove(payload) }
      for manifest in spares.manifests { await manifest.prepared.discard() }
    }

    /// Makes spares, flushes the directories they are in (so a share that takes one needs to
    /// flush only the file), and shelves them; after a failure, stops until a share asks again
    /// (shares make their own files then, and meet the error themselves). Spares made while
    /// the shelf was closed are removed at once.
    private func make(payloads count: Int, manifests manifestCount: Int) async {
      var payloads: [Payload] = []
      var manifests: [Manifest] = []
      do {
        for _ in 0..<count {
          // Locked as in-flight files from the start: the sweeper leaves a live pipeline's
          // spares alone, and removes those of a pipeline that died.
          let made = try group.makeInFlightFile(in: group.staging, .readWrite) {
            RandomUUID.make().uuidString
          }
          payloads.append(Payload(name: made.name, file: made.file))
        }
        if let inbox {
          for _ in 0..<manifestCount {
            let id = RandomUUID.make()
            manifests.append(Manifest(id: id, prepared: try await inbox.reserve(id)))
          }
        }
        if !payloads.isEmpty { try group.staging.sync() }
        // The directory inbox reserves manifests in `Inbox/`.
        if !manifests.isEmpty { try group.inbox.sync() }
      } catch {
        await removeAll((payloads, manifests), released: [])
        state.withLock { $0.lastDemand = nil }
        return
      }
      let shelved = state.withLock { state -> Bool in
        guard !state.closed else { return false }
        let made = ContinuousClock.now
        state.payloads += payloads.map { Aged(spare: $0, made: made) }
        state.manifests += manifests.map { Aged(spare: $0, made: made) }
        return true
      }
      if !shelved { await removeAll((payloads, manifests), released: []) }
    }

    private func remove(_ payload: Payload) {
      try? group.staging.removeFile(payload.name)
      try? payload.file.close()
    }
  }
}
