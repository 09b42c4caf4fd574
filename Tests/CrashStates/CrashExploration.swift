import Foundation
import SystemCalls

/// Explores the crash states of a history under a model: draws them (`CrashStateSpace`),
/// writes out each distinct one in a directory of its own, runs what a restarted program runs
/// on it, and collects what its checks found.
package struct CrashExploration: Sendable {
  /// What a check is given: one crash state, written out.
  package struct State: Sendable {
    /// The state's root: the recording's root as the crash left it.
    package var root: String
    /// The crash point: how many operations had returned.
    package var crashPoint: Int
    /// The notes the program set before the crash (a share reported committed).
    package var notes: [String]
    /// A description of the state, for messages.
    package var summary: String
    /// The snapshot each black box holds, by its path or name: those of files are already
    /// copied into the root; a server's is the check's to restore before it runs.
    package var snapshots: [String: String]

    /// A state at `root` (one built by hand, for a test that keeps a state found failing).
    package init(
      root: String, crashPoint: Int, notes: [String], summary: String,
      snapshots: [String: String] = [:]
    ) {
      self.root = root
      self.crashPoint = crashPoint
      self.notes = notes
      self.summary = summary
      self.snapshots = snapshots
    }
  }

  /// The history explored.
  package let history: CrashHistory
  /// The model states are drawn under.
  package let model: PersistenceModel
  /// How many are drawn.
  package let bounds: CrashStateSpace.Bounds
  /// Where states are written out (each in a directory of its own, removed after its check).
  package let workDirectory: String

  /// An exploration of `history` under `model`.
  package init(
    _ history: CrashHistory, model: PersistenceModel, bounds: CrashStateSpace.Bounds,
    workDirectory: String
  ) {
    self.history = history
    self.model = model
    self.bounds = bounds
    self.workDirectory = workDirectory
  }

  /// Runs `check` on every distinct state drawn; what it returns (or throws) is a violation.
  ///
  /// The exploration writes states out and removes them, which blocks: it runs with the I/O
  /// executor as its preference, and so does `check` (as the package's own async code does).
  ///
  /// - Parameter scenario: The name the report gives.
  package func run(scenario: String, check: (State) async throws -> [String]) async throws
    -> CrashReport
  {
    try await withTaskExecutorPreference(IOExecutor.shared) {
      try await explore(scenario: scenario, check: check)
    }
  }

  private func explore(scenario: String, check: (State) async throws -> [String]) async throws
    -> CrashReport
  {
    let started = ContinuousClock.now
    let units = try history.units(under: model)
    let space = CrashStateSpace(units: units, model: model)
    var report = CrashReport(
      scenario: scenario, model: model, operations: history.operations.count,
      units: units.count)
    var seen = Set<String>()
    for crashPoint in 0...history.operations.count {
      let draw = space.draw(at: crashPoint, within: bounds)
      report.crashPoints += 1
      report.allowed += draw.allowed
      report.isExhaustive = report.isExhaustive && draw.isExhaustive
      report.drawn += draw.states.count
      let boxes = history.blackBoxSnapshots(at: crashPoint)
      let files = history.fileBlackBoxes
      let fileBoxes = boxes.filter { files.contains($0.key) }
      for decisions in draw.states {
        var state = CrashStateFiles(history.initial)
        for (unit, decision) in zip(units, decisions) { state.apply(unit, decision) }
        // The same files are another state when the program had said more before the crash
        // (a share reported committed): the checks depend on it.
        let notes = history.notes(before: crashPoint)
        let key = state.key(blackBoxes: boxes) + "\n" + notes.joined(separator: "\n")
        guard seen.insert(key).inserted else { continue }
        report.run += 1
        let summary = describe(crashPoint, decisions, units)
        let directory = workDirectory + "/state-\(report.run)"
        defer { try? FileSystem.removeTree(directory) }
        var problems: [String]
        do {
          try state.materialise(
            at: directory, image: history.initial, units: units, blackBoxes: fileBoxes)
          problems = try await check(
            State(
              root: directory, crashPoint: crashPoint, notes: notes, summary: summary,
              snapshots: boxes))
        } catch {
          problems = ["the check failed: \(error)"]
        }
        if !problems.isEmpty {
          report.violations.append(
            CrashReport.Violation(crashPoint: crashPoint, state: summary, problems: problems))
        }
      }
    }
    report.duration = ContinuousClock.now - started
    return report
  }

  /// The crash point and what the state did with each unit no flush covered there.
  func describe(_ crashPoint: Int, _ decisions: [CrashUnit.Decision], _ units: [CrashUnit])
    -> String
  {
    let last =
      crashPoint == 0 ? "before the first operation" : "after \(history.operations[crashPoint - 1])"
    var lines = ["crash \(last) (crash point \(crashPoint))"]
    for (unit, decision) in zip(units, decisions)
    where (unit.durableAfter.map { $0 >= crashPoint }) ?? true {
      let how =
        switch decision {
        case .lost: "lost"
        case .kept: "kept"
        case .sizeOnly: "size only"
        }
      let operation = history.operations[unit.operation]
      var what = unit.summary
      if !unit.isMetadata || unit.file != nil,
        let path = operation.paths.first.flatMap({
          FileSystemImage.relative($0, root: history.root)
        })
      {
        what += " (\(path))"
      }
      lines.append("  \(how): \(what) (#\(operation.sequence))")
    }
    return lines.joined(separator: "\n")
  }
}
