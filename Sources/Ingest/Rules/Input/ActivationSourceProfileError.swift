/// Why a source-app profile could not be read.
public enum ActivationSourceProfileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read.
  case file(RuleFileError)
  /// The file is not a profile: bad JSON or missing required fields.
  case malformed(path: String, reason: String)
  /// A `schemaVersion` this reader does not know.
  case unsupportedSchemaVersion(path: String, version: Int)

  /// What is wrong and where.
  public var description: String {
    switch self {
    case .file(let error): "\(error)"
    case .malformed(let path, let reason): "\(path) is not a source-app profile: \(reason)"
    case .unsupportedSchemaVersion(let path, let version):
      "\(path) has schemaVersion \(version); this reader knows"
        + " \(ActivationSourceProfile.supportedSchemaVersions.map(String.init).joined(separator: ", "))"
    }
  }
}
