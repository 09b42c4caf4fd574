import Foundation
import SystemCalls

/// Digests of files by the system's own `sha256sum`, an independent check on what the package
/// computes itself.
public enum FileDigest {
  /// The lower-case hexadecimal SHA-256 of the file at `path`.
  public static func sha256(of path: String) throws -> String {
    let output = try ChildProcess.run("/usr/bin/sha256sum", arguments: [path])
    guard output.outcome.succeeded else {
      throw Failure(
        description: "sha256sum \(path): \(output.outcome): \(output.standardErrorText)")
    }
    return String(decoding: output.standardOutput.prefix(64), as: UTF8.self)
  }

  /// `<size>:<sha256>` of the file at `path`.
  public static func fingerprint(of path: String) throws -> String {
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    return "\(size):" + (try sha256(of: path))
  }

  /// `sha256sum` did not succeed.
  public struct Failure: Error, CustomStringConvertible {
    /// What failed, and what it wrote.
    public var description: String
  }
}
