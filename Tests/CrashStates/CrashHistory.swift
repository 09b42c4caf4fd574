import SystemCalls

/// A recording made ready for crash states: the operations, the image they started from, the
/// database snapshots taken at each commit, and the units each persistence model draws from.
package struct CrashHistory: Sendable {
  /// A database the recorder cannot see into (a SQLite file, which writes through its own
  /// calls; a PostgreSQL server): at each crash point it holds the snapshot of its last commit
  /// that returned, as a black box committed or not at each of its commits.
  package struct BlackBox: Sendable {
    /// Its path relative to the root, for a file; its name, for a server.
    package var path: String
    /// Whether it is a file under the root, which a state holds a copy of its snapshot as; a
    /// server's snapshot is restored by the check (`CrashExploration.State.snapshots`).
    package var isFile = true
    /// A copy of it as the recording began.
    package var initial: String
    /// Copies taken as each commit returned, with the index of the note that marks it.
    package var commits: [(operation: Int, snapshot: String)] = []
  }

  /// What the program did, in order.
  package let operations: [RecordedOperation]
  /// The recording's root (absolute, without a trailing slash).
  package let root: String
  /// The files as the recording began.
  package let initial: FileSystemImage
  /// The databases inside the root.
  package let blackBoxes: [BlackBox]

  /// A history of `operations` made under `root`, starting from `initial`.
  package init(
    operations: [RecordedOperation], root: String, initial: FileSystemImage,
    blackBoxes: [BlackBox] = []
  ) {
    self.operations = operations
    self.root = root
    self.initial = initial
    self.blackBoxes = blackBoxes
  }

  /// The notes the program set before the crash point `crashPoint` (after the operations
  /// before it returned).
  package func notes(before crashPoint: Int) -> [String] {
    operations[..<crashPoint].compactMap { operation in
      if case .note(let text) = operation.kind { return text }
      return nil
    }
  }

  /// The snapshot each black box holds at `crashPoint`, by its relative path (or name).
  package func blackBoxSnapshots(at crashPoint: Int) -> [String: String] {
    var snapshots: [String: String] = [:]
    for box in blackBoxes {
      snapshots[box.path] = box.commits.last { $0.operation < crashPoint }?.snapshot ?? box.initial
    }
    return snapshots
  }

  /// The relative paths of the black boxes that are files under the root.
  package var fileBlackBoxes: Set<String> {
    Set(blackBoxes.filter(\.isFile).map(\.path))
  }

  /// The same history with the operations `drop` rejects left out: a broken variant of the
  /// protocol (a flush never made), for proving that the checks can fail.
  package func without(_ drop: (RecordedOperation) -> Bool) -> CrashHistory {
    let kept = operations.filter { !drop($0) }
    var boxes = blackBoxes
    for index in boxes.indices {
      boxes[index].commits = boxes[index].commits.compactMap { commit in
        let sequence = operations[commit.operation].sequence
        guard let position = kept.firstIndex(where: { $0.sequence == sequence }) else {
          return nil
        }
        return (position, commit.snapshot)
      }
    }
    return CrashHistory(operations: kept, root: root, initial: initial, blackBoxes: boxes)
  }

  /// The units `model` draws states from, in the order their operations returned, each with
  /// the operation after which it is durable.
  package func units(under model: PersistenceModel) throws(CrashHistoryError) -> [CrashUnit] {
    var builder = CrashUnitBuilder(root: root, image: initial, model: model)
    for (index, operation) in operations.enumerated() {
      try builder.add(operation, at: index)
    }
    builder.markDurability()
    return builder.units
  }
}

/// A recording the crash states cannot be drawn from.
package struct CrashHistoryError: Error, Sendable, CustomStringConvertible {
  /// The operation.
  package var operation: String
  /// What is wrong with it.
  package var problem: String

  package var description: String { "cannot replay \(operation): \(problem)" }
}
