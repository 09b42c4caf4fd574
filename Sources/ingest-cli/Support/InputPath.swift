import Foundation
import SystemCalls

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Paths a user names on the command line.
enum InputPath {
  /// How `-` is named in messages.
  static let standardInputName = "standard input"

  /// The most read from standard input where a file is expected (`share -`): copied to a file
  /// in chunks, never held in memory.
  static let standardInputLimit: Int64 = 1 << 30

  /// How much of standard input `types -` reads: its start, as `file -` reads it (a file is
  /// sniffed from a prefix and a few pieces; a stream has only its prefix).
  static let standardInputPrefix = 1 << 20

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
    let file = try FileDescriptor.open(path, .readOnly, options: .nonBlocking)
    try file.closeAfterTyped { () throws(IOError) in
      let status = try file.status()
      guard status.kind == .regularFile else {
        throw IOError(.notRegularFile, operation: .read, path: path, fileKind: status.kind)
      }
    }
  }

  /// The file a user named to share, checked to be a regular file it can read, with the
  /// symbolic links on its way resolved (as `file -L` follows them): how every command that
  /// shares a local file takes it.
  static func shareableFile(_ path: String) throws(CLIError) -> URL {
    do {
      try checkRegularFile(path)
    } catch {
      throw CLIError.io(error, role: .input)
    }
    // realpath(3) rather than URL's resolvingSymlinksInPath(), whose first use makes the
    // runtime scan every conformance in the program.
    do {
      return URL(fileURLWithPath: try FileSystem.resolvingSymbolicLinks(path))
    } catch {
      throw CLIError.io(error, role: .input)
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

  /// The first `standardInputPrefix` bytes of standard input (fewer when it ends sooner); the
  /// rest is not read.
  static func standardInputPrefixBytes() throws(CLIError) -> [UInt8] {
    let input = FileDescriptor(rawValue: STDIN_FILENO, path: standardInputName)
    var bytes = [UInt8](repeating: 0, count: standardInputPrefix)
    var filled = 0
    do {
      while filled < bytes.count {
        let step = try input.read(into: &bytes, from: filled)
        if step == 0 { break }
        filled += step
      }
    } catch {
      throw .io(error, role: .input)
    }
    return Array(bytes[..<filled])
  }

  /// Copies standard input into `directory` as a file named `stdin`, in chunks (memory stays
  /// flat whatever its size), for commands that need a file, and returns its URL.
  ///
  /// - Throws: `CLIError` when more than `standardInputLimit` bytes arrive (the file is
  ///   removed), or the file cannot be written.
  static func saveStandardInput(in directory: String) throws(CLIError) -> URL {
    let path = directory + "/stdin"
    let input = FileDescriptor(rawValue: STDIN_FILENO, path: standardInputName)
    let output: FileDescriptor
    do {
      output = try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusive, .noFollow])
    } catch {
      throw .io(error, role: .output)
    }
    do {
      try output.closeAfter {
        _ = try output.copyContents(from: input, kernelStep: 1 << 20) { copied in
          guard copied <= standardInputLimit else {
            throw IOError(
              .tooLarge, operation: .read, path: standardInputName,
              cause: FileSystem.SizeLimitExceeded(limit: standardInputLimit, size: copied))
          }
        }
      }
    } catch {
      try? FileSystem.removeFile(path)
      throw CLIError(describing: error)
    }
    return URL(fileURLWithPath: path)
  }
}
