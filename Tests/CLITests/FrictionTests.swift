import Foundation
import TestSupport
import Testing

/// The friction points issue 11 lists, each shown gone.
@Suite("ingest-cli friction points")
struct FrictionTests {
  @Test("uti answers what it can and reports the rest, in text and JSON")
  func utiPartialAnswers() async throws {
    let json = try await CLI.run(["uti", "public.heic", "nosuch.x", "--json"])
    #expect(json.status == 65)
    let report = try CLI.json(json.standardOutput)
    let types = try #require(report["types"] as? [[String: Any]])
    #expect(types.map { $0["identifier"] as? String } == ["public.heic"])
    let errors = try #require(report["errors"] as? [[String: Any]])
    #expect(errors.first?["query"] as? String == "nosuch.x")
    let text = try await CLI.run(["uti", "public.heic", "nosuch.x"])
    #expect(text.status == 65)
    #expect(text.standardOutput.hasPrefix("public.heic\n"))
    #expect(text.standardError.contains("'nosuch.x'"))
  }

  @Test("uti --ext takes a leading dot, and warns when the answer is a dyn. type")
  func utiExtensionDot() async throws {
    let dotted = try await CLI.run(["uti", "--ext", ".heic"])
    #expect(dotted.status == 0)
    #expect(dotted.standardOutput.hasPrefix("public.heic\n"))
    #expect(dotted.standardError.isEmpty)
    let unknown = try await CLI.run(["uti", "--ext", "xyzzy"])
    #expect(unknown.standardOutput.hasPrefix("dyn."))
    #expect(unknown.standardError.contains("warning: no declared type has the filename extension"))
  }

  @Test("shortcut inspect writes --extract before printing; a closed pipe is a normal end")
  func extractBeforePrinting() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let shortcut = directory.path + "/Example.shortcut"
    let made = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example", "--team",
      "ABCDE12345", "-o", shortcut,
    ])
    #expect(made.status == 0)
    // `true` exits without reading: every write to the pipe fails (EPIPE, or SIGPIPE).
    let extracted = directory.path + "/out.wflow"
    let result = try await CLI.shell(
      "bash -c 'ingest-cli shortcut inspect \(shortcut) --extract \(extracted) --json | true;"
        + " echo status ${PIPESTATUS[0]}'")
    #expect(result.output.hasSuffix("status 0\n"), "\(result.output)")
    #expect(FileManager.default.fileExists(atPath: extracted))
    let head = try await CLI.shell(
      "ingest-cli types corpus/files/* corpus/files/* corpus/files/* | head -1")
    #expect(head.status == 0)
    #expect(!head.output.contains("ingest-cli:"), "no complaint about the pipe: \(head.output)")
  }

  @Test("rule check --attachment warns about identifiers that are not UTIs or not declared")
  func attachmentIdentifierWarnings() async throws {
    let rule = "examples/PhotoShare/Info.plist"
    let text = try await CLI.run([
      "rule", "check", rule, "--attachment", "not-a-uti,com.example.nope",
    ])
    #expect(text.status == 1)
    #expect(text.standardError.contains("'not-a-uti' is not a uniform type identifier"))
    #expect(text.standardError.contains("'com.example.nope' is not a declared type"))
    let json = try await CLI.run(["rule", "check", rule, "--attachment", "not-a-uti", "--json"])
    #expect((try CLI.json(json.standardOutput)["inputWarnings"] as? [String])?.count == 1)
    let good = try await CLI.run(["rule", "check", rule, "--attachment", "public.heic=file"])
    #expect(good.status == 0)
    #expect(good.standardError.isEmpty)
  }

  @Test("The signing command shortcut make prints can be pasted, spaces and all")
  func pasteableSigningCommand() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let folder = directory.path + "/with space"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let output = folder + "/My Shortcut.shortcut"
    let made = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example", "--team",
      "ABCDE12345", "-o", output,
    ])
    #expect(made.status == 0)
    let line = try #require(
      made.standardOutput.split(separator: "\n").first { $0.contains("shortcuts sign") })
    // Run the line with `shortcuts` standing in: it gets exactly four arguments after --mode.
    let result = try await CLI.shell(
      "shortcuts() { printf '<%s>\\n' \"$@\"; }; \(line.trimmingCharacters(in: .whitespaces))")
    #expect(result.output.contains("<\(output)>"), "\(result.output)")
    #expect(result.output.contains("<\(folder)/My Shortcut-signed.shortcut>"))
    let json = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example", "--team",
      "ABCDE12345", "-o", output, "--json",
    ])
    #expect(
      (try CLI.json(json.standardOutput)["signingCommand"] as? String)?.contains(
        "-i '\(output)'") == true)
  }

  @Test("stdout and stderr come out in the order written when they share a pipe")
  func outputOrder() async throws {
    let result = try await CLI.shell("ingest-cli uti public.heic nosuch.x public.jpeg")
    let description = try #require(result.output.range(of: "public.heic\n"))
    let error = try #require(result.output.range(of: "ingest-cli: no declared type"))
    #expect(description.lowerBound < error.lowerBound, "\(result.output)")
  }

  @Test("A file the kernel sizes at 0 (/proc/cpuinfo) is read to its end, not called empty")
  func procFiles() async throws {
    let result = try await CLI.run(["types", "/proc/cpuinfo"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("plain-text"), "\(result.standardOutput)")
    #expect(!result.standardOutput.contains("empty"))
  }

  @Test("types - reads standard input")
  func typesStandardInput() async throws {
    let pdf = try Data(
      contentsOf: CLI.packageRoot.appendingPathComponent("corpus/files/document.pdf"))
    let result = try await CLI.run(["types", "--json", "-"], input: pdf)
    #expect(result.status == 0)
    let entries =
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
    #expect(entries?.first?["identifier"] as? String == "com.adobe.pdf")
    #expect(entries?.first?["path"] as? String == "-")
  }

  @Test("Profiles are found wherever the command runs: they are compiled in")
  func profilesAnywhere() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let rule = CLI.packageRoot.appendingPathComponent("examples/PhotoShare/Info.plist").path
    let check = try await CLI.run(
      ["rule", "check", rule, "--source", "photos-photo"], in: directory.url)
    #expect(check.status == 0, "\(check.standardError)")
    let matrix = try await CLI.run(["rule", "matrix", rule, "--json"], in: directory.url)
    #expect(matrix.status == 0)
    #expect((try CLI.json(matrix.standardOutput)["rows"] as? [Any])?.count ?? 0 >= 13)
    for result in [check, matrix] {
      #expect(!(result.standardOutput + result.standardError).contains("NSCocoaErrorDomain"))
    }
  }

  @Test("A missing required option is named")
  func missingRequiredOption() async throws {
    let result = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example", "-o", "x",
    ])
    #expect(result.status == 64)
    #expect(result.standardError.hasPrefix("ingest-cli: missing --team TEAMID\n"))
  }
}
