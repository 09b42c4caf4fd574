import Foundation
import TestSupport
import Testing

@Suite("ingest-cli share and inbox, as a process")
struct ShareCommandTests {
  @Test("share writes the file into the group directory and reports it in text and JSON")
  func sharePhoto() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/my group"
    let text = try await CLI.run(
      ["share", "corpus/files/photo.heic"],
      environment: ["INGEST_GROUP_DIR": group, "COLUMNS": "200"])
    #expect(text.status == 0)
    #expect(text.standardError.isEmpty, "stderr is silent on success without a terminal")
    let lines = text.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("committed  share ") == true)
    #expect(lines.contains("group      \(group) (INGEST_GROUP_DIR)"))
    #expect(lines.contains("1.1        photo.heic: public.heic (file)"))
    #expect(text.standardOutput.contains("took public.heic (file)"))
    #expect(lines.contains { $0.hasPrefix("           → Incoming/") && $0.contains("528 B") })
    #expect(lines.contains { $0.hasPrefix("manifest   Inbox/") })
    #expect(lines.last?.hasPrefix("time       ") == true)
    #expect(!text.standardOutput.contains("\u{1B}["), "no colour without a terminal")

    let json = try await CLI.run(
      ["share", "--json", "--group-dir", group, "corpus/files/photo.heic"])
    #expect(json.status == 0)
    #expect(json.standardError.isEmpty)
    let report = try CLI.json(json.standardOutput)
    #expect(report["status"] as? String == "committed")
    #expect((report["group"] as? [String: Any])?["origin"] as? String == "--group-dir")
    #expect(report["durationMilliseconds"] is Double)
    let attachments = try #require(report["attachments"] as? [[String: Any]])
    #expect(attachments.first?["chosenType"] as? String == "public.heic")
    #expect(attachments.first?["suggestedName"] as? String == "photo.heic")
    #expect(attachments.first?["byteCount"] as? Int == 528)
    let file = try #require(attachments.first?["file"] as? String)
    #expect(FileManager.default.fileExists(atPath: group + "/" + file))
    let manifest = try #require(report["manifest"] as? String)
    #expect(FileManager.default.fileExists(atPath: group + "/" + manifest))
    #expect(try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox").count == 2)
  }

  @Test(
    """
    With nothing set, shares land under $XDG_DATA_HOME, else ~/.local/share, and the report \
    says so
    """
  )
  func defaultGroupDirectory() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let home = ["HOME": directory.path, "INGEST_GROUP_DIR": "", "XDG_DATA_HOME": ""]
    let result = try await CLI.run(
      ["share", "--json", "corpus/files/photo.jpg"], environment: home)
    #expect(result.status == 0, "\(result.standardOutput)")
    let group = try #require(try CLI.json(result.standardOutput)["group"] as? [String: Any])
    #expect(group["path"] as? String == directory.path + "/.local/share/share-ingest/group")
    #expect(group["origin"] as? String == "~/.local/share")
    let xdg = try await CLI.run(
      ["share", "--json", "corpus/files/photo.jpg"],
      environment: home.merging(["XDG_DATA_HOME": directory.path + "/data"]) { $1 })
    let xdgGroup = try #require(try CLI.json(xdg.standardOutput)["group"] as? [String: Any])
    #expect(xdgGroup["path"] as? String == directory.path + "/data/share-ingest/group")
  }

  @Test("A text and a URL share with no files, in Safari's shape")
  func textAndURL() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try await CLI.run([
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

  @Test("A share from standard input is sniffed like a file")
  func standardInput() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let photo = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("corpus/files/photo"))
    let result = try await CLI.run(
      ["share", "--json", "--group-dir", directory.path, "-"], input: photo)
    #expect(result.status == 0, "\(result.standardOutput)")
    let attachments = try CLI.json(result.standardOutput)["attachments"] as? [[String: Any]]
    #expect(attachments?.first?["chosenType"] as? String == "public.jpeg")
    #expect(attachments?.first?["byteCount"] as? Int == photo.count)
  }

  @Test("A rejected share exits 1 and says why; a missing file exits 66; nothing lands")
  func rejectedAndMissing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let rejected = try await CLI.run([
      "share", "--group-dir", directory.path, "corpus/files/archive.zip",
    ])
    #expect(rejected.status == 1)
    #expect(rejected.standardOutput.hasPrefix("rejected   "))
    #expect(rejected.standardOutput.contains("public.zip-archive"))
    let missing = try await CLI.run(["share", "--group-dir", directory.path, "no/such/photo.jpg"])
    #expect(missing.status == 66)
    #expect(missing.standardError.contains("no/such/photo.jpg"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/Inbox").isEmpty)
  }

  @Test("A rule that hides the extension stops the share before anything is loaded")
  func hiddenByRule() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try await CLI.run([
      "share", "--group-dir", directory.path, "--rule", "examples/PhotoShare/Info.plist",
      "corpus/files/document.pdf",
    ])
    #expect(result.status == 1)
    #expect(result.standardOutput.hasPrefix("hidden     "))
    #expect(result.standardOutput.contains("\nrule       hidden: "))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/Inbox").isEmpty)
    let json = try await CLI.run([
      "share", "--json", "--group-dir", directory.path, "--rule",
      "examples/PhotoShare/Info.plist", "corpus/files/photo.heic",
    ])
    #expect(json.status == 0)
    #expect(
      (try CLI.json(json.standardOutput)["rule"] as? [String: Any])?["shown"] as? Bool == true)
  }

  @Test("App Groups: --group resolves through INGEST_APP_GROUPS; an unknown one exits 66")
  func appGroups() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let groups = ["INGEST_APP_GROUPS": "group.com.example.app=\(directory.path)/app"]
    let shared = try await CLI.run(
      ["share", "--json", "--group", "group.com.example.app", "corpus/files/photo.jpg"],
      environment: groups)
    #expect(shared.status == 0)
    #expect(
      (try CLI.json(shared.standardOutput)["group"] as? [String: Any])?["path"] as? String
        == directory.path + "/app")
    let unknown = try await CLI.run(
      ["share", "--group", "group.com.example.none", "corpus/files/photo.jpg"],
      environment: groups)
    #expect(unknown.status == 66)
    #expect(unknown.standardError.contains("group.com.example.none"))
  }

  @Test("Colour on a terminal (a pty from script), never with NO_COLOR")
  func colourOnATerminal() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
      print("skipped: script (bsdutils) is not installed")
      return
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let command = "ingest-cli share --group-dir '\(directory.path)' corpus/files/photo.jpg"
    let terminal = try await CLI.shell(
      "script -qec \"\(command)\" /dev/null", environment: ["TERM": "xterm", "NO_COLOR": ""])
    #expect(terminal.status == 0, "\(terminal.output)")
    #expect(terminal.output.contains("\u{1B}[32mcommitted\u{1B}[0m"))
    let plain = try await CLI.shell(
      "script -qec \"\(command)\" /dev/null", environment: ["NO_COLOR": "1"])
    #expect(plain.status == 0)
    #expect(!plain.output.contains("\u{1B}["), "\(plain.output)")
    let ascii = try await CLI.shell(
      "script -qec \"\(command)\" /dev/null",
      environment: ["NO_COLOR": "1", "LC_ALL": "C", "LC_CTYPE": "", "LANG": "C"])
    #expect(ascii.output.contains("-> Incoming/"))
    #expect(ascii.output.unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test("inbox list, show, import --to and sweep work on what share committed")
  func inbox() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = ["INGEST_GROUP_DIR": directory.path + "/group"]
    for file in ["photo.heic", "document.pdf"] {
      #expect(try await CLI.run(["share", "corpus/files/\(file)"], environment: group).status == 0)
    }
    let list = try await CLI.run(["inbox", "list", "--json"], environment: group)
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
    #expect(entries.count == 2)
    #expect(entries.first?["byteCount"] as? Int == 528)
    let ids = entries.compactMap { $0["id"] as? String }
    let shown = try await CLI.run(["inbox", "show", ids[0]], environment: group)
    #expect(shown.status == 0)
    #expect(shown.standardOutput.contains("file public.heic  Incoming/"))
    let manifest = try CLI.json(
      try await CLI.run(["inbox", "show", "--json", ids[1]], environment: group).standardOutput)
    #expect(manifest["id"] as? String == ids[1])
    let unknown = try await CLI.run(
      ["inbox", "show", "--json", UUID().uuidString], environment: group)
    #expect(unknown.status == 66)
    #expect(
      (try CLI.json(unknown.standardOutput)["error"] as? [String: Any])?["exitStatus"] as? Int == 66
    )

    let destination = directory.path + "/imported"
    let imported = try await CLI.run(["inbox", "import", "--to", destination], environment: group)
    #expect(imported.status == 0)
    #expect(imported.standardOutput.contains("imported 2 shares"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: destination).sorted() == ids.sorted())
    #expect(
      try await CLI.run(["inbox", "list"], environment: group).standardOutput.contains("empty"))
    let sweep = try await CLI.run(
      ["inbox", "sweep", "--older-than", "0", "--json"], environment: group)
    #expect(sweep.status == 0)
    #expect(try CLI.json(sweep.standardOutput)["bytesFreed"] is Int)
  }

  @Test("inbox import --exec hands each manifest to a command; a failure leaves the share")
  func importByCommand() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = ["INGEST_GROUP_DIR": directory.path + "/group"]
    #expect(try await CLI.run(["share", "corpus/files/photo.jpg"], environment: group).status == 0)
    let failing = try await CLI.run(["inbox", "import", "--exec", "exit 3"], environment: group)
    #expect(failing.status == 74)
    #expect(failing.standardError.contains("exited with status 3"))
    let list = try await CLI.run(["inbox", "list"], environment: group)
    #expect(list.standardOutput.contains("failed 1x"))
    let out = directory.path + "/ids"
    let handled = try await CLI.run(
      ["inbox", "import", "--exec", "echo \"$INGEST_SHARE_ID\" >> '\(out)'"], environment: group)
    #expect(handled.status == 0)
    #expect(try String(contentsOfFile: out, encoding: .utf8).count == 37)
  }
}

/// `--javascript-results` on `share` and `rule check`: whatever the extension's script returns.
@Suite("ingest-cli share and rule check with JavaScript preprocessing results")
struct JavaScriptResultsCommandTests {
  /// What the committed share's property-list file holds under the results key.
  static func committedResults(_ output: String, group: String) throws -> [String: Any]? {
    let report = try CLI.json(output)
    let attachments = try #require(report["attachments"] as? [[String: Any]])
    #expect(attachments.first?["chosenType"] as? String == "com.apple.property-list")
    let file = try #require(attachments.first?["file"] as? String)
    let data = try Data(contentsOf: URL(fileURLWithPath: group + "/" + file))
    let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
    return (plist as? [String: Any])?["NSExtensionJavaScriptPreprocessingResultsKey"]
      as? [String: Any]
  }

  @Test("Inline or from a file, the results are what the extension receives")
  func inlineAndFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let inline = try await CLI.run([
      "share", "--json", "--group-dir", directory.path, "--accept", "com.apple.property-list",
      "--javascript-results", #"{"url": "https://example.com/a", "selectedText": "words"}"#,
    ])
    #expect(inline.status == 0, "\(inline.standardError)")
    // A result with a page URL is recorded as the page: its URL, title and selection.
    let shared = try CLI.json(inline.standardOutput)
    let id = try #require(shared["shareID"] as? String)
    let show = try await CLI.run(["inbox", "show", "--json", "--group-dir", directory.path, id])
    let manifest = try CLI.json(show.standardOutput)
    let item = try #require((manifest["items"] as? [[String: Any]])?.first)
    #expect(item["kind"] as? String == "url")
    #expect(item["url"] as? String == "https://example.com/a")
    #expect(item["text"] as? String == "words")

    let file = try directory.file("results.json", contents: Data(#"{"readingTime": 7}"#.utf8))
    let fromFile = try await CLI.run([
      "share", "--json", "--group-dir", directory.path, "--accept", "com.apple.property-list",
      "--source", "safari-page-javascript", "--javascript-results", file.path,
    ])
    #expect(fromFile.status == 0, "\(fromFile.standardError)")
    let results = try Self.committedResults(fromFile.standardOutput, group: directory.path)
    #expect(results?["readingTime"] as? Int == 7)
    #expect(results?["url"] == nil)
  }

  @Test("Bad results exit 65, a missing file 66, a profile without results 64")
  func failures() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let null = try await CLI.run([
      "share", "--group-dir", directory.path, "--javascript-results", #"{"a": null}"#,
    ])
    #expect(null.status == 65)
    #expect(null.standardError.contains("null at results.a"))
    let missing = try await CLI.run([
      "share", "--group-dir", directory.path, "--javascript-results", "no/such/results.json",
    ])
    #expect(missing.status == 66)
    let noResults = try await CLI.run([
      "share", "--group-dir", directory.path, "--source", "safari-page",
      "--javascript-results", #"{"a": 1}"#,
    ])
    #expect(noResults.status == 64)
    #expect(noResults.standardError.contains("carries no JavaScript preprocessing result"))
  }

  @Test("rule check takes the results with the profile that carries them")
  func ruleCheck() async throws {
    let shown = try await CLI.run([
      "rule", "check", "examples/ReadLater/Info.plist", "--javascript-results",
      #"{"url": "https://example.com/a"}"#,
    ])
    #expect(shown.status == 0, "\(shown.standardError)")
    #expect(shown.standardOutput.contains("safari-page-javascript"))
    let wrong = try await CLI.run([
      "rule", "check", "examples/ReadLater/Info.plist", "--source", "photos-photo",
      "--javascript-results", #"{"url": "https://example.com/a"}"#,
    ])
    #expect(wrong.status == 64)
  }
}
