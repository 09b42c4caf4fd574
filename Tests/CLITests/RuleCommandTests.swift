import Foundation
import TestSupport
import Testing

@Suite("ingest-cli rule")
struct RuleCommandTests {
  static let exactlyOneImage = "Tests/Fixtures/rules/exactly-one-image.plist"

  @Test("check against a profile says shown and why")
  func checkProfile() async throws {
    let shown = try await CLI.run([
      "rule", "check", Self.exactlyOneImage, "--source", "photos-photo",
    ])
    #expect(shown.status == 0)
    #expect(shown.standardOutput.hasPrefix("shown for photos-photo"))
    let hidden = try await CLI.run([
      "rule", "check", Self.exactlyOneImage, "--source", "safari-page", "--json",
    ])
    #expect(hidden.status == 1)
    let json = try CLI.json(hidden.standardOutput)
    #expect(json["shown"] as? Bool == false)
    #expect((json["reason"] as? String)?.contains("public.url") == true)
  }

  @Test("check --files sniffs the files' content")
  func checkFiles() async throws {
    // A HEIC named .jpg is an image either way; a PDF is not.
    let image = try await CLI.run([
      "rule", "check", Self.exactlyOneImage, "--files", "corpus/files/heic-named.jpg",
    ])
    #expect(image.status == 0)
    let pdf = try await CLI.run([
      "rule", "check", Self.exactlyOneImage, "--files", "corpus/files/document.pdf", "--json",
    ])
    #expect(pdf.status == 1)
    #expect(pdf.standardOutput.contains("com.adobe.pdf"))
    let two = try await CLI.run([
      "rule", "check", Self.exactlyOneImage, "--files", "corpus/files/photo.jpg",
      "corpus/files/photo.heic",
    ])
    #expect(two.status == 1, "exactly one image: two photos hide the extension")
    let missing = try await CLI.run([
      "rule", "check", Self.exactlyOneImage, "--files", "corpus/files/none.jpg",
    ])
    #expect(missing.status == 66)
  }

  @Test("check with literal attachments and a predicate string")
  func checkAttachments() async throws {
    let result = try await CLI.run([
      "rule", "check",
      "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers"
        + " UTI-CONFORMS-TO \"public.url\").@count >= 1).@count >= 1",
      "--attachment", "public.url=https://example.com/",
    ])
    #expect(result.status == 0)
  }

  @Test("matrix answers for every source app")
  func matrix() async throws {
    let result = try await CLI.run(["rule", "matrix", Self.exactlyOneImage, "--json"])
    #expect(result.status == 0)
    let rows = try #require(try CLI.json(result.standardOutput)["rows"] as? [[String: Any]])
    var shown: [String: Bool] = [:]
    for row in rows {
      if let name = row["name"] as? String { shown[name] = row["shown"] as? Bool }
    }
    #expect(shown["photos-photo"] == true)
    #expect(shown["photos-live-photo"] == true)
    #expect(shown["photos-three-photos"] == false)
    #expect(shown["safari-page"] == false)
    #expect(shown["files-pdf"] == false)
    #expect(shown.count >= 13)
  }

  @Test("Reasons, traces and warnings wrap at COLUMNS when output is not a terminal")
  func textWrapsAtTheWidth() async throws {
    for (environment, width) in [(["COLUMNS": "50"], 50), (["COLUMNS": "x"], 80)] {
      let result = try await CLI.run(
        ["rule", "check", "Tests/Fixtures/rules/misplaced-keys.plist", "--source", "files-pdf"],
        environment: environment)
      #expect(result.status == 1)
      for line in (result.standardOutput + result.standardError).split(separator: "\n")
      where line.count > width {
        // Only a single word longer than a line may overflow it.
        #expect(line.split(separator: " ").count <= 2, "\(line)")
      }
      #expect(result.standardOutput.contains("\nreason: "))
      #expect(result.standardError.contains("\n         "), "warnings continue indented")
    }
  }

  @Test("The readings Apple leaves open switch with flags and show in --json")
  func openReadingFlags() async throws {
    let rule = "NSExtensionActivationSupportsAttachmentsWithMaxCount"
    let directory = try TemporaryDirectory(prefix: "RuleCommandTests")
    defer { directory.remove() }
    let file = directory.file("rule.plist")
    try PropertyListSerialization.data(
      fromPropertyList: [rule: 3], format: .xml, options: 0
    ).write(to: file)
    let anyKind = try await CLI.run(["rule", "check", file.path, "--attachment", "com.adobe.pdf"])
    #expect(anyKind.status == 0)
    let capped = try await CLI.run([
      "rule", "check", file.path, "--attachment", "com.adobe.pdf", "--attachments-key-caps-only",
      "--json",
    ])
    #expect(capped.status == 1)
    let semantics = try CLI.json(capped.standardOutput)["semantics"] as? [String: Any]
    #expect(semantics?["attachmentsMaximum"] as? String == "caps-count-only")
    #expect(semantics?["countsMediaAsFiles"] as? Bool == true)
    let photos = try await CLI.run([
      "rule", "matrix", "Tests/Fixtures/rules/exactly-one-image.plist", "--media-not-files",
      "--json",
    ])
    #expect(photos.status == 0)
    #expect(
      (try CLI.json(photos.standardOutput)["semantics"] as? [String: Any])?["countsMediaAsFiles"]
        as? Bool == false)
  }

  @Test("explain normalizes, and syntax errors say where")
  func explain() async throws {
    let explained = try await CLI.run(["rule", "explain", Self.exactlyOneImage])
    #expect(explained.status == 0)
    #expect(explained.standardOutput.contains("UTI-CONFORMS-TO"))
    let broken = try await CLI.run([
      "rule", "explain", "SUBQUERY(extensionItems, $e, TRUEPREDICATE",
    ])
    #expect(broken.status == 65)
    #expect(broken.standardError.contains("column"))
  }

  @Test("Types the app declares resolve from the rule's Info.plist or --declarations")
  func declaredTypes() async throws {
    let temporary = try TemporaryDirectory(prefix: "cli-tests")
    defer { temporary.remove() }
    let directory = temporary.url
    // An action extension for its own file type, declared beside the rule in the same plist.
    let declaration: [String: Any] = [
      "UTTypeIdentifier": "org.example.cli-tests.score",
      "UTTypeConformsTo": ["public.data"],
    ]
    let rule =
      "SUBQUERY(extensionItems, $i, SUBQUERY($i.attachments, $f,"
      + " ANY $f.registeredTypeIdentifiers UTI-CONFORMS-TO \"org.example.cli-tests.score\""
      + ").@count == 1).@count == 1"
    let info: [String: Any] = [
      "NSExtension": ["NSExtensionAttributes": ["NSExtensionActivationRule": rule]],
      "UTExportedTypeDeclarations": [declaration],
    ]
    let infoPlist = directory.appendingPathComponent("Info.plist")
    try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
      .write(to: infoPlist)
    let explained = try await CLI.run(["rule", "explain", infoPlist.path])
    #expect(explained.status == 0)
    #expect(!explained.standardError.contains("not a declared type identifier"))

    // The containing app's Info.plist given with --declarations: its type conforms to public.data.
    let appPlist = directory.appendingPathComponent("App-Info.plist")
    try PropertyListSerialization.data(
      fromPropertyList: ["UTExportedTypeDeclarations": [declaration]], format: .xml, options: 0
    ).write(to: appPlist)
    let anyData =
      "SUBQUERY(extensionItems, $i, SUBQUERY($i.attachments, $f,"
      + " ANY $f.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.data\").@count > 0).@count > 0"
    let arguments = [
      "rule", "check", anyData, "--attachment", "org.example.cli-tests.score=file",
    ]
    #expect(try await CLI.run(arguments).status == 1)
    #expect(try await CLI.run(arguments + ["--declarations", appPlist.path]).status == 0)
    let missing = try await CLI.run(
      arguments + ["--declarations", directory.appendingPathComponent("none.plist").path])
    #expect(missing.status == 66)
  }

  @Test("Usage errors and missing files")
  func usageAndMissing() async throws {
    #expect(try await CLI.run(["rule"]).status == 64)
    #expect(try await CLI.run(["rule", "check", Self.exactlyOneImage]).status == 64)
    #expect(try await CLI.run(["rule", "explain", "no/such/Info.plist"]).status == 66)
    // A profile name that is not shipped is a usage error listing the shipped ones; a file
    // that is missing is missing input.
    let unknown = try await CLI.run(["rule", "check", Self.exactlyOneImage, "--source", "no-such"])
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("photos-photo"))
    #expect(
      try await CLI.run(["rule", "check", Self.exactlyOneImage, "--source", "no/such.json"]).status
        == 66)
  }
}
