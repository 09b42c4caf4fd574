import Foundation
import Synchronization
import SystemCalls

/// Where App Group containers live on this machine.
///
/// iOS gives every App Group a shared container; here a group identifier maps to a directory by
/// configuration: the `INGEST_APP_GROUPS` environment variable
/// (`group.com.example.app=/srv/groups/app:group.other=/tmp/other`) and a registry filled in by
/// code (`register(_:directory:)`), which wins over the environment. The directory is created
/// with mode 0700 the first time it is asked for; a symbolic link in its place is refused.
public final class AppGroupContainers: Sendable {
  /// The environment variable read for group directories.
  public static let environmentVariable = "INGEST_APP_GROUPS"

  /// The registry `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` uses.
  public static let shared = AppGroupContainers()

  private let registered = Mutex<[String: String]>([:])

  /// Creates an empty registry (tests use their own; the file manager uses `shared`).
  public init() {}

  /// Maps `groupIdentifier` to `directory`, replacing an earlier registration.
  ///
  /// - Throws: `AppGroupError.malformedIdentifier` or `.notAbsolutePath`.
  public func register(_ groupIdentifier: String, directory: URL) throws {
    guard Self.isValidGroupIdentifier(groupIdentifier) else {
      throw AppGroupError.malformedIdentifier(groupIdentifier)
    }
    let path = directory.path
    guard Self.isAcceptablePath(path) else {
      throw AppGroupError.notAbsolutePath(path, groupIdentifier: groupIdentifier)
    }
    registered.withLock { $0[groupIdentifier] = path }
  }

  /// Removes a registration; the environment variable may still configure the group.
  public func unregister(_ groupIdentifier: String) {
    _ = registered.withLock { $0.removeValue(forKey: groupIdentifier) }
  }

  /// The group's directory, created (0700) if it does not exist yet.
  ///
  /// - Parameters:
  ///   - groupIdentifier: The App Group, such as `group.com.example.app`.
  ///   - environment: Where to read `INGEST_APP_GROUPS`; nil, the default, reads the
  ///     process's environment.
  /// - Throws: An `AppGroupError` saying why there is no usable directory.
  public func containerURL(
    forGroupIdentifier groupIdentifier: String, environment: [String: String]? = nil
  ) throws -> URL {
    guard Self.isValidGroupIdentifier(groupIdentifier) else {
      throw AppGroupError.malformedIdentifier(groupIdentifier)
    }
    let configured =
      registered.withLock { $0[groupIdentifier] }
      ?? Self.parse(Self.configuration(environment))[groupIdentifier]
    guard let path = configured else { throw AppGroupError.unknownIdentifier(groupIdentifier) }
    guard Self.isAcceptablePath(path) else {
      throw AppGroupError.notAbsolutePath(path, groupIdentifier: groupIdentifier)
    }
    try Self.prepareDirectory(path)
    return URL(fileURLWithPath: path, isDirectory: true)
  }

  /// Every configured group and its directory path, registrations over `INGEST_APP_GROUPS`;
  /// nothing is created or checked (`containerURL(forGroupIdentifier:)` does that).
  ///
  /// - Parameter environment: Where to read `INGEST_APP_GROUPS`; nil, the default, reads the
  ///   process's environment.
  public func configuredDirectories(environment: [String: String]? = nil) -> [String: String] {
    Self.parse(Self.configuration(environment))
      .merging(registered.withLock { $0 }) { _, registered in registered }
  }

  /// `INGEST_APP_GROUPS` from `environment`, or from the process's when it is nil.
  private static func configuration(_ environment: [String: String]?) -> String {
    (environment.map { $0[environmentVariable] } ?? ProcessEnvironment.value(environmentVariable))
      ?? ""
  }

  /// Whether `identifier` looks like an iOS App Group identifier: `group.` and a reverse-DNS
  /// name of letters, digits, `.` and `-`.
  public static func isValidGroupIdentifier(_ identifier: String) -> Bool {
    guard identifier.hasPrefix("group."), identifier.count > 6, identifier.count <= 255 else {
      return false
    }
    let name = identifier.dropFirst(6)
    guard !name.hasPrefix("."), !name.hasSuffix("."), !name.contains("..") else { return false }
    return name.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "-")
    }
  }

  /// The pairs of an `INGEST_APP_GROUPS` value; malformed pairs are left out.
  static func parse(_ value: String) -> [String: String] {
    var groups: [String: String] = [:]
    for pair in value.split(separator: ":") {
      guard let equals = pair.firstIndex(of: "=") else { continue }
      let identifier = String(pair[..<equals])
      let path = String(pair[pair.index(after: equals)...])
      guard isValidGroupIdentifier(identifier), isAcceptablePath(path) else { continue }
      groups[identifier] = path
    }
    return groups
  }

  private static func isAcceptablePath(_ path: String) -> Bool {
    path.hasPrefix("/") && !path.split(separator: "/").contains("..")
  }

  /// Makes sure `path` is a real directory, creating it and missing parents with mode 0700.
  ///
  /// The directory itself must not be a symbolic link; existing parents are taken as the
  /// administrator configured them (on many systems `/tmp` or `/var` is a link).
  private static func prepareDirectory(_ path: String) throws {
    if FileSystem.exists(path) {
      let kind: FileKind
      do { kind = try FileSystem.status(ofPath: path).kind } catch {
        throw AppGroupError.cannotCreate(error)
      }
      switch kind {
      case .directory: return
      case .symbolicLink: throw AppGroupError.symbolicLink(path: path)
      default: throw AppGroupError.notADirectory(path: path)
      }
    }
    let parent = FileSystem.parentPath(path)
    if parent != path, !FileSystem.exists(parent) {
      try prepareDirectory(parent)
    }
    do {
      try FileSystem.makeDirectory(path)
    } catch {
      // Another thread or process may have created it meanwhile.
      if error.code == .alreadyExists, (try? FileSystem.status(ofPath: path).kind) == .directory {
        return
      }
      throw AppGroupError.cannotCreate(error)
    }
  }
}
