import Foundation
import TestSupport
import Testing

/// The web app in a real browser: headless Chromium from apt, against `ingest-cli serve`.
/// Skipped, saying so, where Chromium is not installed (CI installs it).
@Suite(
  "The web app in headless Chromium", .serialized,
  .enabled(if: HeadlessChromium.executable != nil, "\(HeadlessChromium.absence)"))
struct WebAppBrowserTests {
  @Test("The install page renders: the pairing form, the manifest link, and its script runs")
  func installPageRenders() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let profile = directory.path + "/profile"
    let url = server.url
    let dom = try await Offload.run {
      try HeadlessChromium.dumpDOM(url + "/", profile: profile)
    }
    #expect(dom.contains("<form method=\"post\" action=\"/pair\">"), "\(dom)")
    #expect(dom.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"))
    #expect(dom.contains("Add to Home screen"))
    // The same-origin script ran under the page's Content-Security-Policy.
    #expect(dom.contains("<html lang=\"en\" class=\"scripted\">"), "\(dom.prefix(200))")
  }

  @Test(
    """
    Chromium reads the manifest as a share target: no error, and it accepts what the contract \
    takes
    """,
    arguments: [[], ["--accept", "public.image,public.plain-text"]])
  func manifestIsAShareTarget(contract: [String]) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory, contract)
    defer { server.kill() }
    let browser = try await Offload.run { try HeadlessChromium(in: directory.path) }
    defer { browser.close() }
    let url = server.url
    // What Chromium made of the manifest, as JSON (the DevTools answers are
    // not Sendable).
    let answers = try await browser.run { browser -> Data in
      try browser.navigate(to: url + "/")
      let manifest = try browser.send("Page.getAppManifest")
      let installability = try browser.send("Page.getInstallabilityErrors")
      return try JSONSerialization.data(withJSONObject: [
        "manifest": manifest, "installability": installability,
      ])
    }
    let all = try JSONSerialization.jsonObject(with: answers) as? [String: Any] ?? [:]
    // The page's Content-Security-Policy allows no fetch from a script: curl reads it.
    let servedText = try await CLI.shell("curl -sf \(url)/manifest.webmanifest").output
    let served =
      try JSONSerialization.jsonObject(with: Data(servedText.utf8)) as? [String: Any] ?? [:]
    let target = served["share_target"] as? [String: Any]
    let params = target?["params"] as? [String: Any]
    let files = (params?["files"] as? [[String: Any]])?.first
    let servedAccept = try #require(files?["accept"] as? [String], "\(served)")
    let manifest = all["manifest"] as? [String: Any] ?? [:]
    let errors = manifest["errors"] as? [[String: Any]] ?? []
    let parsed = manifest["manifest"] as? [String: Any] ?? [:]
    let installability =
      (all["installability"] as? [String: Any])?["installabilityErrors"] as? [[String: Any]] ?? []
    #expect(errors.isEmpty, "Chromium's manifest errors: \(errors)")
    let shareTarget = try #require(
      parsed["shareTarget"] as? [String: Any], "Chromium dropped share_target: \(parsed)")
    // Chromium 156 reports the share target's action and method over DevTools, not its
    // files: one entry it could not read would have dropped `shareTarget` and named an error.
    #expect((shareTarget["action"] as? String)?.hasSuffix("/share") == true, "\(shareTarget)")
    #expect(shareTarget["method"] as? String == "kPost", "\(shareTarget)")
    #expect(Set(servedAccept).count == servedAccept.count, "each once")
    #expect(!servedAccept.contains { $0.contains(";") }, "no MIME parameters")
    if contract.isEmpty {
      #expect(servedAccept.contains("text/plain") && servedAccept.contains("image/*"))
    } else {
      #expect(servedAccept.contains("image/*") && servedAccept.contains("text/plain"))
      #expect(!servedAccept.contains("application/pdf") && !servedAccept.contains("video/*"))
    }
    // Headless Chromium may name reasons of its own (such as no icon fetched yet); none of
    // them may be about the manifest's content.
    let reasons = installability.compactMap { $0["errorId"] as? String }
    #expect(
      !reasons.contains { $0.hasPrefix("manifest") && $0 != "manifest-missing-suitable-icon" },
      "installability: \(reasons)")
  }

  @Test(
    """
    Pair in the browser, post what a Web Share Target posts, import: the library and the card \
    show it
    """
  )
  func sharesThroughTheBrowser() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = directory.path + "/library.sqlite"
    let server = try await ServeCommandTests.start(in: directory, ["--library", library])
    defer { server.kill() }
    let browser = try await Offload.run { try HeadlessChromium(in: directory.path) }
    defer { browser.close() }
    let url = server.url
    let photo = CLI.packageRoot.appendingPathComponent("corpus/files/photo.jpg").path
    let text = "Saturday at the park? <b>not bold</b>"

    // The viewer is in Taipei and reads Traditional Chinese.
    try await browser.run { browser in
      let version = try browser.send("Browser.getVersion", inSession: false)
      try browser.send(
        "Network.setUserAgentOverride",
        ["userAgent": version["userAgent"] as? String ?? "", "acceptLanguage": "zh-TW,en;q=0.5"])
      try browser.send("Emulation.setTimezoneOverride", ["timezoneId": "Asia/Taipei"])
    }

    // Pair by typing the token into the install page's form.
    let paired = try await browser.run { browser in
      try browser.navigate(to: url + "/")
      _ = try browser.evaluate(
        "document.getElementById('token').value = "
          + "\(HeadlessChromium.quoted(ServeCommandTests.token));"
          + " document.querySelector('form[action=\"/pair\"]').requestSubmit(); true")
      try browser.wait(until: "location.pathname === '/library'")
      return try browser.documentHTML()
    }
    #expect(paired.contains("id=\"send-form\""), "the library page, after pairing")

    // The form posts what a share sheet posts: title, text, url and a file, as
    // multipart/form-data, with the pairing cookie and no Authorization header.
    let received = try await browser.run { browser in
      _ = try browser.evaluate(
        "document.getElementById('send-title').value = 'A title';"
          + " document.getElementById('send-text').value = \(HeadlessChromium.quoted(text));"
          + " document.getElementById('send-url').value = 'https://example.com/park'; true")
      try browser.setFiles([photo], on: "#send-files")
      _ = try browser.evaluate("document.getElementById('send-form').requestSubmit(); true")
      try browser.wait(until: "location.search.indexOf('share=') >= 0")
      return try browser.documentHTML()
    }
    let ids = try await server.inboxIDs()
    let id = try #require(ids.first, "the browser's share is in the inbox")
    #expect(ids.count == 1)
    #expect(received.contains("Received share <code>\(id)</code>: it is in the inbox"))
    #expect(received.contains("&lt;b&gt;not bold&lt;/b&gt;"), "the text is escaped")
    #expect(!received.contains("<b>not bold</b>"))

    // The main app imports it; the library page shows it, and so does the day's card.
    let imported = try await CLI.run([
      "inbox", "import", "--group-dir", server.group, "--library", library,
    ])
    #expect(imported.status == 0, "\(imported.standardError)")
    let page = try await browser.run { browser in
      try browser.navigate(to: url + "/library?share=\(id)")
      try browser.wait(until: "document.body.getAttribute('data-time-zone') === 'Asia/Taipei'")
      try browser.wait(until: "Array.from(document.images).every(i => i.complete)")
      return try browser.documentHTML()
    }
    #expect(page.contains("Received share <code>\(id)</code>: it is in the library."))
    #expect(page.contains("id=\"share-\(id)\""))
    let card = try await browser.run { browser in
      try browser.evaluate("document.getElementById('card').textContent") as? String ?? ""
    }
    #expect(card.hasPrefix("交接摘要（當天的紀錄，共 1 筆）"), "\(card)")
    #expect(card.contains("待整理｜"), "\(card)")
    #expect(card.contains("https://example.com/park"), "\(card)")
    #expect(card.contains("Saturday at the park? <b>not bold</b>"), "\(card)")
    #expect(page.contains("Asia/Taipei"), "the card's day is the viewer's")
    let thumbnailWidth = try await browser.run { browser in
      try browser.evaluate("document.querySelector('img.thumbnail').naturalWidth") as? Int ?? 0
    }
    #expect(thumbnailWidth > 0, "the thumbnail loaded")

    // The copy button copies the card's text.
    let copied = try await browser.run { browser -> String in
      try browser.send(
        "Browser.grantPermissions",
        ["origin": url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]],
        inSession: false)
      try browser.send("Emulation.setFocusEmulationEnabled", ["enabled": true])
      _ = try browser.evaluate("document.querySelector('button[data-copy]').click(); true")
      try browser.wait(until: "document.getElementById('copy-status').textContent !== ''")
      return try browser.evaluate("navigator.clipboard.readText()", awaitPromise: true) as? String
        ?? ""
    }
    #expect(copied == card)
  }
}

/// CI installs Chromium (`.ci/run`): there, its absence fails the run instead of skipping the
/// browser tests in silence.
@Suite("The web app's browser tests run in CI")
struct WebAppBrowserPresenceTests {
  @Test("Under CI=true headless Chromium is installed")
  func installedInCI() {
    guard ProcessInfo.processInfo.environment["CI"] == "true" else { return }
    #expect(HeadlessChromium.executable != nil, "\(HeadlessChromium.absence)")
  }
}
