import Foundation
import TestSupport
import Testing

/// Numbers and files from the command line and from the group directory, end to end: every
/// numeric option spelt one way, every file option taking `-`, no option checked after a side
/// effect, and no number a file holds able to stop a command.
@Suite("Strict input: numeric options, '-' for files, numbers from the group directory")
struct StrictInputCommandTests {
  /// Spellings no numeric option takes (each is a number to some parser somewhere).
  static let badSpellings = [
    "0x10", "+5", " 1", "1 ", "-0", "1e300", "1e3", "inf", "nan", "", "1.", ".5", "1_000",
    "\u{0661}", "-1",
  ]

  struct NumericOption: CustomTestStringConvertible, Sendable {
    var option: String
    /// The command line, with `V` for the value.
    var arguments: [String]
    var testDescription: String { option }
  }

  static let numericOptions: [NumericOption] = [
    NumericOption(option: "--deadline", arguments: ["share", "--deadline", "V", "--text", "x"]),
    NumericOption(option: "--rescan", arguments: ["inbox", "watch", "--rescan", "V"]),
    NumericOption(option: "--older-than", arguments: ["inbox", "sweep", "--older-than", "V"]),
    NumericOption(
      option: "--jobs",
      arguments: ["matrix", "run", "--jobs", "V", "examples/ReadLater/matrix.json"]),
    NumericOption(option: "--port", arguments: ["serve", "--port", "V"]),
    NumericOption(option: "--max-body", arguments: ["serve", "--max-body", "V"]),
    NumericOption(option: "--idle-timeout", arguments: ["serve", "--idle-timeout", "V"]),
    NumericOption(option: "--max-uploads", arguments: ["serve", "--max-uploads", "V"]),
    NumericOption(option: "--request-timeout", arguments: ["serve", "--request-timeout", "V"]),
    NumericOption(
      option: "--icon-color",
      arguments: ["shortcut", "make", "--icon-color", "V", "-o", "/nonexistent/x.shortcut"]),
    NumericOption(
      option: "--glyph", arguments: ["shortcut", "make", "--glyph", "V", "-o", "/nonexistent/x"]),
  ]

  @Test(
    "Every numeric option refuses the same bad spellings, echoing them quoted",
    arguments: numericOptions)
  func numericOption(_ option: NumericOption) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    for spelling in Self.badSpellings {
      let arguments =
        option.arguments.map { $0 == "V" ? spelling : $0 }
        + (["share", "inbox"].contains(option.arguments[0]) ? ["--group-dir", group] : [])
      let result = try await CLI.run(arguments)
      #expect(result.status == 64, "\(option.option) \(spelling): \(result.standardError)")
      #expect(result.standardError.contains(option.option), "\(result.standardError)")
      if !spelling.isEmpty, spelling.unicodeScalars.allSatisfy(\.isASCII) {
        #expect(
          result.standardError.contains("'\(spelling)'"),
          "\(option.option) echoes \(spelling) quoted: \(result.standardError)")
      }
      #expect(!FileManager.default.fileExists(atPath: group), "\(option.option) made the group")
    }
  }

  @Test("Plain decimal spellings are taken: seconds with a fraction, counts without")
  func goodSpellings() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let share = try await CLI.run([
      "share", "--group-dir", directory.path, "--deadline", "2.5", "--text", "x",
    ])
    #expect(share.status == 0, "\(share.standardError)")
    let sweep = try await CLI.run([
      "inbox", "sweep", "--group-dir", directory.path, "--older-than", "010d",
    ])
    #expect(sweep.status == 0, "\(sweep.standardError)")
  }

  @Test("--unix-socket-mode echoes a bad value quoted")
  func socketMode() async throws {
    let result = try await CLI.run([
      "serve", "--unix-socket", "/nonexistent/s", "--unix-socket-mode", "7 77",
    ])
    #expect(result.status == 64)
    #expect(result.standardError.contains("'7 77'"), "\(result.standardError)")
  }

  @Test("inbox watch with a bad --rescan makes neither --to DIR nor the group")
  func watchChecksFirst() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let destination = directory.path + "/out"
    let group = directory.path + "/group"
    let result = try await CLI.run([
      "inbox", "watch", "--group-dir", group, "--rescan", "1e300", "--to", destination,
    ])
    #expect(result.status == 64, "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: destination))
    #expect(!FileManager.default.fileExists(atPath: group))
  }

  @Test("--contract - and --javascript-results - read standard input")
  func standardInputForFiles() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A contract that takes URLs only: a text share is turned down by it (exit 1).
    let contract = Data(#"{"acceptedTypes": ["public.url"]}"#.utf8)
    let refused = try await CLI.run(
      ["share", "--group-dir", directory.path, "--contract", "-", "--text", "x"], input: contract)
    #expect(refused.status == 1, "\(refused.standardError)")
    let badContract = try await CLI.run(
      ["share", "--group-dir", directory.path, "--contract", "-", "--text", "x"],
      input: Data(#"{"maxFileSize": 5}"#.utf8))
    #expect(badContract.status == 65)
    #expect(badContract.standardError.contains("standard input"), "\(badContract.standardError)")
    #expect(badContract.standardError.contains("maximumFileSize"))

    let results = try await CLI.run(
      [
        "share", "--json", "--group-dir", directory.path, "--accept", "com.apple.property-list",
        "--source", "safari-page-javascript", "--javascript-results", "-",
      ], input: Data(#"{"readingTime": 7}"#.utf8))
    #expect(results.status == 0, "\(results.standardError)")
    let bad = try await CLI.run(
      ["share", "--group-dir", directory.path, "--javascript-results", "-"],
      input: Data(#"{"a": 1, "a": 2}"#.utf8))
    #expect(bad.status == 65)
    #expect(bad.standardError.contains("given twice"), "\(bad.standardError)")
  }

  struct FileOption: CustomTestStringConvertible, Sendable {
    var option: String
    /// The command line, with `GROUP` for a fresh group directory.
    var arguments: [String]
    /// What standard input holds.
    var input: String
    var testDescription: String { option }
  }

  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>UTExportedTypeDeclarations</key><array><dict>
    <key>UTTypeIdentifier</key><string>com.example.receipt</string>
    <key>UTTypeConformsTo</key><array><string>public.data</string></array>
    </dict></array></dict></plist>
    """

  /// Every option that reads a file, given `-`: read from standard input (the help says `-`
  /// is standard input wherever a file is expected), never opened as a file named `-`.
  static let fileOptions: [FileOption] = [
    FileOption(
      option: "share --contract",
      arguments: ["share", "--group-dir", "GROUP", "--contract", "-", "--text", "x"],
      input: #"{"maximumTextLength": 5}"#),
    FileOption(
      option: "inbox import --contract",
      arguments: ["inbox", "import", "--group-dir", "GROUP", "--contract", "-"],
      input: #"{"maximumTextLength": 5}"#),
    FileOption(
      option: "share --javascript-results",
      arguments: [
        "share", "--group-dir", "GROUP", "--accept", "com.apple.property-list",
        "--javascript-results", "-",
      ], input: #"{"readingTime": 7}"#),
    FileOption(
      option: "rule check --javascript-results",
      arguments: ["rule", "check", "TRUEPREDICATE", "--javascript-results", "-"],
      input: #"{"readingTime": 7}"#),
    FileOption(
      option: "share --rule",
      arguments: ["share", "--group-dir", "GROUP", "--rule", "-", "--text", "x"],
      input: "TRUEPREDICATE"),
    FileOption(
      option: "uti --declarations",
      arguments: ["uti", "--declarations", "-", "com.example.receipt"], input: infoPlist),
  ]

  @Test("Every option that reads a file takes - for standard input", arguments: fileOptions)
  func fileOptionTakesStandardInput(_ option: FileOption) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let arguments = option.arguments.map { $0 == "GROUP" ? directory.path + "/group" : $0 }
    let result = try await CLI.run(arguments, input: Data(option.input.utf8))
    #expect(result.status == 0, "\(option.option): \(result.status) \(result.standardError)")
    #expect(!result.standardError.contains("No such file"), "\(result.standardError)")
    // The same content, malformed, is refused as standard input's, not as a file named '-'.
    let bad = try await CLI.run(arguments, input: Data("{\"a\": 1,}".utf8))
    #expect([1, 64, 65].contains(bad.status), "\(option.option): \(bad.standardError)")
    #expect(!bad.standardError.contains("No such file"), "\(bad.standardError)")
  }

  /// A share committed by `share`, and the path of its manifest.
  static func committedShare(group: String) async throws -> (id: String, manifest: String) {
    let share = try await CLI.run(["share", "--json", "--group-dir", group, "--text", "hello"])
    #expect(share.status == 0, "\(share.standardError)")
    let id = try #require(try CLI.json(share.standardOutput)["shareID"] as? String)
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox").first {
        $0.lowercased() == id.lowercased() + ".json"
      })
    return (id, group + "/Inbox/" + name)
  }

  @Test("A failure record's attempts of Int64.max or -5 neither stops import nor prints as such")
  func failureRecordNumbers() async throws {
    for attempts in ["9223372036854775807", "-5", "1e400", "2.5"] {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let group = directory.path + "/group"
      let (id, manifest) = try await Self.committedShare(group: group)
      let record = String(manifest.dropLast(".json".count)) + ".failure"
      try Data(
        #"{"attempts": \#(attempts), "lastAttempt": "2026-09-21T14:13:20Z", "lastError": "x"}"#
          .utf8
      ).write(to: URL(fileURLWithPath: record))
      let list = try await CLI.run(["inbox", "list", "--group-dir", group])
      #expect(list.status == 0, "\(attempts): \(list.standardError)")
      #expect(list.standardOutput.contains(id), "\(list.standardOutput)")
      #expect(!list.standardOutput.contains("failed -"), "\(list.standardOutput)")
      #expect(!list.standardOutput.contains("e+"), "\(list.standardOutput)")
      let imported = try await CLI.run([
        "inbox", "import", "--group-dir", group, "--library", directory.path + "/l.sqlite",
      ])
      #expect(imported.status == 0, "\(attempts): \(imported.standardError)")
      #expect(imported.standardOutput.contains("imported 1"), "\(imported.standardOutput)")
    }
  }

  /// A manifest of two file items whose byte counts add up past Int64.max.
  static func hugeManifest(_ id: String, byteCount: String) -> Data {
    let item = { (n: Int) in
      #"""
      {"kind": "file", "typeIdentifier": "public.data", "file": "Incoming/\#(id)-\#(n).bin", \#
      "byteCount": \#(byteCount), "sha256": "\#(String(repeating: "0", count: 64))"}
      """#
    }
    return Data(
      #"""
      {"schemaVersion": 2, "id": "\#(id)", "receivedAt": "2026-09-21T14:13:20Z", "source": "t", \#
      "items": [\#(item(1)), \#(item(2))]}
      """#
      .utf8)
  }

  @Test(
    "Byte counts past Int64.max: list and --json answer, import --contract at its limits refuses")
  func byteCountSums() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    _ = try await Self.committedShare(group: group)
    let id = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
    try Self.hugeManifest(id, byteCount: "9223372036854775807").write(
      to: URL(fileURLWithPath: group + "/Inbox/\(id).json"))
    for arguments in [["inbox", "list"], ["inbox", "list", "--json"]] {
      let list = try await CLI.run(arguments + ["--group-dir", group])
      #expect(list.status == 0, "\(arguments): \(list.standardError)")
      #expect(list.standardOutput.contains(id), "\(list.standardOutput)")
    }
    // Both limits at their largest accepted value, two files of 2^62 bytes each: the sum is
    // past Int64.max, and the share is refused as too large, not a trap.
    let big = "4611686018427387904"
    try Self.hugeManifest(id, byteCount: big).write(
      to: URL(fileURLWithPath: group + "/Inbox/\(id).json"))
    let contract = try directory.file(
      "contract.json",
      contents: Data(
        #"""
        {"acceptedTypes": ["public.data", "public.plain-text"], "maximumFileSize": \#(big), \#
        "maximumShareSize": \#(big)}
        """#
        .utf8))
    let imported = try await CLI.run([
      "inbox", "import", "--group-dir", group, "--library", directory.path + "/l.sqlite",
      "--contract", contract.path,
    ])
    #expect([65, 74].contains(imported.status), "\(imported.status): \(imported.standardError)")
    #expect(imported.standardError.contains(id), "\(imported.standardError)")
    #expect(imported.standardOutput.contains("imported 1"), "\(imported.standardOutput)")
  }
}
