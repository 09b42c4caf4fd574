import Foundation
import SystemCalls

/// Why an App Group container could not be provided.
public enum AppGroupError: Error, Sendable, CustomStringConvertible {
  /// The identifier is not of the form `group.<reverse-DNS name>`.
  case malformedIdentifier(String)
  /// No directory is configured for the identifier.
  case unknownIdentifier(String)
  /// The configured directory is not an absolute path without `..` components.
  case notAbsolutePath(String, groupIdentifier: String)
  /// The configured directory is a symbolic link, which is not followed.
  case symbolicLink(path: String)
  /// Something other than a directory is at the configured path.
  case notADirectory(path: String)
  /// The directory could not be created.
  case cannotCreate(IOError)

  /// A sentence saying what is wrong and how to fix it.
  public var description: String {
    switch self {
    case .malformedIdentifier(let identifier):
      "\"\(identifier)\" is not an App Group identifier (group.<reverse-DNS name>, letters,"
        + " digits, '.' and '-')"
    case .unknownIdentifier(let identifier):
      "no directory is configured for App Group \(identifier); register one or set"
        + " \(AppGroupContainers.environmentVariable)=\(identifier)=/absolute/path"
    case .notAbsolutePath(let path, let identifier):
      "the directory configured for \(identifier), \"\(path)\", is not an absolute path"
        + " without '..'"
    case .symbolicLink(let path):
      "the App Group directory \(path) is a symbolic link; it is not followed"
    case .notADirectory(let path):
      "the App Group directory \(path) exists but is not a directory"
    case .cannotCreate(let error):
      "cannot create the App Group directory: \(error)"
    }
  }
}

extension AppGroupError: CustomNSError {
  /// The domain these errors have as `NSError`s.
  public static var errorDomain: String { "AppGroupError" }

  /// A distinct code per case.
  public var errorCode: Int {
    switch self {
    case .malformedIdentifier: 1
    case .unknownIdentifier: 2
    case .notAbsolutePath: 3
    case .symbolicLink: 4
    case .notADirectory: 5
    case .cannotCreate: 6
    }
  }

  /// The description, as the `NSError`'s localized description.
  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
}
