import Foundation
import SystemCalls

/// Removes what crashed or abandoned shares left in a group directory, and completes committed
/// shares a crash cut short, without ever removing a file a share needs.
///
/// A file in `.staging/` or `Incoming/` (or a reservation in `Inbox/`) is removed only when all
/// of these hold:
/// - it is older than the threshold;
/// - no manifest in the inbox names it: not a committed one, and not one this reader cannot
///   read (a newer schema, a date it cannot parse, bytes that are not JSON), whose names are
///   found generously (`ManifestReferences`) and whose share is kept with the reason recorded
///   (`InboxStore.quarantine`);
/// - no live share holds it: a writer holds an in-flight lock on each file of a share from the
///   moment its name appears until the share commits or rolls back (see
///   `GroupDirectory+Trust`), and the sweeper takes a shared lock on every file before it
///   removes it, so it can never take a file whose writer lives;
/// - and, once it holds that lock, still no manifest names it: the inbox is read a second time,
///   since a share that committed between the first reading and the lock released its locks
///   only after its manifest was in the inbox.
///
/// So nothing a share reported committed, or will commit, is removed, at any threshold (0
/// included). Payloads of committed manifests still in `.staging/` are moved into `Incoming/`,
/// never removed; those published in `Incoming/` whose second name in `.staging/` a crash kept
/// (see `ShareTransaction`) lose that name once `Incoming/` is flushed.
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
    /// Stale files left because a live share holds them.
    public var keptInFlight = 0
    /// Files left because a manifest this reader cannot read may name them.
    public var keptForUnreadable = 0
    /// Manifests that cannot be read, with why: each is left in place with the files it may
    /// name, and its share kept with the reason recorded.
    public var unreadableManifests: [InboxProblem] = []
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

  /// What the inbox names: the committed manifests read, and every name kept.
  struct References {
    var committed: [ShareManifest] = []
    var names = Set<String>()
    var manifestsRead = Set<String>()
    var sharesRead = Set<UUID>()
    var unreadable: [InboxProblem] = []
    var unreadableNames = Set<String>()

    mutating func keep(_ manifest: ShareManifest) {
      committed.append(manifest)
      for item in manifest.items {
        names.formUnion(item.fileName.map(DirectoryInbox.stagedNames(of:)) ?? [])
      }
    }

    func isKept(_ name: String) -> Bool {
      names.contains(name) || unreadableNames.contains(name)
    }
  }

  /// A stale file the sweeper holds a shared lock on, to remove once the inbox is read again.
  struct Candidate {
    var directory: FileDescriptor
    var opened: FileDescriptor.Untrusted
    var place: Place
  }

  enum Place { case staging, incoming, inbox }

  /// Sweeps files older than `threshold` (measured against `now`).
  public func sweep(olderThan threshold: Duration = Self.defaultThreshold, now: Date = Date())
    async throws -> Report
  {
    try await withTaskExecutorPreference(IOExecutor.shared) {
      try await sweepOnWorker(olderThan: threshold, now: now)
    }
  }

  private func sweepOnWorker(olderThan threshold: Duration, now: Date) async throws -> Report {
    var report = Report()
    let inbox = DirectoryInbox(group: group)
    var references = References()
    try await read(into: &references)
    for manifest in references.committed {
      report.completed += try inbox.recoverPayloads(of: manifest)
    }
    report.completed += try removeSecondNames(of: references.committed)
    let cutoff = now.timeIntervalSince1970 - Self.seconds(threshold)
    var candidates: [Candidate] = []
    defer { for candidate in candidates { try? candidate.opened.file.close() } }
    // Manifests a crashed share reserved but never committed.
    for entry in try group.inbox.entries() where DirectoryInbox.isReservation(entry.name) {
      try consider(entry.name, in: group.inbox, .inbox, cutoff, &candidates, &report)
    }
    for (directory, place) in [(group.staging, Place.staging), (group.incoming, .incoming)] {
      for entry in try directory.entries() {
        guard !references.isKept(entry.name) else {
          if references.unreadableNames.contains(entry.name),
            !references.names.contains(entry.name)
          {
            report.keptForUnreadable += 1
          }
          continue
        }
        try consider(entry.name, in: directory, place, cutoff, &candidates, &report)
      }
    }
    // Shares that committed since the first reading are in the inbox now (their writers
    // released their locks only after committing): read it again before removing anything.
    try await read(into: &references)
    for candidate in candidates {
      if candidate.place != .inbox, references.isKept(candidate.opened.name) { continue }
      try remove(candidate, &report)
    }
    report.unreadableManifests = references.unreadable
    return report
  }

  /// Reads the manifests not read yet into `references`.
  func read(into references: inout References) async throws {
    let inbox = DirectoryInbox(group: group)
    for entry in try group.inbox.entries() where entry.name.hasSuffix(".json") {
      guard !references.manifestsRead.contains(entry.name) else { continue }
      references.manifestsRead.insert(entry.name)
      let path = group.absolutePath("\(GroupDirectory.inboxName)/\(entry.name)")
      let bytes: [UInt8]
      let linkCount: UInt64
      do {
        // Read whatever the file is, extra names included: a manifest this reader cannot take
        // still says which files to keep.
        let opened = try group.inbox.openUntrusted(entry.name, maximumLinks: .max)
        linkCount = opened.status.linkCount
        bytes = try opened.file.closeAfterTyped { () throws(IOError) -> [UInt8] in
          try opened.file.readToEnd(
            sizeHint: opened.status.size, limit: DirectoryInbox.manifestSizeLimit)
        }
      } catch {
        // A manifest an importer finished meanwhile is simply gone; a link, a FIFO or a
        // directory is nothing a writer commits, and names nothing.
        if error.code != .notFound {
          references.unreadable.append(problem(entry.name, "\(error.reason)"))
        }
        continue
      }
      let id = DirectoryInbox.shareID(ofManifest: entry.name)
      do {
        guard let id else {
          throw ManifestError(path: path, problem: "not named by a share id (<UUID>.json)")
        }
        let manifest = try ShareManifest.decode(Data(bytes), path: path)
        try manifest.validate(path: path, expected: id)
        guard linkCount == 1 else {
          throw ManifestError(path: path, problem: "\(FileDescriptor.LinkCount(count: linkCount))")
        }
        references.keep(manifest)
      } catch {
        let found = ManifestReferences.names(in: bytes)
        for name in found {
          references.unreadableNames.formUnion(DirectoryInbox.stagedNames(of: name))
        }
        let reason = (error as? ManifestError).map(Self.reason) ?? "\(error)"
        references.unreadable.append(problem(entry.name, reason))
        if let id { try? await inbox.quarantine(id, reason: "cannot be read: \(reason)") }
      }
    }
    if let other = self.inbox {
      for entry in try await other.pending() where !references.sharesRead.contains(entry.id) {
        references.sharesRead.insert(entry.id)
        // A share an importer finished meanwhile is simply gone.
        do {
          guard let manifest = try await other.manifest(entry.id) else { continue }
          references.keep(manifest)
        } catch {
          // Its payloads cannot be known: keep every file until it is dealt with.
          references.unreadable.append(
            InboxProblem(
              name: "share \(entry.id.uuidString)", shareID: entry.id, problem: "\(error)"))
          references.unreadableNames.formUnion(try group.incoming.entries().map(\.name))
          references.unreadableNames.formUnion(try group.staging.entries().map(\.name))
        }
      }
    }
  }

  private func problem(_ name: String, _ text: String) -> InboxProblem {
    InboxProblem(
      name: "\(GroupDirectory.inboxName)/\(name)",
      shareID: DirectoryInbox.shareID(ofManifest: name), problem: text)
  }

  private static func reason(_ error: ManifestError) -> String {
    error.field.isEmpty ? error.problem : "\(error.field): \(error.problem)"
  }

  /// Looks at one stale-or-not entry: a fresh one is left; a stale regular file is locked
  /// (shared) and kept as a candidate unless a live writer holds it; anything else stale (a
  /// link, a FIFO, a directory) is removed now, as nothing a writer makes.
  private func consider(
    _ name: String, in directory: FileDescriptor, _ place: Place, _ cutoff: Double,
    _ candidates: inout [Candidate], _ report: inout Report
  ) throws {
    guard let status = try directory.status(of: name), status.modificationTime < cutoff else {
      return
    }
    guard status.kind == .regularFile else {
      do {
        try directory.removeTree(name)
      } catch {
        guard error.code == .notFound else { throw error }
        return
      }
      count(place, bytes: 0, &report)
      return
    }
    let opened: FileDescriptor.Untrusted
    do {
      opened = try directory.openUntrusted(name, maximumLinks: .max)
    } catch {
      // Gone, or swapped for something else meanwhile: the next sweep looks again.
      return
    }
    guard try opened.file.lockRecord(exclusive: false) else {
      try? opened.file.close()
      report.keptInFlight += 1
      return
    }
    candidates.append(Candidate(directory: directory, opened: opened, place: place))
  }

  /// Removes a locked candidate, if its name still names the file locked.
  private func remove(_ candidate: Candidate, _ report: inout Report) throws {
    let name = candidate.opened.name
    guard candidate.opened.isSameFile(as: try candidate.directory.status(of: name)) else {
      return
    }
    do {
      try candidate.directory.removeFile(name)
    } catch {
      guard error.code == .notFound else { throw error }
      return
    }
    count(candidate.place, bytes: candidate.opened.status.size, &report)
  }

  private func count(_ place: Place, bytes: Int64, _ report: inout Report) {
    report.bytesFreed += bytes
    switch place {
    case .staging: report.removedFromStaging += 1
    case .incoming: report.removedFromIncoming += 1
    case .inbox: report.removedFromInbox += 1
    }
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

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
