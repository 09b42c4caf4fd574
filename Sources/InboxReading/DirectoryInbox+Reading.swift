import Foundation
import Ingest
import Synchronization
import SystemCalls

/// The importer's side of the directory inbox: listing, reading and claiming committed shares,
/// and recording failures, all through the reading side's one door (`openUntrusted`).
extension DirectoryInbox: InboxReader {
  /// The manifests in `Inbox/`, oldest first (by modification time, which the extension sets
  /// to when the share arrived), with any failure recorded for them.
  ///
  /// Only regular files named `<share-id>.json` are listed; everything else in `Inbox/` that is
  /// not hidden (reservations, other writers' temporary files) is a problem `problems()`
  /// reports.
  public func pending() async throws -> [InboxEntry] {
    try await pending(readingFailures: true)
  }

  /// The committed shares, oldest first; their failure records read only when
  /// `readingFailures`.
  public func pending(readingFailures: Bool) async throws -> [InboxEntry] {
    try await IOExecutor.shared.run {
      let listing = try scan(readingFailures: readingFailures)
      return listing.entries
    }
  }

  /// The committed shares among `ids`, each looked up by its manifest's name (`Inbox/` is not
  /// listed: an arrival costs the same beside twenty thousand other files as beside none);
  /// those with no manifest, or one that is not a plain file, are left out (the next full
  /// listing reports them).
  public func pending(of ids: [UUID]) async throws -> [InboxEntry] {
    try await IOExecutor.shared.run {
      var entries: [InboxEntry] = []
      var seen = Set<UUID>()
      for id in ids where seen.insert(id).inserted {
        guard let name = try locateManifest(id), let status = try group.inbox.status(of: name),
          status.kind == .regularFile, status.linkCount == 1
        else { continue }
        entries.append(Self.entry(id, name: name, status: status, failure: nil))
      }
      return entries
    }
  }

  /// The entry of the manifest `name` of `id`, as `status` shows it.
  private static func entry(
    _ id: UUID, name: String, status: FileStatus, failure: InboxFailure?
  ) -> InboxEntry {
    InboxEntry(
      id: id, receivedAt: Date(timeIntervalSince1970: status.modificationTime),
      failure: failure,
      revision: InboxEntry.Revision(
        name: name, size: status.size, modificationSeconds: status.modificationSeconds,
        modificationNanoseconds: status.modificationNanoseconds, device: status.device,
        inode: status.inode))
  }

  /// What `Inbox/` holds that is not a share: files that are not regular (links, FIFOs,
  /// directories), manifests with other names, second manifests of one share, failure records
  /// that are not files, and anything else. Manifests that cannot be read are not among them:
  /// reading one says why (`manifest(_:)`).
  public func problems() async throws -> [InboxProblem] {
    try await IOExecutor.shared.run {
      try scan().problems
    }
  }

  /// One listing of `Inbox/`: the shares in it, and what else it holds.
  private func scan(readingFailures: Bool = true) throws -> (
    entries: [InboxEntry], problems: [InboxProblem]
  ) {
    var found: [(entry: InboxEntry, seconds: Int, nanoseconds: Int)] = []
    var problems: [InboxProblem] = []
    var seen: [UUID: String] = [:]
    var unusual: [UUID: String] = [:]
    func problem(rawName: [UInt8], _ id: UUID?, _ text: String) {
      problems.append(
        InboxProblem(
          rawName: Array("\(GroupDirectory.inboxName)/".utf8) + rawName, shareID: id,
          problem: text))
    }
    func problem(_ name: String, _ id: UUID?, _ text: String) {
      problem(rawName: Array(name.utf8), id, text)
    }
    var names: [String] = []
    for entry in try group.inbox.entries() {
      // Reservations, and other writers' temporary files (written under a hidden name, then
      // renamed into place): files in flight, not problems.
      if entry.rawName.first == UInt8(ascii: ".") { continue }
      // No share's manifest or record has such a name: reported by its bytes, never opened.
      guard entry.isUTF8 else {
        problem(rawName: entry.rawName, nil, "a name that is not UTF-8; not imported")
        continue
      }
      names.append(entry.name)
    }
    names.sort()
    let nameSet = Set(names)
    for name in names {
      if name.hasSuffix(".failure") {
        let manifest = String(name.dropLast(".failure".count)) + ".json"
        if nameSet.contains(manifest), let status = try group.inbox.status(of: name),
          status.kind != .regularFile
        {
          problem(
            name, Self.shareID(ofManifest: manifest),
            "a failure record that is \(status.kind.article)")
        }
        continue
      }
      guard name.hasSuffix(".json") else {
        problem(name, nil, "not an inbox file (only <share-id>.json manifests belong here)")
        continue
      }
      guard let id = Self.shareID(ofManifest: name) else {
        problem(name, nil, "not named by a share id (<UUID>.json); not imported")
        continue
      }
      guard let status = try group.inbox.status(of: name) else { continue }
      guard status.kind == .regularFile else {
        problem(name, id, "not a regular file (\(status.kind.article)); never read")
        continue
      }
      guard status.linkCount == 1 else {
        problem(name, id, "\(FileDescriptor.LinkCount(count: status.linkCount))")
        continue
      }
      if let first = seen[id] {
        problem(
          name, id, "a second manifest of share \(id.uuidString) (beside \(first)); not imported")
        continue
      }
      seen[id] = name
      if name != Self.manifestName(id), name != Self.manifestName(id).lowercased() {
        unusual[id] = name
      }
      let failureName = Self.failureName(ofManifest: name)
      let failure =
        readingFailures && nameSet.contains(failureName) ? try? readFailure(failureName) : nil
      found.append(
        (
          Self.entry(id, name: name, status: status, failure: failure),
          status.modificationSeconds, status.modificationNanoseconds
        ))
    }
    unusualNames.withLock { $0 = unusual }
    let entries = found.sorted {
      ($0.seconds, $0.nanoseconds, $0.entry.id.uuidString)
        < ($1.seconds, $1.nanoseconds, $1.entry.id.uuidString)
    }.map(\.entry)
    return (entries, problems)
  }

  /// The name in `Inbox/` of the manifest of `id`, in whichever case it was written; nil when
  /// there is none.
  func locateManifest(_ id: UUID) throws -> String? {
    let upper = Self.manifestName(id)
    for name in [upper, upper.lowercased()] where try group.inbox.status(of: name) != nil {
      return name
    }
    guard let name = unusualNames.withLock({ $0[id] }),
      try group.inbox.status(of: name) != nil
    else { return nil }
    return name
  }

  /// Reads the manifest of `id` without claiming it.
  public func manifest(_ id: UUID) async throws -> ShareManifest? {
    try await IOExecutor.shared.run { () throws -> ShareManifest? in
      guard let name = try locateManifest(id) else { return nil }
      let path = group.absolutePath("\(GroupDirectory.inboxName)/\(name)")
      let bytes: [UInt8]
      do throws(IOError) {
        bytes = try group.inbox.readUntrusted(name, limit: Self.manifestSizeLimit)
      } catch {
        if error.code == .notFound { return nil }
        throw error
      }
      let manifest = try ShareManifest.decode(Data(bytes), path: path)
      try manifest.validate(path: path, expected: id)
      return manifest
    }
  }

  /// Claims the share with an exclusive, non-blocking `flock` on its manifest, reads and checks
  /// the manifest, and completes payloads a crash left in `.staging/`.
  ///
  /// - Throws: `ManifestError` for a manifest that is not valid (which stays where it is),
  ///   `IOError` when the inbox cannot be read or the manifest is not a plain file.
  public func claim(_ id: UUID) async throws -> (any InboxClaim)? {
    try await IOExecutor.shared.run { () throws -> (any InboxClaim)? in
      guard let name = try locateManifest(id) else { return nil }
      let path = group.absolutePath("\(GroupDirectory.inboxName)/\(name)")
      let opened: FileDescriptor.Untrusted
      do throws(IOError) {
        opened = try group.inbox.openUntrusted(name)
      } catch {
        guard error.code == .notFound else { throw error }
        return nil
      }
      let file = opened.file
      do {
        // Between the open and the lock another importer may have finished the share and
        // removed the name: only the file still named so is the share.
        guard try file.lock(exclusive: true, wait: false),
          opened.isSameFile(as: try group.inbox.status(of: name))
        else {
          try? file.unlockAndClose()
          return nil
        }
        let bytes = try file.readToEnd(sizeHint: opened.status.size, limit: Self.manifestSizeLimit)
        let manifest = try ShareManifest.decode(Data(bytes), path: path)
        try manifest.validate(path: path, expected: id)
        try recoverPayloads(of: manifest)
        return DirectoryClaim(inbox: self, manifest: manifest, manifestName: name, file: file)
      } catch {
        try? file.unlockAndClose()
        throw error
      }
    }
  }

  /// Records `reason` beside the manifest of `id` (its failure record), unless recorded already.
  public func quarantine(_ id: UUID, reason: String) async throws {
    try await IOExecutor.shared.run {
      guard let name = try locateManifest(id) else { return }
      try recordFailureOnce(ofManifest: name, error: reason)
    }
  }

  // MARK: Failure records

  /// The failure recorded in `Inbox/<name>` (read through the door: a FIFO there never blocks).
  func readFailure(_ name: String) throws -> InboxFailure {
    let bytes = try group.inbox.readUntrusted(name, limit: Self.failureSizeLimit)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try JSONInput.decode(InboxFailure.self, from: Data(bytes), decoder: decoder)
  }

  /// Records a failure next to the manifest `manifestName` (atomically, replacing the previous
  /// record: written in `Inbox/` as an in-flight file, then renamed within it).
  func recordFailure(ofManifest manifestName: String, error: String) throws {
    let name = Self.failureName(ofManifest: manifestName)
    let previous = try? readFailure(name)
    let record = InboxFailure(
      attempts: min((previous?.attempts ?? 0).saturatingAdding(1), InboxFailure.maximumAttempts),
      lastAttempt: Date(), lastError: error)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(record)
    // Written beside its final name, in `Inbox/`, and renamed within it: `Inbox/` may be on
    // another file system than `.staging/` (a rename across them fails with EXDEV). Its
    // temporary name is an in-flight file's (`.<UUID>.json.partial`, locked while written),
    // so one a crash leaves is swept as a reservation never committed.
    let made = try group.makeInFlightFile(in: group.inbox, .writeOnly) {
      Self.partialName(RandomUUID.make())
    }
    do {
      try data.withUnsafeBytes { try made.file.writeAll($0) }
      try made.file.sync()
      try group.inbox.rename(made.name, to: name, replacing: true)
    } catch {
      try? group.inbox.removeFile(made.name)
      try? made.file.close()
      throw error
    }
    try? made.file.close()
    try group.inbox.sync()
  }

  /// Records `error` for the share whose manifest is `Inbox/<name>` unless the same error is
  /// already recorded (so repeated passes over a share that cannot be read do not count as
  /// attempts of their own).
  func recordFailureOnce(ofManifest name: String, error: String) throws {
    if let previous = try? readFailure(Self.failureName(ofManifest: name)),
      previous.lastError == error
    {
      return
    }
    try recordFailure(ofManifest: name, error: error)
  }
}
