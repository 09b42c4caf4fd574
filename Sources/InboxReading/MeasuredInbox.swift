import Foundation
import Ingest
import Synchronization

/// An inbox that counts what an importer does with it, for `GET /metrics` (`inbox watch
/// --metrics-port`): how long each claim takes, how many shares each claims, how long shares
/// waited in the inbox before their import, and the errors of reaching it. Everything else is
/// the wrapped inbox's, unchanged (the claims handed out are its own).
public final class MeasuredInbox: InboxStore {
  /// The inbox measured.
  public let inbox: any InboxStore
  /// Where the figures go.
  public let metrics: Metrics
  /// When each share claimed and not yet reported imported was received.
  private let claimed = Mutex<[UUID: Date]>([:])

  /// The metrics' names.
  public enum Name {
    /// Claims (a group's, or one share's), by how long they took.
    public static let claimSeconds = "share_ingest_claim_seconds"
    /// Shares claimed.
    public static let claimedShares = "share_ingest_claimed_shares_total"
    /// Shares imported (or found in the library already), out of the inbox.
    public static let imported = "share_ingest_imported_total"
    /// Shares that failed and stay in the inbox, by kind.
    public static let failed = "share_ingest_import_failures_total"
    /// Seconds from a share's arrival to its import.
    public static let lagSeconds = "share_ingest_import_lag_seconds"
    /// Errors of the inbox (its database), by kind.
    public static let databaseErrors = "share_ingest_database_errors_total"
    /// Shares waiting in the inbox at the latest scan.
    public static let pending = "share_ingest_inbox_pending"
  }

  /// `inbox`, measured into `metrics` (its metrics declared there).
  public init(_ inbox: any InboxStore, metrics: Metrics) {
    self.inbox = inbox
    self.metrics = metrics
    metrics.declare(
      Name.claimSeconds, .histogram,
      help: "Seconds each claim took (one statement claims a group of shares from a database"
        + " inbox, or one share).")
    metrics.declare(Name.claimedShares, .counter, help: "Shares claimed for import.")
    metrics.declare(
      Name.imported, .counter,
      help: "Shares handed over and removed from the inbox (imported, or found in the library"
        + " already).")
    metrics.declare(
      Name.failed, .counter,
      help: "Shares whose import failed (each stays in the inbox), by kind: bad_input (the"
        + " share is at fault) or other.")
    metrics.declare(
      Name.lagSeconds, .histogram,
      help: "Seconds from a share's arrival (its receivedAt) to its import.")
    metrics.declare(
      Name.databaseErrors, .counter,
      help: "Times the inbox's database could not be reached (the watcher tried again), by"
        + " kind.")
    metrics.declare(Name.pending, .gauge, help: "Shares in the inbox at the latest full scan.")
  }

  /// Counts a pass's outcome: imported shares (with how long each waited since it arrived)
  /// and failures.
  public func record(_ report: InboxDrain.Report, now: Date = Date()) {
    let arrivals = claimed.withLock { claimed in
      report.handled.map { claimed.removeValue(forKey: $0) }
    }
    for arrival in arrivals {
      metrics.add(Name.imported)
      if let arrival { metrics.observe(Name.lagSeconds, max(0, now.timeIntervalSince(arrival))) }
    }
    for (id, _) in report.failed + report.unreadable {
      claimed.withLock { _ = $0.removeValue(forKey: id) }
      let kind = report.badInput.contains(id) ? "bad_input" : "other"
      metrics.add(Name.failed, labels: ["kind": kind])
    }
  }

  /// Counts the inbox out of reach once.
  public func recordUnreachable(_ error: any Error) {
    let temporary = (error as? any TemporaryInboxError)?.isTemporary ?? false
    metrics.add(Name.databaseErrors, labels: ["kind": temporary ? "unreachable" : "other"])
  }

  private func measureClaims(_ claims: [any InboxClaim], since started: ContinuousClock.Instant) {
    metrics.observe(Name.claimSeconds, ContinuousClock.now - started)
    metrics.add(Name.claimedShares, Double(claims.count))
    claimed.withLock { claimed in
      for claim in claims { claimed[claim.manifest.id] = claim.manifest.receivedAt }
    }
  }

  // MARK: InboxStore, measured

  /// The wrapped inbox's claim, timed.
  public func claim(_ id: UUID) async throws -> (any InboxClaim)? {
    let started = ContinuousClock.now
    let claim = try await inbox.claim(id)
    measureClaims(claim.map { [$0] } ?? [], since: started)
    return claim
  }

  /// The wrapped inbox's claim of the next share, timed.
  public func claimNext() async throws -> (any InboxClaim)? {
    let started = ContinuousClock.now
    let claim = try await inbox.claimNext()
    measureClaims(claim.map { [$0] } ?? [], since: started)
    return claim
  }

  /// The wrapped inbox's group claim, timed.
  public func claimGroup(upTo limit: Int, excluding excluded: Set<UUID>) async throws
    -> ClaimedShares
  {
    let started = ContinuousClock.now
    let group = try await inbox.claimGroup(upTo: limit, excluding: excluded)
    measureClaims(group.claims, since: started)
    return group
  }

  /// The wrapped inbox's list; sets the pending gauge.
  public func pending() async throws -> [InboxEntry] {
    let entries = try await inbox.pending()
    metrics.set(Name.pending, Double(entries.count))
    return entries
  }

  /// The wrapped inbox's list; sets the pending gauge.
  public func pending(readingFailures: Bool) async throws -> [InboxEntry] {
    let entries = try await inbox.pending(readingFailures: readingFailures)
    metrics.set(Name.pending, Double(entries.count))
    return entries
  }

  // MARK: InboxStore, passed through

  /// The wrapped inbox's.
  public func reserve(_ id: UUID) async throws -> any PreparedManifest {
    try await inbox.reserve(id)
  }

  /// The wrapped inbox's.
  public func pending(of ids: [UUID]) async throws -> [InboxEntry] {
    try await inbox.pending(of: ids)
  }

  /// The wrapped inbox's.
  public func manifest(_ id: UUID) async throws -> ShareManifest? {
    try await inbox.manifest(id)
  }

  /// The wrapped inbox's.
  public var claimsInGroups: Bool { inbox.claimsInGroups }

  /// The wrapped inbox's.
  public func problems() async throws -> [InboxProblem] {
    try await inbox.problems()
  }

  /// The wrapped inbox's.
  public func quarantine(_ id: UUID, reason: String) async throws {
    try await inbox.quarantine(id, reason: reason)
  }

  /// The wrapped inbox's.
  public var claimLimit: Int { inbox.claimLimit }

  /// The wrapped inbox's.
  public var prefersReservingAhead: Bool { inbox.prefersReservingAhead }
}
