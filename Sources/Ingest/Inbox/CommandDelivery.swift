import Foundation
import SystemCalls

/// Delivers each share by running a shell command: `/bin/sh -c COMMAND sh MANIFEST`, with
/// `INGEST_SHARE_ID`, `INGEST_MANIFEST` (the manifest's path, also `$1`) and
/// `INGEST_GROUP_DIR` (payload paths in the manifest are relative to it) in its environment.
/// Exit status 0 is success; anything else leaves the share in the inbox, with the status
/// recorded. The command must tolerate being given a share twice (after a crash).
public struct CommandDelivery: ShareHandler {
  /// The command, as `sh -c` reads it.
  public let command: String
  /// The group directory the payloads are in.
  public let groupPath: String

  /// Delivers by running `command`.
  public init(command: String, groupPath: String) {
    self.command = command
    self.groupPath = groupPath
  }

  /// Writes the manifest where the command can read it, runs the command, and waits.
  public func handle(_ claim: any InboxClaim) throws {
    let manifestPath =
      FileManager.default.temporaryDirectory.path
      + "/ingest-manifest-\(claim.manifest.id.uuidString)-\(UUID().uuidString).json"
    // Written through the system-call layer, so a failure is an `IOError` naming the path.
    try FileSystem.writeFile(
      atPath: manifestPath, bytes: [UInt8](claim.manifest.jsonData()), permissions: 0o600)
    defer { try? FileManager.default.removeItem(atPath: manifestPath) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command, "sh", manifestPath]
    var environment = ProcessInfo.processInfo.environment
    environment["INGEST_SHARE_ID"] = claim.manifest.id.uuidString
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
