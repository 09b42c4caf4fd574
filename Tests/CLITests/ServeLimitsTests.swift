import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `ingest-cli serve`'s smaller promises, with a real server process and curl: the bearer
/// scheme in any case, hostile file names that do not cost the file, the 404 that names every
/// route, and what a killed server leaves removed at the next start, never an upload in flight.
@Suite("ingest-cli serve: tokens, names, routes, leftovers", .serialized)
struct ServeLimitsTests {
  typealias Server = ServeCommandTests.Server
  static let token = ServeCommandTests.token
  static let photo = ServeCommandTests.photo

  @Test(
    "The bearer scheme in any case, and spaces around the value, are accepted (RFC 7235)",
    arguments: ["bearer \(token)", "BEARER \(token)", "Bearer \(token) ", "Bearer  \(token)\t"])
  func bearerScheme(authorization: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    // Through a raw socket: curl would trim the trailing space itself.
    let body = try Data(contentsOf: URL(fileURLWithPath: Self.photo))
    let client = try RawClient(port: server.port)
    client.send(
      "POST /share HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: \(authorization)\r\n"
        + "Content-Type: image/heic\r\nContent-Length: \(body.count)\r\n\r\n")
    client.send([UInt8](body))
    let (response, _) = try await Offload.run { client.readToEnd() }
    #expect(RawClient.status(of: response).status == 201)
    #expect(try await server.inboxIDs().count == 1)
  }

  struct HostileName: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var fileName: [UInt8]
  }

  static let hostileNames = [
    HostileName(
      testDescription: "a NUL", fileName: Array("photo".utf8) + [0] + Array(".heic".utf8)),
    HostileName(
      testDescription: "a CR and a LF", fileName: Array("photo\r\n.heic".utf8)),
    HostileName(
      testDescription: "16.5 KB", fileName: Array(String(repeating: "n", count: 16_500).utf8)),
  ]

  @Test(
    "A form file whose name holds a NUL, a CR/LF or 16.5 KB is still shared",
    arguments: hostileNames)
  func hostileFileNames(_ name: HostileName) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let boundary = "----ingest-boundary-7Rz"
    var body = Array(
      "--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"".utf8)
    body += name.fileName
    body += Array("\"\r\nContent-Type: image/heic\r\n\r\n".utf8)
    body += [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.photo)))
    body += Array("\r\n--\(boundary)--\r\n".utf8)
    let form = try directory.file("form", contents: Data(body))
    let answer = try await ServeCommandTests.curl([
      "-H", "Authorization: Bearer \(Self.token)",
      "-H", "Content-Type: multipart/form-data; boundary=\(boundary)",
      "--data-binary", "@" + form.path, server.url + "/share",
    ])
    #expect(answer.status == 201, "\(answer.body)")
    #expect(try await server.inboxIDs().count == 1)
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(log.contains("types=public.heic"), "\(log)")
  }

  @Test("A path the server does not have is 404 naming every route")
  func notFound() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let answer = try await ServeCommandTests.curl([server.url + "/nothing-here"])
    #expect(answer.status == 404)
    let message = try #require(CLI.json(answer.body)["error"] as? String)
    for route in [
      "GET /", "GET /library", "POST /pair", "POST /unpair", "GET /manifest.webmanifest",
      "GET /app.js", "GET /app.css", "GET /icon-192.png", "GET /icon-512.png",
      "GET /thumbnail/<share-id>/<n>", "POST /share", "GET /healthz", "GET /readyz",
      "GET /metrics",
    ] {
      #expect(message.contains(route), "\(route): \(message)")
    }
  }

  @Test("The install page names iOS's way in (the Shortcut) and the accepted types in words")
  func installPage() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let page = try await ServeCommandTests.curl([server.url + "/"])
    #expect(page.status == 200)
    #expect(page.body.contains("iPhone and iPad"))
    #expect(page.body.contains("shortcut make --post-to"))
    #expect(
      page.body.contains(
        "images, movies, PDF documents, plain text and web links (files of at most 536.9 MB,"
          + " texts of at most 1000 characters)"), "\(page.body)")
    for identifier in ["public.image", "com.adobe.pdf", "public.movie"] {
      #expect(!page.body.contains(identifier), "\(identifier)")
    }
  }

  @Test("A server's start removes what a killed one left, and nothing a live one is writing")
  func leftovers() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try await ServeCommandTests.start(in: directory)
    defer { first.kill() }
    // A body trickling in: its file carries the in-flight lock while the server lives.
    let client = try RawClient(port: first.port)
    client.send(
      "POST /share HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Self.token)\r\n"
        + "Content-Length: 1000\r\n\r\n0123456789")
    #expect(await waitUntil { !first.stagedUploads.isEmpty })
    let inFlight = first.stagedUploads
    // What a SIGKILLed server leaves: an upload and a manifest never committed, unlocked.
    let staging = first.group + "/.staging"
    let stale = "upload-" + UUID().uuidString
    try Data(count: 4096).write(to: URL(fileURLWithPath: staging + "/" + stale))
    let partial = first.group + "/Inbox/.\(UUID().uuidString).json.partial"
    try Data("{".utf8).write(to: URL(fileURLWithPath: partial))
    // The sweeper at threshold 0, beside the live server, keeps its upload.
    let swept = try await CLI.run([
      "inbox", "sweep", "--older-than", "0", "--group-dir", first.group,
    ])
    #expect(swept.status == 0, "\(swept.standardError)")
    #expect(Set(inFlight).isSubset(of: Set(first.stagedUploads)), "the live upload is kept")
    #expect(!first.stagedUploads.contains(stale))
    // Again, for the server's own start: leftovers go, the live upload stays.
    try Data(count: 4096).write(to: URL(fileURLWithPath: staging + "/" + stale))
    try Data("{".utf8).write(to: URL(fileURLWithPath: partial))
    let second = try await ServeCommandTests.start(in: directory)
    defer { second.kill() }
    #expect(!first.stagedUploads.contains(stale))
    #expect(!FileManager.default.fileExists(atPath: partial))
    #expect(Set(inFlight).isSubset(of: Set(first.stagedUploads)), "the live upload is kept")
    let log = try String(contentsOfFile: second.log, encoding: .utf8)
    #expect(log.contains("removed what an ended server left: 1 files in .staging"), "\(log)")
    #expect(log.contains("1 unfinished manifests"), "\(log)")
    // The first server's upload goes on to its end.
    client.send(String(repeating: "x", count: 990))
    let (response, _) = try await Offload.run { client.readToEnd() }
    #expect(RawClient.status(of: response).status != nil, "answered")
  }
}
