import Foundation

/// Where a share commits: the extension's side of the inbox's storage, all a share extension
/// needs of it.
///
/// The pipeline reserves a manifest as the share starts (so whatever that costs is paid while
/// the share loads), writes it once the payloads are known, makes it durable (alongside the
/// share's payload files, so they can be flushed together) and commits it, exactly once:
/// committing is the share's commit point. Reading the inbox (listing, claiming, finishing) is
/// the importer's side, `InboxReader` in the module `InboxReading`, which an extension never
/// links.
///
/// `DirectoryInbox` keeps manifests as files in `<group>/Inbox/`; a backend on a database
/// shared by many hosts implements the same protocol, and the loader does not change.
public protocol InboxWriter: Sendable {
  /// Reserves the manifest of the share `id` where no reader sees it yet.
  func reserve(_ id: UUID) async throws -> any PreparedManifest

  /// Whether reserving a manifest costs enough (the directory inbox makes a file) that a
  /// pipeline sharing again and again reserves the next shares' manifests ahead, while earlier
  /// shares wait for their flushes. Such reservations are held a few seconds at most and
  /// discarded unused.
  var prefersReservingAhead: Bool { get }
}

extension InboxWriter {
  /// No: reserving costs nothing.
  public var prefersReservingAhead: Bool { false }
}

/// A share's manifest, reserved but not yet visible to readers.
public protocol PreparedManifest: Sendable {
  /// Writes the manifest's contents (once).
  func write(_ manifest: ShareManifest) async throws
  /// Flushes the manifest to stable storage; may run at the same time as the payload files'
  /// flushes.
  func makeDurable() async throws
  /// Makes the share visible and durable, exactly once: fails if a share with this id is
  /// already committed. When the share became visible but its flush failed, throws
  /// `CommittedButNotDurable`: it must not be rolled back, since a reader may already hold it.
  func commit() async throws
  /// Forgets the prepared manifest (the share rolled back).
  func discard() async
}

/// The share is committed (visible to readers) but flushing the inbox failed, so whether it
/// survives a crash is not known. It must not be rolled back: an importer may already have it.
public struct CommittedButNotDurable: Error, Sendable, CustomStringConvertible {
  /// Why the flush failed.
  public var underlying: any Error & Sendable

  /// Creates the error.
  public init(underlying: any Error & Sendable) {
    self.underlying = underlying
  }

  /// What happened.
  public var description: String {
    "the share is in the inbox, but flushing the inbox failed, so it may not survive a crash:"
      + " \(underlying)"
  }
}

/// Whether the share committed is not known: the inbox was lost from sight as it committed (a
/// database connection that dropped during the commit and did not come back in time). Its
/// payload files are kept, not rolled back: if it committed, an importer takes them; if not,
/// the sweeper removes them once stale.
public struct CommitOutcomeUnknown: Error, Sendable, CustomStringConvertible {
  /// Why the outcome is not known.
  public var underlying: any Error & Sendable

  /// Creates the error.
  public init(underlying: any Error & Sendable) {
    self.underlying = underlying
  }

  /// What happened.
  public var description: String {
    "whether the share was committed is not known (its files are kept; inbox list shows it if"
      + " it was): \(underlying)"
  }
}
