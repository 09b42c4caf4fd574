import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A name a user gives can hold a newline, a carriage return or an escape sequence: printed
/// raw it would forge an output line (`fake.jpg: public.jpeg`) or act on the terminal. Every
/// command prints such names as `ls` and `git` quote them (`$'a\nb'`).
@Suite("ingest-cli: names that could forge output")
struct NameQuotingTests {
  /// A name and how it must appear.
  struct Name: CustomTestStringConvertible, Sendable {
    var label: String
    var name: String
    /// How the name reads inside `$'...'`.
    var escaped: String
    var testDescription: String { label }
  }

  static let names = [
    Name(
      label: "a newline", name: "a\nfake.jpg: public.jpeg", escaped: "a\\nfake.jpg: public.jpeg"),
    Name(label: "a carriage return", name: "a\rfake.jpg", escaped: "a\\rfake.jpg"),
    Name(label: "an escape sequence", name: "a\u{1B}[31mred", escaped: "a\\E[31mred"),
  ]

  /// Nothing in the output can act on a terminal or start a forged line.
  static func expectInert(_ output: String, _ context: String) {
    #expect(!output.contains("\u{1B}"), "an escape reached the output: \(context)")
    #expect(!output.contains("\r"), "a carriage return reached the output: \(context)")
    for line in output.split(separator: "\n") {
      #expect(!line.hasPrefix("fake.jpg"), "a forged line: \(context)")
    }
  }

  @Test("types, rule, uti and shortcut quote the name in text output and errors", arguments: names)
  func quoted(_ name: Name) async throws {
    let directory = try TemporaryDirectory(prefix: "cli-names")
    defer { directory.remove() }
    let file = try directory.file(name.name + ".txt", contents: Data("hello".utf8)).path
    let rule = try directory.file(name.name + ".predicate", contents: Data("TRUEPREDICATE".utf8))
      .path
    // An Info.plist whose declaration names an undeclared parent: the warning names the file.
    let declarations = try directory.file(
      name.name + ".plist",
      contents: Data(
        (HostilePropertyLists.xmlHeader
          + "<dict><key>UTExportedTypeDeclarations</key><array><dict>"
          + "<key>UTTypeIdentifier</key><string>com.example.note</string>"
          + "<key>UTTypeConformsTo</key><string>com.example.missing</string>"
          + "<key>UTTypeDescription</key><string>note\u{1B}[2J\nfake.jpg: public.jpeg</string>"
          + "</dict></array></dict></plist>").utf8)
    ).path
    let shortcut = directory.file(name.name + ".shortcut").path
    let made = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example", "--team",
      "ABCDE12345", "-o", shortcut,
    ])
    try #require(made.status == 0, "\(made.standardError)")
    let broken = try directory.file(name.name + ".broken", contents: HostilePropertyLists.set())
      .path
    let missing = directory.file(name.name + ".missing").path

    let runs: [(arguments: [String], status: Int32)] = [
      (["types", file], 0),
      (["types", missing], 66),
      (["rule", "explain", rule], 0),
      (["rule", "explain", broken], 65),
      (["uti", "--declarations", declarations, "com.example.note"], 0),
      (["rule", "check", rule, "--declarations", declarations, "--attachment", "public.jpeg"], 0),
      (["shortcut", "inspect", shortcut], 0),
      (["shortcut", "inspect", broken], 65),
    ]
    for run in runs {
      // Wide enough that no line is wrapped inside a quoted name.
      let result = try await CLI.run(run.arguments, environment: ["COLUMNS": "1000"])
      let output = result.standardOutput + result.standardError
      let context = "\(run.arguments.prefix(2)): \(output)"
      #expect(result.status == run.status, "\(context)")
      Self.expectInert(output, context)
      #expect(output.contains("$'\(directory.path)/\(name.escaped)"), "quoted: \(context)")
    }
  }

  @Test("A name that is not valid UTF-8 is refused by every command, its bytes quoted")
  func invalidUTF8() async throws {
    let directory = try TemporaryDirectory(prefix: "cli-names")
    defer { directory.remove() }
    // Made with the raw bytes through the C API: no Swift String can hold them.
    let name: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".plist".utf8)
    let path = (Array(directory.path.utf8) + [UInt8(ascii: "/")] + name + [0]).map {
      CChar(bitPattern: $0)
    }
    let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
    try #require(descriptor >= 0)
    close(descriptor)
    for command in [
      "types", "rule explain", "uti --declarations", "shortcut inspect",
    ] {
      let extra = command.hasPrefix("uti") ? " public.data" : ""
      // The shell's glob passes the name's bytes as they are.
      let result = try await CLI.run(
        [
          "-c", "cd \"$1\" && exec \"$0\" \(command) bad*\(extra)", CLI.executable.path,
          directory.path,
        ],
        shell: true)
      #expect(result.status == 66, "\(command): \(result.standardError)")
      #expect(
        result.standardError.contains("cannot read $'bad\\xFF\\xFE.plist'"),
        "\(command): \(result.standardError)")
      #expect(!result.standardError.contains("\u{FFFD}"), "no byte replaced: \(command)")
    }
  }

  @Test("A name in the inbox that is not UTF-8 is reported by its bytes, never as U+FFFD")
  func inboxNameNotUTF8() async throws {
    let directory = try TemporaryDirectory(prefix: "cli-names")
    defer { directory.remove() }
    let group = directory.path + "/group"
    try FileManager.default.createDirectory(
      atPath: group + "/Inbox", withIntermediateDirectories: true)
    // Another program's file, its name made with raw bytes through the C API.
    let name: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".json".utf8)
    let path = (Array((group + "/Inbox/").utf8) + name + [0]).map { CChar(bitPattern: $0) }
    let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
    try #require(descriptor >= 0)
    close(descriptor)
    for arguments in [["inbox", "list"], ["inbox", "list", "--json"]] {
      let result = try await CLI.run(arguments + ["--group-dir", group])
      #expect(result.status == 65, "\(arguments): \(result.standardError)")
      #expect(
        result.standardError.contains("$'Inbox/bad\\xFF.json': a name that is not UTF-8"),
        "\(arguments): \(result.standardError)")
      #expect(!result.standardError.contains("\u{FFFD}"), "no byte replaced: \(arguments)")
    }
  }

  @Test(
    "--json errors carry the name itself, JSON-escaped, never quoted for a terminal",
    arguments: names)
  func jsonCarriesRawNames(_ name: Name) async throws {
    let directory = try TemporaryDirectory(prefix: "cli-json-names")
    defer { directory.remove() }
    let missing = directory.path + "/" + name.name + ".jpg"
    // An IOError in `types`' report of each file, and one inside a rule's error (`rule`),
    // which is the error document.
    for command in [
      ["types", "--json", missing],
      ["rule", "check", "--json", missing + ".plist", "--source", "photos-photo"],
    ] {
      let result = try await CLI.run(command)
      #expect(result.status == 66, "\(command): \(result.standardError)")
      let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
      let message =
        ((document as? [String: Any])?["error"] as? [String: Any])?["message"]
        ?? (document as? [[String: Any]])?.first?["error"]
      let text = try #require(message as? String, "\(result.standardOutput)")
      #expect(text.contains(missing), "the name itself: \(text)")
      #expect(!text.contains("$'"), "no terminal quoting in JSON: \(text)")
      // The raw control characters are escaped by JSON on the wire, never written raw.
      Self.expectInert(result.standardOutput, "\(command)")
      // Without --json the same error reaches standard error quoted.
      let plain = try await CLI.run(command.filter { $0 != "--json" })
      #expect(plain.standardError.contains("$'"), "\(plain.standardError)")
      Self.expectInert(plain.standardError, "\(command) without --json")
    }
  }
}
