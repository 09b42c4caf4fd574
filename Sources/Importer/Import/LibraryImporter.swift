import Foundation
import Ingest
import Synchronization

/// The main app's importer: takes each committed share from the inbox into the library,
/// exactly once.
///
/// For each share: claim it (no other importer can take it while claimed), and if its id is
/// already in the library (a crash after an earlier commit), remove its inbox leftovers and
/// count nothing; else place its files in the library's files directory, insert its record
/// and items in one transaction, and only after the commit remove it from the inbox. A failure
/// before the commit moves the files back and leaves the share in the inbox with the error
/// recorded; a death at any point leaves the share whole in the inbox, or committed with
/// leftovers the next pass removes. So no share is imported twice or lost.
///
/// ```swift
/// let importer = LibraryImporter(library: try Library(path: path), inbox: DirectoryInbox(group: group))
/// let pass = try importer.importPending()    // one pass; call again as shares arrive
/// importer.tally.imported                    // the run's total, over every pass
/// ```
public final class LibraryImporter: ShareHandler {
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
  private let now: @Sendable () -> Date
  private let running = Mutex(ImportTally())

  /// An importer from `inbox` into `library`.
  ///
  /// - Parameter now: The clock for `importedAt`.
  public init(
    library: any LibraryStore, inbox: any InboxStore, log: IngestLog = .none,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.library = library
    self.inbox = inbox
    self.log = log
    self.now = now
  }

  /// What this importer's passes did together: imported counts over all of them, errors from
  /// the latest.
  public var tally: ImportTally { running.withLock { $0 } }

  /// One pass: imports every committed share no other importer holds, oldest first.
  ///
  /// - Throws: only when the inbox cannot be listed (also recorded in `tally`); a share that
  ///   fails is reported in the pass and stays in the inbox.
  @discardableResult
  public func importPending() throws -> ImportPass {
    var pass = ImportPass()
    let pending: [InboxEntry]
    do {
      pending = try inbox.pending()
    } catch {
      pass.errors.append(ImportFailure(shareID: nil, error: "\(error)"))
      running.withLock { $0.add(pass) }
      throw error
    }
    let directories = PayloadDirectories()
    for entry in pending {
      let claim: any InboxClaim
      do {
        guard let claimed = try inbox.claim(entry.id) else {
          pass.busy += 1
          continue
        }
        claim = claimed
      } catch {
        log.record(IngestEvent(shareID: entry.id, stage: .claim, event: "failed", error: error))
        pass.errors.append(ImportFailure(shareID: entry.id, error: "\(error)"))
        continue
      }
      let outcome: Outcome
      do {
        outcome = try importShare(claim, directories: directories)
      } catch {
        log.record(IngestEvent(shareID: entry.id, stage: .release, event: "failed", error: error))
        try? claim.release(recording: "\(error)")
        pass.errors.append(ImportFailure(shareID: entry.id, error: "\(error)"))
        continue
      }
      switch outcome {
      case .imported: pass.imported.append(entry.id)
      case .alreadyInLibrary: pass.alreadyInLibrary.append(entry.id)
      }
      do {
        try claim.finish()
        log.record(
          IngestEvent(
            shareID: entry.id, stage: .finish,
            event: outcome == .imported ? "imported" : "already-imported",
            count: claim.manifest.items.count))
      } catch {
        // The record is committed; the next pass removes what is left.
        log.record(IngestEvent(shareID: entry.id, stage: .finish, event: "failed", error: error))
        pass.errors.append(
          ImportFailure(
            shareID: entry.id,
            error: "imported, but removing it from the inbox failed (the next import will):"
              + " \(error)"))
      }
    }
    running.withLock { $0.add(pass) }
    return pass
  }

  /// Imports a claimed share into the library without removing it from the inbox (the
  /// caller finishes the claim after this returns).
  ///
  /// - Throws: `ImportError`, `LibraryError` or `IOError`; the library is unchanged, and the
  ///   files placed for it are moved back.
  public func importShare(_ claim: any InboxClaim) throws -> Outcome {
    try importShare(claim, directories: PayloadDirectories())
  }

  func importShare(_ claim: any InboxClaim, directories: PayloadDirectories) throws -> Outcome {
    let manifest = claim.manifest
    if try library.contains(shareID: manifest.id) { return .alreadyInLibrary }
    var placement = try PayloadPlacement(claim, into: library, directories: directories)
    let record = LibraryRecord(
      shareID: manifest.id, receivedAt: manifest.receivedAt, importedAt: now(),
      source: manifest.source, status: .toSort, items: placement.items)
    do {
      return try library.insert(record, claimedWith: claim) ? .imported : .alreadyInLibrary
    } catch {
      // Only a record known not to be there lets the files go back: a commit that reported
      // a failure may still have reached the log.
      if (try? library.contains(shareID: manifest.id)) == false { placement.undo() }
      throw error
    }
  }

  /// `ShareHandler`: imports the share (see `importShare(_:)`); `InboxDrain` finishes it.
  public func handle(_ claim: any InboxClaim) throws {
    _ = try importShare(claim)
  }
}
