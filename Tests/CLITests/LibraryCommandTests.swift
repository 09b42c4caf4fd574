import Foundation
import TestSupport
import Testing

@Suite("ingest-cli inbox import into the library, library list and summary, as a process")
struct LibraryCommandTests {
  @Test("Shares made by share import into the default library; list and summary show them")
  func shareImportList() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = [
      "INGEST_GROUP_DIR": directory.path + "/group", "XDG_DATA_HOME": directory.path + "/data",
      "TZ": "Asia/Taipei",
    ]
    #expect(
      try await CLI.run(["share", "corpus/files/photo.heic"], environment: environment).status == 0)
    let safari = try await CLI.run(
      [
        "share", "--source", "safari-page", "--url", "https://example.com/", "--text",
        "Saturday\nat the park?",
      ], environment: environment)
    #expect(safari.status == 0, "\(safari.standardError)")

    let imported = try await CLI.run(["inbox", "import"], environment: environment)
    #expect(imported.status == 0, "\(imported.standardError)")
    let library = directory.path + "/data/share-ingest/library.sqlite"
    #expect(imported.standardOutput == "imported 2 shares into \(library)\n")
    let again = try await CLI.run(["inbox", "import", "--json"], environment: environment)
    let report = try CLI.json(again.standardOutput)
    #expect(report["imported"] as? [String] == [])
    #expect(report["library"] as? String == library)

    let list = try await CLI.run(["library", "list", "--json"], environment: environment)
    #expect(list.status == 0)
    let records = try #require(
      try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
    #expect(records.count == 2)
    #expect(records.allSatisfy { $0["status"] as? String == "to-sort" })
    let files = records.flatMap { ($0["items"] as? [[String: Any]]) ?? [] }
      .compactMap { $0["file"] as? String }
    #expect(files.count == 1)
    #expect(files.allSatisfy { $0.hasPrefix(library + "-files/") })
    #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0) })

    let summary = try await CLI.run(["library", "summary"], environment: environment)
    #expect(summary.status == 0)
    let lines = summary.standardOutput.split(separator: "\n")
    #expect(lines.first == "Hand-off summary (today's records, 2 in all)")
    #expect(lines.contains("• to sort | https://example.com/ · Saturday at the park?"))
    #expect(lines.contains("• to sort | photo.heic"))
    let json = try CLI.json(
      try await CLI.run(
        ["library", "summary", "--json", "--locale", "zh-Hant"], environment: environment
      )
      .standardOutput)
    #expect(json["timeZone"] as? String == "Asia/Taipei", "TZ is the device's zone")
    #expect((json["text"] as? String)?.hasPrefix("交接摘要（當天的紀錄，共 2 筆）\n• 待整理｜") == true)
  }

  @Test("A day's card from manifests another program wrote, on New York's fall-back day")
  func dstDayFromForeignManifests() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    let library = directory.path + "/library.sqlite"
    #expect(try await CLI.run(["inbox", "list", "--group-dir", group]).status == 0)
    for (time, text) in [
      ("2026-10-31T23:59:59-04:00", "before"), ("2026-11-01T00:30:00-04:00", "00:30"),
      ("2026-11-01T01:30:00-04:00", "01:30 EDT"), ("2026-11-01T01:30:00-05:00", "01:30 EST"),
      ("2026-11-01T23:30:00-05:00", "23:30"), ("2026-11-02T00:00:00-05:00", "after"),
    ] {
      let id = UUID().uuidString
      let json = """
        {"schemaVersion": 1, "id": "\(id)", "receivedAt": "\(time)", "source": "script",
         "items": [{"kind": "text", "typeIdentifier": "public.plain-text", "text": "\(text)"}]}
        """
      try Data(json.utf8).write(to: URL(fileURLWithPath: "\(group)/Inbox/\(id).json"))
    }
    let imported = try await CLI.run(
      ["inbox", "import", "--group-dir", group, "--library", library, "--json"])
    #expect((try CLI.json(imported.standardOutput)["imported"] as? [String])?.count == 6)
    let summary = try await CLI.run([
      "library", "summary", "--library", library, "--date", "2026-11-01", "--time-zone",
      "America/New_York",
    ])
    #expect(
      summary.standardOutput == """
        Hand-off summary (today's records, 4 in all)
        • to sort | 23:30
        • to sort | 01:30 EST
        • to sort | 01:30 EDT
        • to sort | 00:30

        """)
    let json = try CLI.json(
      try await CLI.run([
        "library", "summary", "--library", library, "--date", "2026-11-01", "--time-zone",
        "America/New_York", "--json",
      ]).standardOutput)
    #expect(json["start"] as? String == "2026-11-01T04:00:00Z")
    #expect(json["end"] as? String == "2026-11-02T05:00:00Z")
  }

  @Test("Usage errors say what to write; a missing library is 66 and is not created")
  func errors() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = directory.path + "/none/library.sqlite"
    for (arguments, status, message) in [
      (["library", "summary", "--date", "2026-02-30"], 64, "--date needs a day as YYYY-MM-DD"),
      (["library", "summary", "--time-zone", "Mars/Olympus"], 64, "--time-zone needs"),
      (["library", "summary", "--locale", "fr"], 64, "--locale needs en or zh-Hant"),
      (["library", "frobnicate"], 64, "unknown library action"),
      (["library", "list"], 66, "no library at"),
      (["library", "summary"], 66, "no library at"),
    ] {
      let result = try await CLI.run(arguments + ["--library", library])
      #expect(Int(result.status) == status, "\(arguments)")
      #expect(result.standardError.contains(message), "\(result.standardError)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/none"))
    let both = try await CLI.run([
      "inbox", "import", "--group-dir", directory.path + "/group", "--library", library, "--to",
      directory.path + "/out",
    ])
    #expect(both.status == 64)
    let notOurs = directory.path + "/notes.txt"
    try Data("just text, not a database, at least not one of ours".utf8)
      .write(to: URL(fileURLWithPath: notOurs))
    let refused = try await CLI.run(["library", "list", "--library", notOurs])
    #expect(refused.status == 65)
    #expect(refused.standardError.contains("is not a share-ingest library"))
  }
}
