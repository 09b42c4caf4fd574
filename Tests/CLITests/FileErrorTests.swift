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

    func arguments(with path: String, group: String) -> [String] {
      arguments.map { $0 == "FILE" ? path : $0 == "GROUP" ? group : $0 }
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
    // An empty file is shared like any other: as a property list, which the default contract
    // does not accept (the report names it by its name).
    Case(
      name: "share", arguments: ["share", "--group-dir", "GROUP", "FILE"],
      fifo: (66, "not a regular file (a FIFO)"),
      directory: (66, "not a regular file (a directory)"),
      missing: (66, "No such file or directory"), empty: (1, "empty.plist")),
    Case(
      name: "share --rule", arguments: ["share", "--group-dir", "GROUP", "--rule", "FILE", "-"],
      fifo: (66, "not a regular file (a FIFO)"),
      directory: (66, "not a regular file (a directory)"),
      missing: (66, "No such file or directory"), empty: (65, "is empty")),
    Case(
      name: "rule check --files",
      arguments: ["rule", "check", "examples/PhotoShare/Info.plist", "--files", "FILE"],
      fifo: (66, "not a regular file (a FIFO)"),
      directory: (66, "not a regular file (a directory)"),
      missing: (66, "No such file or directory"), empty: (1, "hidden")),
  ]

  @Test(
    "A FIFO, a device, a directory, a missing and an empty file: status and message",
    arguments: cases)
  func badFiles(_ command: Case) async throws {
    let directory = try TemporaryDirectory(prefix: "cli-files")
    defer { directory.remove() }
    let fifo = directory.file("pipe.plist").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let folder = directory.file("folder.plist").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let missing = directory.file("missing.plist").path
    let empty = try directory.file("empty.plist", contents: Data()).path

    let group = directory.file("group").path
    // A character device reads forever (/dev/zero): refused like the FIFO, never read.
    for (path, (status, says)) in [
      (fifo, command.fifo), (folder, command.directory), (missing, command.missing),
      (empty, command.empty), ("/dev/zero", (66, "not a regular file (a character device)")),
    ] {
      let arguments = command.arguments(with: path, group: group)
      let result = try await CLI.run(arguments, input: Data())
      let output = result.standardError + result.standardOutput
      #expect(result.status == status, "\(command.name) \(path): \(output)")
      if status > 1 {
        #expect(output.contains(path), "the message names the file: \(output)")
      }
      #expect(output.contains(says), "\(command.name) \(path): \(output)")
      #expect(!output.contains("Error Domain="), "never a raw NSError: \(output)")
      guard status > 1 else { continue }
      // The same error as one JSON document on stdout, and nothing on stderr.
      let json = try await CLI.run(arguments + ["--json"], input: Data())
      #expect(json.status == status)
      if command.name != "types" {
        #expect(json.standardError.isEmpty, "\(command.name): \(json.standardError)")
        let error = try CLI.json(json.standardOutput)["error"] as? [String: Any]
        #expect(
          error?["exitStatus"] as? Int == Int(status), "\(command.name): \(json.standardOutput)")
        #expect((error?["message"] as? String)?.contains(path) == true)
      }
    }
  }

  @Test("types follows a symbolic link the user names, as file -L does")
  func typesFollowsALink() async throws {
    let directory = try TemporaryDirectory(prefix: "cli-files")
    defer { directory.remove() }
    let link = directory.file("link.jpg").path
    try FileManager.default.createSymbolicLink(
      atPath: link,
      withDestinationPath: CLI.packageRoot.appendingPathComponent(
        "corpus/files/heic-named.jpg"
      ).path)
    let result = try await CLI.run(["types", link])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\(link): public.heic"))

    let dangling = directory.file("dangling.jpg").path
    try FileManager.default.createSymbolicLink(
      atPath: dangling, withDestinationPath: directory.file("nowhere").path)
    let broken = try await CLI.run(["types", dangling])
    #expect(broken.status == 66)
    #expect(broken.standardError.contains("dangling.jpg"))
  }

  @Test("Outputs that cannot be created: status 73 naming the path, in text and JSON")
  func unwritableOutputs() async throws {
    let directory = try TemporaryDirectory(prefix: "cli-files")
    defer { directory.remove() }
    let file = try directory.file("a-file", contents: Data("x".utf8)).path
    let blocked = file + "/below"
    let shortcut = directory.file("Example.shortcut").path
    #expect(
      try await CLI.run([
        "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example", "--team",
        "ABCDE12345", "-o", shortcut,
      ]).status == 0)
    let group = directory.file("group").path
    let commands: [[String]] = [
      ["share", "--group-dir", blocked, "corpus/files/photo.jpg"],
      ["inbox", "list", "--group-dir", blocked],
      ["inbox", "import", "--group-dir", group, "--to", blocked],
      ["shortcut", "inspect", shortcut, "--extract", directory.file("no/such.wflow").path],
    ]
    for arguments in commands {
      let text = try await CLI.run(arguments)
      #expect(text.status == 73, "\(arguments): \(text.standardError)")
      #expect(text.standardError.contains(file) || text.standardError.contains("no/such"))
      let json = try await CLI.run(arguments + ["--json"])
      #expect(json.status == 73)
      #expect(json.standardError.isEmpty, "\(arguments): \(json.standardError)")
      #expect(
        (try CLI.json(json.standardOutput)["error"] as? [String: Any])?["status"] as? String
          == "cannotCreate", "\(arguments): \(json.standardOutput)")
    }
  }

  @Test("An output that cannot be created is status 73, naming the path")
  func unwritableOutput() async throws {
    let directory = try TemporaryDirectory(prefix: "cli-files")
    defer { directory.remove() }
    let output = directory.file("no-such-folder/Example.shortcut").path
    let result = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example", "--team",
      "ABCDE12345", "-o", output,
    ])
    #expect(result.status == 73)
    #expect(result.standardError.contains(output))
    #expect(result.standardError.contains("No such file or directory"))
  }
}
