import Foundation

/// What an exploration did: how many operations, units and states, and the violations found.
package struct CrashReport: Sendable, CustomStringConvertible {
  /// One state whose checks failed.
  package struct Violation: Sendable, CustomStringConvertible {
    /// The crash point.
    package var crashPoint: Int
    /// What the state kept and lost.
    package var state: String
    /// What the checks found.
    package var problems: [String]

    package var description: String {
      state + "\n" + problems.map { "  -> \($0)" }.joined(separator: "\n")
    }
  }

  /// The scenario explored.
  package var scenario: String
  /// The model.
  package var model: PersistenceModel
  /// Operations recorded.
  package var operations: Int
  /// Units the model drew from.
  package var units: Int
  /// Crash points (operations + 1).
  package var crashPoints = 0
  /// States the model allows, summed over the crash points (a state two crash points allow
  /// alike counts twice).
  package var allowed = 0.0
  /// Whether every crash point's states were all drawn (none sampled).
  package var isExhaustive = true
  /// States drawn (all, or the sample).
  package var drawn = 0
  /// States run: the distinct ones among those drawn (the same files, database snapshot and
  /// notes are one state, whichever crash point and choices led there).
  package var run = 0
  /// The states whose checks failed.
  package var violations: [Violation] = []
  /// How long it took.
  package var duration: Duration = .zero

  /// A report of nothing yet.
  package init(scenario: String, model: PersistenceModel, operations: Int, units: Int) {
    self.scenario = scenario
    self.model = model
    self.operations = operations
    self.units = units
  }

  /// The states allowed, as a whole number when it is one a `Double` holds exactly.
  package var allowedText: String {
    allowed < 9e15 ? String(Int64(allowed)) : String(format: "%.3g", allowed)
  }

  /// One line of counts.
  package var summary: String {
    let seconds =
      Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return
      "\(scenario), \(model): \(operations) operations recorded, \(units) units,"
      + " \(crashPoints) crash points, \(allowedText) states allowed"
      + " (\(isExhaustive ? "all drawn" : "sampled")), \(drawn) drawn, \(run) distinct run,"
      + " \(violations.count) violations, \(String(format: "%.1f", seconds)) s"
  }

  /// The counts, then each violation.
  package var description: String {
    ([summary] + violations.map(\.description)).joined(separator: "\n")
  }
}
