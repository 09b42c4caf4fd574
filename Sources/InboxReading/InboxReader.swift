import Foundation
import Ingest
import SystemCalls

/// An inbox both sides use: what commits shares (`InboxWriter`, in `Ingest`, all a share
/// extension links) and what takes them out (`InboxReader`). Both inboxes of this package are
/// one: `DirectoryInbox` and PostgreSQL's `PostgresInbox`.
public typealias InboxStore = InboxWriter & InboxReader

/// The importer's side of the inbox: lists what is committed, claims a share so that no other
/// importer takes it (a claim dies with the process that holds it), and either finishes it
/// (the manifest and its payload files go) or releases it with the error recorded.
///
/// The extension's side, which reserves, writes and commits manifests, is `InboxWriter` in
/// `Ingest`. `DirectoryInbox` reads manifests as files in `<group>/Inbox/`; a backend on a
/// database shared by many hosts implements the same protocol, and the drain, the watcher and
/// the importer do not change.
public protocol InboxReader: Sendable {
  /// The committed shares, oldest first.
  func pending() async throws -> [InboxEntry]

  /// The committed shares, oldest first, with their failure records only when
  /// `readingFailures` (a drain does not need them, and reading each costs a file per share).
  func pending(readingFailures: Bool) async throws -> [InboxEntry]

  /// The committed shares among `ids` (shares an arrival named), in that order, found without
  /// listing the whole inbox where the store can (the directory inbox looks each manifest up by
  /// name); without their failure records.
  func pending(of ids: [UUID]) async throws -> [InboxEntry]

  /// The manifest of a committed share, read without claiming it; nil when there is none.
  func manifest(_ id: UUID) async throws -> ShareManifest?

  /// Claims the share `id` for this process; nil when another importer holds it or it is
  /// gone. The claim lasts until it is finished or released, or the process ends.
  func claim(_ id: UUID) async throws -> (any InboxClaim)?

  /// Claims the oldest committed share no one else holds; nil when there is none.
  func claimNext() async throws -> (any InboxClaim)?

  /// Claims up to `limit` of the oldest committed shares no one else holds, leaving out
  /// `excluded`, together: a database inbox locks them in one statement, in one transaction
  /// that lasts until each claim is finished or released, and a library in the same database
  /// records them all in it (see `claimsInGroups`). The default claims them one at a time.
  ///
  /// A share found but not handed over (a row that does not make a valid manifest) is among
  /// the refusals, kept in the inbox with the reason recorded.
  func claimGroup(upTo limit: Int, excluding excluded: Set<UUID>) async throws -> ClaimedShares

  /// Whether `claimGroup(upTo:excluding:)` claims a group at the cost of one share (a database
  /// inbox): an importer then takes groups from it rather than listing the inbox and claiming
  /// each share.
  var claimsInGroups: Bool { get }

  /// What the inbox holds that cannot be taken as a share (for the directory inbox: links,
  /// FIFOs and other files where manifests belong, files with other names), each with what is
  /// wrong. A manifest that is there but cannot be read is not listed: reading it says why.
  func problems() async throws -> [InboxProblem]

  /// Keeps the share `id`, whose manifest cannot be read or breaks the rules, out of the way
  /// with `reason` recorded where `pending()` reports it (as a failure), unless that reason is
  /// recorded already. Nothing of the share is removed.
  func quarantine(_ id: UUID, reason: String) async throws

  /// How many claims one importer should hold at once: unlimited for the directory inbox (a
  /// claim is a lock on an open file); a database inbox's claim holds a connection and an
  /// open transaction, so importers that gather shares into groups take one at a time there.
  var claimLimit: Int { get }
}

extension InboxReader {
  /// No limit.
  public var claimLimit: Int { Int.max }

  /// None: every row is a share.
  public func problems() async throws -> [InboxProblem] { [] }

  /// Nothing to record.
  public func quarantine(_ id: UUID, reason: String) async throws {}

  /// `pending()`, failures and all.
  public func pending(readingFailures: Bool) async throws -> [InboxEntry] {
    try await pending()
  }

  /// `pending()`, filtered to `ids`, in their order.
  public func pending(of ids: [UUID]) async throws -> [InboxEntry] {
    let listed = Dictionary(
      try await pending(readingFailures: false).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }
    )
    return ids.compactMap { listed[$0] }
  }

  /// Claims the oldest committed share no one else holds, trying each pending share in turn.
  public func claimNext() async throws -> (any InboxClaim)? {
    for entry in try await pending() {
      if let claim = try await claim(entry.id) { return claim }
    }
    return nil
  }

  /// No: claims are taken one share at a time.
  public var claimsInGroups: Bool { false }

  /// Claims each pending share in turn until `limit` are claimed or refused; a share whose
  /// manifest cannot be read is quarantined (`quarantine(_:reason:)`) and refused.
  public func claimGroup(upTo limit: Int, excluding excluded: Set<UUID>) async throws
    -> ClaimedShares
  {
    var claimed = ClaimedShares()
    for entry in try await pending() where !excluded.contains(entry.id) {
      guard claimed.count < limit else { break }
      do {
        if let claim = try await claim(entry.id) { claimed.claims.append(claim) }
      } catch {
        if error is ManifestError {
          try? await quarantine(entry.id, reason: NameQuoting.verbatim.describe(error))
        }
        claimed.refused.append(ClaimedShares.Refusal(shareID: entry.id, error: error))
      }
    }
    return claimed
  }
}

/// A committed share as the inbox lists it.
public struct InboxEntry: Sendable, Hashable {
  /// The share's id.
  public var id: UUID
  /// When the share arrived (for the directory inbox: the manifest's modification time, which
  /// the extension sets to the manifest's `receivedAt`).
  public var receivedAt: Date
  /// The failures recorded by importers that could not finish it, most recent last.
  public var failure: InboxFailure?
  /// Which version of the manifest was listed, where the store can tell (the directory inbox:
  /// its name, size, modification time and inode); nil where it cannot. A manifest found
  /// unreadable is not read again while its revision stays the same.
  public var revision: Revision?

  /// What tells one version of a manifest file from another: any rewrite, in place or by a
  /// rename, changes at least one of these.
  public struct Revision: Sendable, Hashable {
    /// The manifest's file name.
    public var name: String
    /// Its size in bytes.
    public var size: Int64
    /// Its modification time: the seconds since 1970.
    public var modificationSeconds: Int
    /// Its modification time: the nanoseconds past `modificationSeconds`.
    public var modificationNanoseconds: Int
    /// The device it is on.
    public var device: UInt64
    /// Its inode on that device.
    public var inode: UInt64

    /// A revision.
    public init(
      name: String, size: Int64, modificationSeconds: Int, modificationNanoseconds: Int,
      device: UInt64, inode: UInt64
    ) {
      self.name = name
      self.size = size
      self.modificationSeconds = modificationSeconds
      self.modificationNanoseconds = modificationNanoseconds
      self.device = device
      self.inode = inode
    }
  }

  /// An entry.
  public init(
    id: UUID, receivedAt: Date, failure: InboxFailure? = nil, revision: Revision? = nil
  ) {
    self.id = id
    self.receivedAt = receivedAt
    self.failure = failure
    self.revision = revision
  }
}

/// Something in the inbox that is not a share it can hand over, and what is wrong with it.
public struct InboxProblem: Sendable, Hashable {
  /// Where it is, relative to the group directory (`Inbox/<name>`), as text: a name that is
  /// not valid UTF-8 shows its bad bytes as U+FFFD here; ``rawName`` holds them as found.
  public var name: String
  /// Where it is, relative to the group directory, byte for byte as the directory holds it
  /// (print it with `TerminalText.quoted(bytes:)`, which shows a bad byte as `\xFF`).
  public var rawName: [UInt8]
  /// The share id its name holds, when it holds one.
  public var shareID: UUID?
  /// What is wrong, without the file's contents.
  public var problem: String

  /// A problem with what `name` names.
  public init(name: String, shareID: UUID?, problem: String) {
    self.init(rawName: Array(name.utf8), shareID: shareID, problem: problem)
  }

  /// A problem with what `rawName` names, any bytes a directory may hold.
  public init(rawName: [UInt8], shareID: UUID?, problem: String) {
    self.rawName = rawName
    self.name = String(decoding: rawName, as: UTF8.self)
    self.shareID = shareID
    self.problem = problem
  }
}

/// What an importer recorded when it could not finish a share.
///
/// A record is read from the group directory, which other programs write: `attempts` must be
/// a whole number from 0 to ``maximumAttempts``. A record outside that range (a negative
/// count, `Int64.max`) is malformed and read as no record at all: the share is listed without
/// a failure count, and its next failure starts a new record at 1. Counting on from a record
/// saturates at ``maximumAttempts``, so no count from a file can trap.
public struct InboxFailure: Codable, Sendable, Hashable {
  /// The largest attempt count a record may hold.
  public static let maximumAttempts = Int(Int32.max)

  /// How many times importing it failed.
  public var attempts: Int
  /// When it last failed.
  public var lastAttempt: Date
  /// The last error, as the importer described it.
  public var lastError: String

  /// A record of failures.
  public init(attempts: Int, lastAttempt: Date, lastError: String) {
    self.attempts = attempts
    self.lastAttempt = lastAttempt
    self.lastError = lastError
  }
}

/// A share claimed by this process.
public protocol InboxClaim: Sendable {
  /// The share's manifest.
  var manifest: ShareManifest { get }
  /// The group directory whose `Incoming/` holds the share's payload files. Read them with
  /// `openPayload(at:)` (the reading side's door), never by path.
  var group: GroupDirectory { get }
  /// The absolute path of each file item's payload (in `items` order, files only), for
  /// messages; read it with `openPayload(at:)`.
  func payloadPath(of item: ShareManifest.Item) -> String?
  /// Where the share's payloads are: the group directory's `Incoming/` (the default,
  /// `GroupDirectoryPayloads`), or the store the sharer put them in (see `PayloadStore`).
  var payloads: any PayloadStore { get }
  /// Removes the share: its manifest first (the point after which it is done), then the
  /// payload files its reader proved to be the share's (opened through the door and checked,
  /// by `openPayload(at:)` or a handler of this package; a payload no reader proved stays, for
  /// the sweeper to judge once no manifest names it), then the claim.
  func finish() async throws
  /// Gives the share back with `error` recorded, leaving everything for the next run.
  func release(recording error: String) async throws
}
