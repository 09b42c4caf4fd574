import Dispatch
import Foundation
import Synchronization
import SystemCalls

/// One share's files, from staging to the inbox, all or nothing.
///
/// Loaders stage payload files in `.staging/`. `commit` then makes the share durable and
/// visible in this order, so that whatever instant a crash comes, the share is either wholly
/// in the inbox or not there at all:
///
/// 1. the manifest is written (under a name no reader takes, reserved when the share began),
///    then the payload files, the manifest and `.staging/` are flushed at the same time, each
///    on its own thread;
/// 2. the payload files are renamed into `Incoming/` (never replacing anything), so a reader
///    never sees a partial file there;
/// 3. the manifest is renamed into the inbox (never replacing) and the inbox is flushed: the
///    commit point.
///
/// A crash before step 3 leaves only unreferenced files, which the sweeper removes once stale.
/// A power loss that keeps the commit but not the renames of step 2 can leave a committed
/// manifest whose payloads are still in `.staging/`, complete and flushed; every reader of the
/// inbox moves them on (see `DirectoryInbox.recoverPayloads`). `rollback` removes every file
/// the share wrote.
final class ShareTransaction: Sendable {
  private enum Phase {
    case open
    case committed
    case rolledBack
  }

  private struct State {
    var phase = Phase.open
    var payloads: [StagedPayload] = []
  }

  /// The share's id.
  let id: UUID
  let group: GroupDirectory
  private let state = Mutex(State())

  init(id: UUID, group: GroupDirectory) {
    self.id = id
    self.group = group
  }

  /// Creates a new payload file (mode 0600, never reusing or following anything) named
  /// `<UUID>.<fileExtension>`.
  ///
  /// - Throws: `IOError`, or `CancellationError` when the share already ended.
  func stagePayload(fileExtension: String?) throws -> StagedPayload {
    let stem = UUID().uuidString
    let name = fileExtension.map { "\(stem).\($0)" } ?? stem
    let file = try group.staging.open(
      name, .readWrite, options: [.create, .exclusive, .noFollow])
    let payload = StagedPayload(name: name, file: file)
    let accepted = state.withLock { state -> Bool in
      guard state.phase == .open else { return false }
      state.payloads.append(payload)
      return true
    }
    guard accepted else {
      try? file.close()
      try? group.staging.removeFile(name)
      throw CancellationError()
    }
    return payload
  }

  /// Removes a payload that its loader gave up on (the attachment was skipped).
  func discard(_ payload: StagedPayload) {
    state.withLock { state in state.payloads.removeAll { $0.name == payload.name } }
    try? payload.file.close()
    try? group.staging.removeFile(payload.name)
  }

  /// Commits the share with `manifest` (see the type's discussion).
  ///
  /// - Returns: The manifest's path relative to the group directory.
  /// - Throws: The first error; the share is then rolled back, unless the manifest had already
  ///   been renamed into the inbox, in which case it stands committed.
  func commit(_ manifest: ShareManifest, as prepared: any PreparedManifest) throws {
    let payloads = state.withLock { state -> [StagedPayload]? in
      guard state.phase == .open else { return nil }
      return state.payloads
    }
    guard let payloads else { throw CancellationError() }
    do {
      // Everything is written before any flush starts, so that on a journalling file system
      // the flushes, issued at once, find every change in the same transaction and wait for
      // one journal commit (a manifest written while a payload's flush commits would need a
      // second). `.staging/` is flushed for the payloads' entries.
      try prepared.write(manifest)
      try Self.flushTogether(
        payloads.map { payload in { try payload.file.sync() } } + [
          { try prepared.makeDurable() }, { try self.group.staging.sync() },
        ])
      for payload in payloads {
        try payload.file.close()
        try group.staging.rename(
          payload.name, to: payload.name, in: group.incoming, replacing: false)
      }
      try prepared.commit()
    } catch let error as CommittedButNotDurable {
      state.withLock { $0.phase = .committed }
      throw error
    } catch let error as CommitOutcomeUnknown {
      // It may have committed: its files stay (see `CommitOutcomeUnknown`).
      state.withLock { $0.phase = .committed }
      throw error
    } catch {
      prepared.discard()
      rollback()
      throw error
    }
    state.withLock { $0.phase = .committed }
  }

  /// Removes every file the share wrote, in `.staging/` or already in `Incoming/`. Does
  /// nothing once the share committed.
  func rollback() {
    let payloads = state.withLock { state -> [StagedPayload] in
      guard state.phase == .open else { return [] }
      state.phase = .rolledBack
      return state.payloads
    }
    for payload in payloads {
      try? payload.file.close()
      try? group.staging.removeFile(payload.name)
      try? group.incoming.removeFile(payload.name)
    }
  }

  /// Runs the flushes at the same time, each on its own thread (so the file system can write
  /// them in one journal commit; `concurrentPerform` would run so few on one thread), and
  /// throws the first failure.
  static func flushTogether(_ flushes: [@Sendable () throws -> Void]) throws {
    guard let last = flushes.last else { return }
    let failure = FirstFailure()
    let group = DispatchGroup()
    for flush in flushes.dropLast() {
      flushQueue.async(group: group) {
        do { try flush() } catch { failure.record(error) }
      }
    }
    do { try last() } catch { failure.record(error) }
    group.wait()
    if let error = failure.error { throw error }
  }

  /// Where flushes run beside the calling thread.
  private static let flushQueue = DispatchQueue(
    label: "Ingest.ShareTransaction.flush", qos: .userInitiated, attributes: .concurrent)
}

/// The first error of several concurrent calls.
private final class FirstFailure: Sendable {
  private let storage = Mutex<(any Error)?>(nil)

  func record(_ error: any Error) {
    storage.withLock { if $0 == nil { $0 = error } }
  }

  var error: (any Error)? { storage.withLock { $0 } }
}
