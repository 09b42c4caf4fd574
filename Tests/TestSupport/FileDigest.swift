import Foundation

/// Digests of files by the system's own `sha256sum`, an independent check on what the package
/// computes itself.
public enum FileDigest {
  /// The lower-case hexadecimal SHA-256 of the file at `path`.
  public static func sha256(of path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output.prefix(64), as: UTF8.self)
  }

  /// `<size>:<sha256>` of the file at `path`.
  public static func fingerprint(of path: String) throws -> String {
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    return "\(size):" + (try sha256(of: path))
  }
}
