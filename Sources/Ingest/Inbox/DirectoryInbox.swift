import Foundation
import Synchronization
import SystemCalls

/// The inbox as files in the group directory: `<group>/Inbox/<share-id>.json`.
///
/// A manifest is written under a hidden name in `Inbox/` (`.<share-id>.json.partial`, reserved
/// as the share starts, or ahead by a pipeline that shares again and again), flushed, and
/// renamed to `<share-id>.json` without replacing anything; the rename is the commit point,
/// and the flush of `Inbox/` that follows makes it durable. Importers claim a share with an
/// exclusive `flock` on its manifest: two importers never hold the same share, and a claim held
/// by a process that died is released by the kernel with its descriptors, without waiting for
/// anyone. An importer that fails records why in `Inbox/<share-id>.failure` and leaves the
/// share for the next run. (This module holds the writing side, all a share extension needs;
/// the reading side, `InboxReader`, is in the module `InboxReading`.)
///
/// Everything the reading side finds here is input from another program (see
/// `GroupDirectory+Trust`): manifests and failure records are opened without following links
/// or waiting on FIFOs, must be regular files with one name, and are checked before use. A
/// share id in a file name is read in either case (RFC 4122), as other writers (Python's
/// `uuid4`) write it in lower case.
public final class DirectoryInbox: InboxWriter {
  /// The largest manifest read: a share of text and URLs within any sane contract is far
  /// smaller; this only stops a hostile file from costing memory.
  public static let manifestSizeLimit: Int64 = 16 << 20

  /// The largest failure record read.
  package static let failureSizeLimit: Int64 = 1 << 20

  /// The group directory the inbox lives in.
  public let group: GroupDirectory

  /// Manifest names the last listing found spelt in neither all upper nor all lower case, by
  /// share id, so a claim finds them without listing the directory again.
  package let unusualNames = Mutex<[UUID: String]>([:])

  /// An inbox in `group`.
  public init(group: GroupDirectory) {
    self.group = group
  }

  /// `<share-id>.json`, as this package writes it (upper case).
  package static func manifestName(_ id: UUID) -> String { "\(id.uuidString).json" }

  /// The failure record beside the manifest named `manifestName`: `<stem>.failure`.
  package static func failureName(ofManifest manifestName: String) -> String {
    String(manifestName.dropLast(".json".count)) + ".failure"
  }

  /// The share id a manifest's file name holds (`<UUID>.json`, the UUID in any case); nil for
  /// any other name.
  package static func shareID(ofManifest name: String) -> UUID? {
    guard name.hasSuffix(".json"), name.utf8.count == 41 else { return nil }
    return UUID(uuidString: String(name.dropLast(5)))
  }

  // MARK: Extension side

  /// Creates `Inbox/.<share-id>.json.partial` (0600, never reusing anything), which no
  /// reader takes for a manifest, carrying the in-flight lock so no sweeper removes it while
  /// the share lives. (In the rare case that a sweeper caught the new name before its lock,
  /// the reservation is made again under a random name, `.<UUID>.json.partial`: the commit
  /// renames whichever it is.)
  public func reserve(_ id: UUID) async throws -> any PreparedManifest {
    try await IOExecutor.shared.run {
      var first = true
      let made = try group.makeInFlightFile(in: group.inbox, .writeOnly) {
        defer { first = false }
        return first ? Self.partialName(id) : Self.partialName(RandomUUID.make())
      }
      return PreparedDirectoryManifest(group: group, id: id, name: made.name, file: made.file)
    }
  }

  /// Yes: a reservation is a file made in `Inbox/`.
  public var prefersReservingAhead: Bool { true }

  /// The name a manifest is written under before its commit.
  package static func partialName(_ id: UUID) -> String { ".\(id.uuidString).json.partial" }

  /// Whether `name` is a reservation's (`.<share-id>.json.partial`).
  package static func isReservation(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(".json.partial")
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
      guard let name = item.payloadName, try group.payloadStatus(name) == nil else { continue }
      for staged in name.stagedNames where try group.staging.status(of: staged) != nil {
        do {
          if try group.publish(staged, as: name.fileName) { linked.append(staged) }
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
}

/// A manifest written under a hidden name in `Inbox/`, not yet committed.
final class PreparedDirectoryManifest: PreparedManifest {
  let group: GroupDirectory
  let id: UUID
  let name: String
  let file: FileDescriptor
  /// Whether the descriptor was closed: a commit that failed is discarded after, and a
  /// descriptor closed twice could close another thread's file that reused its number.
  private let closed = Mutex(false)

  init(group: GroupDirectory, id: UUID, name: String, file: FileDescriptor) {
    self.group = group
    self.id = id
    self.name = name
    self.file = file
  }

  /// Closes the descriptor, once.
  private func closeOnce() {
    let first = closed.withLock { closed -> Bool in
      defer { closed = true }
      return !closed
    }
    if first { try? file.close() }
  }

  func write(_ manifest: ShareManifest) async throws {
    try await IOExecutor.shared.run {
      let data = try manifest.jsonData()
      try data.withUnsafeBytes { bytes in try file.writeAll(bytes) }
      // The manifest's modification time is when the share arrived, to the nanosecond, so the
      // inbox lists shares in the order they arrived from a directory listing alone.
      let arrived = manifest.receivedAt.timeIntervalSince1970
      let seconds = arrived.rounded(.down)
      try file.setModificationTime(
        seconds: Int(seconds), nanoseconds: Int((arrived - seconds) * 1e9))
    }
  }

  func makeDurable() async throws {
    try await IOExecutor.shared.run {
      try file.sync()
    }
  }

  /// Renames the manifest to `<share-id>.json` in the same directory, never replacing, and
  /// flushes the directory: the commit point. The reservation's descriptor (and with it its
  /// in-flight lock) is closed only after the rename.
  func commit() async throws {
    try await IOExecutor.shared.run {
      do {
        try group.inbox.rename(name, to: DirectoryInbox.manifestName(id), replacing: false)
      } catch {
        closeOnce()
        throw error
      }
      closeOnce()
      do {
        try group.inbox.sync()
      } catch {
        throw CommittedButNotDurable(underlying: error)
      }
    }
  }

  func discard() async {
    await IOExecutor.shared.run {
      try? group.inbox.removeFile(name)
      closeOnce()
    }
  }
}
