import Foundation
import SystemCalls

/// Why a source-app profile cannot be read or built.
///
/// `path` is the profile file; `at` names the place inside it, such as
/// `items[0].attachments[1].representations[0]`.
public enum SourceProfileError: Error, Sendable, Equatable, NameQuotingDescription {
  /// The profile file, or the directory of profiles, cannot be read: missing, not a regular
  /// file (or not a directory), too large, or a failed read. The `IOError` names the
  /// operation, the path as given, and the cause.
  case unreadable(IOError)
  /// A `*.json` file in the directory of profiles has a name that is not valid UTF-8
  /// (`rawName`, its bytes as found): no profile can be named so, and it is not read.
  case nameNotUTF8(rawName: [UInt8], directory: String)
  /// The file is not JSON of the profile schema; `reason` says what and where.
  case malformedJSON(path: String, reason: String)
  /// The schema version is not one this reader knows.
  case unsupportedSchemaVersion(Int, path: String)
  /// `name` differs from the file's stem.
  case nameMismatch(name: String, path: String)
  /// A field the delivery needs is missing or empty.
  case missingField(String, at: String, path: String)
  /// A corpus path is absolute or climbs out with `..`.
  case unsafePath(String, at: String, path: String)
  /// An object's class is not one profiles support.
  case unknownObjectClass(String, at: String, path: String)
  /// A value is not what its field needs.
  case invalidValue(String, at: String, path: String)
  /// A corpus file the profile names does not exist.
  case missingCorpusFile(String, at: String, path: String)
  /// Building the items failed on the file system (assembling a folder delivery).
  case buildFailed(at: String, path: String, IOError)

  /// The failed file operation, when a profile (or their directory) could not be read.
  public var ioError: IOError? {
    if case .unreadable(let error) = self { return error }
    return nil
  }

  /// The description for a terminal: each path quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// A sentence saying what is wrong, where, and what to do, each path written by `quoting`.
  public func description(quoting: NameQuoting) -> String {
    let quote = quoting.quote
    return switch self {
    case .unreadable(let error):
      "cannot read the source profile: \(error.description(quoting: quoting))"
    case .nameNotUTF8(let rawName, let directory):
      // Its bytes as `$'bad\xFF.json'` in every quoting: no string, JSON's included, holds them.
      "\(quote(directory)) holds \(TerminalText.quoted(bytes: rawName)), a name that is not"
        + " UTF-8: a profile's file is named after its name field, which is text; rename or"
        + " remove the file"
    case .malformedJSON(let path, let reason):
      "\(quote(path)) is not a source profile (schema version 1): \(reason)"
    case .unsupportedSchemaVersion(let version, let path):
      "\(quote(path)) has schemaVersion \(version); this reader knows 1"
    case .nameMismatch(let name, let path):
      "\(quote(path)) is named \(quoting.echoed(name, mark: "\"")) inside; the name must be the"
        + " file's stem"
    case .missingField(let field, let at, let path):
      "\(quote(path)), \(at): \(field) is missing or empty"
    case .unsafePath(let file, let at, let path):
      "\(quote(path)), \(at): \(quoting.echoed(file, mark: "\"")) must be a path relative to"
        + " corpus/ without '..'"
    case .unknownObjectClass(let name, let at, let path):
      "\(quote(path)), \(at): object class \(name) is not one of NSURL, NSString, NSDictionary,"
        + " UIImage"
    case .invalidValue(let reason, let at, let path):
      "\(quote(path)), \(at): \(reason)"
    case .missingCorpusFile(let file, let at, let path):
      "\(quote(path)), \(at): corpus file \(quote(file)) does not exist (run"
        + " corpus/make-corpus.sh)"
    case .buildFailed(let at, let path, let error):
      "\(quote(path)), \(at): cannot build the share input: \(error.description(quoting: quoting))"
    }
  }
}
