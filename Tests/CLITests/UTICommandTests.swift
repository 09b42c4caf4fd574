import Foundation
import TestSupport
import Testing

@Suite("ingest-cli uti")
struct UTICommandTests {
  @Test("Describes a type found by its extension")
  func byExtension() async throws {
    let result = try await CLI.run(["uti", "--ext", "heic"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("public.heic"))
    #expect(
      result.standardOutput.contains(
        "public.heif-standard, public.image, public.data, public.item, public.content"))
  }

  @Test("--json lists every query in order")
  func jsonOrder() async throws {
    let result = try await CLI.run([
      "uti", "--json", "public.url", "--mime", "text/plain; charset=utf-8", "--ext", "jfif",
    ])
    #expect(result.status == 0)
    let json = try CLI.json(result.standardOutput)
    let types = try #require(json["types"] as? [[String: Any]])
    #expect(
      types.map { $0["identifier"] as? String } == [
        "public.url", "public.plain-text", "dyn.ah62d4rv4ge80y3xmq2",
      ])
    #expect(types[0]["supertypes"] as? [String] == ["public.data", "public.item"])
    #expect(types[2]["isDynamic"] as? Bool == true)
    #expect(types[2]["isDeclared"] as? Bool == false)
  }

  @Test("An unknown identifier is bad data")
  func unknownIdentifier() async throws {
    let result = try await CLI.run(["uti", "com.example.nope"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("com.example.nope"))
  }

  @Test("Usage errors")
  func usage() async throws {
    #expect(try await CLI.run(["uti"]).status == 64)
    #expect(try await CLI.run(["uti", "--bogus", "x"]).status == 64)
    #expect(try await CLI.run(["no-such-command"]).status == 64)
    #expect(try await CLI.run([]).status == 64)
  }

  @Test("--declarations layers an Info.plist's types over the catalogue")
  func declarations() async throws {
    let temporary = try TemporaryDirectory(prefix: "cli-tests")
    defer { temporary.remove() }
    let directory = temporary.url
    let plist: [String: Any] = [
      "UTExportedTypeDeclarations": [
        [
          "UTTypeIdentifier": "com.example.note",
          "UTTypeConformsTo": "public.plain-text",
          "UTTypeDescription": "Example note",
          "UTTypeTagSpecification": ["public.filename-extension": "exnote"],
        ]
      ]
    ]
    let url = directory.appendingPathComponent("Info.plist")
    try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0).write(
      to: url)
    let result = try await CLI.run(["uti", "--declarations", url.path, "--ext", "exnote", "--json"])
    #expect(result.status == 0)
    let types = try #require(try CLI.json(result.standardOutput)["types"] as? [[String: Any]])
    #expect(types.first?["identifier"] as? String == "com.example.note")
    #expect(types.first?["description"] as? String == "Example note")

    let missing = try await CLI.run([
      "uti", "--declarations", directory.appendingPathComponent("nope.plist").path, "public.jpeg",
    ])
    #expect(missing.status == 66)
    try Data("garbage".utf8).write(to: url)
    let malformed = try await CLI.run(["uti", "--declarations", url.path, "public.jpeg"])
    #expect(malformed.status == 65)
    #expect(malformed.standardError.contains(url.path))
  }
}
