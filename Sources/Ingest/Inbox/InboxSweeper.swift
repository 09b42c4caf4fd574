import Foundation
import SystemCalls

/// Removes what crashed or abandoned shares left in a group directory, and completes committed
/// shares a crash cut short.
///
/// Files in `.staging/` and `Incoming/` that no committed manifest references, and manifests
/// reserved in `Inbox/` but never committed, are removed once they are older than the
/// threshold; a share in flight writes only fresh files (and a share
/// lasts at most its deadline, 30 seconds by default), so a threshold well above the deadline
/// never touches one. Payloads of committed manifests still in `.staging/` are moved into
/// `Incoming/`, never removed; those published in `Incoming/` whose second name in `.staging/`
/// a crash kept (see `ShareTransaction`) lose that name once `Incoming/` is flushed.
public struct InboxSweeper: Sendable {
  /// What a sweep did.
  public struct Report: Sendable, Hashable {
    /// Payloads of committed shares completed: moved from `.staging/` into `Incoming/`, or, when
    /// already in both, their name in `.staging/` removed.
    public var completed = 0
    /// Stale files removed from `.staging/`.
    public var removedFromStaging = 0
    /// Unreferenced files removed from `Incoming/`.
    public var removedFromIncoming = 0
    /// Manifests never committed (`Inbox/.<id>.json.partial`) removed.
    public var removedFromInbox = 0
    /// Bytes freed.
    public var bytesFreed: Int64 = 0
    /// Manifests that could not be read (their names), left in place.
    public var unreadableManifests: [String] = []
  }

  /// The default threshold: an hour, far beyond any share's deadline.
  public static let defaultThreshold: Duration = .seconds(3600)

  /// The group directory swept.
  public let group: GroupDirectory
  /// The inbox whose committed shares reference payloads, when it is not the group's own
  /// directory inbox (a database's).
  public let inbox: (any InboxStore)?

  /// A sweeper of `group`; `inbox` names the inbox its payloads are committed to when that is
  /// not the group's own directory inbox, so the payloads its shares reference are kept (and
  /// completed when a crash left them in `.staging/`).
  public init(group: GroupDirectory, inbox: (any InboxStore)? = nil) {
    self.group = group
    self.inbox = inbox is DirectoryInbox ? nil : inbox
  }

  /// Sweeps files older than `threshold` (measured against `now`).
  public func sweep(olderThan threshold: Duration = Self.defaultThreshold, now: Date = Date())
    throws -> Report
  {
    var report = Report()
    let inbox = DirectoryInbox(group: group)
    var referenced = Set<String>()
    var committed: [ShareManifest] = []
    for entry in try group.inbox.entries() where entry.name.hasSuffix(".json") {
      guard let id = UUID(uuidString: String(entry.name.dropLast(5))) else { continue }
      do {
        let file = try group.inbox.open(entry.name, .readOnly, options: [.noFollow])
        let bytes = try file.closeAfter {
          try file.readToEnd(limit: DirectoryInbox.manifestSizeLimit)
        }
        let path = group.absolutePath("\(GroupDirectory.inboxName)/\(entry.name)")
        let manifest = try ShareManifest.decode(Data(bytes), path: path)
        try DirectoryInbox.validate(manifest, path: path, expected: id)
        committed.append(manifest)
        for item in manifest.items { referenced.formUnion(Self.names(of: item)) }
      } catch {
        // A manifest an importer finished meanwhile is simply gone.
        if (error as? IOError)?.code == .notFound { continue }
        report.unreadableManifests.append(entry.name)
      }
    }
    if let other = self.inbox {
      for entry in try other.pending() {
        // A share an importer finished meanwhile is simply gone.
        guard let manifest = try other.manifest(entry.id) else { continue }
        committed.append(manifest)
        for item in manifest.items { referenced.formUnion(Self.names(of: item)) }
      }
    }
    for manifest in committed {
      report.completed += try inbox.recoverPayloads(of: manifest)
    }
    report.completed += try removeSecondNames(of: committed)
    let cutoff = now.timeIntervalSince1970 - Self.seconds(threshold)
    // Manifests a crashed share reserved but never committed.
    for entry in try group.inbox.entries()
    where entry.name.hasPrefix(".") && entry.name.hasSuffix(".json.partial") {
      guard let status = try group.inbox.status(of: entry.name), status.kind == .regularFile,
        status.modificationTime < cutoff
      else { continue }
      do {
        try group.inbox.removeFile(entry.name)
      } catch {
        guard error.code == .notFound else { throw error }
        continue
      }
      report.removedFromInbox += 1
    }
    for (directory, isStaging) in [(group.staging, true), (group.incoming, false)] {
      for entry in try directory.entries() where !referenced.contains(entry.name) {
        guard let status = try directory.status(of: entry.name),
          status.modificationTime < cutoff
        else { continue }
        do {
          try directory.removeTree(entry.name)
        } catch {
          guard error.code == .notFound else { throw error }
          continue
        }
        report.bytesFreed += status.kind == .regularFile ? status.size : 0
        if isStaging { report.removedFromStaging += 1 } else { report.removedFromIncoming += 1 }
      }
    }
    return report
  }

  /// Removes the names in `.staging/` of committed payloads that are also in `Incoming/` (the
  /// same file: a share's process ended between its commit and that removal), after flushing
  /// `Incoming/` so that each keeps a durable name; returns how many.
  func removeSecondNames(of manifests: [ShareManifest]) throws -> Int {
    // One listing of `.staging/`; only names found there are looked at in both directories.
    let staged = Set(try group.staging.entries().map(\.name))
    var twins: [String] = []
    for manifest in manifests {
      for item in manifest.items {
        guard let name = item.fileName else { continue }
        let candidates = DirectoryInbox.stagedNames(of: name).filter(staged.contains)
        guard !candidates.isEmpty, let published = try group.incoming.status(of: name),
          published.kind == .regularFile
        else { continue }
        for candidate in candidates {
          guard let status = try group.staging.status(of: candidate),
            status.inode == published.inode, status.device == published.device
          else { continue }
          twins.append(candidate)
        }
      }
    }
    return try group.removeStagingNames(twins)
  }

  /// The names a file item's payload may have in `Incoming/` or `.staging/`.
  static func names(of item: ShareManifest.Item) -> [String] {
    item.fileName.map(DirectoryInbox.stagedNames(of:)) ?? []
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
