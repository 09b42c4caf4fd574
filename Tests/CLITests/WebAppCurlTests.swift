import Foundation
import TestSupport
import Testing

/// The web app's routes with curl as the client: the manifest, the headers of every page,
/// escaping, pairing, what is refused without a cookie or a token, and thumbnails.
@Suite("The web app of ingest-cli serve, with curl as the client", .serialized)
struct WebAppCurlTests {
  typealias Server = ServeCommandTests.Server

  /// An answer: the status, the headers (names lower-cased; the last of each) and the body.
  struct Answer {
    var status: Int
    var headers: [String: String]
    var body: String
  }

  /// Runs curl with `arguments`, keeping the response's headers.
  static func curl(_ arguments: [String], in directory: TemporaryDirectory) async throws
    -> Answer
  {
    let headers = directory.path + "/headers-\(UUID().uuidString)"
    let answer = try await ServeCommandTests.curl(["-D", headers] + arguments)
    let text = (try? String(contentsOfFile: headers, encoding: .utf8)) ?? ""
    var fields: [String: String] = [:]
    for line in text.split(whereSeparator: \.isNewline) {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      fields[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
    }
    return Answer(status: answer.status, headers: fields, body: answer.body)
  }

  static let bearer = ["-H", "Authorization: Bearer \(ServeCommandTests.token)"]
  static let policy =
    "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self';"
    + " manifest-src 'self'; connect-src 'none'; form-action 'self'; base-uri 'none';"
    + " frame-ancestors 'none'"

  /// The accept list of the manifest's share target.
  static func acceptList(_ server: Server, in directory: TemporaryDirectory) async throws
    -> (manifest: [String: Any], accept: [String])
  {
    let answer = try await curl([server.url + "/manifest.webmanifest"], in: directory)
    #expect(answer.status == 200)
    #expect(answer.headers["content-type"] == "application/manifest+json")
    let manifest = try CLI.json(answer.body)
    let target = try #require(manifest["share_target"] as? [String: Any])
    let params = try #require(target["params"] as? [String: Any])
    let files = (params["files"] as? [[String: Any]])?.first
    return (manifest, files?["accept"] as? [String] ?? [])
  }

  @Test("The manifest installs as an app, and its share_target is made from the contract")
  func manifest() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let (manifest, accept) = try await Self.acceptList(server, in: directory)
    #expect(manifest["display"] as? String == "standalone")
    #expect(manifest["start_url"] as? String == "/library")
    #expect(manifest["name"] as? String == "Share Ingest")
    let target = try #require(manifest["share_target"] as? [String: Any])
    #expect(target["action"] as? String == "/share")
    #expect(target["method"] as? String == "POST")
    #expect(target["enctype"] as? String == "multipart/form-data")
    let params = try #require(target["params"] as? [String: Any])
    #expect(params["title"] as? String == "title")
    #expect(params["text"] as? String == "text")
    #expect(params["url"] as? String == "url")
    let files = try #require((params["files"] as? [[String: Any]])?.first)
    #expect(files["name"] as? String == "files")
    // The default contract: images, movies, PDFs, plain text and URLs.
    for expected in [
      "image/*", "video/*", "image/heic", "image/jpeg", "application/pdf", "text/plain",
      ".heic", ".jpg", ".pdf", ".txt", ".mov",
    ] {
      #expect(accept.contains(expected), "\(expected) in \(accept)")
    }
    for unexpected in ["*/*", "application/zip", ".zip", "application/octet-stream", "audio/*"] {
      #expect(!accept.contains(unexpected), "\(unexpected) in \(accept)")
    }
    let icons = try #require(manifest["icons"] as? [[String: Any]])
    #expect(Set(icons.compactMap { $0["sizes"] as? String }) == ["192x192", "512x512"])
    for size in [192, 512] {
      let icon = try await Self.curl([server.url + "/icon-\(size).png"], in: directory)
      #expect(icon.status == 200)
      #expect(icon.headers["content-type"] == "image/png")
    }
  }

  @Test("A text-or-URL contract offers the share sheet plain text files only")
  func manifestFollowsTheContract() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory, ["--preset", "text-or-url"])
    defer { server.kill() }
    let accept = try await Self.acceptList(server, in: directory).accept
    #expect(accept.contains("text/plain"))
    #expect(accept.contains(".txt"))
    #expect(!accept.contains("image/*"))
    #expect(!accept.contains("application/pdf"))
  }

  @Test("The icon is a PNG of its size, made by the server")
  func icon() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let path = directory.path + "/icon.png"
    let answer = try await ServeCommandTests.curl(["-o", path, server.url + "/icon-192.png"])
    #expect(answer.status == 200)
    let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // IHDR: the width and height, big-endian, at bytes 16 and 20.
    let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect(width == 192 && height == 192)
  }

  /// A page, with the arguments that reach it.
  struct Page: Sendable, CustomTestStringConvertible {
    var path: String
    var arguments: [String]
    var status: Int
    var testDescription: String { "\(path) \(arguments.joined(separator: " "))" }
  }

  @Test(
    "Every page carries the strict Content-Security-Policy, nosniff and no-referrer",
    arguments: [
      Page(path: "/", arguments: [], status: 200),
      Page(path: "/library", arguments: bearer, status: 200),
      Page(path: "/library", arguments: [], status: 401),
      Page(path: "/pair", arguments: ["-d", "token=wrong"], status: 401),
      Page(path: "/share", arguments: ["-H", "Accept: text/html", "-F", "text=x"], status: 401),
    ])
  func securityHeaders(page: Page) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let answer = try await Self.curl(page.arguments + [server.url + page.path], in: directory)
    #expect(answer.status == page.status, "\(answer.body)")
    #expect(answer.headers["content-type"] == "text/html; charset=utf-8")
    #expect(answer.headers["content-security-policy"] == Self.policy)
    #expect(answer.headers["x-content-type-options"] == "nosniff")
    #expect(answer.headers["referrer-policy"] == "no-referrer")
    #expect(!answer.body.contains("<script>"), "no inline script")
    #expect(!answer.body.contains("<style"), "no inline style")
    #expect(!answer.body.contains(" style="), "no inline style")
    #expect(
      !answer.body.contains("http://") && !answer.body.contains("https://"), "no external asset")
  }

  @Test("A hostile title, text and URL are escaped on the library page")
  func escapesWhatWasShared() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let hostile = "<script>alert('x')</script><img src=x onerror=alert(1)>\"&"
    let shared = try await Self.curl(
      Self.bearer + [
        "--form-string", "title=\(hostile)", "--form-string", "text=\(hostile)",
        "--form-string", "url=https://example.com/?q=\"><script>alert(2)</script>",
        server.url + "/share",
      ], in: directory)
    #expect(shared.status == 201, "\(shared.body)")
    let page = try await Self.curl(Self.bearer + [server.url + "/library"], in: directory)
    #expect(page.status == 200)
    #expect(
      page.body.contains(
        "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;img src=x"
          + " onerror=alert(1)&gt;&quot;&amp;"
      ), "\(page.body)")
    #expect(!page.body.contains("<script>alert"))
    #expect(!page.body.contains("<img src=x"))
    #expect(!page.body.contains("\"><script>"))
  }

  @Test(
    "Pairing: a token typed once sets a cookie that stands in for it, from the server's own pages")
  func pairing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let origin = ["-H", "Origin: \(server.url)"]
    let wrong = try await Self.curl(
      origin + ["-d", "token=wrong", server.url + "/pair"], in: directory)
    #expect(wrong.status == 401)
    #expect(wrong.headers["set-cookie"] == nil)
    let paired = try await Self.curl(
      origin + ["-d", "token=\(ServeCommandTests.token)", server.url + "/pair"], in: directory)
    #expect(paired.status == 303)
    #expect(paired.headers["location"] == "/library")
    let setCookie = try #require(paired.headers["set-cookie"])
    let value = try #require(
      setCookie.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last)
    #expect(setCookie.hasPrefix("ingest-pairing="))
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/"] {
      #expect(setCookie.contains(attribute), "\(setCookie)")
    }
    #expect(!setCookie.contains("Secure"), "not behind HTTPS")
    #expect(value.count == 64 && !value.contains(ServeCommandTests.token), "an HMAC, not the token")
    let cookie = ["-H", "Cookie: ingest-pairing=\(value)"]

    let page = try await Self.curl(cookie + [server.url + "/library"], in: directory)
    #expect(page.status == 200)
    let shared = try await Self.curl(
      cookie + origin + [
        "-H", "Sec-Fetch-Site: same-origin", "-F", "text=paired", server.url + "/share",
      ],
      in: directory)
    #expect(shared.status == 201, "\(shared.body)")
    let browser = try await Self.curl(
      cookie + origin + [
        "-H", "Accept: text/html,*/*;q=0.8", "-F", "text=again", server.url + "/share",
      ],
      in: directory)
    #expect(browser.status == 303)
    #expect(browser.headers["location"]?.hasPrefix("/library?share=") == true)
    #expect(try await server.inboxIDs().count == 2)

    // Another site's page, even one the cookie would reach, is refused.
    for crossSite in [
      ["-H", "Origin: http://evil.example"], ["-H", "Sec-Fetch-Site: cross-site"],
      ["-H", "Sec-Fetch-Site: same-site"],
      ["-H", "Origin: null", "-H", "Sec-Fetch-Site: cross-site"],
    ] {
      let refused = try await Self.curl(
        cookie + crossSite + ["-F", "text=forged", server.url + "/share"], in: directory)
      #expect(refused.status == 403, "\(crossSite)")
    }
    let forged = try await Self.curl(
      [
        "-H", "Cookie: ingest-pairing=\(String(repeating: "0", count: 64))", "-F", "text=x",
        server.url + "/share",
      ], in: directory)
    #expect(forged.status == 401)
    let crossSitePairing = try await Self.curl(
      [
        "-H", "Origin: http://evil.example", "-d", "token=\(ServeCommandTests.token)",
        server.url + "/pair",
      ], in: directory)
    #expect(crossSitePairing.status == 403)
    #expect(crossSitePairing.headers["set-cookie"] == nil)
    #expect(try await server.inboxIDs().count == 2)
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(!log.contains(ServeCommandTests.token) && !log.contains(String(value)))

    // Forgetting the browser clears its cookie.
    let unpaired = try await Self.curl(
      cookie + origin + ["-X", "POST", server.url + "/unpair"], in: directory)
    #expect(unpaired.status == 303)
    #expect(unpaired.headers["set-cookie"]?.hasPrefix("ingest-pairing=; Path=/; Max-Age=0") == true)
  }

  @Test(
    "Over HTTPS (its own TLS, or a proxy's) the cookie is Secure, under the __Host- prefix",
    arguments: [true, false])
  func secureCookie(ownTLS: Bool) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let tls = ServeListenerTests.tls
    let server = try await ServeCommandTests.start(
      in: directory,
      ownTLS
        ? ["--tls-cert", tls + "/certificate.pem", "--tls-key", tls + "/key.pem"]
        : ["--behind-https"])
    defer { server.kill() }
    let address =
      ownTLS
      ? ["--cacert", tls + "/certificate.pem", "https://127.0.0.1:\(server.port)/pair"]
      : [server.url + "/pair"]
    let paired = try await Self.curl(
      ["-d", "token=\(ServeCommandTests.token)"] + address, in: directory)
    #expect(paired.status == 303)
    let setCookie = try #require(paired.headers["set-cookie"])
    #expect(setCookie.hasPrefix("__Host-ingest-pairing="))
    #expect(setCookie.hasSuffix("; Secure"))
  }

  @Test(
    "Without a cookie or a token the library, its thumbnails and shares are 401",
    arguments: [
      ["/library"], ["/thumbnail/\(UUID().uuidString)/0"], ["-F", "text=x", "/share"],
      ["-H", "Cookie: ingest-pairing=abc", "/library"],
    ])
  func refusesWithoutPairing(arguments: [String]) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    var arguments = arguments
    let path = arguments.removeLast()
    let answer = try await Self.curl(arguments + [server.url + path], in: directory)
    #expect(answer.status == 401)
    #expect(try await server.inboxIDs().isEmpty)
  }

  @Test("A browser's share is 303 to the library page; an API client keeps 201 and JSON")
  func redirectsBrowsers() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let browser = try await Self.curl(
      Self.bearer + [
        "-H", "Accept: text/html,application/xhtml+xml,*/*;q=0.8", "-F", "text=hello",
        server.url + "/share",
      ], in: directory)
    #expect(browser.status == 303)
    let id = try #require(try await server.inboxIDs().first)
    #expect(browser.headers["location"] == "/library?share=\(id)#share-\(id)")
    let api = try await Self.curl(
      Self.bearer + ["-F", "text=hello", server.url + "/share"], in: directory)
    #expect(api.status == 201)
    #expect(api.headers["content-type"] == "application/json")
    let refused = try await Self.curl(
      Self.bearer + ["-H", "Accept: text/html", "-F", "title=only", server.url + "/share"],
      in: directory)
    #expect(refused.status == 422)
    #expect(refused.headers["content-type"] == "text/html; charset=utf-8")
    #expect(refused.body.contains("nothing") || refused.body.contains("no file"), "\(refused.body)")
  }

  @Test("Thumbnails: an image's is a small JPEG; a bad id, item or path is 404")
  func thumbnails() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let photo = CLI.packageRoot.appendingPathComponent("corpus/files/photo.jpg").path
    let shared = try await Self.curl(
      Self.bearer + ["-F", "files=@\(photo)", "-F", "text=words", server.url + "/share"],
      in: directory)
    #expect(shared.status == 201)
    let id = try #require(try await server.inboxIDs().first)
    let page = try await Self.curl(Self.bearer + [server.url + "/library"], in: directory)
    #expect(page.body.contains("src=\"/thumbnail/\(id)/0\""))
    let thumbnail = try await Self.curl(
      Self.bearer + ["-o", directory.path + "/thumbnail.jpg", server.url + "/thumbnail/\(id)/0"],
      in: directory)
    #expect(thumbnail.status == 200)
    #expect(thumbnail.headers["content-type"] == "image/jpeg")
    let jpeg = [UInt8](
      try Data(contentsOf: URL(fileURLWithPath: directory.path + "/thumbnail.jpg")))
    #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
    for bad in [
      "/thumbnail/not-a-uuid/0", "/thumbnail/\(UUID().uuidString)/0", "/thumbnail/\(id)/1",
      "/thumbnail/\(id)/9", "/thumbnail/\(id)/-1", "/thumbnail/\(id)/0/x",
      "/thumbnail/\(id)/..%2F..%2Finbox", "/thumbnail/../Inbox/\(id).json",
    ] {
      let answer = try await Self.curl(
        Self.bearer + ["--path-as-is", server.url + bad], in: directory)
      #expect(answer.status == 404, "\(bad)")
    }
  }
}
