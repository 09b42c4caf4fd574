import Foundation
import SystemCalls

/// Delivers each share by running a shell command: `/bin/sh -c COMMAND sh MANIFEST`, with
/// `INGEST_SHARE_ID`, `INGEST_MANIFEST` (the manifest's path, also `$1`) and
/// `INGEST_GROUP_DIR` (payload paths in the manifest are relative to it) in its environment.
/// Exit status 0 is success; anything else leaves the share in the inbox, with the status
/// recorded. The command must tolerate being given a share twice (after a crash).
///
/// The command does not read the group directory, which other programs write: it is given a
/// private view of the share, `<group>/.exec/<share-id>/` (0700), holding `manifest.json` and
/// `Incoming/<name>` for each payload. Each payload is opened through the reading side's door,
/// checked against the manifest's size and SHA-256, and linked into the view from that open
/// descriptor, so the names the command reads are the files checked, whatever happens in
/// `Incoming/` meanwhile (a payload in another store, `InboxClaim.payloads`, is copied into the
/// view, checked as it is copied). `INGEST_GROUP_DIR` names the view; the view is removed once the
/// command ends (a view a crash left is removed by the next run on the share, and by the
/// sweeper).
public struct CommandDelivery: ShareHandler {
  /// The command, as `sh -c` reads it.
  public let command: String
  /// The group directory the payloads are in, as given. (The command's view is made in the
  /// group each claim reads from, the same directory for the command line.)
  public let groupPath: String

  /// Delivers by running `command`.
  public init(command: String, groupPath: String) {
    self.command = command
    self.groupPath = groupPath
  }

  /// Makes the share's view, runs the command on it, waits, and removes the view.
  public func handle(_ claim: any InboxClaim) throws {
    let group = claim.group
    let id = claim.manifest.id.uuidString
    let views = try group.root.ensureDirectory(GroupDirectory.viewsName)
    try views.closeAfter {
      try views.removeTree(id)  // left by a run that died
      try views.makeDirectory(id)
      defer { try? views.removeTree(id) }
      let view = try views.openDirectory(id)
      try view.closeAfter {
        try view.makeDirectory(GroupDirectory.incomingName)
        let viewIncoming = try view.openDirectory(GroupDirectory.incomingName)
        try viewIncoming.closeAfter {
          let store = claim.payloads
          for position in claim.manifest.items.indices {
            guard let expected = PayloadExpectation(claim, position: position) else { continue }
            guard store is GroupDirectoryPayloads else {
              // Not in the group directory: a checked copy in the view.
              try DirectoryDelivery.copy(expected, from: store, into: viewIncoming)
              continue
            }
            let opened = try expected.open(in: group)
            try opened.file.closeAfter {
              try expected.check(try PayloadDigest.sha256(of: opened.file))
              try opened.file.link(as: expected.name, in: viewIncoming)
            }
          }
        }
        let manifest = try view.open(
          "manifest.json", .writeOnly, options: [.create, .exclusive, .noFollow])
        try manifest.closeAfter {
          try claim.manifest.jsonData().withUnsafeBytes { try manifest.writeAll($0) }
        }
      }
      try run(manifestPath: views.path(of: id) + "/manifest.json", groupPath: views.path(of: id))
    }
  }

  /// Runs the command on a view and waits for it.
  private func run(manifestPath: String, groupPath: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command, "sh", manifestPath]
    var environment = ProcessInfo.processInfo.environment
    environment["INGEST_SHARE_ID"] = FileSystem.lastComponent(groupPath)
    environment["INGEST_MANIFEST"] = manifestPath
    environment["INGEST_GROUP_DIR"] = groupPath
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw CommandDeliveryError(
        command: command, status: process.terminationStatus,
        signalled: process.terminationReason == .uncaughtSignal)
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
