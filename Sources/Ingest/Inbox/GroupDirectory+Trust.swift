import Foundation
import SystemCalls

/// How the two sides of the group directory tell each other what is theirs.
///
/// **Writers mark what is in flight.** Every file a live share will commit (its payload files
/// in `.staging/`, later also named in `Incoming/`, and its reserved manifest in `Inbox/`)
/// carries an exclusive open-file-description lock (`F_OFD_SETLK`) from the moment its name
/// appears until the share has committed or rolled back; the kernel drops it when the process
/// dies. The sweeper takes a shared lock on a file before it removes it, so a file whose writer
/// lives is never removed, at any threshold. (Importers claim manifests with `flock`, which
/// these locks do not touch, so a share just committed is never "busy" for them.)
///
/// **Readers trust nothing they find.** Every file the reading side takes from the group
/// directory (manifests, failure records, payloads) is opened once through
/// `FileDescriptor.openUntrusted` (no symbolic link followed, a FIFO or device never waited
/// on, a regular file with one name), and everything after works on that descriptor or on a
/// name proven to be the same file.
extension GroupDirectory {
  /// How many fresh names a writer tries before giving up on making a file (each is lost only
  /// to a sweeper that found the name in the instant between its creation and its lock).
  static let creationAttempts = 8

  /// Makes a new file (0600, never reusing a name) in `directory` under a name from `name`,
  /// carrying the in-flight lock from the start: a file whose name a sweeper caught before its
  /// lock is left to it, and another name is tried.
  ///
  /// - Parameters:
  ///   - access: `.writeOnly` or `.readWrite` (the lock needs a descriptor open for writing).
  ///   - name: A fresh name on each call.
  /// - Throws: `IOError`.
  package func makeInFlightFile(
    in directory: FileDescriptor, _ access: FileDescriptor.AccessMode,
    name: () -> String
  ) throws(IOError) -> (name: String, file: FileDescriptor) {
    var lastName = ""
    for _ in 0..<Self.creationAttempts {
      let candidate = name()
      lastName = candidate
      let file = try directory.open(
        candidate, access, options: [.create, .exclusive, .noFollow], checksPermissions: false)
      do throws(IOError) {
        // Locked, and still named: a sweeper that took the name first removes it, or has.
        if try file.lockRecord(exclusive: true) {
          let status = try file.status()
          if status.linkCount > 0 {
            try file.fixPermissions(0o600, of: status)
            return (candidate, file)
          }
        }
        try? file.close()
      } catch {
        try? file.close()
        try? directory.removeFile(candidate)
        throw error
      }
    }
    throw IOError(
      .other, operation: .create, path: directory.path(of: lastName),
      cause: InFlightCreationContended(attempts: Self.creationAttempts))
  }

  /// The folder where earlier versions of `CommandDelivery` made the views they gave their
  /// commands (`.exec`): a view a run that died left there still gives a payload a second
  /// name, which `openPayload(_:of:)` removes. Views are made outside the group now.
  public static let viewsName = ".exec"

  /// Opens the payload `payload` of the share `shareID` in `Incoming/` through the reading
  /// side's door: a regular file, no link followed, never blocking, with no name outside the
  /// group. The name is a `PayloadName`, checked on its bytes: it can only name an entry of
  /// `Incoming/` itself.
  ///
  /// Two second names are this package's own, and are proven to be the same file and removed
  /// here: the name in `.staging/` a payload just published keeps until the writer has flushed
  /// `Incoming/` (removed after that flush, as the writer would; see `ShareTransaction`), and
  /// the name in the view of a command that handled this share and died under an earlier
  /// version of this package (`.exec/<share-id>/Incoming/`). From then on the payload has one
  /// name, which the library importer links into its files directory (dropping this one once
  /// its record is committed). Any other second name (a hard link to a file from elsewhere) is
  /// refused.
  ///
  /// - Throws: `IOError`: `.notFound`, `.symbolicLink`, `.notRegularFile`, `.hardLink`.
  package func openPayload(_ payload: PayloadName, of shareID: UUID) throws(IOError)
    -> FileDescriptor.Untrusted
  {
    let name = payload.fileName
    let opened = try incoming.openUntrusted(name, maximumLinks: 3)
    guard opened.status.linkCount > 1 else { return opened }
    do throws(IOError) {
      var twins: [String] = []
      for staged in payload.stagedNames
      where opened.isSameFile(as: try staging.status(of: staged)) {
        twins.append(staged)
      }
      if !twins.isEmpty { try removeStagingNames(twins) }
      try removeViewName(name, of: shareID, sameAs: opened)
      let status = try opened.file.status()
      guard status.linkCount == 1 else {
        throw IOError(
          .hardLink, operation: .openForReading, path: incoming.path(of: name),
          cause: FileDescriptor.LinkCount(count: status.linkCount))
      }
      return FileDescriptor.Untrusted(file: opened.file, status: status, name: name)
    } catch {
      try? opened.file.close()
      throw error
    }
  }
}

extension GroupDirectory {
  /// Removes `name` from the view of `shareID` a command's run left, if it is the file opened.
  private func removeViewName(
    _ name: String, of shareID: UUID, sameAs opened: FileDescriptor.Untrusted
  ) throws(IOError) {
    guard try root.status(of: Self.viewsName)?.kind == .directory else { return }
    let views = try root.openDirectory(Self.viewsName)
    try views.closeAfterTyped { () throws(IOError) in
      guard try views.status(of: shareID.uuidString)?.kind == .directory else { return }
      let view = try views.openDirectory(shareID.uuidString)
      try view.closeAfterTyped { () throws(IOError) in
        guard try view.status(of: GroupDirectory.incomingName)?.kind == .directory else { return }
        let viewIncoming = try view.openDirectory(GroupDirectory.incomingName)
        try viewIncoming.closeAfterTyped { () throws(IOError) in
          guard opened.isSameFile(as: try viewIncoming.status(of: name)) else { return }
          do throws(IOError) {
            try viewIncoming.removeFile(name)
          } catch {
            guard error.code == .notFound else { throw error }
          }
        }
      }
    }
  }
}

/// Every fresh name a writer tried was taken by a sweeper before it could be locked.
struct InFlightCreationContended: Error, Sendable, CustomStringConvertible {
  var attempts: Int
  var description: String {
    "\(attempts) new files in a row were claimed by a sweeper as they were made"
  }
}
