import Foundation
import TestSupport
import Testing

/// A receipts app's second day (issue 44): its own type, its typos, its size limit, as
/// processes. The app's share extension takes images, PDFs and web URLs, declares
/// `com.paperstack.receipt` (JSON, `.receipt`), and rejects files over 20 MiB.
@Suite(
  "ingest-cli for a receipts app: warnings wherever a rule is read, its own types", .serialized)
struct ReceiptsAppTests {
  /// The app's `Info.plist`: `rule` as NSExtensionActivationRule, under `point`.
  static func infoPlist(
    in directory: TemporaryDirectory, rule: Any, point: String = "com.apple.share-services",
    name: String = "Info.plist"
  ) throws -> String {
    let info: [String: Any] = [
      "CFBundleIdentifier": "com.paperstack.receipts.share",
      "NSExtension": [
        "NSExtensionPointIdentifier": point,
        "NSExtensionAttributes": ["NSExtensionActivationRule": rule],
      ],
      "UTExportedTypeDeclarations": [
        [
          "UTTypeIdentifier": "com.paperstack.receipt",
          "UTTypeConformsTo": ["public.json"],
          "UTTypeDescription": "Paperstack receipt",
          "UTTypeTagSpecification": ["public.filename-extension": ["receipt"]],
        ]
      ],
    ]
    let url = directory.file(name)
    try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
      .write(to: url)
    return url.path
  }

  /// A dictionary rule with Apple's key misspelt (`Images` for `Image`).
  static var dictionaryRule: [String: Any] {
    [
      "NSExtensionActivationSupportsImagesWithMaxCount": 10,
      "NSExtensionActivationSupportsFileWithMaxCount": 10,
    ]
  }

  /// Text with its wrapped lines joined: what a warning says, whatever the terminal's width.
  static func flat(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  static let typoPredicate =
    "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers"
    + " UTI-CONFORMS-TO \"public.imgae\").@count >= 1).@count >= 1"

  @Test("share --rule, matrix run --rule (and its JUnit file) and matrix init --rule warn of typos")
  func warningsEverywhere() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let plist = try Self.infoPlist(in: directory, rule: Self.dictionaryRule)

    let share = try await CLI.run([
      "share", "--group-dir", directory.path + "/group", "--rule", Self.typoPredicate,
      "corpus/files/photo.jpg",
    ])
    #expect(Self.flat(share.standardError).contains("did you mean public.image?"))
    let shareJSON = try await CLI.run([
      "share", "--group-dir", directory.path + "/group", "--rule", Self.typoPredicate, "--json",
      "corpus/files/photo.jpg",
    ])
    let rule = try CLI.json(shareJSON.standardOutput)["rule"] as? [String: Any]
    let warnings = rule?["warnings"] as? [String] ?? []
    #expect(warnings.contains { $0.contains("public.imgae") }, "\(shareJSON.standardOutput)")

    let junit = directory.path + "/results.xml"
    let run = try await CLI.run([
      "matrix", "run", "examples/PhotoShare/matrix.json", "--rule", plist, "--junit", junit,
    ])
    #expect(Self.flat(run.standardError).contains("NSExtensionActivationSupportsImageWithMaxCount"))
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains("<property name=\"rule-warning\""))
    #expect(xml.contains("NSExtensionActivationSupportsImagesWithMaxCount"))
    #expect(xml.contains("<system-err>warning: "))

    let initialized = try await CLI.run(["matrix", "init", "--rule", plist])
    #expect(initialized.status == 0)
    #expect(
      Self.flat(initialized.standardError).contains(
        "NSExtensionActivationSupportsImagesWithMaxCount"))
  }

  @Test("rule check with a misspelt extension point says hidden and exits 1")
  func misspeltExtensionPoint() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let rule: [String: Any] = ["NSExtensionActivationSupportsImageWithMaxCount": 10]
    let wrong = try Self.infoPlist(in: directory, rule: rule, point: "com.apple.share-service")
    let result = try await CLI.run(["rule", "check", wrong, "--source", "photos-photo"])
    #expect(result.status == 1, "\(result.standardOutput)")
    #expect(result.standardOutput.hasPrefix("hidden"))
    #expect(result.standardOutput.contains("never offered"))
    #expect(Self.flat(result.standardError).contains("(com.apple.share-services?)"))
    let right = try Self.infoPlist(in: directory, rule: rule, name: "Right.plist")
    #expect(try await CLI.run(["rule", "check", right, "--source", "photos-photo"]).status == 0)
  }

  @Test("A contract type that misspells a declared one is bad data (65); an unknown one warns")
  func contractTypeTypo() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let typo = try await CLI.run([
      "share", "--group-dir", directory.path + "/group", "--accept", "public.imgae",
      "corpus/files/photo.jpg",
    ])
    #expect(typo.status == 65, "\(typo.standardError)")
    #expect(Self.flat(typo.standardError).contains("did you mean public.image?"))
    #expect(
      !FileManager.default.fileExists(atPath: directory.path + "/group/Inbox"),
      "nothing was shared")
    let contract = directory.file("contract.json")
    try Data(#"{"acceptedTypes": ["public.imgae", "com.adobe.pdf"]}"#.utf8).write(to: contract)
    let file = try await CLI.run([
      "share", "--group-dir", directory.path + "/group", "--contract", contract.path,
      "corpus/files/document.pdf",
    ])
    #expect(file.status == 65, "\(file.standardError)")
    let unknown = try await CLI.run([
      "share", "--group-dir", directory.path + "/group", "--accept",
      "public.image,com.example.own-type", "corpus/files/photo.jpg",
    ])
    #expect(unknown.status == 0, "\(unknown.standardError)")
    #expect(Self.flat(unknown.standardError).contains("--declarations"))
  }

  @Test(
    "share, types and matrix init read the app's declarations; --accept of a declared type is quiet"
  )
  func ownTypes() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let plist = try Self.infoPlist(in: directory, rule: Self.dictionaryRule)
    let receipt = try directory.file("march.receipt", contents: Data("{\"total\": 1250}\n".utf8))

    let types = try await CLI.run(["types", "--declarations", plist, "--json", receipt.path])
    #expect(types.standardOutput.contains("\"com.paperstack.receipt\""), "\(types.standardOutput)")
    let without = try await CLI.run(["types", "--json", receipt.path])
    #expect(!without.standardOutput.contains("com.paperstack.receipt"))

    let share = try await CLI.run([
      "share", "--group-dir", directory.path + "/group", "--declarations", plist, "--accept",
      "com.paperstack.receipt", "--json", receipt.path,
    ])
    #expect(share.status == 0, "\(share.standardOutput)\(share.standardError)")
    #expect(!share.standardError.contains("no declared type"))
    let attachments = try CLI.json(share.standardOutput)["attachments"] as? [[String: Any]]
    #expect(attachments?.first?["chosenType"] as? String == "com.paperstack.receipt")

    let initialized = try await CLI.run([
      "matrix", "init", "--rule", plist, "--accept", "com.paperstack.receipt,public.image",
    ])
    #expect(initialized.status == 0, "\(initialized.standardError)")
    #expect(!initialized.standardError.contains("no declared type"), "\(initialized.standardError)")
    let declared = try await CLI.run([
      "matrix", "init", "--declarations", plist, "--accept", "com.paperstack.receipt",
    ])
    #expect(!declared.standardError.contains("no declared type"), "\(declared.standardError)")
  }

  @Test("matrix init --sources writes inline rows whose files are found on rerun")
  func initFromSources() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let sources = directory.url.appendingPathComponent("corpus/sources")
    let files = directory.url.appendingPathComponent("corpus/files")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: CLI.packageRoot.appendingPathComponent("corpus/files/document.pdf"),
      to: files.appendingPathComponent("receipt.pdf"))
    let profile = """
      {"schemaVersion": 1, "name": "files-receipt", "title": "Files: a receipt",
       "app": "com.apple.DocumentsApp", "provenance": "the receipts team's own observation",
       "items": [{"attributedTitle": null, "attributedContentText": null, "attachments": [
         {"suggestedName": "receipt.pdf", "representations": [
           {"typeIdentifier": "com.adobe.pdf", "delivery": "file", \
      "file": "files/receipt.pdf"}]}]}]}
      """
    try Data(profile.utf8).write(to: sources.appendingPathComponent("files-receipt.json"))
    let output = directory.url.appendingPathComponent("tests/matrix.json")
    try FileManager.default.createDirectory(
      at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
    let initialized = try await CLI.run([
      "matrix", "init", "--sources", sources.path, "--output", output.path,
    ])
    #expect(initialized.status == 0, "\(initialized.standardError)")
    let matrix = try CLI.json(String(contentsOf: output, encoding: .utf8))
    #expect(matrix["contentDirectory"] as? String == "../corpus")
    let rows = matrix["rows"] as? [[String: Any]] ?? []
    #expect(rows.count == 1)
    #expect((rows.first?["source"] as? [String: Any])?["items"] != nil, "an inline row")
    let expect = rows.first?["expect"] as? [String: Any]
    #expect(expect?["outcome"] as? String == "accepted", "\(rows)")
    let rerun = try await CLI.run(["matrix", "run", output.path])
    #expect(rerun.status == 0, "\(rerun.standardOutput)")
  }

  @Test(
    "A file over the limit by less than the rounding says exact bytes; JSON has code and counts")
  func sizeMessages() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.sparseFile(
      "scan.pdf", size: 21_000_000, pieces: [(0, Array("%PDF-1.4\n".utf8))])
    let contract = directory.file("contract.json")
    try Data(#"{"maximumFileSize": 20971520}"#.utf8).write(to: contract)
    let arguments = [
      "share", "--group-dir", directory.path + "/group", "--contract", contract.path,
      "--accept", "public.data", file.path,
    ]
    let text = try await CLI.run(arguments)
    #expect(text.status == 1)
    #expect(Self.flat(text.standardOutput).contains("21,000,000 bytes"), "\(text.standardOutput)")
    #expect(Self.flat(text.standardOutput).contains("20,971,520 bytes"))
    #expect(!text.standardOutput.contains("21.0 MB"))
    let json = try CLI.json(try await CLI.run(arguments + ["--json"]).standardOutput)
    let failure = try #require(json["failure"] as? [String: Any])
    #expect(failure["code"] as? String == "fileTooLarge")
    #expect(failure["maximumByteCount"] as? Int == 20_971_520)
    #expect((failure["byteCount"] as? Int ?? 0) >= 20_971_521)
  }

  @Test("--acknowledge size-limit moves the contradiction a size limit makes out of the notes")
  func acknowledge() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let contract = directory.file("contract.json")
    try Data(#"{"maximumFileSize": 16}"#.utf8).write(to: contract)
    let base = [
      "matrix", "init", "--rule", "examples/PhotoShare/Info.plist", "--contract", contract.path,
    ]
    let plain = try await CLI.run(base)
    #expect(Self.flat(plain.standardError).contains("(fileTooLarge)"), "\(plain.standardError)")
    let acknowledged = try await CLI.run(base + ["--acknowledge", "size-limit"])
    #expect(acknowledged.status == 0)
    #expect(!Self.flat(acknowledged.standardError).contains("(fileTooLarge)"))
    #expect(Self.flat(acknowledged.standardError).contains("acknowledged (--acknowledge)"))
    let matrix = directory.file("m.json")
    try Data(acknowledged.standardOutput.utf8).write(to: matrix)
    let run = try await CLI.run([
      "matrix", "run", matrix.path, "--rule", "examples/PhotoShare/Info.plist", "--json",
      "--acknowledge", "fileTooLarge",
    ])
    let report = try CLI.json(run.standardOutput)
    #expect((report["acknowledgedContradictions"] as? Int ?? 0) > 0, "\(run.standardOutput)")
    let bad = try await CLI.run(base + ["--acknowledge", "sizelimit"])
    #expect(bad.status == 64)
    #expect(bad.standardError.contains("size-limit"))
  }

  @Test("--javascript-results FILE without --url records the results' URL")
  func javaScriptResultsURL() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let results = directory.file("results.json")
    try Data(#"{"URL": "https://receipts.example/r/42", "title": "Receipt 42"}"#.utf8)
      .write(to: results)
    let group = directory.path + "/group"
    let share = try await CLI.run([
      "share", "--group-dir", group, "--javascript-results", results.path, "--accept",
      "public.url", "--json",
    ])
    #expect(share.status == 0, "\(share.standardOutput)\(share.standardError)")
    let manifest = try #require(CLI.json(share.standardOutput)["manifest"] as? String)
    let text = try String(contentsOfFile: group + "/" + manifest, encoding: .utf8)
    #expect(
      text.contains("https://receipts.example/r/42") || text.contains(#"receipts.example\/r\/42"#))
    #expect(!text.contains("example.com/article"))
  }

  @Test("rule check --files says pictures are wrapped as Photos shares them, as they are")
  func filesHelp() async throws {
    let help = try await CLI.run(["rule", "check", "--help"])
    #expect(help.standardOutput.contains("as Photos shares them"), "\(help.standardOutput)")
    let check = try await CLI.run([
      "rule", "check", "--json", "examples/PhotoShare/Info.plist", "--files",
      "corpus/files/photo.jpg",
    ])
    let source = try CLI.json(check.standardOutput)["source"] as? String
    #expect(source?.contains("photos") == true, "\(source ?? "")")
  }

  @Test("PortingFromIOS.md says what NSStringObjectTests shows: an NSString registers and loads")
  func portingArticle() throws {
    let article = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent(
        "Sources/ItemProvider/ItemProvider.docc/PortingFromIOS.md"), encoding: .utf8)
    let joined = article.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    #expect(joined.contains("`NSItemProvider(object: text as NSString)`"))
    #expect(joined.contains("still compile and work as on iOS"))
    #expect(
      !joined.contains(
        "does not adopt it here (Linux Foundation marks it not `Sendable`): register the `String`"))
  }
}
