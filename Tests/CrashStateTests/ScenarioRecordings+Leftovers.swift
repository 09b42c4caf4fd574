import CrashStates
import Foundation
import Importer
import InboxReading
import Ingest
import ItemProvider
import SystemCalls
import TestSupport

/// The recordings of the full exploration beyond one share and one import: a keep-partial
/// share, an import of a group of shares, a sweep of what crashes left, and recovery.
extension ScenarioRecordings {
  /// Records a share that keeps what loaded: a file, a data representation (written from
  /// memory), and a file whose source fails (its payload, made before the load, is discarded).
  static func recordKeepPartialShare(root: String, sources directory: String) async throws
    -> CrashScenario
  {
    let files = try sources([1000, 30_000, 500], in: directory, seed: 11)
    let failing = ScriptedSource(
      file: files[2], behavior: .fail(NSError(domain: "Source", code: 5)))
    let providers = [
      provider(files[0]),
      ScriptedSource(file: files[1], behavior: .deliver).dataProvider(
        typeIdentifier: "public.jpeg"),
      failing.fileProvider(typeIdentifier: "public.jpeg"),
    ]
    let scenario = try await recordShare(
      "a keep-partial share", providers: providers, root: root, keepsPartial: true)
    guard scenario.written.values.first?.items.count == 2 else {
      throw ScenarioError("the keep-partial share should have kept two of its three attachments")
    }
    return scenario
  }

  /// The shares of the group import: five shares of one or two files, one of 4 MiB.
  static func groupSizes() -> [[Int]] {
    [[1000], [2000, 3000], [50_000], [4 << 20], [700, 800]]
  }

  /// Leaves in `group` what crashes leave: a committed share (`whole`); one whose payloads
  /// kept their second names in `.staging/` (`twins`: its process ended before that flush);
  /// one whose payloads are only in `.staging/` (`staged`: a power loss kept its commit but
  /// not its links into `Incoming/`); a share that died before its commit (its payloads in
  /// `.staging/` and `Incoming/`, its reservation in `Inbox/`); and an empty spare in
  /// `.staging/`. Returns the three committed shares' ids.
  static func makeLeftovers(_ group: GroupDirectory, sources directory: String) async throws
    -> (whole: UUID, twins: UUID, staged: UUID)
  {
    let files = try sources([1500, 20_000, 2500, 900, 4000, 600], in: directory, seed: 21)
    let whole = try await share([provider(files[0])], into: group)
    let staging = group.absolutePath(GroupDirectory.stagingName)
    let keepTwins = FaultInjector.shared.inject(
      .ioError, into: .unlink, under: staging, times: .max)
    let twins = try await share([provider(files[1]), provider(files[2])], into: group)
    let staged = try await share([provider(files[3])], into: group)
    FaultInjector.shared.remove(keepTwins)
    let stagedManifest = try await requireManifest(staged, in: group)
    for item in stagedManifest.items {
      if let name = item.fileName { try group.incoming.removeFile(name) }
    }
    // A share that dies before its commit: its commit's rename fails, and so does every removal
    // its rollback tries.
    let faults = [
      FaultInjector.shared.inject(
        .ioError, into: .rename, under: group.absolutePath(GroupDirectory.inboxName), times: .max),
      FaultInjector.shared.inject(.ioError, into: .unlink, under: group.path, times: .max),
    ]
    _ = try? await share([provider(files[4]), provider(files[5])], into: group)
    for fault in faults { FaultInjector.shared.remove(fault) }
    _ = try group.makeInFlightFile(in: group.staging, .readWrite) { UUID().uuidString }.file.close()
    return (whole, twins, staged)
  }

  /// Records a sweep of the leftovers `makeLeftovers` makes.
  static func recordSweep(root: String, sources directory: String) async throws -> CrashScenario {
    let group = try makeRoot(root)
    let shares = try await makeLeftovers(group, sources: directory)
    let written = try CrashScenario.manifests(root: root)
    let recording = try CrashRecording(root: root)
    _ = try await InboxSweeper(group: group).sweep(
      olderThan: .zero, now: Date().addingTimeInterval(60))
    return CrashScenario(
      name: "a sweep of what crashes left", history: recording.stop(), written: written,
      initiallyCommitted: [shares.whole, shares.twins, shares.staged])
  }

  /// Records what recovers a committed share whose payloads are only in `.staging/`, and one
  /// whose payloads kept their second names there: an import (`importing`), or a sweep.
  static func recordRecovery(
    importing: Bool, root: String, snapshots: String, sources directory: String
  ) async throws -> CrashScenario {
    let group = try makeRoot(root)
    let staging = group.absolutePath(GroupDirectory.stagingName)
    let files = try sources([1200, 40_000, 3000], in: directory, seed: 31)
    let keepTwins = FaultInjector.shared.inject(
      .ioError, into: .unlink, under: staging, times: .max)
    let twins = try await share([provider(files[0])], into: group)
    let staged = try await share([provider(files[1]), provider(files[2])], into: group)
    FaultInjector.shared.remove(keepTwins)
    for item in try await requireManifest(staged, in: group).items {
      if let name = item.fileName { try group.incoming.removeFile(name) }
    }
    let written = try CrashScenario.manifests(root: root)
    let name = importing ? "recovery by an import" : "recovery by a sweep"
    guard importing else {
      let recording = try CrashRecording(root: root)
      _ = try await InboxSweeper(group: group).sweep(
        olderThan: .zero, now: Date().addingTimeInterval(60))
      return CrashScenario(
        name: name, history: recording.stop(), written: written,
        initiallyCommitted: [twins, staged])
    }
    return try await recordImportPass(
      name, group: group, root: root, snapshots: snapshots, written: written,
      committed: [twins, staged])
  }
}

/// The manifest of `id` in `group`'s inbox, or a scenario error.
private func requireManifest(_ id: UUID, in group: GroupDirectory) async throws
  -> ShareManifest
{
  guard let manifest = try await DirectoryInbox(group: group).manifest(id) else {
    throw ScenarioError("share \(id) is not in the inbox")
  }
  return manifest
}
