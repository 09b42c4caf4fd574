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
/// The work is one task the spares own (see `Shelf.run`), fed by the shares' demands and
/// releases through an `AsyncStream` and woken by a `Clock` (injected, so that tests move time
/// themselves): one piece at a time, nothing waits for it but `close()`, and it ends with the
/// spares.
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
  private let upkeep: Task<Void, Never>

  /// Spares for `group`: payload files (unless `payloads` is false: the shares send their
  /// payloads to the inbox's store, writing none in `.staging/`), and manifests from `inbox`
  /// when given (an inbox whose reservations cost nothing needs none), up to `capacity` of
  /// each, each kept at most `maximumAge` as `clock` tells it.
  package init<C: Clock<Duration>>(
    group: GroupDirectory, inbox: (any InboxWriter)?, payloads: Bool = true,
    capacity: Int = 16, maximumAge: Duration = defaultMaximumAge, clock: C = ContinuousClock()
  ) {
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    let shelf = Shelf(
      group: group, inbox: inbox, makesPayloads: payloads, capacity: max(1, capacity),
      maximumAge: maximumAge, clock: UpkeepClock(clock), events: continuation)
    self.shelf = shelf
    // Not a child of any share: it outlives the share that wakes it, to serve the next ones.
    // Owned all the same: `close()` awaits it, and dropping the spares ends its stream (the
    // task holds the shelf, not the spares, so that the last pipeline dropped closes it).
    upkeep = Task(executorPreference: IOExecutor.shared) { await shelf.run(events) }
  }

  deinit {
    shelf.close()
  }

  /// Removes every spare and the pending releases, and returns once the work in flight is done:
  /// after it, this pipeline's shares make their own files. Dropping the spares does the same
  /// without waiting.
  package func close() async {
    shelf.close()
    await upkeep.value
  }

  /// Returns once the housekeeping has handled every demand and release sent before the call
  /// (and what a clock's deadline already passed woke it for): what a test awaits before it
  /// looks at the shelf.
  package func settle() async {
    await withCheckedContinuation { continuation in
      if case .terminated = shelf.events.yield(.settled(continuation)) { continuation.resume() }
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
  /// What wakes the housekeeping.
  fileprivate enum Event: Sendable {
    /// A share's demand or release, or the close.
    case wake
    /// The alarm the housekeeping set for this time (since the clock's origin).
    case due(Duration)
    /// A caller of `settle()`, resumed once everything before it was handled.
    case settled(CheckedContinuation<Void, Never>)
  }

  /// The injected clock, as times since the spares were made (so that the shelf needs no
  /// generic parameter).
  fileprivate struct UpkeepClock: Sendable {
    let now: @Sendable () -> Duration
    let sleep: @Sendable (Duration) async throws -> Void

    init<C: Clock<Duration>>(_ clock: C) {
      let origin = clock.now
      now = { origin.duration(to: clock.now) }
      sleep = { time in try await clock.sleep(until: origin.advanced(by: time), tolerance: nil) }
    }
  }

  fileprivate struct Aged<Spare: Sendable>: Sendable {
    var spare: Spare
    /// When it was made, as a time since the clock's origin.
    var made: Duration
  }

  fileprivate struct State: Sendable {
    var payloads: [Aged<Payload>] = []
    var manifests: [Aged<Manifest>] = []
    var sharesStarted = 0
    /// Names in `.staging/` of committed payloads, to remove after a flush of `Incoming/`, and
    /// since when the oldest waits.
    var released: [String] = []
    var releasedSince: Duration?
    /// When a share last took (or looked for) a spare: spares are made only while shares come.
    var lastDemand: Duration?
    /// Whether a wake-up is sent and not yet seen by the housekeeping (one is enough).
    var signalled = false
    var closed = false

    /// Whether half the spares of a kind are gone (each kind counted only when it is made at
    /// all: `payloads`, `manifests`): the point where a batch is made.
    func isLow(capacity: Int, payloads: Bool, manifests: Bool) -> Bool {
      (payloads && self.payloads.count <= capacity / 2)
        || (manifests && self.manifests.count <= capacity / 2)
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

    /// Notes a wake-up as sent, unless one is pending or the spares are closed: true when the
    /// caller must send it.
    mutating func claimSignal() -> Bool {
      guard !signalled, !closed else { return false }
      signalled = true
      return true
    }
  }

  /// The spares and the work that makes them; the work holds this, not the `SpareFiles`, so
  /// that dropping the last pipeline closes it.
  fileprivate final class Shelf: Sendable {
    let group: GroupDirectory
    let inbox: (any InboxWriter)?
    /// Whether payload files are made.
    let makesPayloads: Bool
    let capacity: Int
    let maximumAge: Duration
    let clock: UpkeepClock
    let events: AsyncStream<Event>.Continuation
    let state = Mutex(State())

    init(
      group: GroupDirectory, inbox: (any InboxWriter)?, makesPayloads: Bool, capacity: Int,
      maximumAge: Duration, clock: UpkeepClock, events: AsyncStream<Event>.Continuation
    ) {
      self.group = group
      self.inbox = inbox
      self.makesPayloads = makesPayloads
      self.capacity = capacity
      self.maximumAge = maximumAge
      self.clock = clock
      self.events = events
    }

    /// Runs `body` on the state, notes the demand and, from the second share on, wakes the
    /// work that makes again what was taken: once half the spares of a kind are gone (waking
    /// work costs more than making a file on a fast disk, so it makes several at a time).
    func take<Spare: Sendable>(_ body: @Sendable (inout State) -> Spare?) -> Spare? {
      let (spare, wake) = state.withLock { state -> (Spare?, Bool) in
        let spare = body(&state)
        guard !state.closed, state.sharesStarted >= 2 else { return (spare, false) }
        state.lastDemand = clock.now()
        let wake =
          state.isLow(capacity: capacity, payloads: makesPayloads, manifests: inbox != nil)
          && state.claimSignal()
        return (spare, wake)
      }
      if wake { events.yield(.wake) }
      return spare
    }

    /// Takes `names` for the housekeeping to remove; false when it does not run (not yet, or
    /// no more).
    func release(_ names: [String]) -> Bool {
      let (taken, wake) = state.withLock { state -> (Bool, Bool) in
        guard state.sharesStarted >= 2, !state.closed else { return (false, false) }
        let first = state.released.isEmpty
        state.released += names
        if first { state.releasedSince = clock.now() }
        // Woken once half a batch waits (to remove them now), or by the first (to set the
        // alarm for it).
        return (true, (first || state.released.count >= capacity / 2) && state.claimSignal())
      }
      if wake { events.yield(.wake) }
      return taken
    }

    /// Closes the shelf and ends the stream of events: the housekeeping handles what was sent,
    /// removes every spare and pending release, and ends.
    func close() {
      state.withLock { $0.closed = true }
      events.finish()
    }

    /// The housekeeping, for as long as the stream lasts: a pass for each wake-up, and an
    /// alarm (a child task sleeping on the clock) for the next expiry or release; then the
    /// clean-up.
    func run(_ events: AsyncStream<Event>) async {
      await withDiscardingTaskGroup { alarms in
        var alarm: Duration?
        for await event in events {
          switch event {
          case .settled(let waiter):
            waiter.resume()
            continue
          case .due(let time):
            if alarm == time { alarm = nil }
          case .wake:
            break
          }
          guard let next = await pass() else { continue }
          if let alarm, alarm <= next { continue }
          alarm = next
          alarms.addTask { [clock, events = self.events] in
            guard (try? await clock.sleep(next)) != nil else { return }
            events.yield(.due(next))
          }
        }
        alarms.cancelAll()
      }
      let (spares, released) = state.withLock { $0.takeAll() }
      await removeAll(spares, released: released)
    }

    private enum Step {
      case make(payloads: Int, manifests: Int)
      case rest(until: Duration?)
    }

    /// Removes what expired and what was released, makes a batch when the shelf is low, and
    /// repeats until nothing is left to do; returns when the next expiry or release is due.
    private func pass() async -> Duration? {
      while true {
        var expired: (payloads: [Payload], manifests: [Manifest]) = ([], [])
        var released: [String] = []
        let step = state.withLock { state -> Step in
          state.signalled = false
          if state.closed { return .rest(until: nil) }
          let now = clock.now()
          let limit = now - maximumAge
          expired.payloads = state.payloads.filter { $0.made < limit }.map(\.spare)
          expired.manifests = state.manifests.filter { $0.made < limit }.map(\.spare)
          state.payloads.removeAll { $0.made < limit }
          state.manifests.removeAll { $0.made < limit }
          // Made in batches, from half empty to full: each batch costs a flush of each
          // directory, which the disk serves beside the flushes of the shares in flight.
          let wanted =
            (state.lastDemand.map { $0 >= limit } ?? false)
            && state.isLow(capacity: capacity, payloads: makesPayloads, manifests: inbox != nil)
          // Released names go with a batch of spares, or once half a batch waits, or when the
          // oldest has waited long enough.
          if wanted || state.released.count >= capacity / 2
            || state.releasedSince.map({ now - $0 >= SpareFiles.releaseDelay }) ?? false
          {
            released = state.takeReleased()
          }
          if wanted {
            return .make(
              payloads: makesPayloads ? capacity - state.payloads.count : 0,
              manifests: inbox == nil ? 0 : capacity - state.manifests.count)
          }
          let deadlines =
            (state.payloads.map(\.made) + state.manifests.map(\.made)).map { $0 + maximumAge }
            + (state.releasedSince.map { [$0 + SpareFiles.releaseDelay] } ?? [])
          return .rest(until: deadlines.min())
        }
        await removeAll(expired, released: released)
        switch step {
        case .rest(let until):
          if !expired.payloads.isEmpty || !expired.manifests.isEmpty || !released.isEmpty {
            continue
          }
          return until
        case .make(let payloads, let manifests):
          await make(payloads: payloads, manifests: manifests)
        }
      }
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
        let made = clock.now()
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
