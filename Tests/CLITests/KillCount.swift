import Foundation
import SystemCalls

/// Counts kills until there are enough: a process that finishes before its kill does not
/// count, so the tests run rounds until `wanted` processes were killed (at most four times as
/// many rounds, which only a machine far slower than when the delays were measured reaches).
///
/// The delays were measured once; on a loaded machine the runs drift, so each delay is scaled
/// down while processes finish before their kill, and back up as kills land.
struct KillCount {
  /// How many kills the test wants.
  let wanted: Int
  /// Processes killed so far.
  private(set) var killed = 0
  /// Processes run so far.
  private(set) var runs = 0
  private var scale = 1.0

  init(wanted: Int) {
    self.wanted = wanted
  }

  /// Whether another round is due.
  var wantsMore: Bool { killed < wanted && runs < wanted * 4 }

  /// Processes that finished before their kill.
  var finished: Int { runs - killed }

  /// Starts a process with `start`, kills it with SIGKILL after `delay` microseconds (scaled)
  /// if it still runs, and counts whether the kill ended it.
  mutating func run(_ start: () throws -> ChildProcess, killingAfter delay: Int64) throws {
    runs += 1
    if try Self.run(start, killingAfter: Int64(Double(delay) * scale)) {
      killed += 1
      scale = min(1, scale * 1.1)
    } else {
      scale *= 0.7
    }
  }

  /// Starts a process with `start`, kills it with SIGKILL after `delay` microseconds if it
  /// still runs, and says whether the kill ended it (not its own finish).
  private static func run(_ start: () throws -> ChildProcess, killingAfter delay: Int64) throws
    -> Bool
  {
    let process = try start()
    usleep(UInt32(max(0, delay)))
    // A child that has ended but is not yet reaped takes the signal without effect.
    try process.send(SIGKILL)
    return process.wait().signal != nil
  }
}
