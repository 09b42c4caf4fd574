import Foundation
import ItemProvider
import SystemCalls

/// Where the group directory is when a command line names none, and how it was found.
///
/// In order: a directory named directly; an App Group identifier, resolved as
/// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` resolves it
/// (`INGEST_APP_GROUPS`); `$INGEST_GROUP_DIR`; else `$XDG_DATA_HOME/share-ingest/group`, with
/// `~/.local/share` when `XDG_DATA_HOME` is unset or not absolute (the XDG base directory
/// convention). The library, `library.sqlite`, lives beside it.
public struct GroupLocation: Sendable, Hashable {
  /// How the directory was found.
  public enum Origin: String, Sendable, Hashable {
    case directory = "--group-dir"
    case appGroup = "--group"
    case environment = "INGEST_GROUP_DIR"
    case xdgDataHome = "XDG_DATA_HOME"
    case home = "~/.local/share"
  }

  /// The directory's path.
  public var path: String
  /// How it was found.
  public var origin: Origin

  /// Finds the group directory.
  ///
  /// - Parameters:
  ///   - directory: A directory named directly (`--group-dir`); taken as it is, made absolute.
  ///   - appGroup: An App Group identifier (`--group`), resolved through `INGEST_APP_GROUPS`
  ///     when no directory is named.
  ///   - environment: The variables to read (`INGEST_GROUP_DIR`, `INGEST_APP_GROUPS`,
  ///     `XDG_DATA_HOME`, `HOME`); nil, the default, reads the process's.
  /// - Throws: `AppGroupError` for an App Group with no usable directory; `GroupLocationError`
  ///   when nothing names a directory and there is no home directory either.
  public static func resolve(
    directory: String? = nil, appGroup: String? = nil, environment: [String: String]? = nil
  ) throws -> GroupLocation {
    let environment = environment ?? Self.processEnvironment
    if let directory {
      return GroupLocation(path: absolute(directory), origin: .directory)
    }
    if let appGroup {
      let url = try AppGroupContainers.shared.containerURL(
        forGroupIdentifier: appGroup, environment: environment)
      return GroupLocation(path: url.path, origin: .appGroup)
    }
    if let value = environment["INGEST_GROUP_DIR"], !value.isEmpty {
      return GroupLocation(path: absolute(value), origin: .environment)
    }
    let data = try dataHome(environment)
    return GroupLocation(path: data.path + "/share-ingest/group", origin: data.origin)
  }

  /// The default library beside the default group directory: `<data>/share-ingest/library.sqlite`.
  ///
  /// - Parameter environment: The variables to read (`XDG_DATA_HOME`, `HOME`); nil, the
  ///   default, reads the process's.
  public static func defaultLibraryPath(environment: [String: String]? = nil) throws -> String {
    try dataHome(environment ?? processEnvironment).path + "/share-ingest/library.sqlite"
  }

  /// The variables the group directory depends on, from the process's environment.
  private static var processEnvironment: [String: String] {
    ProcessEnvironment.values([
      "INGEST_GROUP_DIR", AppGroupContainers.environmentVariable, "XDG_DATA_HOME", "HOME",
    ])
  }

  private static func dataHome(_ environment: [String: String]) throws
    -> (path: String, origin: Origin)
  {
    if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") {
      return (value, .xdgDataHome)
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else {
      throw GroupLocationError.noHome
    }
    return (home + "/.local/share", .home)
  }

  private static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    return FileManager.default.currentDirectoryPath + "/" + path
  }
}

/// Why no group directory could be found.
public enum GroupLocationError: Error, Sendable, CustomStringConvertible {
  /// Nothing names a directory and `HOME` is not set.
  case noHome

  /// What to do.
  public var description: String {
    "no group directory: HOME is not set; pass --group-dir DIR or set INGEST_GROUP_DIR"
  }
}
