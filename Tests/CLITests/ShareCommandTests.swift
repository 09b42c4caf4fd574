import Foundation
import TestSupport
import Testing

@Suite("ingest-cli share and inbox, as a process")
struct ShareCommandTests {
  @Test("share writes the file into the group directory and reports it in text and JSON")
  func sharePhoto() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/my group"
    let text = try CLI.run(
      ["share", "corpus/files/photo.heic"], environment: ["INGEST_GROUP_DIR": group])
    #expect(text.status == 0)
    #expect(text.standardError.isEmpty)
    #expect(text.standardOutput.hasPrefix("committed share "))
    #expect(text.standardOutput.contains("took public.heic (file)"))
    #expect(text.standardOutput.contains("(INGEST_GROUP_DIR)"))
    let json = try CLI.run(
      ["share", "--json", "--group-dir", group, "corpus/files/photo.heic"])
    #expect(json.status == 0)
    let report = try CLI.json(json.standardOutput)
    #expect(report["status"] as? String == "committed")
    let attachments = try #require(report["attachments"] as? [[String: Any]])
    let file = try #require(attachments.first?["file"] as? String)
    #expect(FileManager.default.fileExists(atPath: group + "/" + file))
    let manifest = try #require(report["manifest"] as? String)
    #expect(FileManager.default.fileExists(atPath: group + "/" + manifest))
    #expect(try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox").count == 2)
  }

  @Test("A text and a URL share with no files, in Safari's shape")
  func textAndURL() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try CLI.run([
      "share", "--source", "safari-page", "--url", "https://example.com/", "--text", "Saturday?",
      "--group-dir", directory.path, "--json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let report = try CLI.json(result.standardOutput)
    #expect(report["source"] as? String == "safari-page")
    let manifestPath = try #require(report["manifest"] as? String)
    let manifest = try CLI.json(
      String(contentsOfFile: directory.path + "/" + manifestPath, encoding: .utf8))
    let items = try #require(manifest["items"] as? [[String: Any]])
    #expect(items.compactMap { $0["url"] as? String } == ["https://example.com/"])
    #expect(items.compactMap { $0["text"] as? String }.contains("Saturday?"))
  }

  @Test("A rejected share exits 1 and says why; a missing file exits 66; nothing lands")
  func rejectedAndMissing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let rejected = try CLI.run(["share", "--group-dir", directory.path, "corpus/files/archive.zip"])
    #expect(rejected.status == 1)
    #expect(rejected.standardOutput.contains("none of its types (public.zip-archive"))
    let missing = try CLI.run(["share", "--group-dir", directory.path, "no/such/photo.jpg"])
    #expect(missing.status == 66)
    #expect(missing.standardError.contains("no/such/photo.jpg"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/Inbox").isEmpty)
  }

  @Test("A rule that hides the extension stops the share before anything is loaded")
  func hiddenByRule() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try CLI.run([
      "share", "--group-dir", directory.path, "--rule",
      "Tests/Fixtures/rules/exactly-one-image.plist",
      "--source", "safari-page",
    ])
    #expect(result.status == 1)
    #expect(result.standardOutput.hasPrefix("hidden"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/Inbox").isEmpty)
  }

  @Test("inbox list, import --to and sweep work on what share committed")
  func inbox() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = ["INGEST_GROUP_DIR": directory.path + "/group"]
    for file in ["photo.heic", "document.pdf"] {
      #expect(try CLI.run(["share", "corpus/files/\(file)"], environment: group).status == 0)
    }
    let list = try CLI.run(["inbox", "list", "--json"], environment: group)
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
    #expect(entries.count == 2)
    let destination = directory.path + "/imported"
    let imported = try CLI.run(["inbox", "import", "--to", destination], environment: group)
    #expect(imported.status == 0)
    #expect(imported.standardOutput.contains("imported 2 shares"))
    let ids = entries.compactMap { $0["id"] as? String }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: destination).sorted() == ids.sorted())
    #expect(try CLI.run(["inbox", "list"], environment: group).standardOutput.contains("empty"))
    let sweep = try CLI.run(["inbox", "sweep", "--older-than", "0", "--json"], environment: group)
    #expect(sweep.status == 0)
  }
}
