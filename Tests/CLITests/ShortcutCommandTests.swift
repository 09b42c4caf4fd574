import Foundation
import TestSupport
import Testing

@Suite("ingest-cli shortcut")
struct ShortcutCommandTests {
  @Test("make, then inspect, round-trips")
  func makeThenInspect() async throws {
    let temporary = try TemporaryDirectory(prefix: "cli-tests")
    defer { temporary.remove() }
    let directory = temporary.url
    let file = directory.appendingPathComponent("Example.shortcut").path
    let made = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example",
      "--team", "ABCDE12345", "-o", file,
    ])
    #expect(made.status == 0)
    #expect(made.standardOutput.contains("shortcuts sign --mode people-who-know-me"))
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    #expect(bytes.starts(with: Array("bplist00".utf8)))

    #expect(made.standardOutput.contains("is.workflow.actions.runextension"))
    #expect(made.standardError.isEmpty)

    let inspected = try await CLI.run(["shortcut", "inspect", "--json", file])
    #expect(inspected.status == 0)
    #expect(inspected.standardOutput.contains("is.workflow.actions.takescreenshot"))
    #expect(inspected.standardOutput.contains("is.workflow.actions.runextension"))
    #expect(inspected.standardOutput.contains("com.example.app"))
  }

  @Test("make with the share action warns that signing drops its parameters")
  func shareActionWarning() async throws {
    let temporary = try TemporaryDirectory(prefix: "cli-tests")
    defer { temporary.remove() }
    let file = temporary.url.appendingPathComponent("Share.shortcut").path
    let made = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example",
      "--team", "ABCDE12345", "--action", "share", "-o", file,
    ])
    #expect(made.status == 0)
    #expect(made.standardError.contains("warning: is.workflow.actions.share was reported to lose"))
    let json = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example",
      "--team", "ABCDE12345", "--action", "share", "-o", file, "--json",
    ])
    let warnings = try CLI.json(json.standardOutput)["warnings"] as? [String]
    #expect(warnings?.count == 1)
  }

  @Test("make refuses bad identifiers and writes nothing")
  func badIdentifiers() async throws {
    let temporary = try TemporaryDirectory(prefix: "cli-tests")
    defer { temporary.remove() }
    let directory = temporary.url
    let file = directory.appendingPathComponent("x.shortcut").path
    let badBundle = try await CLI.run([
      "shortcut", "make", "--bundle-id", "not a bundle", "--name", "X", "--team", "ABCDE12345",
      "-o", file,
    ])
    #expect(badBundle.status == 64)
    #expect(badBundle.standardError.contains("not a bundle"))
    let badTeam = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "X", "--team", "abc", "-o",
      file,
    ])
    #expect(badTeam.status == 64)
    #expect(badTeam.standardError.contains("ten upper-case letters or digits"))
    #expect(!FileManager.default.fileExists(atPath: file), "nothing written on bad input")
  }

  @Test("inspect reports missing and malformed files")
  func inspectErrors() async throws {
    let temporary = try TemporaryDirectory(prefix: "cli-tests")
    defer { temporary.remove() }
    let directory = temporary.url
    #expect(
      try await CLI.run(["shortcut", "inspect", directory.appendingPathComponent("none").path])
        .status
        == 66)
    let garbage = directory.appendingPathComponent("garbage.shortcut")
    try Data("AEA1 but not really".utf8).write(to: garbage)
    let result = try await CLI.run(["shortcut", "inspect", garbage.path])
    #expect(result.status == 65)
  }
}
