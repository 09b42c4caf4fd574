import Synchronization

/// The connections the daemon holds, by socket, and what each is doing: waiting for a
/// request's head (since when), in a request, or held by the server (suspended while a share is
/// committed or an upload slot awaited).
///
/// It is what libmicrohttpd 0.9 lacks for serving the open internet: its idle timer restarts
/// at every byte, so a client sending a header byte every few seconds holds a connection
/// forever, and once the connection limit is reached the others wait in the kernel's queue.
/// Here a connection must send a whole request head within `headerTimeLimit` of its start (or
/// of its previous request's end, for a kept-alive one), and when every connection is taken,
/// the one waiting longest for its head makes room for the newcomer. A connection is cut off
/// by shutting its socket down (`cmicrohttpd_cut`); the daemon's next turn reads its end and
/// closes it, as if the client had gone.
///
/// Used on the loop's thread only (MHD's callbacks and the loop between its turns); the mutex
/// makes that checkable.
final class ConnectionTable: Sendable {
  struct Entry: Sendable {
    /// When it began waiting for a request's head.
    var since: ContinuousClock.Instant
    /// Whether it waits for a request's head (a new or kept-alive connection).
    var awaitsHead = true
    /// Whether the server holds it (suspended): never cut, whatever its age.
    var isHeld = false
    /// Whether it was cut off already (its close not yet seen).
    var isCut = false
  }

  /// What a sweep or an admission cut off, for the log.
  struct Cuts: Sendable, Equatable {
    /// Connections with no whole request head within the time limit.
    var overdue = 0
    /// Connections waiting for a head, cut to make room for a new one at the connection limit.
    var evicted = 0

    var isEmpty: Bool { overdue == 0 && evicted == 0 }
  }

  private struct State: Sendable {
    var entries: [Int32: Entry] = [:]
    var pending = Cuts()
    var lastSweep: ContinuousClock.Instant?
  }

  /// The most connections the daemon holds (its `MHD_OPTION_CONNECTION_LIMIT`).
  let limit: Int
  /// How long a connection may take to send a whole request head.
  let headerTimeLimit: Duration
  private let state = Mutex(State())
  private let cut: @Sendable (Int32) -> Void
  private let room: @Sendable () -> Void

  /// A table for a daemon holding at most `limit` connections; `cut` shuts a socket down, and
  /// `room` wakes the loop when a connection closes at the limit.
  init(
    limit: Int, headerTimeLimit: Duration, cut: @escaping @Sendable (Int32) -> Void,
    room: @escaping @Sendable () -> Void
  ) {
    self.limit = max(1, limit)
    self.headerTimeLimit = headerTimeLimit
    self.cut = cut
    self.room = room
  }

  /// A connection was accepted. At the limit, the connection waiting longest for its head
  /// (not this one, not one the server holds) is cut off, so that the next one can be
  /// accepted: slow or idle clients cannot keep the others out.
  func opened(_ socket: Int32, at now: ContinuousClock.Instant = .now) {
    let victim = state.withLock { state -> Int32? in
      state.entries[socket] = Entry(since: now)
      guard state.entries.count >= limit else { return nil }
      var oldest: (socket: Int32, since: ContinuousClock.Instant)?
      for (other, entry) in state.entries
      where other != socket && entry.awaitsHead && !entry.isHeld && !entry.isCut {
        if oldest.map({ entry.since < $0.since }) ?? true { oldest = (other, entry.since) }
      }
      guard let oldest else { return nil }
      state.entries[oldest.socket]?.isCut = true
      state.pending.evicted += 1
      return oldest.socket
    }
    if let victim { cut(victim) }
  }

  /// A request's head has arrived whole on `socket`.
  func headArrived(_ socket: Int32) {
    state.withLock { $0.entries[socket]?.awaitsHead = false }
  }

  /// A request on `socket` is over: a kept-alive connection waits for its next head from now.
  func requestEnded(_ socket: Int32, at now: ContinuousClock.Instant = .now) {
    state.withLock { state in
      state.entries[socket]?.awaitsHead = true
      state.entries[socket]?.since = now
    }
  }

  /// Whether the server holds `socket` (suspended), so that no sweep cuts it.
  func setHeld(_ socket: Int32, _ isHeld: Bool) {
    state.withLock { $0.entries[socket]?.isHeld = isHeld }
  }

  /// The connection closed. At the limit, MHD took its listening socket out of its wait and
  /// puts it back at its next turn, which nothing else may wake soon: `room` asks for that turn
  /// now, so that the next connection in the kernel's queue is accepted at once.
  func closed(_ socket: Int32) {
    let wasFull = state.withLock { state in
      defer { state.entries.removeValue(forKey: socket) }
      return state.entries.count >= limit
    }
    if wasFull { room() }
  }

  /// The connections open.
  var count: Int { state.withLock { $0.entries.count } }

  /// Cuts off every connection that has waited longer than the time limit for a request's
  /// head (at most every quarter of a second: a sweep looks at every connection); returns what
  /// was cut since the last call, evictions included.
  func sweep(at now: ContinuousClock.Instant = .now) -> Cuts {
    let (sockets, cuts) = state.withLock { state -> ([Int32], Cuts) in
      var sockets: [Int32] = []
      if state.lastSweep.map({ now - $0 >= .milliseconds(250) }) ?? true {
        state.lastSweep = now
        for (socket, entry) in state.entries
        where entry.awaitsHead && !entry.isHeld && !entry.isCut
          && now - entry.since > headerTimeLimit
        {
          sockets.append(socket)
          state.entries[socket]?.isCut = true
        }
        state.pending.overdue += sockets.count
      }
      defer { state.pending = Cuts() }
      return (sockets, state.pending)
    }
    for socket in sockets { cut(socket) }
    return cuts
  }

  /// Cuts off every connection the server does not hold (for a stop past its time limit);
  /// returns how many.
  func cutUnheld() -> Int {
    let sockets = state.withLock { state -> [Int32] in
      let sockets = state.entries.filter { !$0.value.isHeld && !$0.value.isCut }.map(\.key)
      for socket in sockets { state.entries[socket]?.isCut = true }
      return sockets
    }
    for socket in sockets { cut(socket) }
    return sockets.count
  }
}
