import CrashStates
import Foundation
import SystemCalls
import TestSupport
import Testing

@Suite("Persistence models: the states each allows, counted by hand")
struct PersistenceModelTests {
  /// Writes `new` (10 bytes) under a root, flushes it, renames it to `done` and flushes the
  /// directory: the smallest atomic replace, recorded.
  static func record(in directory: TemporaryDirectory) throws -> CrashHistory {
    let root = directory.path + "/root"
    try FileSystem.makeDirectory(root)
    let recording = try CrashRecording(root: root)
    let file = try FileDescriptor.open(root + "/new", .writeOnly, options: [.create, .exclusive])
    try file.writeAll(Array("ten bytes!".utf8))
    try file.sync()
    try file.close()
    try FileSystem.rename(root + "/new", to: root + "/done", replacing: false)
    try FileSystem.syncDirectory(root)
    return recording.stop()
  }

  @Test("Create, write, fsync, rename, fsync the directory: 18 states (POSIX), 13 (ext4)")
  func counts() throws {
    let directory = try TemporaryDirectory(prefix: "crash-model")
    defer { directory.remove() }
    let history = try Self.record(in: directory)
    // create, fchmod (of the new file's mode), write, fsync, rename, fsync of the directory.
    #expect(history.operations.count == 6, "\(history.listing)")
    let space = { (model: PersistenceModel) in
      CrashStateSpace(units: try history.units(under: model), model: model)
    }
    let bounds = CrashStateSpace.Bounds(perCrashPoint: 1000)
    // POSIX minimum, by crash point: nothing; the name open (2); the same; the name and the
    // write open (2 x 3: lost, kept, size only); the write durable, the name open (2); the
    // name and the rename open (4); everything durable.
    let posix = try space(.posixMinimum)
    #expect(
      (0...6).map { posix.draw(at: $0, within: bounds).states.count } == [1, 2, 2, 6, 2, 4, 1])
    // ext4: the file's fsync commits the journal (the name with it); the rename is then the
    // only change of names open until the directory's flush.
    let ext4 = try space(.ext4Ordered)
    #expect(
      (0...6).map { ext4.draw(at: $0, within: bounds).states.count } == [1, 2, 2, 4, 1, 2, 1])
  }

  @Test("The atomic replace's states: nothing, `new` empty, whole or zeros, or `done` whole")
  func states() async throws {
    let directory = try TemporaryDirectory(prefix: "crash-model")
    defer { directory.remove() }
    let work = try CrashWorkDirectory()
    defer { work.remove() }
    let history = try Self.record(in: directory)
    for model in PersistenceModel.allCases {
      var seen = Set<String>()
      let report = try await CrashExploration(
        history, model: model, bounds: .init(perCrashPoint: 1000), workDirectory: work.path
      ).run(scenario: "atomic replace") { state in
        let names = try FileManager.default.contentsOfDirectory(atPath: state.root).sorted()
        let described = try names.map { name in
          let bytes = try Data(contentsOf: URL(fileURLWithPath: state.root + "/" + name))
          let zeros = !bytes.isEmpty && bytes.allSatisfy { $0 == 0 }
          return "\(name):\(zeros ? "zeros" : "\(bytes.count)")"
        }
        seen.insert(described.joined(separator: ","))
        // Once the directory's flush returned, `done` holds the ten bytes, whatever the model.
        return state.crashPoint == 6 && described != ["done:10"] ? ["the rename was lost"] : []
      }
      #expect(report.violations.isEmpty, "\(report)")
      // A rename within one directory is kept whole (never both names), and it comes after
      // the file's flush, so `done` is always whole. Under the POSIX minimum the new file's
      // size may reach the disk without its bytes; under ext4 never.
      let expected: Set<String> =
        model == .posixMinimum
        ? ["", "new:0", "new:10", "new:zeros", "done:10"] : ["", "new:0", "new:10", "done:10"]
      #expect(seen == expected)
      #expect(report.run == expected.count)
    }
  }
}
