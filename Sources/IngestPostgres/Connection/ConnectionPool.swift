import Synchronization

/// Connections to one database, each made when first needed and kept for reuse: an operation
/// takes a slot, uses its connection, and gives it back; a claim keeps its slot (and the
/// transaction open on it) until it is finished or released.
final class ConnectionPool: Sendable {
  /// How many idle connections are kept; more are closed when given back.
  static let maximumIdle = 4

  /// The database.
  let target: DatabaseTarget
  private let idle = Mutex<[ConnectionSlot]>([])

  init(target: DatabaseTarget) {
    self.target = target
  }

  /// A slot of its own for the caller, until it is given back with `checkIn`.
  func checkOut() -> ConnectionSlot {
    idle.withLock { $0.popLast() } ?? ConnectionSlot(target: target)
  }

  /// Gives back a slot taken with `checkOut`.
  func checkIn(_ slot: ConnectionSlot) {
    let kept = idle.withLock { slots -> Bool in
      guard slots.count < Self.maximumIdle else { return false }
      slots.append(slot)
      return true
    }
    if !kept { slot.disconnect() }
  }

  /// Runs `body` on a connection of the pool (see `ConnectionSlot.withConnection`).
  func withConnection<R: Sendable>(
    isIdempotent: Bool = true, _ body: (PGConnection) throws -> R
  ) throws -> R {
    let slot = checkOut()
    defer { checkIn(slot) }
    return try slot.withConnection(isIdempotent: isIdempotent, body)
  }
}
