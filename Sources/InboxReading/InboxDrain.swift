import Foundation
import Ingest
import SystemCalls

/// Something that takes a claimed share somewhere: a directory, a command, the main app's
/// library. It either succeeds, and the share is removed from the inbox, or throws, and the
/// share stays with the error recorded.
public protocol ShareHandler: Sendable {
  /// Takes the share. Must be idempotent for a share id: a crash after it succeeded and
  /// before the inbox removed the share hands the same share over again.
  func handle(_ claim: any InboxClaim) async throws
}

/// Hands every committed share, oldest first, to a handler: claim, handle, finish or release.
public struct InboxDrain: Sendable {
  /// What a drain did.
  public struct Report: Sendable {
    /// The shares handled and removed from the inbox.
    public var handled: [UUID] = []
    /// The shares whose handler failed, with the error (each stays in the inbox).
    public var failed: [(id: UUID, error: String)] = []
    /// Shares another importer held.
    public var busy = 0
    /// Shares whose manifests could not be read (each stays, with the error recorded where
    /// possible).
    public var unreadable: [(id: UUID, error: String)] = []
    /// The shares among `failed` and `unreadable` that are themselves at fault (see
    /// `InboxDrain.isBadInput(_:)`).
    public var badInput: Set<UUID> = []
    /// The revisions of the manifests among `unreadable`, where the inbox tells them: a
    /// watcher does not read one again until it changes.
    public var unreadableRevisions: [UUID: InboxEntry.Revision] = [:]

    /// An empty report.
    public init() {}

    /// Whether every share that failed failed for what it holds, not for the machine.
    public var failuresAreBadInput: Bool {
      (failed.map(\.id) + unreadable.map(\.id)).allSatisfy(badInput.contains)
    }
  }

  /// Whether `error` says a share itself is at fault (a manifest that cannot be read, a
  /// payload that is not what its manifest says, a share that breaks the contract), rather
  /// than the machine.
  public static func isBadInput(_ error: any Error) -> Bool {
    error is ManifestError || error is PayloadError || error is ContractBroken
      || ((error as? IOError).map {
        $0.code == .symbolicLink || $0.code == .notRegularFile
          || $0.code == .hardLink
      } ?? false)
  }

  /// The inbox drained.
  public let inbox: any InboxStore
  /// Where events go.
  public var log: IngestLog
  /// The contract every share must keep to be handed over (the extension's default unless
  /// configured): the inbox is written by other programs, so what the extension promised is
  /// checked again. A share that breaks it stays, with the reason recorded.
  public var contract: InputContract

  /// A drain of `inbox`.
  public init(inbox: any InboxStore, log: IngestLog = .none, contract: InputContract = .default) {
    self.inbox = inbox
    self.log = log
    self.contract = contract
  }

  /// Drains what is committed now, in one pass.
  ///
  /// - Parameters:
  ///   - handler: What takes each claimed share; a share leaves the inbox only when it succeeds.
  ///   - skipping: Shares left for a later pass (those that just failed, say).
  ///   - shouldStop: Asked before each share: once it says true, the pass ends; the share in
  ///     hand is always finished or released first, never left half-done.
  public func run(
    _ handler: any ShareHandler, skipping: Set<UUID> = [],
    until shouldStop: () -> Bool = { false }
  ) async throws -> Report {
    try await withTaskExecutorPreference(IOExecutor.shared) {
      try await drain(handler, skipping: skipping, until: shouldStop)
    }
  }

  /// Drains the shares `ids` alone (those an arrival named, looked up without listing the
  /// inbox), or, when `ids` is nil, every committed share; leaves those in `skipping`, and
  /// those whose manifest was unreadable at the revision `unreadable` holds for them and has
  /// not changed since (read again, and reported again, only once rewritten).
  ///
  /// An inbox that claims shares in groups (`InboxStore.claimsInGroups`) with a handler that
  /// takes them so (`GroupShareHandler`, the library importer) is handed over whole: the
  /// oldest shares first, a group at a time, whichever arrival woke the drain.
  package func run(
    _ handler: any ShareHandler, only ids: [UUID]?, skipping: Set<UUID>,
    unchangedSince unreadable: [UUID: InboxEntry.Revision],
    until shouldStop: () -> Bool = { false }
  ) async throws -> Report {
    try await withTaskExecutorPreference(IOExecutor.shared) {
      if inbox.claimsInGroups, let grouped = handler as? any GroupShareHandler {
        return try await grouped.handleGroups(of: inbox, skipping: skipping, until: shouldStop)
      }
      let entries =
        if let ids {
          try await inbox.pending(of: ids)
        } else {
          try await inbox.pending(readingFailures: false)
        }
      return try await drain(
        handler, entries: entries, skipping: skipping, unchangedSince: unreadable,
        until: shouldStop)
    }
  }

  private func drain(
    _ handler: any ShareHandler, skipping: Set<UUID>, until shouldStop: () -> Bool
  ) async throws -> Report {
    try await drain(
      handler, entries: try await inbox.pending(readingFailures: false), skipping: skipping,
      unchangedSince: [:], until: shouldStop)
  }

  private func drain(
    _ handler: any ShareHandler, entries: [InboxEntry], skipping: Set<UUID>,
    unchangedSince unreadable: [UUID: InboxEntry.Revision], until shouldStop: () -> Bool
  ) async throws -> Report {
    var report = Report()
    for entry in entries where !skipping.contains(entry.id) {
      if let revision = entry.revision, unreadable[entry.id] == revision { continue }
      if shouldStop() { break }
      let claim: any InboxClaim
      do {
        guard let claimed = try await inbox.claim(entry.id) else {
          report.busy += 1
          continue
        }
        claim = claimed
      } catch {
        log.record(IngestEvent(shareID: entry.id, stage: .claim, event: "failed", error: error))
        report.unreadable.append((entry.id, NameQuoting.verbatim.describe(error)))
        if Self.isBadInput(error) {
          report.badInput.insert(entry.id)
          // The manifest itself is at fault: the same bytes fail the same way.
          report.unreadableRevisions[entry.id] = entry.revision
        }
        if error is ManifestError {
          try? await inbox.quarantine(entry.id, reason: NameQuoting.verbatim.describe(error))
        }
        continue
      }
      do {
        try contract.check(claim.manifest)
        try await handler.handle(claim)
      } catch {
        log.record(IngestEvent(shareID: entry.id, stage: .release, event: "failed", error: error))
        try? await claim.release(recording: NameQuoting.verbatim.describe(error))
        report.failed.append((entry.id, NameQuoting.verbatim.describe(error)))
        if Self.isBadInput(error) { report.badInput.insert(entry.id) }
        continue
      }
      try await claim.finish()
      log.record(
        IngestEvent(
          shareID: entry.id, stage: .finish, event: "handled", count: claim.manifest.items.count))
      report.handled.append(entry.id)
    }
    return report
  }
}
