import Foundation
import Synchronization
import SystemCalls

/// A recording of what a program does under a root directory, from a settled start, with the
/// snapshots of the databases inside it: what `CrashExploration` draws crash states from.
///
/// ```swift
/// let recording = try CrashRecording(root: root, blackBoxes: ["library.sqlite": snapshot])
/// try importer.importPending()         // the library notes each commit's snapshot
/// let history = recording.stop()
/// ```
package final class CrashRecording: Sendable {
  private struct State {
    var boxes: [CrashHistory.BlackBox]
    /// The note that marks each black-box commit, with the box and the snapshot.
    var commits: [String: (box: Int, snapshot: String)] = [:]
    var history: CrashHistory?
  }

  /// The root recorded (absolute, without a trailing slash).
  package let root: String
  private let recording: OperationRecorder.Recording
  private let initial: FileSystemImage
  private let state: Mutex<State>

  /// Takes the image of everything under `root` (except the black boxes' files) and starts
  /// recording.
  ///
  /// - Parameters:
  ///   - blackBoxes: The databases under the root, by relative path, each with a snapshot of
  ///     it now (their `-wal`, `-shm` and `-journal` files are left out too).
  ///   - servers: The databases outside it (a PostgreSQL server), by a name, each with a
  ///     snapshot of it now.
  package init(
    root: String, blackBoxes: [String: String] = [:], servers: [String: String] = [:]
  ) throws {
    self.root = root
    let excluded = Set(blackBoxes.keys.flatMap { [$0, $0 + "-wal", $0 + "-shm", $0 + "-journal"] })
    initial = try FileSystemImage.capture(root: root, excluding: excluded)
    let files = blackBoxes.sorted { $0.key < $1.key }.map {
      CrashHistory.BlackBox(path: $0.key, initial: $0.value)
    }
    let outside = servers.sorted { $0.key < $1.key }.map {
      CrashHistory.BlackBox(path: $0.key, isFile: false, initial: $0.value)
    }
    state = Mutex(State(boxes: files + outside))
    recording = OperationRecorder.shared.start(under: root)
  }

  deinit {
    _ = OperationRecorder.shared.stop(recording)
  }

  /// Adds a mark in its place among the operations (a share reported committed).
  package func note(_ text: String) {
    OperationRecorder.shared.note(text, in: recording)
  }

  /// Marks a commit of the black box at `path` (or named `path`) that just returned: from here
  /// on, a crash finds it holding `snapshot` (a copy of it now).
  package func commit(blackBox path: String, snapshot: String) {
    let text = state.withLock { state -> String? in
      guard let box = state.boxes.firstIndex(where: { $0.path == path }) else { return nil }
      let text = "black box \(path) commit \(state.commits.count)"
      state.commits[text] = (box, snapshot)
      return text
    }
    if let text { note(text) }
  }

  /// Stops recording (once) and returns the history.
  package func stop() -> CrashHistory {
    let operations = OperationRecorder.shared.stop(recording)
    return state.withLock { state in
      if let history = state.history { return history }
      var boxes = state.boxes
      for (index, operation) in operations.enumerated() {
        guard case .note(let text) = operation.kind, let commit = state.commits[text] else {
          continue
        }
        boxes[commit.box].commits.append((index, commit.snapshot))
      }
      let history = CrashHistory(
        operations: operations, root: root, initial: initial, blackBoxes: boxes)
      state.history = history
      return history
    }
  }
}
