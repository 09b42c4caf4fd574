import Foundation
import Ingest
import SystemCalls

/// Removes what crashed or abandoned shares left in a group directory, and completes committed
/// shares a crash cut short, without ever removing a file a share needs: it removes only what
/// it has proved orphaned.
///
/// A file in `.staging/` or `Incoming/` (or a reservation in `Inbox/`) is removed only when all
/// of these hold:
/// - it is older than the threshold (see "Times" below);
/// - no committed manifest names it, decoded, nor anywhere in its bytes (a second `file` key
///   this reader's decoding passed over is a name another reader may take);
/// - no manifest this reader cannot read may name it. Such a manifest (too large, a newer
///   schema, duplicate keys, a date it cannot parse, bytes that are not JSON) has its bytes
///   streamed, and every name it may hold keeps its file (`ManifestReferences`: in bounded
///   memory, whatever the manifest's size or the group's); one whose bytes cannot be read at
///   all (it may not be opened, the process is out of descriptors, a read fails) keeps every
///   file of `Incoming/` and `.staging/` for that sweep. Its share is kept with the reason
///   recorded (`InboxStore.quarantine`);
/// - no live share holds it: a writer holds an in-flight lock on each file of a share from the
///   moment its name appears until the share commits or rolls back (see
///   `GroupDirectory+Trust`), and the sweeper takes a shared lock on every file before it
///   removes it, so it can never take a file whose writer lives;
/// - and, once it holds that lock, still no manifest names it: the inbox is read a second time,
///   since a share that committed between the first reading and the lock released its locks
///   only after its manifest was in the inbox; the unreadable manifests are streamed after that.
///
/// So nothing a share reported committed, or will commit, is removed, at any threshold (0
/// included). Payloads of committed manifests still in `.staging/` are moved into `Incoming/`,
/// never removed; those published in `Incoming/` whose second name in `.staging/` a crash kept
/// (see `ShareTransaction`) lose that name once `Incoming/` is flushed.
///
/// An entry the sweeper cannot remove (a directory it may not write, a tree too deep for the
/// descriptors left) is skipped and reported (`Report.skipped`), and the sweep goes on.
///
/// **Times.** A file's age is that of its modification time, unless that time is in the
/// future (a clock set back, a file copied from another machine, a writer that set it): then
/// its status-change time, which the kernel sets on every change and no program can set, says
/// when it was last touched. So a future time never keeps a file forever.
///
/// **Names that are not UTF-8.** No manifest can name them (manifests are JSON, and a payload
/// name is valid UTF-8: `PayloadName`), so such an entry is judged like any other, and
/// removed by its bytes once it is stale, unlocked and no unreadable manifest holds its bytes.
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
    /// Stale files left because a manifest this reader cannot read may name them.
    public var keptForUnreadable = 0
    /// Manifests that cannot be read, with why: each is left in place with the files it may
    /// name, and its share kept with the reason recorded.
    public var unreadableManifests: [InboxProblem] = []
    /// Entries the sweep could not deal with (remove, examine, or complete), with why: each is
    /// left as it is, and the sweep went on.
    public var skipped: [InboxProblem] = []
  }

  /// The largest manifest the sweeper decodes (1 MiB): a larger one (up to the inbox's limit)
  /// has its bytes streamed for names instead, so a sweep's memory stays bounded however many
  /// large manifests the group holds (a decoded document costs several times its size).
  static let decodingLimit: Int64 = 1 << 20

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
    /// Manifests in `Inbox/` whose bytes are scanned for names: those that cannot be read but
    /// whose bytes can, and the committed ones.
    var scannable: [String] = []
    /// Whether some committed share's names cannot be known at all: every file is kept.
    var keepsEverything = false

    mutating func keep(_ manifest: ShareManifest) {
      committed.append(manifest)
      for item in manifest.items {
        names.formUnion(item.payloadName?.stagedNames ?? [])
      }
    }

    /// Whether a committed manifest names `entry`.
    func names(_ entry: DirectoryEntry) -> Bool {
      entry.isUTF8 && names.contains(entry.name)
    }
  }

  /// A stale file the sweeper holds a shared lock on, to remove once the inbox is read again.
  struct Candidate {
    var directory: FileDescriptor
    var opened: FileDescriptor.Untrusted
    var entry: DirectoryEntry
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
      do {
        report.completed += try inbox.recoverPayloads(of: manifest)
      } catch {
        report.skipped.append(
          InboxProblem(
            name: "share \(manifest.id.uuidString)", shareID: manifest.id,
            problem: "its payloads left in .staging/ cannot be completed: "
              + NameQuoting.verbatim.describe(error)))
      }
    }
    report.completed += try removeSecondNames(of: references.committed)
    let clock = Clock(now: now.timeIntervalSince1970, threshold: Self.seconds(threshold))
    var candidates: [Candidate] = []
    defer { for candidate in candidates { try? candidate.opened.file.close() } }
    // Manifests a crashed share reserved but never committed.
    for entry in try group.inbox.entries() where DirectoryInbox.isReservation(entry.name) {
      consider(entry, in: group.inbox, .inbox, clock, &candidates, &report)
    }
    for (directory, place) in [(group.staging, Place.staging), (group.incoming, .incoming)] {
      for entry in try directory.entries() where !references.names(entry) {
        consider(entry, in: directory, place, clock, &candidates, &report)
      }
    }
    // Shares that committed since the first reading are in the inbox now (their writers
    // released their locks only after committing): read it again before removing anything.
    try await read(into: &references)
    let protected = protectedByUnreadable(
      references, candidates.filter { $0.place != .inbox }.map(\.entry.rawName))
    for candidate in candidates {
      if candidate.place != .inbox {
        if references.names(candidate.entry) { continue }
        if references.keepsEverything || protected.contains(candidate.entry.rawName) {
          report.keptForUnreadable += 1
          continue
        }
      }
      remove(candidate, &report)
    }
    report.unreadableManifests = references.unreadable
    return report
  }

  /// The age rule: a modification time in the future gives way to the status-change time.
  struct Clock {
    var now: Double
    var threshold: Double

    /// Whether a file whose status is `status` was last touched before the threshold.
    func isStale(_ status: FileStatus) -> Bool {
      let touched =
        status.modificationTime > now ? status.statusChangeTime : status.modificationTime
      return touched < now - threshold
    }
  }

  /// Reads the manifests not read yet into `references`.
  func read(into references: inout References) async throws {
    let inbox = DirectoryInbox(group: group)
    for entry in try group.inbox.entries() where entry.name.hasSuffix(".json") {
      guard entry.isUTF8, !references.manifestsRead.contains(entry.name) else { continue }
      references.manifestsRead.insert(entry.name)
      let path = group.absolutePath("\(GroupDirectory.inboxName)/\(entry.name)")
      let bytes: [UInt8]
      let linkCount: UInt64
      do throws(IOError) {
        // Read whatever the file is, extra names included: a manifest this reader cannot take
        // still says which files to keep.
        let opened = try group.inbox.openUntrusted(entry.name, maximumLinks: .max)
        linkCount = opened.status.linkCount
        if opened.status.size > Self.decodingLimit,
          opened.status.size <= DirectoryInbox.manifestSizeLimit
        {
          // Not decoded here, so memory stays small whatever the group holds: its bytes are
          // streamed for names, and the importer's claim completes its payloads.
          try? opened.file.close()
          references.scannable.append(entry.name)
          continue
        }
        bytes = try opened.file.closeAfterTyped { () throws(IOError) -> [UInt8] in
          try opened.file.readToEnd(
            sizeHint: opened.status.size, limit: DirectoryInbox.manifestSizeLimit)
        }
      } catch {
        switch error.code {
        case .notFound:
          // A manifest an importer finished meanwhile is simply gone.
          break
        case .symbolicLink, .notRegularFile:
          // A link, a FIFO or a directory is nothing a writer commits, and names nothing.
          references.unreadable.append(problem(entry.name, "\(error.reason)"))
        case .tooLarge:
          // Larger than any manifest this reader takes: its bytes are streamed for names.
          references.scannable.append(entry.name)
          references.unreadable.append(problem(entry.name, "\(error.reason)"))
        default:
          // It may not be opened or read (EACCES, EMFILE, EIO): whatever it names is unknown.
          references.keepsEverything = true
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
        // Its bytes too: a name this reader's decoding passed over (a second `file` key, which
        // another reader may take) is still a name the share may need.
        references.scannable.append(entry.name)
      } catch {
        references.scannable.append(entry.name)
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
              name: "share \(entry.id.uuidString)", shareID: entry.id,
              problem: NameQuoting.verbatim.describe(error)))
          references.keepsEverything = true
        }
      }
    }
  }

  /// The names among `candidates` that the manifests of `references` may name anywhere in
  /// their bytes (the unreadable ones, and the committed ones for names their decoding passed
  /// over), each manifest streamed once; a manifest that cannot be read to its end now keeps
  /// every candidate.
  func protectedByUnreadable(_ references: References, _ candidates: [[UInt8]])
    -> Set<[UInt8]>
  {
    let wanted = Set(candidates)
    guard !wanted.isEmpty, !references.keepsEverything else { return [] }
    var found = Set<[UInt8]>()
    for name in references.scannable {
      do throws(IOError) {
        let opened = try group.inbox.openUntrusted(name, maximumLinks: .max)
        let names = try opened.file.closeAfterTyped { () throws(IOError) -> Set<[UInt8]> in
          try ManifestReferences.scan(opened.file, for: wanted)
        }
        found.formUnion(names)
      } catch {
        switch error.code {
        case .notFound, .symbolicLink, .notRegularFile: continue
        default: return wanted
        }
      }
    }
    return found
  }

  private func problem(_ name: String, _ text: String) -> InboxProblem {
    InboxProblem(
      name: "\(GroupDirectory.inboxName)/\(name)",
      shareID: DirectoryInbox.shareID(ofManifest: name), problem: text)
  }

  private static func reason(_ error: ManifestError) -> String {
    error.field.isEmpty ? error.problem : "\(error.field): \(error.problem)"
  }

  /// Where an entry is, relative to the group directory, byte for byte, for reports.
  private func location(_ entry: DirectoryEntry, _ place: Place) -> [UInt8] {
    let directory =
      switch place {
      case .staging: GroupDirectory.stagingName
      case .incoming: GroupDirectory.incomingName
      case .inbox: GroupDirectory.inboxName
      }
    return Array("\(directory)/".utf8) + entry.rawName
  }

  /// Records that `entry` was left because `error` stopped the sweeper.
  private func skip(
    _ entry: DirectoryEntry, _ place: Place, _ error: any Error, _ report: inout Report
  ) {
    report.skipped.append(
      InboxProblem(
        rawName: location(entry, place), shareID: nil, problem: NameQuoting.verbatim.describe(error)
      ))
  }

  /// Looks at one stale-or-not entry: a fresh one is left; a stale regular file is locked
  /// (shared) and kept as a candidate unless a live writer holds it; anything else stale (a
  /// link, a FIFO, a directory) is removed now, as nothing a writer makes. An entry that
  /// cannot be examined or removed is skipped and reported.
  private func consider(
    _ entry: DirectoryEntry, in directory: FileDescriptor, _ place: Place, _ clock: Clock,
    _ candidates: inout [Candidate], _ report: inout Report
  ) {
    let found: FileStatus?
    do {
      found =
        entry.isUTF8
        ? try directory.status(of: entry.name) : try directory.status(ofRawName: entry.rawName)
    } catch {
      return skip(entry, place, error, &report)
    }
    guard let status = found, clock.isStale(status) else { return }
    guard status.kind == .regularFile else {
      do throws(IOError) {
        if entry.isUTF8 {
          try directory.removeTree(entry.name)
        } else {
          try directory.remove(rawName: entry.rawName, directory: status.kind == .directory)
        }
      } catch {
        if error.code != .notFound { skip(entry, place, error, &report) }
        return
      }
      count(place, bytes: 0, &report)
      return
    }
    let opened: FileDescriptor.Untrusted
    do throws(IOError) {
      opened =
        entry.isUTF8
        ? try directory.openUntrusted(entry.name, maximumLinks: .max)
        : try directory.openUntrusted(rawName: entry.rawName)
    } catch {
      // Gone, or swapped for something else meanwhile: the next sweep looks again.
      switch error.code {
      case .notFound, .symbolicLink, .notRegularFile: break
      default: skip(entry, place, error, &report)
      }
      return
    }
    do {
      guard try opened.file.lockRecord(exclusive: false) else {
        try? opened.file.close()
        report.keptInFlight += 1
        return
      }
    } catch {
      try? opened.file.close()
      return skip(entry, place, error, &report)
    }
    candidates.append(Candidate(directory: directory, opened: opened, entry: entry, place: place))
  }

  /// Removes a locked candidate, if its name still names the file locked; a name that cannot
  /// be removed is skipped and reported.
  private func remove(_ candidate: Candidate, _ report: inout Report) {
    let entry = candidate.entry
    do throws(IOError) {
      let now =
        entry.isUTF8
        ? try candidate.directory.status(of: entry.name)
        : try candidate.directory.status(ofRawName: entry.rawName)
      guard candidate.opened.isSameFile(as: now) else { return }
      if entry.isUTF8 {
        try candidate.directory.removeFile(entry.name)
      } else {
        try candidate.directory.remove(rawName: entry.rawName)
      }
    } catch {
      if error.code != .notFound { skip(entry, candidate.place, error, &report) }
      return
    }
    count(candidate.place, bytes: candidate.opened.status.size, &report)
  }

  private func count(_ place: Place, bytes: Int64, _ report: inout Report) {
    report.bytesFreed = report.bytesFreed.saturatingAdding(bytes)
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
        guard let name = item.payloadName else { continue }
        let candidates = name.stagedNames.filter(staged.contains)
        guard !candidates.isEmpty, let published = try group.payloadStatus(name),
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
