import Foundation
import TestSupport
import Testing

/// What a person sees of a share made through `ingest-cli serve`: the names and titles it came
/// with (never the server's staging name), sizes and kinds in words, a refusal they can act
/// on, and pairing that survives a restart.
@Suite("Names, titles and the library page of ingest-cli serve", .serialized)
struct ServeNamesTests {
  typealias Server = ServeCommandTests.Server
  static let bearer = WebAppCurlTests.bearer
  static let browser = ["-H", "Accept: text/html,application/xhtml+xml,*/*;q=0.8"]

  /// The manifest of the one share in the server's inbox.
  static func onlyManifest(_ server: Server) async throws -> [String: Any] {
    let ids = try await server.inboxIDs()
    try #require(ids.count == 1)
    return try manifest(ids[0], of: server)
  }

  /// The manifest of share `id` in the server's inbox.
  static func manifest(_ id: String, of server: Server) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: server.group + "/Inbox/\(id).json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  static func pdf(in directory: TemporaryDirectory) throws -> String {
    let source = CLI.packageRoot.appendingPathComponent("corpus/files/document.pdf").path
    let copy = directory.path + "/upload-body.pdf"
    try FileManager.default.copyItem(atPath: source, toPath: copy)
    return copy
  }

  @Test("A raw POST keeps its Content-Disposition file name; without one it has no name")
  func rawPostName() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let pdf = try Self.pdf(in: directory)
    let named = try await WebAppCurlTests.curl(
      Self.bearer + [
        "--data-binary", "@\(pdf)", "-H", "Content-Type: application/pdf",
        "-H",
        "Content-Disposition: attachment; filename=\"C:\\\\Users\\\\me\\\\old.pdf\";"
          + " filename*=UTF-8''Q3%20report%20%E2%80%93%20final.pdf",
        server.url + "/share",
      ], in: directory)
    #expect(named.status == 201, "\(named.body)")
    let manifest = try await Self.onlyManifest(server)
    let item = try #require((manifest["items"] as? [[String: Any]])?.first)
    #expect(item["suggestedName"] as? String == "Q3 report – final.pdf")
    #expect((item["file"] as? String)?.contains("upload-") == false)

    let page = try await WebAppCurlTests.curl(
      Self.bearer + [server.url + "/library"], in: directory)
    #expect(page.body.contains("Q3 report – final.pdf"), "\(page.body)")
    #expect(!page.body.contains("upload-"))
    let size = try FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int ?? 0
    #expect(page.body.contains(Self.cliSize(size)), "sizes as the CLI prints them")
    #expect(page.body.contains("Portable Document Format (PDF) file"), "kinds in words")

    // Without a name: none, never the staging name.
    let plain = try await WebAppCurlTests.curl(
      Self.bearer + [
        "--data-binary", "@\(pdf)", "-H", "Content-Type: application/pdf", server.url + "/share",
      ], in: directory)
    #expect(plain.status == 201)
    let id = try #require(try CLI.json(plain.body)["share"] as? String)
    let unnamed = try #require(
      (try Self.manifest(id, of: server)["items"] as? [[String: Any]])?.first)
    #expect(unnamed["suggestedName"] == nil)
  }

  /// A size as `ingest-cli` prints it (`53.9 KB`).
  static func cliSize(_ bytes: Int) -> String {
    bytes < 1000 ? "\(bytes) B" : String(format: "%.1f KB", Double(bytes) / 1000)
  }

  @Test("A form's file name and title are kept in the inbox, the library, the page and the card")
  func formNameAndTitle() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = directory.path + "/library.sqlite"
    let server = try await ServeCommandTests.start(in: directory, ["--library", library])
    defer { server.kill() }
    let pdf = try Self.pdf(in: directory)
    let shared = try await WebAppCurlTests.curl(
      Self.bearer + [
        "-F", "files=@\(pdf);type=application/pdf;filename=Q3 report.pdf",
        "--form-string", "title=Report from Files", server.url + "/share",
      ], in: directory)
    #expect(shared.status == 201, "\(shared.body)")
    let manifest = try await Self.onlyManifest(server)
    #expect(manifest["title"] as? String == "Report from Files")
    #expect(manifest["schemaVersion"] as? Int == 2)
    let item = try #require((manifest["items"] as? [[String: Any]])?.first)
    #expect(item["suggestedName"] as? String == "Q3 report.pdf")

    let inboxPage = try await WebAppCurlTests.curl(
      Self.bearer + [server.url + "/library"], in: directory)
    #expect(inboxPage.body.contains("Report from Files"))
    #expect(inboxPage.body.contains("Q3 report.pdf"))

    let imported = try await CLI.run([
      "inbox", "import", "--group-dir", server.group, "--library", library,
    ])
    #expect(imported.status == 0, "\(imported.standardError)")
    let list = try await CLI.run(["library", "list", "--library", library])
    #expect(list.standardOutput.contains("Report from Files"), "\(list.standardOutput)")
    #expect(list.standardOutput.contains("Q3 report.pdf"))
    let page = try await WebAppCurlTests.curl(
      Self.bearer + [server.url + "/library"], in: directory)
    let librarySection = try #require(page.body.components(separatedBy: "id=\"library\"").last)
    #expect(librarySection.contains("Report from Files"), "\(page.body)")
    #expect(librarySection.contains("Q3 report.pdf"))
    // The card: the title, then the file's name.
    #expect(page.body.contains("Report from Files · Q3 report.pdf"), "\(page.body)")
  }

  @Test("A refused text is explained in words, and the form comes back filled in to retry")
  func refusalKeepsTheText() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let long = String(repeating: "word ", count: 400) + "<end>"
    let refused = try await WebAppCurlTests.curl(
      Self.bearer + Self.browser + [
        "--form-string", "title=Mine", "--form-string", "text=\(long)", server.url + "/share",
      ], in: directory)
    #expect(refused.status == 422)
    #expect(refused.body.contains("The text is 2005 characters long"), "\(refused.body)")
    #expect(refused.body.contains("at most 1000 characters"))
    #expect(!refused.body.contains("item 1, attachment"))
    #expect(refused.body.contains(String(repeating: "word ", count: 400) + "&lt;end&gt;"))
    #expect(refused.body.contains("value=\"Mine\""))
    // An API client gets the same reason beside the error.
    let api = try await WebAppCurlTests.curl(
      Self.bearer + ["--form-string", "text=\(long)", server.url + "/share"], in: directory)
    let object = try CLI.json(api.body)
    #expect((object["reason"] as? String)?.hasPrefix("The text is 2005 characters long") == true)
    #expect(try await server.inboxIDs().isEmpty)
  }

  @Test("Pairing survives a restart: the key is kept 0600 in the group directory")
  func pairingSurvivesRestart() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var server = try await ServeCommandTests.start(in: directory)
    let origin = ["-H", "Origin: \(server.url)"]
    let paired = try await WebAppCurlTests.curl(
      origin + ["-d", "token=\(ServeCommandTests.token)", server.url + "/pair"], in: directory)
    #expect(paired.status == 303)
    let setCookie = try #require(paired.headers["set-cookie"])
    let value = try #require(setCookie.split(separator: ";").first)
    server.kill()
    let key = try FileManager.default.attributesOfItem(atPath: server.group + "/.pairing-key")
    #expect((key[.posixPermissions] as? Int) == 0o600)
    #expect((key[.size] as? Int) == 32)

    server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let page = try await WebAppCurlTests.curl(
      ["-H", "Cookie: \(value)", server.url + "/library"], in: directory)
    #expect(page.status == 200, "the same cookie after a restart")
    let install = try await WebAppCurlTests.curl([server.url + "/"], in: directory)
    #expect(install.body.contains("It stays paired when the server restarts."))
  }

  @Test("A share sheet's POST with a stale cookie keeps its text, shown again once paired")
  func staleCookieKeepsTheShare() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let text = "Saturday at the park? \"quoted\" <b>"
    let stale = try await WebAppCurlTests.curl(
      Self.browser + [
        "-H", "Cookie: ingest-pairing=\(String(repeating: "0", count: 64))",
        "-H", "Sec-Fetch-Site: none", "--form-string", "text=\(text)",
        "--form-string", "url=https://example.com/a", server.url + "/share",
      ], in: directory)
    #expect(stale.status == 401)
    #expect(stale.body.contains("Pair this browser again"), "\(stale.body)")
    let escaped = "Saturday at the park? &quot;quoted&quot; &lt;b&gt;"
    #expect(stale.body.contains("name=\"text\" value=\"\(escaped)\""), "\(stale.body)")
    #expect(try await server.inboxIDs().isEmpty, "nothing is shared without a token")

    let paired = try await WebAppCurlTests.curl(
      [
        "-H", "Origin: \(server.url)", "--data-urlencode", "token=\(ServeCommandTests.token)",
        "--data-urlencode", "text=\(text)", "--data-urlencode", "url=https://example.com/a",
        server.url + "/pair",
      ], in: directory)
    #expect(paired.status == 200)
    #expect(paired.headers["set-cookie"]?.hasPrefix("ingest-pairing=") == true)
    #expect(paired.body.contains("\(escaped)</textarea>"), "\(paired.body)")
    #expect(paired.body.contains("value=\"https://example.com/a\""))
  }
}
