import Foundation
import Ingest
import SystemCalls

/// Delivers each share by running a shell command: `/bin/sh -c COMMAND sh MANIFEST`, with
/// `INGEST_SHARE_ID`, `INGEST_MANIFEST` (the manifest's path, also `$1`) and
/// `INGEST_GROUP_DIR` (payload paths in the manifest are relative to it) in its environment.
/// Exit status 0 is success; anything else leaves the share in the inbox, with the status
/// recorded. The command must tolerate being given a share twice (after a crash).
///
/// The command does not read the group directory, which other programs write: it is given a
/// private view of the share, a fresh directory `mkdtemp` makes (mode 0700, this user's) in
/// the temporary directory (`TMPDIR`, else `/tmp`), outside the group, holding `manifest.json`
/// (the manifest as checked) and `Incoming/<name>` (0600) for each payload. No other user can
/// enter, rename or replace anything in it while the command runs: not a path through the
/// group directory, where another program could rename the view away and plant a forged
/// manifest or a link in its place.
///
/// Each payload is a copy, not a link: each is opened through the reading side's door and
/// copied from that descriptor (or streamed from the claim's store, `InboxClaim.payloads`),
/// hashed as it is copied and refused unless it is the manifest's size and SHA-256, so the
/// bytes the command reads are the bytes checked. A link would keep the very file of
/// `Incoming/`, which a program still holding it open for writing could change after it was
/// checked; the temporary directory is often another file system than the group's anyway; and
/// a link left by a run that died would give the payload a second name the door refuses.
/// `INGEST_GROUP_DIR` names the view; the view is removed once the command ends (a view a
/// crash leaves holds only copies, this user's, which the system's cleaning of temporary
/// files removes).
public struct CommandDelivery: ShareHandler {
  /// The command, as `sh -c` reads it.
  public let command: String
  /// The group directory the payloads are in, as given. (The command's view is made outside
  /// it, in the temporary directory.)
  public let groupPath: String
  /// The directory views are made in: `TMPDIR`, else `/tmp`.
  public let viewsParent: String

  /// Delivers by running `command`; views are made in `viewsParent` (by default the
  /// temporary directory).
  public init(
    command: String, groupPath: String,
    viewsParent: String = FileManager.default.temporaryDirectory.path
  ) {
    self.command = command
    self.groupPath = groupPath
    self.viewsParent = viewsParent
  }

  /// Makes the share's view, runs the command on it, waits, and removes the view.
  public func handle(_ claim: any InboxClaim) throws {
    let id = claim.manifest.id.uuidString
    let viewPath = try FileSystem.makeTemporaryDirectory(
      in: viewsParent, prefix: "ingest-exec-\(id)")
    defer { try? FileSystem.removeTree(viewPath) }
    let view = try FileDescriptor.openDirectory(viewPath)
    try view.closeAfter {
      try view.makeDirectory(GroupDirectory.incomingName)
      let viewIncoming = try view.openDirectory(GroupDirectory.incomingName)
      try viewIncoming.closeAfter {
        for position in claim.manifest.items.indices {
          guard let expected = PayloadExpectation(claim, position: position) else { continue }
          // A checked copy, from the door's descriptor or the claim's store.
          try DirectoryDelivery.copy(expected, from: claim.payloads, into: viewIncoming)
        }
        try viewIncoming.sync()
      }
      let manifest = try view.open(
        "manifest.json", .writeOnly, options: [.create, .exclusive, .noFollow])
      try manifest.closeAfter {
        try claim.manifest.jsonData().withUnsafeBytes { try manifest.writeAll($0) }
      }
    }
    try run(manifestPath: viewPath + "/manifest.json", groupPath: viewPath, shareID: id)
  }

  /// Runs the command on a view and waits for it, with this process's standard streams.
  private func run(manifestPath: String, groupPath: String, shareID: String) throws {
    let child = try ChildProcess.spawn(
      "/bin/sh", arguments: ["-c", command, "sh", manifestPath],
      environment: .adding([
        "INGEST_SHARE_ID": shareID, "INGEST_MANIFEST": manifestPath, "INGEST_GROUP_DIR": groupPath,
      ]), standardInput: .inherited, standardOutput: .inherited, standardError: .inherited)
    let outcome = child.wait()
    guard outcome.succeeded else {
      throw CommandDeliveryError(
        command: command, status: outcome.signal ?? outcome.exitStatus ?? -1,
        signalled: outcome.signal != nil)
    }
  }
}

/// A delivery command that did not succeed.
public struct CommandDeliveryError: Error, Sendable, CustomStringConvertible {
  /// The command.
  public var command: String
  /// Its exit status, or the signal that ended it.
  public var status: Int32
  /// Whether a signal ended it.
  public var signalled: Bool

  /// `the command … exited with status 3`.
  public var description: String {
    signalled
      ? "the delivery command was killed by signal \(status)"
      : "the delivery command exited with status \(status)"
  }
}
