import Foundation

/// Why a source-app profile cannot be read or built.
///
/// `path` is the profile file; `at` names the place inside it, such as
/// `items[0].attachments[1].representations[0]`.
public enum SourceProfileError: Error, Sendable, CustomStringConvertible {
  /// The profile file cannot be read.
  case unreadable(path: String, reason: String)
  /// The file is not JSON of the profile schema.
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
  /// Building the items failed on the file system.
  case buildFailed(at: String, path: String, reason: String)

  /// A sentence saying what is wrong, where, and what to do.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "cannot read the profile \(path): \(reason)"
    case .malformedJSON(let path, let reason):
      "\(path) is not a source profile (schema version 1): \(reason)"
    case .unsupportedSchemaVersion(let version, let path):
      "\(path) has schemaVersion \(version); this reader knows 1"
    case .nameMismatch(let name, let path):
      "\(path) is named \"\(name)\" inside; the name must be the file's stem"
    case .missingField(let field, let at, let path):
      "\(path), \(at): \(field) is missing or empty"
    case .unsafePath(let file, let at, let path):
      "\(path), \(at): \"\(file)\" must be a path relative to corpus/ without '..'"
    case .unknownObjectClass(let name, let at, let path):
      "\(path), \(at): object class \(name) is not one of NSURL, NSString, NSDictionary, UIImage"
    case .invalidValue(let reason, let at, let path):
      "\(path), \(at): \(reason)"
    case .missingCorpusFile(let file, let at, let path):
      "\(path), \(at): corpus file \(file) does not exist (run corpus/make-corpus.sh)"
    case .buildFailed(let at, let path, let reason):
      "\(path), \(at): cannot build the share input: \(reason)"
    }
  }
}
