import Ingest
import SystemCalls

/// `--group ID` and `--group-dir DIR`, taken by every command that works on a group directory,
/// and the directory they lead to.
struct GroupOptions: ParsableOptions {
  static let groupOption = Option(
    "--group", value: "ID",
    help: "an App Group identifier, resolved through INGEST_APP_GROUPS (ingest-cli groups"
      + " lists them)")
  static let directoryOption = Option(
    "--group-dir", value: "DIR",
    help: "the group directory itself (default: $INGEST_GROUP_DIR, else"
      + " $XDG_DATA_HOME/share-ingest/group, else ~/.local/share/share-ingest/group)",
    completion: .directory)

  /// `--group`: an App Group identifier.
  var group: String?
  /// `--group-dir`: the directory itself.
  var directory: String?

  init(from reader: inout OptionReader) {
    // The two exclude each other.
    (group, directory) = reader.exclusive { reader in
      (reader.read(Self.groupOption), reader.read(Self.directoryOption))
    }
  }

  /// Where the options (or the defaults) lead.
  func location() throws -> GroupLocation {
    do {
      return try GroupLocation.resolve(directory: directory, appGroup: group)
    } catch {
      throw CLIError(describing: error)
    }
  }

  /// The group directory the options lead to, opened (and created when missing).
  ///
  /// - Throws: `CLIError`: 66 for an App Group that is not configured, 73 when the directory
  ///   cannot be created or written.
  func open() throws -> (GroupLocation, GroupDirectory) {
    let location = try location()
    do {
      return (location, try GroupDirectory(path: location.path))
    } catch {
      throw CLIError(status: ExitStatus(for: error, role: .output)) { quoting in
        "cannot use the group directory \(quoting.quote(location.path)) (from"
          + " \(location.origin.rawValue)): \(error.description(quoting: quoting)); name a"
          + " writable directory with --group-dir DIR or INGEST_GROUP_DIR"
      }
    }
  }
}
