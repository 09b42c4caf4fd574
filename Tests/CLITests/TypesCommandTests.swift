import Foundation
import Testing

@Suite("ingest-cli types")
struct TypesCommandTests {
  @Test("A mismatch is reported and the content wins")
  func mismatch() async throws {
    let result = try await CLI.run(["types", "corpus/files/heic-named.jpg"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("public.heic"))
    #expect(result.standardOutput.contains("the content wins"))
  }

  @Test("--json carries the type, evidence and supertypes")
  func json() async throws {
    let result = try await CLI.run([
      "types", "--json", "corpus/files/photo", "corpus/files/junk-before.pdf",
    ])
    #expect(result.status == 0)
    let array =
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
    let entries = try #require(array)
    #expect(entries.map { $0["identifier"] as? String } == ["public.jpeg", "com.adobe.pdf"])
    #expect(entries.map { $0["evidence"] as? String } == ["signature", "signature"])
    #expect(entries[0]["isMismatch"] as? Bool == false)
    #expect((entries[0]["supertypes"] as? [String])?.first == "public.image")
  }

  @Test("An unreadable file fails alone and the others still print")
  func unreadableFile() async throws {
    let result = try await CLI.run([
      "types", "corpus/files/photo.heic", "corpus/files/no-such-file", "corpus/files/document.pdf",
    ])
    #expect(result.status == 66)
    #expect(result.standardError.contains("no-such-file"))
    #expect(result.standardOutput.contains("public.heic"))
    #expect(result.standardOutput.contains("com.adobe.pdf"))
  }

  @Test("No files is a usage error")
  func noFiles() async throws {
    #expect(try await CLI.run(["types"]).status == 64)
  }
}
