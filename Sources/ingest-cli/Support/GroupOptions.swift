import Ingest
import SystemCalls

/// `--group ID` and `--group-dir DIR`, taken by every command that works on a group directory,
/// and the directory they lead to.
enum GroupOptions {
  /// The options, declared once for `share` and `inbox`.
  static let options: [OptionSpec] = [
    .option(
      "--group", value: "ID",
      help: "an App Group identifier, resolved through INGEST_APP_GROUPS (ingest-cli groups"
        + " lists them)"),
    .option(
      "--group-dir", value: "DIR",
      help: "the group directory itself (default: $INGEST_GROUP_DIR, else"
        + " $XDG_DATA_HOME/share-ingest/group, else ~/.local/share/share-ingest/group)",
      completion: .directory),
  ]

  /// The two exclude each other.
  static let exclusive = [["--group", "--group-dir"]]

  /// Where the options (or the defaults) lead.
  static func location(_ arguments: Arguments) throws -> GroupLocation {
    let groupID = try arguments.option("--group")
    let directory = try arguments.option("--group-dir")
    do {
      return try GroupLocation.resolve(directory: directory, appGroup: groupID)
    } catch {
      throw CLIError(describing: error)
    }
  }

  /// The group directory the options lead to, opened (and created when missing).
  ///
  /// - Throws: `CLIError`: 66 for an App Group that is not configured, 73 when the directory
  ///   cannot be created or written.
  static func open(_ arguments: Arguments) throws -> (GroupLocation, GroupDirectory) {
    let location = try location(arguments)
    do {
      return (location, try GroupDirectory(path: location.path))
    } catch {
      throw CLIError(
        status: ExitStatus(for: error, role: .output),
        message: "cannot use the group directory \(TerminalText.quoted(location.path)) (from"
          + " \(location.origin.rawValue)): \(error); name a writable directory with --group-dir"
          + " DIR or INGEST_GROUP_DIR")
    }
  }
}
