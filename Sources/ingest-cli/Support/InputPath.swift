import Foundation
import SystemCalls

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Paths a user names on the command line.
enum InputPath {
  /// How `-` is named in messages.
  static let standardInputName = "standard input"

  /// The most read from standard input where a file is expected.
  static let standardInputLimit: Int64 = 1 << 30

  /// `path` itself, or where it leads when it is a symbolic link.
  ///
  /// The libraries never follow a symbolic link to a file they sniff; the command line follows
  /// the links a user names, as `file -L` does, so `ingest-cli types link.jpg` describes the
  /// photo. Only a link is replaced, so every other path keeps the spelling the user gave in
  /// messages.
  /// - Throws: `IOError` for `realpath` when the link leads nowhere.
  static func resolvingLink(_ path: String) throws(IOError) -> String {
    guard let status = try? FileSystem.status(ofPath: path), status.kind == .symbolicLink else {
      return path
    }
    return try FileSystem.resolvingSymbolicLinks(path)
  }

  /// Checks that `path` (followed when it is a link) is a regular file that can be opened for
  /// reading, naming it as the user typed it when it is not.
  static func checkRegularFile(_ path: String) throws(IOError) {
    let file = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking])
    try file.closeAfterTyped { () throws(IOError) in
      let status = try file.status()
      guard status.kind == .regularFile else {
        throw IOError(.notRegularFile, operation: "read", path: path, fileKind: status.kind)
      }
    }
  }

  /// The bytes of the file a user named, or of standard input for `-`.
  static func read(_ path: String, limit: Int64) throws(CLIError) -> [UInt8] {
    do {
      if path == "-" {
        return try FileDescriptor(rawValue: STDIN_FILENO, path: standardInputName)
          .readToEnd(limit: limit)
      }
      return try FileSystem.readFile(atPath: path, limit: limit)
    } catch {
      throw .io(error, role: .input)
    }
  }

  /// Copies standard input into `directory` as a file named `stdin`, for commands that need a
  /// file, and returns its URL.
  static func saveStandardInput(in directory: String) throws(CLIError) -> URL {
    let bytes = try read("-", limit: standardInputLimit)
    let path = directory + "/stdin"
    do {
      try FileSystem.writeFile(atPath: path, bytes: bytes)
    } catch {
      throw .io(error, role: .output)
    }
    return URL(fileURLWithPath: path)
  }
}
