import Foundation
import SystemCalls

/// The inbox as files in the group directory: `<group>/Inbox/<share-id>.json`.
///
/// A manifest is written under a hidden name in `Inbox/` (`.<share-id>.json.partial`, reserved
/// as the share starts, or ahead by a pipeline that shares again and again), flushed, and
/// renamed to `<share-id>.json` without replacing anything; the rename is the commit point,
/// and the flush of `Inbox/` that follows makes it durable. Importers claim a share with an exclusive `flock` on its manifest: two importers
/// never hold the same share, and a claim held by a process that died is released by the
/// kernel with its descriptors, without waiting for anyone. An importer that fails records why
/// in `Inbox/<share-id>.failure` and leaves the share for the next run.
public final class DirectoryInbox: InboxStore {
  /// The largest manifest read: a share of text and URLs within any sane contract is far
  /// smaller; this only stops a hostile file from costing memory.
  public static let manifestSizeLimit: Int64 = 16 << 20

  /// The group directory the inbox lives in.
  public let group: GroupDirectory

  /// An inbox in `group`.
  public init(group: GroupDirectory) {
    self.group = group
  }

  static func manifestName(_ id: UUID) -> String { "\(id.uuidString).json" }
  static func failureName(_ id: UUID) -> String { "\(id.uuidString).failure" }

  // MARK: Extension side

  /// Creates `Inbox/.<share-id>.json.partial` (0600, never reusing anything), which no
  /// reader takes for a manifest.
  public func reserve(_ id: UUID) throws -> any PreparedManifest {
    let name = Self.partialName(id)
    let file = try group.inbox.open(name, .writeOnly, options: [.create, .exclusive, .noFollow])
    return PreparedDirectoryManifest(group: group, id: id, name: name, file: file)
  }

  /// Yes: a reservation is a file made in `Inbox/`.
  public var prefersReservingAhead: Bool { true }

  /// The name a manifest is written under before its commit.
  static func partialName(_ id: UUID) -> String { ".\(id.uuidString).json.partial" }

  // MARK: Importer side

  /// The manifests in `Inbox/`, oldest first (by modification time, which the extension sets
  /// to when the share arrived), with any failure recorded for them.
  public func pending() throws -> [InboxEntry] {
    var entries: [(entry: InboxEntry, seconds: Int, nanoseconds: Int)] = []
    let names = try group.inbox.entries().map(\.name)
    let failed = Set(names.filter { $0.hasSuffix(".failure") })
    for name in names where name.hasSuffix(".json") {
      guard let id = UUID(uuidString: String(name.dropLast(5))),
        let status = try group.inbox.status(of: name), status.kind == .regularFile
      else { continue }
      let failure =
        failed.contains(Self.failureName(id)) ? try? readFailure(Self.failureName(id)) : nil
      entries.append(
        (
          InboxEntry(
            id: id, receivedAt: Date(timeIntervalSince1970: status.modificationTime),
            failure: failure),
          status.modificationSeconds, status.modificationNanoseconds
        ))
    }
    return entries.sorted {
      ($0.seconds, $0.nanoseconds, $0.entry.id.uuidString)
        < ($1.seconds, $1.nanoseconds, $1.entry.id.uuidString)
    }.map(\.entry)
  }

  /// Reads the manifest of `id` without claiming it.
  public func manifest(_ id: UUID) throws -> ShareManifest? {
    let name = Self.manifestName(id)
    let path = group.absolutePath("\(GroupDirectory.inboxName)/\(name)")
    let bytes: [UInt8]
    do {
      let file = try group.inbox.open(name, .readOnly, options: [.noFollow])
      bytes = try file.closeAfter { try file.readToEnd(limit: Self.manifestSizeLimit) }
    } catch let error as IOError {
      if error.code == .notFound { return nil }
      throw error
    }
    let manifest = try ShareManifest.decode(Data(bytes), path: path)
    try Self.validate(manifest, path: path, expected: id)
    return manifest
  }

  /// Claims the share with an exclusive, non-blocking `flock` on its manifest, reads and checks
  /// the manifest, and completes payloads a crash left in `.staging/`.
  ///
  /// - Throws: `ManifestError` for a manifest that is not valid (which stays where it is),
  ///   `IOError` when the inbox cannot be read.
  public func claim(_ id: UUID) throws -> (any InboxClaim)? {
    let name = Self.manifestName(id)
    let file: FileDescriptor
    do {
      file = try group.inbox.open(name, .readOnly, options: [.noFollow])
    } catch {
      guard error.code == .notFound else { throw error }
      return nil
    }
    do {
      guard try file.lock(exclusive: true, wait: false) else {
        try file.close()
        return nil
      }
      // Between the open and the lock another importer may have finished the share and
      // removed the name: only the file still named so is the share.
      let opened = try file.status()
      guard let named = try group.inbox.status(of: name), named.inode == opened.inode,
        named.device == opened.device
      else {
        try file.close()
        return nil
      }
      let bytes = try file.readToEnd(sizeHint: opened.size, limit: Self.manifestSizeLimit)
      let manifest = try ShareManifest.decode(
        Data(bytes), path: group.absolutePath("Inbox/\(name)"))
      try Self.validate(manifest, path: group.absolutePath("Inbox/\(name)"), expected: id)
      try recoverPayloads(of: manifest)
      return DirectoryClaim(inbox: self, manifest: manifest, file: file)
    } catch {
      try? file.close()
      throw error
    }
  }

  /// Refuses a manifest that names a file outside `Incoming/` or under another id: a manifest
  /// may come from another program, and its paths are never followed anywhere else.
  package static func validate(_ manifest: ShareManifest, path: String, expected id: UUID)
    throws(ManifestError)
  {
    guard manifest.id == id else {
      throw ManifestError(
        path: path, field: "id", problem: "the id differs from the file's name")
    }
    for (index, item) in manifest.items.enumerated() where item.kind == .file {
      guard let file = item.file, isPayloadPath(file) else {
        throw ManifestError(
          path: path, field: "items[\(index)].file",
          problem: "a file item must name a file directly in Incoming/")
      }
    }
  }

  /// Whether `relativePath` is `Incoming/<name>` with a plain name (no `/`, not hidden).
  static func isPayloadPath(_ relativePath: String) -> Bool {
    let prefix = GroupDirectory.incomingName + "/"
    guard relativePath.hasPrefix(prefix) else { return false }
    let name = relativePath.dropFirst(prefix.count)
    return !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && name.utf8.count <= 255
  }

  /// Moves payloads of a committed share that are only in `.staging/` into `Incoming/` (a power
  /// loss can keep the commit but not a payload's link into `Incoming/`, which is flushed
  /// after it; the payload is in `.staging/` then, complete and flushed).
  ///
  /// - Returns: How many payloads it moved.
  @discardableResult
  package func recoverPayloads(of manifest: ShareManifest) throws -> Int {
    var published = 0
    var linked: [String] = []
    for item in manifest.items where item.kind == .file {
      guard let name = item.fileName, try group.incoming.status(of: name) == nil else { continue }
      for staged in Self.stagedNames(of: name) where try group.staging.status(of: staged) != nil {
        do {
          if try group.publish(staged, as: name) { linked.append(staged) }
          published += 1
        } catch {
          // Another importer or the sharer may have moved it meanwhile.
          guard error.code == .alreadyExists || error.code == .notFound else { throw error }
        }
        break
      }
    }
    // As at the commit: the staging names go only once the new ones are durable (the removal
    // flushes `Incoming/` first; renamed payloads need that flush alone).
    if !linked.isEmpty {
      try group.removeStagingNames(linked)
    } else if published > 0 {
      try group.incoming.sync()
    }
    return published
  }

  /// The names in `.staging/` a payload published as `name` (`<UUID>.<ext>`) may have before
  /// its commit: the same, or `<UUID>` alone for a file the pipeline made ahead, before the
  /// extension was known.
  package static func stagedNames(of name: String) -> [String] {
    guard let dot = name.firstIndex(of: "."), dot != name.startIndex else { return [name] }
    return [name, String(name[..<dot])]
  }

  func readFailure(_ name: String) throws -> InboxFailure {
    let file = try group.inbox.open(name, .readOnly, options: [.noFollow])
    let bytes = try file.closeAfter { try file.readToEnd(limit: 1 << 20) }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(InboxFailure.self, from: Data(bytes))
  }

  /// Records a failure next to the manifest (atomically, replacing the previous record).
  func recordFailure(_ id: UUID, error: String) throws {
    let name = Self.failureName(id)
    let previous = try? readFailure(name)
    let record = InboxFailure(
      attempts: (previous?.attempts ?? 0) + 1, lastAttempt: Date(), lastError: error)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(record)
    let temporary = "\(id.uuidString).failure.\(UUID().uuidString)"
    let file = try group.staging.open(
      temporary, .writeOnly, options: [.create, .exclusive, .noFollow])
    try file.closeAfter {
      try data.withUnsafeBytes { try file.writeAll($0) }
      try file.sync()
    }
    try group.staging.rename(temporary, to: name, in: group.inbox, replacing: true)
    try group.inbox.sync()
  }
}

/// A manifest written under a hidden name in `Inbox/`, not yet committed.
final class PreparedDirectoryManifest: PreparedManifest {
  let group: GroupDirectory
  let id: UUID
  let name: String
  let file: FileDescriptor

  init(group: GroupDirectory, id: UUID, name: String, file: FileDescriptor) {
    self.group = group
    self.id = id
    self.name = name
    self.file = file
  }

  func write(_ manifest: ShareManifest) throws {
    let data = try manifest.jsonData()
    try data.withUnsafeBytes { bytes in try file.writeAll(bytes) }
    // The manifest's modification time is when the share arrived, to the nanosecond, so the
    // inbox lists shares in the order they arrived from a directory listing alone.
    let arrived = manifest.receivedAt.timeIntervalSince1970
    let seconds = arrived.rounded(.down)
    try file.setModificationTime(
      seconds: Int(seconds), nanoseconds: Int((arrived - seconds) * 1e9))
  }

  func makeDurable() throws {
    try file.sync()
  }

  /// Renames the manifest to `<share-id>.json` in the same directory, never replacing, and
  /// flushes the directory: the commit point.
  func commit() throws {
    try file.close()
    try group.inbox.rename(name, to: DirectoryInbox.manifestName(id), replacing: false)
    do {
      try group.inbox.sync()
    } catch {
      throw CommittedButNotDurable(underlying: error)
    }
  }

  func discard() {
    try? file.close()
    try? group.inbox.removeFile(name)
  }
}

/// A share claimed with an exclusive `flock` on its manifest.
final class DirectoryClaim: InboxClaim {
  let inbox: DirectoryInbox
  let manifest: ShareManifest
  let file: FileDescriptor

  init(inbox: DirectoryInbox, manifest: ShareManifest, file: FileDescriptor) {
    self.inbox = inbox
    self.manifest = manifest
    self.file = file
  }

  func payloadPath(of item: ShareManifest.Item) -> String? {
    guard item.kind == .file, let file = item.file else { return nil }
    return inbox.group.absolutePath(file)
  }

  func finish() throws {
    let group = inbox.group
    defer { try? file.close() }
    try group.inbox.removeFile(DirectoryInbox.manifestName(manifest.id))
    // The manifest's removal is flushed before a payload goes, so no crash leaves a manifest
    // whose payloads are gone. With no payload left to remove (the library importer moves
    // them) there is nothing to order and no flush: a manifest that a power failure brings
    // back names a share its handler already took, which handlers tolerate (`ShareHandler`).
    var flushed = false
    for item in manifest.items where item.kind == .file {
      guard let name = item.fileName, try group.incoming.status(of: name) != nil else { continue }
      if !flushed {
        try group.inbox.sync()
        flushed = true
      }
      do {
        try group.incoming.removeFile(name)
      } catch {
        // Removed meanwhile.
        guard error.code == .notFound else { throw error }
      }
    }
    try? group.inbox.removeFile(DirectoryInbox.failureName(manifest.id))
  }

  func release(recording error: String) throws {
    defer { try? file.close() }
    try inbox.recordFailure(manifest.id, error: error)
  }
}
