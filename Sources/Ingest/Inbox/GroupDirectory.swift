import Foundation
import ItemProvider
import Synchronization
import SystemCalls

/// An App Group directory, opened for the pipeline: `Incoming/`, `Inbox/` and `.staging/`
/// inside it, created with mode 0700 when missing.
///
/// ```
/// <group>/Incoming/<UUID>.<ext>     payload copies, mode 0600, never overwritten
/// <group>/Inbox/<share-id>.json     one manifest per accepted share, written last, atomically
/// <group>/.staging/                 files of shares in flight (same file system)
/// ```
///
/// The three directories are opened once, refusing a symbolic link in the place of any of them,
/// and every later operation names files relative to them, so nothing planted in the group
/// directory can redirect a write outside it. Keep one instance for many shares; the
/// descriptors close when it goes away.
public final class GroupDirectory: Sendable {
  /// The directory of payload files: `Incoming`.
  public static let incomingName = "Incoming"
  /// The directory of committed manifests: `Inbox`.
  public static let inboxName = "Inbox"
  /// The directory of shares in flight: `.staging`.
  public static let stagingName = ".staging"

  /// The group directory's path, as given.
  public let path: String
  package let root: FileDescriptor
  package let incoming: FileDescriptor
  package let inbox: FileDescriptor
  package let staging: FileDescriptor
  /// What a payload's flush costs here, as the shares measured it (see `FlushCost`).
  let payloadFlushCost = FlushCost()
  /// Whether `checkPublishingLayout()` found `.staging/` and `Incoming/` on one file system:
  /// the descriptors never change, so neither does the answer.
  let publishingLayoutChecked = Atomic<Bool>(false)

  /// Opens the group directory at `path`, creating it (and missing parents) and its three
  /// directories with mode 0700.
  ///
  /// - Throws: `IOError`: `.symbolicLink` when a link stands in place of a directory,
  ///   `.permissionDenied` or `.readOnly` when it cannot be created or written.
  public init(path: String) throws(IOError) {
    self.path = path
    try FileSystem.makeDirectories(path)
    let root = try FileDescriptor.openDirectory(path)
    do throws(IOError) {
      let incoming = try root.ensureDirectory(Self.incomingName)
      let inbox: FileDescriptor
      do throws(IOError) { inbox = try root.ensureDirectory(Self.inboxName) } catch {
        try? incoming.close()
        throw error
      }
      let staging: FileDescriptor
      do throws(IOError) { staging = try root.ensureDirectory(Self.stagingName) } catch {
        try? incoming.close()
        try? inbox.close()
        throw error
      }
      self.root = root
      self.incoming = incoming
      self.inbox = inbox
      self.staging = staging
    } catch {
      try? root.close()
      throw error
    }
  }

  /// Opens the directory of an App Group, as `FileManager.containerURL(forSecurityApplication
  /// GroupIdentifier:)` resolves it (`INGEST_APP_GROUPS`).
  ///
  /// - Throws: `AppGroupError` when the group has no usable directory, `IOError` when its
  ///   directories cannot be made.
  public convenience init(appGroup identifier: String) throws {
    let url = try AppGroupContainers.shared.containerURL(forGroupIdentifier: identifier)
    try self.init(path: url.path)
  }

  deinit {
    for descriptor in [staging, inbox, incoming, root] { try? descriptor.close() }
  }

  /// The path of `name` in `Incoming/`, relative to the group directory (what manifests hold).
  static func incomingRelativePath(_ name: String) -> String { "\(incomingName)/\(name)" }

  /// Publishes the file `stagedName` in `.staging/` as `name` in `Incoming/`, never replacing
  /// anything: by a hard link, which keeps its name in `.staging/` (true), or, where the file
  /// system has no hard links or `byRename` asks for it, by a rename (false). Either way the
  /// new name is durable only once `Incoming/` is flushed; until then a linked file's name in
  /// `.staging/` is the one to keep, and a renamed file belongs to no committed share.
  package func publish(
    _ stagedName: String, as name: String, byRename: Bool = false
  ) throws(IOError) -> Bool {
    if byRename {
      do {
        try staging.rename(stagedName, to: name, in: incoming, replacing: false)
      } catch let error where error.errno == .crossDevice {
        throw Self.crossDevice(error, path: path)
      }
      return false
    }
    do {
      try staging.link(stagedName, to: name, in: incoming)
      return true
    } catch let error where error.errno == .crossDevice {
      throw Self.crossDevice(error, path: path)
    } catch let error where error.code == .unsupported || error.errno == .notPermitted {
      do {
        try staging.rename(stagedName, to: name, in: incoming, replacing: false)
      } catch let error where error.errno == .crossDevice {
        throw Self.crossDevice(error, path: path)
      }
      return false
    }
  }

  /// `error` (a link or rename from `.staging/` into `Incoming/` that met `EXDEV`), its cause
  /// the layout that made it fail.
  private static func crossDevice(_ error: IOError, path: String) -> IOError {
    IOError(
      error.code, operation: error.operation, path: error.path,
      cause: GroupLayoutError(group: path, first: incomingName, second: stagingName))
  }

  /// Flushes `Incoming/`, then removes `stagedNames` from `.staging/`: the second names of
  /// files `publish` linked, which may go only once their names in `Incoming/` are durable.
  /// Returns how many it removed (a name already gone is skipped).
  ///
  /// - Throws: `IOError` when `Incoming/` cannot be flushed (nothing is removed then) or a
  ///   name cannot be removed.
  @discardableResult
  package func removeStagingNames(_ stagedNames: [String]) throws(IOError) -> Int {
    guard !stagedNames.isEmpty else { return 0 }
    try incoming.sync()
    var removed = 0
    for name in stagedNames {
      do {
        try staging.removeFile(name)
        removed += 1
      } catch {
        // Removed meanwhile (by the sweeper, or the sharer).
        guard error.code == .notFound else { throw error }
      }
    }
    return removed
  }

  /// The absolute path of a path relative to the group directory.
  public func absolutePath(_ relativePath: String) -> String {
    path.hasSuffix("/") ? path + relativePath : path + "/" + relativePath
  }
}

extension GroupDirectory {
  /// What `lstat` says of the payload `name` in `Incoming/`; nil when there is none.
  package func payloadStatus(_ name: PayloadName) throws(IOError) -> FileStatus? {
    try incoming.status(of: name.fileName)
  }
}
