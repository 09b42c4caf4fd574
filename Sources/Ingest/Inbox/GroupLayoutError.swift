import Synchronization
import SystemCalls

/// The group directory's parts are on file systems the pipeline cannot work across: a payload
/// is published from `.staging/` into `Incoming/` by a hard link or a rename, and neither
/// crosses file systems (`EXDEV`), so `Incoming/` on a mount of its own (a tmpfs, say) with
/// `.staging/` left on the group's file system is a layout no share can be saved to.
///
/// (`Inbox/` on a file system of its own is supported: the manifest and failure records are
/// written in `Inbox/` itself, each renamed within it.)
public struct GroupLayoutError: Error, Sendable, Equatable, NameQuotingDescription {
  /// The group directory's path.
  public var group: String
  /// The part a payload is published into: `Incoming`.
  public var first: String
  /// The part it is published from, on another file system: `.staging`.
  public var second: String

  /// The description for a terminal: the path quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// "the group directory /g has Incoming/ and .staging/ on different file systems …", the
  /// group's path written by `quoting`.
  public func description(quoting: NameQuoting) -> String {
    "the group directory \(quoting.quote(group)) has \(first)/ and \(second)/ on different"
      + " file systems, a layout that is not supported: payloads are published from"
      + " \(second)/ into \(first)/ by a link or a rename, which cannot cross file systems;"
      + " keep \(second)/ on the same file system as \(first)/ (mount the group directory"
      + " as a whole, not \(first)/ alone)"
  }
}

extension GroupDirectory {
  /// Checks that `.staging/` and `Incoming/` are on one file system, as publishing a payload
  /// needs (see `GroupLayoutError`).
  ///
  /// Once they are found on one, the answer is kept: both are open descriptors, and the file
  /// system of an open directory never changes (two `fstat` calls a share saved).
  ///
  /// - Throws: `GroupLayoutError` when they are not; `IOError` when either cannot be looked at.
  package func checkPublishingLayout() throws {
    if publishingLayoutChecked.load(ordering: .relaxed) { return }
    let incomingDevice = try incoming.status().device
    let stagingDevice = try staging.status().device
    guard incomingDevice == stagingDevice else {
      throw GroupLayoutError(
        group: path, first: Self.incomingName, second: Self.stagingName)
    }
    publishingLayoutChecked.store(true, ordering: .relaxed)
  }
}
