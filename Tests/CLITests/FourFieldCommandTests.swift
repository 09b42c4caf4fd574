import Foundation
import TestSupport
import Testing

/// The four-field inbox form and the text-or-url contract, from the command line.
@Suite("ingest-cli with four-field inbox files and the text-or-url preset, as a process")
struct FourFieldCommandTests {
  @Test("inbox list, import and library summary take four-field files as shares")
  func importsFourField() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    try FileManager.default.createDirectory(
      atPath: group + "/Inbox", withIntermediateDirectories: true)
    let texts = ["週六去公園嗎？", "https://example.com/", String(repeating: "a", count: 1001)]
    var ids: [UUID] = []
    for (index, text) in texts.enumerated() {
      let id = UUID()
      ids.append(id)
      let object: [String: Any] = [
        "schemaVersion": 1, "id": id.uuidString, "receivedAt": "2026-09-21T0\(index):13:20Z",
        "text": text,
      ]
      try JSONSerialization.data(withJSONObject: object).write(
        to: URL(fileURLWithPath: group + "/Inbox/\(id.uuidString).json"))
    }
    let list = try await CLI.run(["inbox", "list", "--group-dir", group])
    #expect(list.status == 0, "\(list.standardError)")
    #expect(list.standardOutput.split(separator: "\n").count == 3)
    let library = directory.path + "/library.sqlite"
    let imported = try await CLI.run([
      "inbox", "import", "--group-dir", group, "--library", library,
    ])
    #expect(imported.status == 65, "the 1001-character share stays, for what it holds")
    #expect(imported.standardOutput.hasPrefix("imported 2 shares"))
    #expect(imported.standardError.contains("1001 characters"))
    let card = try await CLI.run([
      "library", "summary", "--library", library, "--date", "2026-09-21", "--time-zone",
      "Asia/Taipei", "--locale", "zh-Hant",
    ])
    #expect(card.status == 0)
    #expect(card.standardOutput.contains("• 待整理｜週六去公園嗎？\n"))
    #expect(card.standardOutput.contains("• 待整理｜https://example.com/\n"))
  }

  @Test("share --preset text-or-url plays the text-only extension: text yes, a photo no")
  func textOrURLPreset() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    let text = try await CLI.run([
      "share", "--group-dir", group, "--preset", "text-or-url", "--text", "週六去公園嗎？",
    ])
    #expect(text.status == 0, "\(text.standardError)")
    let photo = try await CLI.run([
      "share", "--group-dir", group, "--preset", "text-or-url", "corpus/files/photo.jpg",
    ])
    #expect(photo.status == 1)
    let long = try await CLI.run([
      "share", "--group-dir", group, "--preset", "text-or-url", "--text",
      String(repeating: "a", count: 1001),
    ])
    #expect(long.status == 1)
    #expect((long.standardOutput + long.standardError).contains("1001 characters"))
    let unknown = try await CLI.run([
      "share", "--group-dir", group, "--preset", "everything", "--text", "x",
    ])
    #expect(unknown.status == 64)
  }
}
