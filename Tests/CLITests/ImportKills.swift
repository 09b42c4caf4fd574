import Foundation
import SystemCalls
import TestSupport

/// Where to kill an importer so that kills land anywhere in its run: measured once, with real
/// processes, how long an import takes with nothing to do (start-up: opening and migrating the
/// library) and per share, then drawn per kill. Shared by the kill tests of both libraries.
struct ImportKills {
  /// Microseconds an import takes with nothing to do.
  let startup: Int64
  /// Microseconds an import takes per share, at least half a millisecond.
  let perShare: Int64

  /// Measures: one import to create the library, the faster of two empty ones, then one of
  /// four shares made by `share`; `importer` starts an import.
  init(importer: () throws -> ChildProcess, share: () throws -> Void) throws {
    _ = try Self.time(importer)
    startup = min(try Self.time(importer), try Self.time(importer))
    for _ in 0..<4 { try share() }
    perShare = max((try Self.time(importer) - startup) / 4, 500)
  }

  /// A delay before the kill: a quarter anywhere in the start-up, the rest anywhere in the
  /// work on the `pending` shares (and a tenth beyond).
  func delay(pending: Int, using generator: inout SplitMix64) -> Int64 {
    let work = perShare * Int64(pending + 1)
    return Int64.random(in: 0..<4, using: &generator) == 0
      ? Int64.random(in: 0...startup, using: &generator)
      : startup + Int64.random(in: 0...(work * 11 / 10), using: &generator)
  }

  /// Microseconds a process `start` starts takes to run to its end.
  static func time(_ start: () throws -> ChildProcess) throws -> Int64 {
    let started = ContinuousClock.now
    _ = try start().wait()
    let elapsed = ContinuousClock.now - started
    return elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds
      / 1_000_000_000_000
  }
}
