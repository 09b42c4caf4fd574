import Foundation
import Synchronization
import SystemCalls

/// One share's files, from staging to the inbox, all or nothing.
///
/// Loaders stage payload files in `.staging/` (files the pipeline made ahead, or new ones) and
/// start each one's flush as soon as its copy is done, on the loader's own worker. `commit` then
/// makes the share durable and visible in this order, so that whatever instant a crash comes,
/// the share is either wholly in the inbox or not there at all:
///
/// 1. the manifest is written (under a name no reader takes, reserved when the share began) and
///    flushed while the payloads' flushes run; the commit waits for those (and flushes itself
///    any payload whose loader did not), and for `.staging/` wherever a payload's entry there
///    is new;
/// 2. each payload file is published in `Incoming/` under its final name by a hard link (never
///    replacing anything), so a reader never sees a partial file there, and it keeps its
///    durable name in `.staging/`;
/// 3. the manifest is renamed into the inbox (never replacing) and the inbox is flushed: the
///    commit point;
/// 4. once `Incoming/` is flushed, the payloads' names in `.staging/` are removed: by the
///    pipeline's housekeeping thread, one flush for many shares, or at once for a share with
///    none (see `SpareFiles.release`).
///
/// Until step 4 every payload of a committed share has a name on disk whichever directory's
/// change reaches the disk first (a rename could lose its old name before its new one on a file
/// system without a journal), and `Incoming/` costs the share no flush of its own. Where the
/// file system has no hard links, and where flushes are measured to cost next to nothing (a
/// RAM file system, see `FlushCost`: there a flush of `Incoming/` costs less than a link, its
/// later unlink and the housekeeping's pass), step 2 renames instead and flushes `Incoming/`
/// before the commit point: a crash before that flush can lose a renamed payload's names
/// (the old one gone, the new one not yet durable), but then the share is not committed and
/// nothing refers to it; after it, the name in `Incoming/` is durable before the manifest is
/// in the inbox.
///
/// A crash before step 3 leaves only unreferenced files, which the sweeper removes once stale.
/// A crash after it leaves, at worst, a committed manifest whose payloads are in `.staging/`
/// (complete and flushed), or in both directories; every reader of the inbox moves the first
/// on (see `DirectoryInbox.recoverPayloads`), and the sweeper removes the second's staging
/// names. `rollback` removes every file the share wrote.
final class ShareTransaction: Sendable {
  private enum Phase {
    case open
    case committed
    case rolledBack
  }

  private struct State {
    var phase = Phase.open
    var payloads: [StagedPayload] = []
    /// Payload files made ahead, taken before making new ones; let go when the share ends, so
    /// that a loader's thread still finishing never keeps the pipeline's housekeeping alive.
    var spares: SpareFiles?
  }

  /// The share's id.
  let id: UUID
  let group: GroupDirectory
  private let state: Mutex<State>

  init(id: UUID, group: GroupDirectory, spares: SpareFiles? = nil) {
    self.id = id
    self.group = group
    self.state = Mutex(State(spares: spares))
  }

  /// A new payload file (mode 0600, never reusing or following anything) named
  /// `<UUID>.<fileExtension>`: one made ahead when the pipeline has one, else made now.
  ///
  /// - Throws: `IOError`, or `CancellationError` when the share already ended.
  func stagePayload(fileExtension: String?) throws -> StagedPayload {
    let payload = try takeSpare(fileExtension: fileExtension) ?? makePayload(fileExtension)
    let accepted = state.withLock { state -> Bool in
      guard state.phase == .open else { return false }
      state.payloads.append(payload)
      return true
    }
    guard accepted else {
      try? group.staging.removeFile(payload.stagedName)
      try? payload.file.close()
      throw CancellationError()
    }
    return payload
  }

  /// Takes `received` as a payload of this share (see `ReceivedFile`): its descriptor, with its
  /// in-flight lock, becomes the payload's, and its name in `.staging/` becomes
  /// `<UUID>.<fileExtension>` (renamed, never replacing), as a payload made here is named;
  /// nothing is copied. Nil when another load took it first.
  ///
  /// The name must still hold the very file written (the same inode, one name, the size
  /// written), before and after the rename; else the share fails rather than take a file that
  /// is not the one hashed. Once renamed, the payload is the share's: a rollback removes it.
  ///
  /// - Throws: `IOError`, or `CancellationError` when the share already ended.
  func adoptPayload(_ received: ReceivedFile, fileExtension: String?) throws -> StagedPayload? {
    guard let file = received.adopt() else { return nil }
    let stem = RandomUUID.make().uuidString
    let name = fileExtension.map { "\(stem).\($0)" } ?? stem
    do {
      let status = try file.status()
      try checkSameFile(status, named: received.name, size: received.byteCount)
      try group.staging.rename(received.name, to: name, replacing: false)
    } catch {
      try? file.close()
      throw error
    }
    let payload = StagedPayload(name: name, stagedName: name, file: file, isEntryDurable: false)
    let accepted = state.withLock { state -> Bool in
      guard state.phase == .open else { return false }
      state.payloads.append(payload)
      return true
    }
    guard accepted else {
      try? group.staging.removeFile(name)
      try? file.close()
      throw CancellationError()
    }
    // Renamed by name: proven to be the same file again under its new one (a rollback removes
    // it either way).
    try checkSameFile(try file.status(), named: name, size: received.byteCount)
    return payload
  }

  /// Throws unless `name` in `.staging/` is the file `status` describes, a regular file with
  /// one name and `size` bytes.
  private func checkSameFile(_ status: FileStatus, named name: String, size: Int64) throws(IOError)
  {
    let path = group.staging.path(of: name)
    guard status.kind == .regularFile else {
      throw IOError(.notRegularFile, operation: .adopt, path: path, fileKind: status.kind)
    }
    guard status.linkCount == 1 else {
      throw IOError(
        .hardLink, operation: .adopt, path: path,
        cause: FileDescriptor.LinkCount(count: status.linkCount))
    }
    guard status.size == size else {
      throw IOError(
        .other, operation: .adopt, path: path,
        cause: ReceivedFileChanged(expected: size, found: status.size))
    }
    let named = try group.staging.status(of: name)
    guard let named, named.device == status.device, named.inode == status.inode else {
      throw IOError(
        .notFound, operation: .adopt, path: path, cause: ReceivedFileChanged(expected: nil))
    }
  }

  /// A new payload file, made now, carrying the in-flight lock (see `GroupDirectory+Trust`).
  private func makePayload(_ fileExtension: String?) throws -> StagedPayload {
    let made = try group.makeInFlightFile(in: group.staging, .readWrite) {
      let stem = RandomUUID.make().uuidString
      return fileExtension.map { "\(stem).\($0)" } ?? stem
    }
    return StagedPayload(
      name: made.name, stagedName: made.name, file: made.file, isEntryDurable: false)
  }

  /// A payload file made ahead (`.staging/<UUID>`, already in a flushed directory), to be
  /// published as `<UUID>.<fileExtension>`; nil when there is none.
  private func takeSpare(fileExtension: String?) -> StagedPayload? {
    guard let spare = state.withLock({ $0.spares })?.takePayload() else { return nil }
    return StagedPayload(
      name: fileExtension.map { "\(spare.name).\($0)" } ?? spare.name, stagedName: spare.name,
      file: spare.file, isEntryDurable: true)
  }

  /// Flushes `payload` and its entry in `.staging/` on the calling worker, unless the commit
  /// already did or does (see `PayloadFlush`). A loader queues this as soon as the copy is
  /// done, so the flush runs while the share writes its manifest.
  func makeDurable(_ payload: StagedPayload) {
    guard payload.flush.claim() else { return }
    do {
      try group.payloadFlushCost.measure { () throws(IOError) in try payload.file.sync() }
      if !payload.isEntryDurable { try group.staging.sync() }
      payload.flush.finish(nil)
    } catch {
      payload.flush.finish(error)
    }
  }

  /// Removes a payload that its loader gave up on before starting its flush (the copy
  /// failed, or the attachment was skipped).
  func discard(_ payload: StagedPayload) {
    state.withLock { state in state.payloads.removeAll { $0.name == payload.name } }
    try? group.staging.removeFile(payload.stagedName)
    try? payload.file.close()
  }

  /// Commits the share with `manifest` (see the type's discussion).
  ///
  /// - Throws: The first error; the share is then rolled back, unless the manifest had already
  ///   been renamed into the inbox, in which case it stands committed.
  func commit(_ manifest: ShareManifest, as prepared: any PreparedManifest) async throws {
    let payloads = state.withLock { state -> [StagedPayload]? in
      guard state.phase == .open else { return nil }
      return state.payloads
    }
    guard let payloads else { throw CancellationError() }
    var linked: [String] = []
    // Where flushes cost next to nothing (`FlushCost`, as known when the commit starts), the
    // payloads are renamed and `Incoming/` flushed here: cheaper than a link, its unlink later
    // and the housekeeping's pass (step 2).
    let byRename = !group.payloadFlushCost.paysToHandOff
    do {
      // The payloads' flushes started when their copies ended; the manifest's runs beside
      // them. (Flushes issued at once rarely share the disk's cache flush, measured here: they
      // are started early rather than together.)
      try await prepared.write(manifest)
      try await prepared.makeDurable()
      // Each payload flushed here unless another worker has started it (then awaited).
      var flushedHere = false
      for payload in payloads {
        if payload.flush.claim() {
          do {
            try group.payloadFlushCost.measure { () throws(IOError) in try payload.file.sync() }
            payload.flush.finish(nil)
          } catch {
            payload.flush.finish(error)
            throw error
          }
          if !payload.isEntryDurable { flushedHere = true }
        } else {
          try await payload.flush.wait()
        }
      }
      if flushedHere { try group.staging.sync() }
      var renamed = false
      for payload in payloads {
        if try group.publish(payload.stagedName, as: payload.name, byRename: byRename) {
          linked.append(payload.stagedName)
        } else {
          renamed = true
        }
      }
      if renamed { try group.incoming.sync() }
      try await prepared.commit()
      // Open until now, so that the payloads carried their in-flight locks until the manifest
      // naming them was in the inbox: no sweeper removes a payload in between.
      closePayloads(payloads)
    } catch let error as CommittedButNotDurable {
      closePayloads(payloads)
      // Committed; the payloads keep their staging names, which the sweeper removes.
      end(.committed)
      throw error
    } catch let error as CommitOutcomeUnknown {
      closePayloads(payloads)
      // It may have committed: its files stay (see `CommitOutcomeUnknown`).
      end(.committed)
      throw error
    } catch {
      await prepared.discard()
      await rollback()
      throw error
    }
    let spares = end(.committed)
    if !linked.isEmpty { SpareFiles.release(linked, in: group, by: spares) }
  }

  /// Closes the payloads' descriptors once the share committed (their data is flushed; a
  /// failure to close loses nothing).
  private func closePayloads(_ payloads: [StagedPayload]) {
    for payload in payloads { try? payload.file.close() }
  }

  /// Ends the share in `phase` and lets go of the pipeline's spares, returning them.
  @discardableResult
  private func end(_ phase: Phase) -> SpareFiles? {
    state.withLock { state in
      state.phase = phase
      defer { state.spares = nil }
      return state.spares
    }
  }

  /// Removes every file the share wrote, in `.staging/` or already in `Incoming/`. Does
  /// nothing once the share committed.
  func rollback() async {
    let payloads = state.withLock { state -> [StagedPayload] in
      guard state.phase == .open else { return [] }
      state.phase = .rolledBack
      state.spares = nil
      return state.payloads
    }
    for payload in payloads {
      // Never close a descriptor a flush still uses; a flush not yet started never will be.
      if !payload.flush.claim() { try? await payload.flush.wait() }
      payload.flush.finish(nil)
      // Removed while still locked, so no sweeper meets a file of this share unlocked.
      try? group.staging.removeFile(payload.stagedName)
      try? group.incoming.removeFile(payload.name)
      try? payload.file.close()
    }
  }
}

/// A received file that is no longer what its writer wrote: another size, or another file
/// under its name.
struct ReceivedFileChanged: Error, Sendable, CustomStringConvertible {
  var expected: Int64?
  var found: Int64? = nil

  var description: String {
    if let expected, let found {
      return "it holds \(found) bytes where \(expected) were written"
    }
    return "its name no longer holds the file that was written"
  }
}
