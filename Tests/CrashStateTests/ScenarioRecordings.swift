import CrashStates
import Foundation
import Importer
import InboxReading
import Ingest
import ItemProvider
import SystemCalls
import TestSupport

/// The runs whose crash states are explored, each recorded from a settled group directory (and
/// library) under a root of its own in `directory`.
enum ScenarioRecordings {
  /// Source files of `sizes` bytes (seeded random bytes that start like a JPEG), in `directory`.
  static func sources(_ sizes: [Int], in directory: String, seed: UInt64 = 0x5EED) throws
    -> [URL]
  {
    var generator = SplitMix64(seed: seed)
    return try sizes.enumerated().map { index, size in
      var bytes = [UInt8](repeating: 0, count: size)
      for offset in stride(from: 0, to: size, by: 8) {
        withUnsafeBytes(of: generator.next()) { word in
          for (step, byte) in word.enumerated() where offset + step < size {
            bytes[offset + step] = byte
          }
        }
      }
      bytes.replaceSubrange(0..<min(4, size), with: [0xFF, 0xD8, 0xFF, 0xE0].prefix(size))
      let url = URL(fileURLWithPath: directory + "/source-\(seed)-\(index).jpg")
      try Data(bytes).write(to: url)
      return url
    }
  }

  /// A provider offering `url` as a JPEG file.
  static func provider(_ url: URL) -> NSItemProvider {
    let provider = NSItemProvider()
    provider.registerFileRepresentation(forTypeIdentifier: "public.jpeg", visibility: .all) {
      completion in
      completion(url, false, nil)
      return nil
    }
    provider.suggestedName = url.lastPathComponent
    return provider
  }

  /// Makes `root` with a group directory in it (and its three directories).
  static func makeRoot(_ root: String) throws -> GroupDirectory {
    try FileSystem.makeDirectories(root)
    return try GroupDirectory(path: CrashLayout(root: root).group)
  }

  /// Shares `providers` once through a pipeline of its own (which makes no spares) and
  /// returns the share's id; throws unless it committed.
  static func share(
    _ providers: [NSItemProvider], into group: GroupDirectory, keepsPartial: Bool = false,
    inbox: (any InboxStore)? = nil
  ) async throws -> UUID {
    let pipeline = SharePipeline(
      group: group, inbox: inbox,
      options: .init(keepsPartialShares: keepsPartial))
    let item = NSExtensionItem()
    item.attachments = providers
    let outcome = await pipeline.share([item])
    guard outcome.isCommitted else {
      throw ScenarioError("the share did not commit: \(String(describing: outcome.error))")
    }
    return outcome.shareID
  }

  /// Records one share of `providers` into a fresh group under `root`.
  static func recordShare(
    _ name: String, providers: [NSItemProvider], root: String, keepsPartial: Bool = false
  ) async throws -> CrashScenario {
    let group = try makeRoot(root)
    let recording = try CrashRecording(root: root)
    let id = try await share(providers, into: group, keepsPartial: keepsPartial)
    recording.note(CrashLayout.committedNote(id))
    let history = recording.stop()
    return CrashScenario(
      name: name, history: history, written: try CrashScenario.manifests(root: root))
  }

  /// Records a first share into a group directory that does not exist yet: the share makes
  /// the group's directories too.
  static func recordFirstShare(
    _ name: String, providers: [NSItemProvider], root: String
  ) async throws -> CrashScenario {
    try FileSystem.makeDirectories(root)
    let recording = try CrashRecording(root: root)
    let group = try GroupDirectory(path: CrashLayout(root: root).group)
    let id = try await share(providers, into: group)
    recording.note(CrashLayout.committedNote(id))
    let history = recording.stop()
    return CrashScenario(
      name: name, history: history, written: try CrashScenario.manifests(root: root))
  }

  /// Commits `shares` shares (each of `providers(index)`) into a fresh group under `root`,
  /// makes an empty library beside it, then records one import pass of them all.
  static func recordImport(
    _ name: String, shares: Int, root: String, snapshots: String,
    providers: (Int) throws -> [NSItemProvider]
  ) async throws -> CrashScenario {
    let group = try makeRoot(root)
    var committed = Set<UUID>()
    for index in 0..<shares {
      committed.insert(try await share(try providers(index), into: group))
    }
    return try await recordImportPass(
      name, group: group, root: root, snapshots: snapshots,
      written: try CrashScenario.manifests(root: root), committed: committed)
  }

  /// Makes an empty library beside `group` under `root` and records one import pass of the
  /// `committed` shares (whose manifests are `written`); the library's snapshots go into
  /// `snapshots`.
  static func recordImportPass(
    _ name: String, group: GroupDirectory, root: String, snapshots: String,
    written: [UUID: ShareManifest], committed: Set<UUID>
  ) async throws -> CrashScenario {
    let library = try Library(path: CrashLayout(root: root).library)
    try FileSystem.makeDirectories(snapshots)
    let initial = snapshots + "/initial.sqlite"
    try await RecordingLibrary.snapshot(library, to: initial)
    let recording = try CrashRecording(root: root, blackBoxes: [CrashLayout.libraryName: initial])
    let recorded = RecordingLibrary(library, recording: recording, snapshots: snapshots)
    let pass = try await LibraryImporter(library: recorded, inbox: DirectoryInbox(group: group))
      .importPending()
    let history = recording.stop()
    guard Set(pass.imported) == committed, pass.errors.isEmpty else {
      throw ScenarioError("the recorded import did not import every share: \(pass.errors)")
    }
    return CrashScenario(
      name: name, history: history, written: written, initiallyCommitted: committed)
  }
}

/// A scenario that could not be recorded as meant.
struct ScenarioError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
