import Foundation
import InboxReading
import Ingest
import Synchronization
import SystemCalls

/// The main app's importer: takes each committed share from the inbox into the library,
/// exactly once.
///
/// For each share: claim it (no other importer can take it while claimed), and if its id is
/// already in the library (a crash after an earlier commit), remove its manifest and the
/// payloads proven to be that share's (the library's own file, or its size and SHA-256: see
/// `proveLeftovers(of:)`) and count nothing; else place its files in the library's files directory,
/// insert its record and items in one transaction (shared, under a savepoint each, with the other
/// shares of its group: see `importPending()`), and only after the commit remove it from the
/// inbox. A failure before the commit moves the files back and leaves the share in the inbox with
/// the error recorded; a death at any point leaves the share whole in the inbox, or committed
/// with leftovers the next pass removes. So no share is imported twice or lost.
///
/// ```swift
/// let importer = LibraryImporter(
///   library: try Library(path: path), inbox: DirectoryInbox(group: group))
/// let pass = try await importer.importPending()    // one pass; call again as shares arrive
/// importer.tally.imported                    // the run's total, over every pass
/// ```
public final class LibraryImporter: GroupShareHandler {
  /// Whether a share was imported or was already there.
  public enum Outcome: Sendable, Hashable {
    /// Inserted now.
    case imported
    /// Already in the library; nothing was written.
    case alreadyInLibrary
  }

  /// The library imported into.
  public let library: any LibraryStore
  /// The inbox imported from.
  public let inbox: any InboxStore
  /// Where events go (stages, ids and counts, never what was shared).
  public let log: IngestLog
  /// At most how many shares a pass commits in one transaction (see `importPending()`); 1
  /// commits each share on its own.
  public let batchSize: Int
  /// The input contract every share must keep to be imported (the extension's default unless
  /// configured): the inbox is written by other programs, so what the extension promised is
  /// checked again. A share that breaks it stays in the inbox with the reason recorded.
  public let contract: InputContract
  private let now: @Sendable () -> Date
  private let running = Mutex(ImportTally())

  /// An importer from `inbox` into `library`.
  ///
  /// - Parameters:
  ///   - library: Where the shares are recorded.
  ///   - inbox: Where the committed shares are taken from.
  ///   - log: Where pipeline events go (none by default).
  ///   - batchSize: At most how many shares to commit together (at least 1, and at most the
  ///     inbox's `claimLimit`).
  ///   - contract: The contract shares must keep (default: the extension's default).
  ///   - now: The clock for `importedAt`.
  public init(
    library: any LibraryStore, inbox: any InboxStore, log: IngestLog = .none,
    batchSize: Int = 64, contract: InputContract = .default,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.library = library
    self.inbox = inbox
    self.log = log
    self.contract = contract
    // An inbox whose claims are costly to hold (a database connection each) caps the group.
    self.batchSize = max(1, min(batchSize, inbox.claimLimit))
    self.now = now
  }

  /// What this importer's passes did together: imported counts over all of them, errors from
  /// the latest.
  public var tally: ImportTally { running.withLock { $0 } }

  /// One pass: imports every committed share no other importer holds, oldest first.
  ///
  /// Shares are committed in groups of up to `batchSize`: their files are placed, the files
  /// directory is flushed once, and their records are inserted in one transaction (each under
  /// a savepoint, so one share's failure leaves the others to commit), which flushes the
  /// library's log once; only then is each removed from the inbox. Each share is as durable
  /// at its removal as with a transaction of its own; a group saves the flushes.
  ///
  /// - Throws: only when the inbox cannot be listed (also recorded in `tally`); a share that
  ///   fails is reported in the pass and stays in the inbox.
  @discardableResult
  public func importPending() async throws -> ImportPass {
    try await withTaskExecutorPreference(IOExecutor.shared) { try await importOnWorker() }
  }

  private func importOnWorker() async throws -> ImportPass {
    var pass = ImportPass()
    // libgcrypt is set up before a group holds descriptors (see `SHA256Digest.prepare()`);
    // a failure is each share's to report when its payloads are verified.
    try? PayloadDigest.prepare()
    if inbox.claimsInGroups {
      do {
        try await importGroups(into: &pass)
      } catch {
        pass.errors.append(ImportFailure(shareID: nil, error: NameQuoting.verbatim.describe(error)))
        running.withLock { $0.add(pass) }
        throw error
      }
      running.withLock { $0.add(pass) }
      return pass
    }
    let pending: [InboxEntry]
    do {
      pending = try await inbox.pending(readingFailures: false)
    } catch {
      pass.errors.append(ImportFailure(shareID: nil, error: NameQuoting.verbatim.describe(error)))
      running.withLock { $0.add(pass) }
      throw error
    }
    let directories = PayloadDirectories()
    var group: [PlacedShare] = []
    var taken = TakenPayloads()
    // The group so far is committed early when a share meets a shortage of descriptors (each
    // claim holds its manifest open, each placed share its payloads): the same retry in a
    // smaller group that a failed transaction gets, so a low `ulimit -n` costs flushes, not
    // shares. A share that meets it on its own fails, and stops the pass: every share after it
    // would meet it too, so they are left in the inbox untried, none counted as failed.
    func commitEarly(_ pass: inout ImportPass) async -> Bool {
      guard !group.isEmpty else { return false }
      await commit(group, in: &pass)
      group = []
      taken = TakenPayloads()
      return true
    }
    for (index, entry) in pending.enumerated() {
      var claimed = await tryClaim(entry.id)
      if case .failure(let error) = claimed, Self.isDescriptorShortage(error),
        await commitEarly(&pass)
      {
        claimed = await tryClaim(entry.id)
      }
      if case .failure(let error) = claimed, Self.isDescriptorShortage(error) {
        // Not the share's fault, and every other share would meet it too.
        pass.errors.append(ImportFailure(shareID: entry.id, error: error))
        pass.errors.append(Self.stoppedForDescriptors(leaving: pending.count - index - 1))
        break
      }
      guard let claim = await claim(entry.id, claimed, in: &pass) else { continue }
      do {
        if try await library.contains(shareID: entry.id) {
          await proveLeftovers(of: claim)
          await finish(claim, .alreadyInLibrary, in: &pass)
          continue
        }
        let placement: PayloadPlacement
        do {
          placement = try await place(
            claim, directories: directories, flushes: batchSize <= 1, taken: taken)
        } catch  where Self.isDescriptorShortage(error) {
          guard await commitEarly(&pass) else { throw error }
          placement = try await place(
            claim, directories: directories, flushes: batchSize <= 1, taken: taken)
        }
        taken.add(claim.manifest)
        group.append(PlacedShare(claim: claim, placement: placement))
      } catch {
        await fail(claim, error, in: &pass)
        if Self.isDescriptorShortage(error) {
          pass.errors.append(Self.stoppedForDescriptors(leaving: pending.count - index - 1))
          break
        }
        continue
      }
      if group.count >= batchSize {
        await commit(group, in: &pass)
        group = []
      }
    }
    if !group.isEmpty { await commit(group, in: &pass) }
    running.withLock { $0.add(pass) }
    return pass
  }

  /// A pass over an inbox that claims shares in groups (`InboxStore.claimsInGroups`): claims
  /// up to `batchSize` of the oldest shares at once, places their files, and commits them as
  /// `importPending()` does, group after group, until a group comes back short (the inbox holds
  /// no more that no one else holds). The library's unique share id is the exactly-once check:
  /// a share already recorded is inserted as nothing and counted as already in the library.
  /// Shares that failed in this pass are not claimed again in it; shares other importers hold
  /// are passed over by the claim itself, not counted busy.
  private func importGroups(
    into pass: inout ImportPass, from source: (any InboxStore)? = nil,
    excluding initial: Set<UUID> = [], until shouldStop: () -> Bool = { false }
  ) async throws {
    let inbox = source ?? self.inbox
    let directories = PayloadDirectories()
    var excluded = initial
    while !shouldStop() {
      let claimed = try await inbox.claimGroup(upTo: batchSize, excluding: excluded)
      for refusal in claimed.refused {
        log.record(
          IngestEvent(
            shareID: refusal.shareID, stage: .claim, event: "failed", error: refusal.error))
        pass.errors.append(
          ImportFailure(
            shareID: refusal.shareID, error: NameQuoting.verbatim.describe(refusal.error)))
      }
      var group: [PlacedShare] = []
      var taken = TakenPayloads()
      var shortage = false
      for claim in claimed.claims {
        do {
          let placement: PayloadPlacement
          do {
            placement = try await place(
              claim, directories: directories, flushes: batchSize <= 1, taken: taken)
          } catch  where Self.isDescriptorShortage(error) && !group.isEmpty {
            // As in a pass over claims one by one: the shares placed so far are committed,
            // closing their files, and this one is tried again in a group of its own.
            await commit(group, in: &pass)
            group = []
            taken = TakenPayloads()
            placement = try await place(
              claim, directories: directories, flushes: batchSize <= 1, taken: taken)
          }
          taken.add(claim.manifest)
          group.append(PlacedShare(claim: claim, placement: placement))
        } catch {
          await fail(claim, error, in: &pass)
          if Self.isDescriptorShortage(error) { shortage = true }
        }
      }
      if !group.isEmpty { await commit(group, in: &pass) }
      if shortage {
        // Not the shares' fault, and every group after this one would meet it too.
        pass.errors.append(Self.stoppedForDescriptors(leaving: nil))
        return
      }
      excluded.formUnion(pass.errors.compactMap(\.shareID))
      if claimed.count < batchSize { return }
    }
  }

  /// Tries to claim the share `id`: the claim, nil when another importer holds it, or why not.
  private func tryClaim(_ id: UUID) async -> Result<(any InboxClaim)?, any Error> {
    do {
      return .success(try await inbox.claim(id))
    } catch {
      return .failure(error)
    }
  }

  /// Why a pass stopped early: a share met a shortage of file descriptors on its own, and the
  /// shares after it (`left` of them, when known) are left in the inbox untried, none of them
  /// counted as failed.
  static func stoppedForDescriptors(leaving left: Int?) -> ImportFailure {
    let rest =
      switch left {
      case nil: "the shares not yet tried are"
      case 1: "the 1 share not yet tried is"
      case let count?: "the \(count) shares not yet tried are"
      }
    return ImportFailure(
      shareID: nil,
      error:
        "stopped: too few file descriptors to import even one share on its own; \(rest) left in"
        + " the inbox (raise ulimit -n)")
  }

  /// Whether `error` is the process's (or the system's) shortage of file descriptors
  /// (`EMFILE`, `ENFILE`), which closing other files cures, rather than a fault of the share.
  static func isDescriptorShortage(_ error: any Error) -> Bool {
    guard let errno = (error as? IOError)?.errno else { return false }
    return errno == .tooManyOpenFiles || errno == .tooManyOpenFilesInSystem
  }

  /// The outcome of claiming the share `id`; nil when another importer holds it (counted busy) or
  /// its manifest cannot be read (the error counted, and the share kept with the reason recorded:
  /// see `InboxStore.quarantine`).
  private func claim(
    _ id: UUID, _ claimed: Result<(any InboxClaim)?, any Error>, in pass: inout ImportPass
  ) async -> (any InboxClaim)? {
    do {
      guard let claimed = try claimed.get() else {
        pass.busy += 1
        return nil
      }
      return claimed
    } catch {
      log.record(IngestEvent(shareID: id, stage: .claim, event: "failed", error: error))
      pass.errors.append(ImportFailure(shareID: id, error: error))
      if error is ManifestError {
        try? await inbox.quarantine(id, reason: NameQuoting.verbatim.describe(error))
      }
      return nil
    }
  }

  /// Checks `claim`'s share against the contract and places its files.
  private func place(
    _ claim: any InboxClaim, directories: PayloadDirectories, flushes: Bool,
    taken: TakenPayloads = .init()
  ) async throws -> PayloadPlacement {
    let manifest = claim.manifest
    try contract.check(manifest)
    // A payload another share of this pass placed (two manifests naming one file) is held by
    // it; one gone from the inbox may be held by a share in the library.
    let heldInPass = { (name: String) in
      taken.owner(of: name).flatMap { $0 == manifest.id ? nil : $0 }
    }
    let library = self.library
    let owner = { (item: ShareManifest.Item) async -> UUID? in
      guard let digest = item.sha256, let size = item.byteCount else { return nil }
      return
        (try? await library.shareID(
          holdingFileWithSHA256: digest.lowercased(), byteCount: size))
        .flatMap { $0 == manifest.id ? nil : $0 }
    }
    return try await PayloadPlacement(
      claim, into: library, directories: directories, flushes: flushes, heldInPass: heldInPass,
      owner: owner)
  }

  /// The payload names of the shares placed in this pass, and whose they are.
  private struct TakenPayloads {
    private var owners: [String: UUID] = [:]

    mutating func add(_ manifest: ShareManifest) {
      for item in manifest.items {
        if let name = item.fileName, owners[name] == nil { owners[name] = manifest.id }
      }
    }

    func owner(of name: String) -> UUID? { owners[name] }
  }

  /// A claimed share whose files are placed, waiting for its group's commit.
  private struct PlacedShare {
    var claim: any InboxClaim
    var placement: PayloadPlacement
  }

  /// Commits a group of placed shares: one flush of the files directory (after which the
  /// payloads' names in `Incoming/` go: each has its durable name in the library), one
  /// transaction, then each share leaves the inbox (or, having failed, goes back to it whole).
  /// Payloads streamed from another store (a database) are flushed together before that, and
  /// only then named (`PayloadPlacement.flushPendingCopies(of:)`): one flush for the group,
  /// not an `fsync` per file.
  ///
  /// When the flush or the transaction fails as a whole (a full disk, say), the group is tried
  /// again in halves, down to single shares, so one share that does not fit never holds back
  /// the others; only a share that fails on its own goes back to the inbox.
  private func commit(_ group: [PlacedShare], in pass: inout ImportPass) async {
    var group = group
    if batchSize > 1, group.contains(where: \.placement.placedAny) {
      do {
        // Payloads streamed from another store: flushed together, then named.
        try PayloadPlacement.flushPendingCopies(of: group.map(\.placement))
        for index in group.indices { try group[index].placement.completeCopies() }
        try await library.flushFiles()
      } catch {
        if group.count > 1 { return await commitInHalves(group, in: &pass) }
        group[0].placement.undo()
        await fail(group[0].claim, error, in: &pass)
        return
      }
    }
    for index in group.indices { group[index].placement.releaseSources() }
    let records = group.map { share in
      let manifest = share.claim.manifest
      return LibraryRecord(
        shareID: manifest.id, receivedAt: manifest.receivedAt, importedAt: now(),
        source: manifest.source, status: .toSort, title: manifest.title,
        items: share.placement.items)
    }
    let results: [Result<Bool, any Error>]
    do {
      results = try await library.insert(batch: records, claimedWith: group.map(\.claim))
    } catch {
      // The transaction failed as a whole: smaller groups may fit. (A record a failed commit
      // still wrote is found there by the retry, and counted as already in the library.)
      if group.count > 1 { return await commitInHalves(group, in: &pass) }
      // Only a record known not to be there lets its files go back: a commit that reported a
      // failure may still have reached the log.
      for index in group.indices {
        let id = group[index].claim.manifest.id
        if (try? await library.contains(shareID: id)) == false { group[index].placement.undo() }
        await fail(group[index].claim, error, in: &pass)
      }
      return
    }
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let inserted):
        await finish(group[index].claim, inserted ? .imported : .alreadyInLibrary, in: &pass)
      case .failure(let error):
        // Rolled back to its savepoint while the others committed: it is not in the library.
        group[index].placement.undo()
        await fail(group[index].claim, error, in: &pass)
      }
    }
  }

  /// Commits the two halves of `group`, each on its own.
  private func commitInHalves(_ group: [PlacedShare], in pass: inout ImportPass) async {
    let middle = group.count / 2
    await commit(Array(group[..<middle]), in: &pass)
    await commit(Array(group[middle...]), in: &pass)
  }

  /// Releases a share that failed, recording why; it stays in the inbox.
  private func fail(_ claim: any InboxClaim, _ error: any Error, in pass: inout ImportPass) async {
    let id = claim.manifest.id
    log.record(IngestEvent(shareID: id, stage: .release, event: "failed", error: error))
    try? await claim.release(recording: NameQuoting.verbatim.describe(error))
    pass.errors.append(ImportFailure(shareID: id, error: error))
  }

  /// Counts a share in the library and removes it from the inbox.
  private func finish(_ claim: any InboxClaim, _ outcome: Outcome, in pass: inout ImportPass)
    async
  {
    let id = claim.manifest.id
    switch outcome {
    case .imported: pass.imported.append(id)
    case .alreadyInLibrary: pass.alreadyInLibrary.append(id)
    }
    do {
      try await claim.finish()
      log.record(
        IngestEvent(
          shareID: id, stage: .finish,
          event: outcome == .imported ? "imported" : "already-imported",
          count: claim.manifest.items.count))
    } catch {
      // The record is committed; the next pass removes what is left.
      log.record(IngestEvent(shareID: id, stage: .finish, event: "failed", error: error))
      let done = outcome == .imported ? "imported" : "already in the library"
      pass.errors.append(
        ImportFailure(
          shareID: id,
          error: "\(done), but removing it from the inbox failed (the next import will):"
            + " \(error)"))
    }
  }

  /// Proves which payloads in `Incoming/` of a share already in the library are that share's,
  /// so that the claim's `finish()` removes those and nothing else: a manifest that reuses the
  /// id of a share in the library must not remove the files it names, which may be another
  /// share's only copy. A payload is proven when it is the very file the library holds under
  /// the share's library name (a link an attempt that died kept), or when its size and SHA-256
  /// are those of a file the library records for this share (a copy). Best effort: a payload
  /// not proven stays, and the sweeper removes it once no manifest names it.
  private func proveLeftovers(of claim: any InboxClaim) async {
    guard let proving = claim as? any ProvingClaim, claim.payloads is GroupDirectoryPayloads
    else { return }
    let manifest = claim.manifest
    let files = try? FileDescriptor.openDirectory(library.filesPath)
    defer { try? files?.close() }
    for position in manifest.items.indices {
      guard let expected = PayloadExpectation(claim, position: position),
        let found = try? claim.group.payloadStatus(expected.name), found.kind == .regularFile
      else { continue }
      let libraryName = PayloadPlacement.libraryName(
        shareID: manifest.id, position: position, source: expected.name)
      if let held = try? files?.status(of: libraryName), held.device == found.device,
        held.inode == found.inode
      {
        proving.proven.record(
          expected.name, .identity(device: found.device, inode: found.inode))
        continue
      }
      guard let opened = try? claim.group.openPayload(expected.name, of: manifest.id) else {
        continue
      }
      defer { try? opened.file.close() }
      guard let digest = try? PayloadDigest.sha256(of: opened.file),
        let holder = try? await library.shareID(
          holdingFileWithSHA256: digest.sha256, byteCount: digest.byteCount),
        holder == manifest.id
      else { continue }
      proving.proven.record(expected.name, PayloadProof(opened))
    }
  }

  /// Imports a claimed share into the library without removing it from the inbox (the
  /// caller finishes the claim after this returns).
  ///
  /// - Throws: `ImportError`, `LibraryError` or `IOError`; the library is unchanged, and the
  ///   files placed for it are moved back.
  public func importShare(_ claim: any InboxClaim) async throws -> Outcome {
    try await withTaskExecutorPreference(IOExecutor.shared) {
      try await importShare(claim, directories: PayloadDirectories())
    }
  }

  func importShare(_ claim: any InboxClaim, directories: PayloadDirectories) async throws
    -> Outcome
  {
    let manifest = claim.manifest
    if try await library.contains(shareID: manifest.id) {
      await proveLeftovers(of: claim)
      return .alreadyInLibrary
    }
    var placement = try await place(claim, directories: directories, flushes: true)
    let record = LibraryRecord(
      shareID: manifest.id, receivedAt: manifest.receivedAt, importedAt: now(),
      source: manifest.source, status: .toSort, title: manifest.title, items: placement.items)
    let inserted: Bool
    do {
      inserted = try await library.insert(record, claimedWith: claim)
    } catch {
      // Only a record known not to be there lets the files go back: a commit that reported
      // a failure may still have reached the log.
      if (try? await library.contains(shareID: manifest.id)) == false { placement.undo() }
      throw error
    }
    return inserted ? .imported : .alreadyInLibrary
  }

  /// `ShareHandler`: imports the share (see `importShare(_:)`); `InboxDrain` finishes it.
  public func handle(_ claim: any InboxClaim) async throws {
    _ = try await importShare(claim)
  }

  /// `GroupShareHandler`: a pass that claims groups of up to `batchSize` shares from `inbox`
  /// (one statement each) and commits each group in one transaction, as `importPending()` does
  /// over an inbox that claims in groups; so `inbox watch` imports as `inbox import` does.
  /// Shares already in the library count as handled (their inbox leftovers removed).
  public func handleGroups(
    of inbox: any InboxStore, skipping: Set<UUID>, until shouldStop: () -> Bool
  ) async throws -> InboxDrain.Report {
    var pass = ImportPass()
    try? PayloadDigest.prepare()
    do {
      try await importGroups(into: &pass, from: inbox, excluding: skipping, until: shouldStop)
    } catch {
      running.withLock { $0.add(pass) }
      throw error
    }
    running.withLock { $0.add(pass) }
    var report = InboxDrain.Report()
    report.handled = pass.imported + pass.alreadyInLibrary
    for failure in pass.errors {
      guard let id = failure.shareID else { continue }
      report.failed.append((id, failure.error))
      if failure.isBadInput { report.badInput.insert(id) }
    }
    return report
  }
}
