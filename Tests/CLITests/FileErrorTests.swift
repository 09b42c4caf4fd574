import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every command that reads a file the user names says the same thing, with the same exit
/// status, when the file is a FIFO, a device, a directory, missing or empty: 66 for input that
/// is missing or not a regular file, 65 for an empty file a reader cannot use, never a raw
/// NSError (nor "You don't have permission", which Foundation said for /dev/zero even as root).
@Suite("ingest-cli: files that cannot be read")
struct FileErrorTests {
  /// One command and what it should answer for each kind of bad file.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    /// The arguments, with the file's path for `FILE`.
    var arguments: [String]
    /// Exit status and what the message says, per kind of file.
    var fifo: (Int32, String)
    var directory: (Int32, String)
    var missing: (Int32, String)
    var empty: (Int32, String)

    var testDescription: String { name }

    func arguments(with path: String) -> [String] {
      arguments.map { $0 == "FILE" ? path : $0 }
    }
  }

  static let cases = [
    Case(
      name: "rule explain", arguments: ["rule", "explain", "FILE"],
      fifo: (66, "not a regular file (a FIFO)"),
      directory: (66, "not a regular file (a directory)"),
      missing: (66, "No such file or directory"), empty: (65, "is empty")),
    Case(
      name: "uti --declarations", arguments: ["uti", "--declarations", "FILE", "public.jpeg"],
      fifo: (66, "not a regular file (a FIFO)"),
      directory: (66, "not a regular file (a directory)"),
      missing: (66, "No such file or directory"), empty: (65, "it is empty")),
    Case(
      name: "shortcut inspect", arguments: ["shortcut", "inspect", "FILE"],
      fifo: (66, "not a regular file (a FIFO)"),
      directory: (66, "not a regular file (a directory)"),
      missing: (66, "No such file or directory"), empty: (65, "the file is empty")),
    Case(
      name: "rule check --declarations",
      arguments: [
        "rule", "check", "TRUEPREDICATE", "--declarations", "FILE", "--attachment", "x.y",
      ],
      fifo: (66, "not a regular file (a FIFO)"),
      directory: (66, "not a regular file (a directory)"),
      missing: (66, "No such file or directory"), empty: (65, "it is empty")),
    Case(
      name: "rule check --files", arguments: ["rule", "check", "TRUEPREDICATE", "--files", "FILE"],
      fifo: (66, "not a regular file (a FIFO)"),
      directory: (66, "not a regular file (a directory)"),
      missing: (66, "No such file or directory"), empty: (0, "shown")),
    Case(
      name: "rule check --source",
      arguments: ["rule", "check", "TRUEPREDICATE", "--source", "FILE"],
      fifo: (66, "not a regular file (a FIFO)"),
      directory: (66, "not a regular file (a directory)"),
      missing: (66, "No such file or directory"), empty: (65, "is not a source profile")),
    Case(
      name: "types", arguments: ["types", "FILE"],
      fifo: (66, "not a regular file (a FIFO)"),
      directory: (66, "not a regular file (a directory)"),
      missing: (66, "No such file or directory"), empty: (0, "empty file")),
  ]

  @Test(
    "A FIFO, a device, a directory, a missing and an empty file: status and message",
    arguments: cases)
  func badFiles(_ command: Case) throws {
    let directory = try TemporaryDirectory(prefix: "cli-files")
    defer { directory.remove() }
    let fifo = directory.file("pipe.plist").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let folder = directory.file("folder.plist").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let missing = directory.file("missing.plist").path
    let empty = try directory.file("empty.plist", contents: Data()).path

    // A character device reads forever (/dev/zero): refused like the FIFO, never read.
    for (path, (status, says)) in [
      (fifo, command.fifo), (folder, command.directory), (missing, command.missing),
      (empty, command.empty), ("/dev/zero", (66, "not a regular file (a character device)")),
    ] {
      let result = try CLI.run(command.arguments(with: path))
      let output = result.standardError + result.standardOutput
      #expect(result.status == status, "\(command.name) \(path): \(output)")
      if status != 0 { #expect(output.contains(path), "the message names the file: \(output)") }
      #expect(output.contains(says), "\(command.name) \(path): \(output)")
      #expect(!output.contains("Error Domain="), "never a raw NSError: \(output)")
    }
  }

  @Test("types follows a symbolic link the user names, as file -L does")
  func typesFollowsALink() throws {
    let directory = try TemporaryDirectory(prefix: "cli-files")
    defer { directory.remove() }
    let link = directory.file("link.jpg").path
    try FileManager.default.createSymbolicLink(
      atPath: link,
      withDestinationPath: CLI.packageRoot.appendingPathComponent(
        "corpus/files/heic-named.jpg"
      ).path)
    let result = try CLI.run(["types", link])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\(link): public.heic"))

    let dangling = directory.file("dangling.jpg").path
    try FileManager.default.createSymbolicLink(
      atPath: dangling, withDestinationPath: directory.file("nowhere").path)
    let broken = try CLI.run(["types", dangling])
    #expect(broken.status == 66)
    #expect(broken.standardError.contains("dangling.jpg"))
  }

  @Test("An output that cannot be created is status 73, naming the path")
  func unwritableOutput() throws {
    let directory = try TemporaryDirectory(prefix: "cli-files")
    defer { directory.remove() }
    let output = directory.file("no-such-folder/Example.shortcut").path
    let result = try CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example", "--team",
      "ABCDE12345", "-o", output,
    ])
    #expect(result.status == 73)
    #expect(result.standardError.contains(output))
    #expect(result.standardError.contains("No such file or directory"))
  }
}
