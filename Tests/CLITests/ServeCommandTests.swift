import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `ingest-cli serve` as a process, with the real `curl` as its client: shares arrive in the
/// inbox through the same pipeline as `share`, and what is refused leaves nothing behind.
@Suite("ingest-cli serve, with curl as the client", .serialized)
struct ServeCommandTests {
  static let token = "test-token-4f1c9a"
  static let curl = "/usr/bin/curl"

  /// A running server; `kill()` ends it (every test calls it in its cleanup).
  struct Server {
    let process: ChildProcess
    let port: Int
    let group: String
    let log: String
    /// What the first line says it listens on (`http://127.0.0.1:PORT`, `unix:PATH`).
    var listening = ""

    var url: String { "http://127.0.0.1:\(port)" }

    /// Ends the server at once, if it still runs, and closes the pipe of its first line.
    func kill() {
      try? process.send(SIGKILL)
      _ = process.wait()
      process.closePipes()
    }

    /// The upload files left in `.staging/` (the pipeline's own spare files are not uploads).
    var stagedUploads: [String] {
      Self.entries(group + "/.staging").filter { $0.hasPrefix("upload-") }
    }

    static func entries(_ path: String) -> [String] {
      (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }

    /// The ids `ingest-cli inbox list --json` shows for the server's group directory.
    func inboxIDs() async throws -> [String] {
      let result = try await CLI.run(["inbox", "list", "--json", "--group-dir", group])
      #expect(result.status == 0, "\(result.standardError)")
      let list = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
      return (list as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }
  }

  /// Starts `ingest-cli serve --port 0` with a token file in `directory`, and reads the port
  /// from its first line; `environment` adds to the test's own.
  static func start(
    in directory: TemporaryDirectory, _ arguments: [String] = [],
    environment: [String: String] = [:]
  ) async throws -> Server {
    let tokens = directory.path + "/tokens"
    try Data("other-device-token\n\(token)\n".utf8).write(to: URL(fileURLWithPath: tokens))
    let group = directory.path + "/group"
    let log = directory.path + "/serve.log"
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let portArguments = arguments.contains("--unix-socket") ? [] : ["--port", "0"]
    let logFile = try FileDescriptor.open(log, .writeOnly)
    let process = try logFile.closeAfter {
      try ChildProcess.spawn(
        CLI.executable.path,
        arguments: ["serve"] + portArguments + ["--token-file", tokens, "--group-dir", group]
          + arguments,
        environment: .adding(environment), workingDirectory: CLI.packageRoot.path,
        standardInput: .nullDevice, standardOutput: .pipe, standardError: .descriptor(logFile))
    }
    let line = try await CLI.firstLine(of: process.standardOutput)
    let listening = line.split(separator: "\n").first.map(String.init) ?? ""
    let port =
      listening.hasPrefix("listening on unix:")
      ? 0 : listening.split(separator: ":").last.flatMap { Int($0) }
    guard listening.hasPrefix("listening on "), let port else {
      try? process.send(SIGKILL)
      _ = await process.wait()
      process.closePipes()
      let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw ServeTestError.noPort(firstLine: line, log: logged)
    }
    return Server(
      process: process, port: port, group: group, log: log,
      listening: String(listening.dropFirst("listening on ".count)))
  }

  enum ServeTestError: Error, CustomStringConvertible {
    case noPort(firstLine: String, log: String)
    var description: String {
      switch self {
      case .noPort(let line, let log): "serve printed no port: '\(line)'; its log: \(log)"
      }
    }
  }

  /// Runs curl with `arguments`; the status it got (0: no response) and the body.
  static func curl(_ arguments: [String]) async throws -> (status: Int, body: String) {
    let result = try await CLI.run(
      ["-c", "exec \"$0\" \"$@\"", curl, "-s", "-w", "\n%{http_code}"] + arguments, shell: true)
    var lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    let status = lines.popLast().flatMap { Int($0) } ?? -1
    return (status, lines.joined(separator: "\n"))
  }

  static let photo = CLI.packageRoot.appendingPathComponent("corpus/files/photo.heic").path

  @Test("A file POSTed with a token is committed: 201, and its id is in the inbox")
  func sharesAFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Self.start(in: directory)
    defer { server.kill() }
    let answer = try await Self.curl([
      "-H", "Authorization: Bearer \(Self.token)", "-H", "Content-Type: image/heic",
      "--data-binary", "@" + Self.photo, server.url + "/share",
    ])
    #expect(answer.status == 201, "\(answer.body)")
    let id = try #require(CLI.json(answer.body)["share"] as? String)
    #expect(try await server.inboxIDs() == [id])
    // The staged body is removed just after the answer is on its way.
    #expect(await waitUntil { server.stagedUploads.isEmpty })
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(log.contains("types=public.heic"))
    #expect(!log.contains(Self.token), "no header value is logged")
  }

  @Test(
    "A missing or wrong token is 401, and nothing reaches the inbox or .staging",
    arguments: [nil, "Bearer wrong-token", "Basic \(token)", "Bearer \(token)x"])
  func refusesWithoutToken(authorization: String?) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Self.start(in: directory)
    defer { server.kill() }
    let header = authorization.map { ["-H", "Authorization: \($0)"] } ?? []
    let answer = try await Self.curl(
      header + ["--data-binary", "@" + Self.photo, server.url + "/share"])
    #expect(answer.status == 401, "\(answer.body)")
    #expect(try await server.inboxIDs().isEmpty)
    #expect(server.stagedUploads.isEmpty)
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(log.contains("status=401 received=0"), "refused before a body byte was stored")
  }

  @Test("A body over --max-body is 413, and nothing is left behind")
  func refusesALargeBody() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Self.start(in: directory, ["--max-body", "100"])
    defer { server.kill() }
    let answer = try await Self.curl([
      "-H", "Authorization: Bearer \(Self.token)", "--data-binary", "@" + Self.photo,
      server.url + "/share",
    ])
    #expect(answer.status == 413, "\(answer.body)")
    #expect(try await server.inboxIDs().isEmpty)
    #expect(server.stagedUploads.isEmpty)
  }

  @Test("A request whose headers pass the connection's memory is 431; the server serves on")
  func refusesHugeHeaders() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Self.start(in: directory)
    defer { server.kill() }
    // 64 KiB of one header, twice what a connection's memory holds, handed to curl in a file
    // (`-H @FILE`): not as an argument, which would put 64 KiB through every process start.
    let headers = directory.path + "/headers"
    try Data(("X-Junk: " + String(repeating: "a", count: 64 << 10) + "\n").utf8)
      .write(to: URL(fileURLWithPath: headers))
    let answer = try await Self.curl([
      "-H", "Authorization: Bearer \(Self.token)", "-H", "@" + headers,
      "--data-binary", "@" + Self.photo, server.url + "/share",
    ])
    #expect(answer.status == 431, "\(answer.body)")
    #expect(try await server.inboxIDs().isEmpty)
    #expect(server.stagedUploads.isEmpty)
    let health = try await Self.curl([server.url + "/healthz"])
    #expect(health.status == 200)
  }

  @Test("A client that stops sending is cut off after --idle-timeout; its bytes are removed")
  func cutsOffASilentClient() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Self.start(in: directory, ["--idle-timeout", "1"])
    defer { server.kill() }
    // Announces 1 MB, sends 10 bytes, then nothing: the server must not wait for the rest.
    let started = Date()
    let request =
      "POST /share HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: Bearer \(Self.token)\\r\\n"
      + "Content-Length: 1000000\\r\\n\\r\\n0123456789"
    let answer = try await CLI.shell(
      "bash -c 'exec 3<>/dev/tcp/127.0.0.1/\(server.port); printf \"\(request)\" >&3;"
        + " cat <&3 >/dev/null; echo closed'")
    #expect(answer.output.contains("closed"), "\(answer.output)")
    #expect(Date().timeIntervalSince(started) < 20, "the connection was closed, not waited on")
    #expect(await waitUntil { server.stagedUploads.isEmpty })
    #expect(try await server.inboxIDs().isEmpty)
    let health = try await Self.curl([server.url + "/healthz"])
    #expect(health.status == 200)
  }

  @Test("A chunked body over --max-body is cut off: nothing is left behind, the server serves on")
  func cutsOffALargeChunkedBody() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Self.start(in: directory, ["--max-body", "100"])
    defer { server.kill() }
    let answer = try await Self.curl([
      "-H", "Authorization: Bearer \(Self.token)", "-H", "Transfer-Encoding: chunked",
      "--data-binary", "@" + Self.photo, server.url + "/share",
    ])
    // libmicrohttpd 0.9 cannot answer in the middle of a body: the connection closes.
    #expect(answer.status != 201)
    #expect(try await server.inboxIDs().isEmpty)
    #expect(server.stagedUploads.isEmpty)
    #expect(try await Self.curl([server.url + "/healthz"]).status == 200)
  }

  @Test("SIGTERM during an upload: the upload finishes and is committed, then the server exits 0")
  func finishesTheUploadInFlight() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Self.start(in: directory)
    defer { server.kill() }
    // A HEIC file of 300 KB (the photo, then zeros), sent at 100 KB/s: about 3 seconds.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.photo))
    bytes.append(Data(count: 300_000))
    let slow = try directory.file("slow.heic", contents: bytes)
    async let answer = Self.curl([
      "-H", "Authorization: Bearer \(Self.token)", "--limit-rate", "100K",
      "--data-binary", "@" + slow.path, server.url + "/share",
    ])
    let log = server.log
    #expect(
      await waitUntil {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return !Server.entries(server.group + "/.staging").filter { $0.hasPrefix("upload-") }
          .isEmpty || text.contains("status=")
      }, "the upload started")
    try server.process.send(SIGTERM)
    let finished = try await answer
    #expect(finished.status == 201, "\(finished.body)")
    let outcome = await server.process.wait()
    #expect(outcome.exitStatus == 0, "\(outcome)")
    #expect(try await server.inboxIDs().count == 1)
    #expect(Server.entries(server.group + "/.staging").isEmpty)
  }

  @Test("GET /healthz is 200 ok, with no token")
  func healthz() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Self.start(in: directory)
    defer { server.kill() }
    let answer = try await Self.curl([server.url + "/healthz"])
    #expect(answer.status == 200)
    #expect(answer.body == "ok\n")
  }

  @Test("A Web Share Target form (title, text, url, files) is committed as one share")
  func sharesAForm() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Self.start(in: directory)
    defer { server.kill() }
    let pdf = CLI.packageRoot.appendingPathComponent("corpus/files/document.pdf").path
    let answer = try await Self.curl([
      "-H", "Authorization: Bearer \(Self.token)", "-F", "title=A title", "-F",
      "text=Saturday?", "-F", "url=https://example.com/",
      "-F", "files=@\(Self.photo);type=image/heic;filename=../../evil\u{1B}[2Jname.heic",
      "-F", "files=@\(pdf)", server.url + "/share",
    ])
    #expect(answer.status == 201, "\(answer.body)")
    let id = try #require(CLI.json(answer.body)["share"] as? String)
    let list = try await CLI.run(["inbox", "list", "--json", "--group-dir", server.group])
    let shares = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8))
    let share = try #require((shares as? [[String: Any]])?.first)
    #expect(share["id"] as? String == id)
    #expect(share["files"] as? Int == 2)
    let incoming = Server.entries(server.group + "/Incoming")
    #expect(incoming.count == 2)
    #expect(incoming.allSatisfy { !$0.contains("evil") }, "no name from the request: \(incoming)")
    // The staged parts are removed just after the answer is on its way.
    #expect(await waitUntil { server.stagedUploads.isEmpty })
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: server.group + "/Inbox/\(id).json")))
        as? [String: Any])
    #expect(manifest["source"] as? String == "web-share")
    let items = manifest["items"] as? [[String: Any]] ?? []
    #expect(
      items.map { $0["typeIdentifier"] as? String } == [
        "public.heic", "com.adobe.pdf", "public.url", "public.plain-text",
      ])
  }

  @Test("A form part whose declared type its content contradicts is shared as what it is")
  func sharesAFormPartAsItsContent() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Self.start(in: directory)
    defer { server.kill() }
    let png = CLI.packageRoot.appendingPathComponent("corpus/files/screenshot.png").path
    let answer = try await Self.curl([
      "-H", "Authorization: Bearer \(Self.token)",
      "-F", "files=@\(png);type=image/jpeg;filename=photo.jpg", server.url + "/share",
    ])
    #expect(answer.status == 201, "\(answer.body)")
    let id = try #require(CLI.json(answer.body)["share"] as? String)
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: server.group + "/Inbox/\(id).json")))
        as? [String: Any])
    let items = manifest["items"] as? [[String: Any]] ?? []
    #expect(items.map { $0["typeIdentifier"] as? String } == ["public.png"])
    #expect(Server.entries(server.group + "/Incoming").allSatisfy { $0.hasSuffix(".png") })
  }

  /// A hostile or oversized form, and the status it gets.
  struct HostileForm: Sendable, CustomTestStringConvertible {
    var name: String
    /// curl's arguments after the token header, before the URL (`{dir}` is the test's
    /// directory).
    var arguments: [String]
    var status: Int
    var testDescription: String { name }
  }

  static let hostileForms: [HostileForm] = [
    HostileForm(
      name: "33 parts", arguments: (0..<33).flatMap { _ in ["-F", "files=@\(photo)"] },
      status: 413),
    HostileForm(
      name: "a text of 70,000 bytes", arguments: ["-F", "text=<{dir}/long.txt"], status: 413),
    HostileForm(
      name: "a body that ends in the middle of a part",
      arguments: [
        "-H", "Content-Type: multipart/form-data; boundary=XX", "--data-binary", "@{dir}/cut",
      ], status: 400),
    HostileForm(
      name: "no boundary",
      arguments: ["-H", "Content-Type: multipart/form-data", "--data-binary", "@{dir}/cut"],
      status: 400),
    HostileForm(
      name: "10,000 parts",
      arguments: [
        "-H", "Content-Type: multipart/form-data; boundary=XX", "--data-binary",
        "@{dir}/many",
      ], status: 413),
    HostileForm(
      name: "a file part without a name",
      arguments: [
        "-H", "Content-Type: multipart/form-data; boundary=XX", "--data-binary",
        "@{dir}/nameless",
      ], status: 400),
    HostileForm(name: "only a title", arguments: ["-F", "title=nothing else"], status: 422),
    HostileForm(name: "a url that is not one", arguments: ["-F", "url=not a url"], status: 422),
  ]

  @Test(
    "A hostile form gets its status, leaves nothing behind, and the server serves on",
    arguments: hostileForms)
  func refusesHostileForms(form: HostileForm) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Data(repeating: UInt8(ascii: "a"), count: 70_000).write(to: directory.file("long.txt"))
    try Data(
      ("--XX\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.heic\"\r\n"
        + "Content-Type: image/heic\r\n\r\nabcdef").utf8
    ).write(to: directory.file("cut"))
    let part = "--XX\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\nx\r\n"
    try Data((String(repeating: part, count: 10_000) + "--XX--\r\n").utf8)
      .write(to: directory.file("many"))
    try Data(
      ("--XX\r\nContent-Disposition: form-data; filename=\"a.heic\"\r\n"
        + "Content-Type: image/heic\r\n\r\nabcdef\r\n--XX--\r\n").utf8
    ).write(to: directory.file("nameless"))
    let server = try await Self.start(in: directory)
    defer { server.kill() }
    let arguments = form.arguments.map {
      $0.replacingOccurrences(of: "{dir}", with: directory.path)
    }
    let answer = try await Self.curl(
      ["-H", "Authorization: Bearer \(Self.token)"] + arguments + [server.url + "/share"])
    #expect(answer.status == form.status, "\(answer.body)")
    #expect(try await server.inboxIDs().isEmpty)
    // A form refused after it arrived whole is removed just after the answer is on its way.
    #expect(await waitUntil { server.stagedUploads.isEmpty })
    #expect(try await Self.curl([server.url + "/healthz"]).status == 200)
  }

  @Test(
    "SIGTERM and SIGINT stop the server with exit 0, leaving .staging empty",
    arguments: [SIGTERM, SIGINT])
  func stopsOnSignal(signal: Int32) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await Self.start(in: directory)
    defer { server.kill() }
    let answer = try await Self.curl([
      "-H", "Authorization: Bearer \(Self.token)", "--data-binary", "@" + Self.photo,
      server.url + "/share",
    ])
    #expect(answer.status == 201)
    try server.process.send(signal)
    let outcome = await server.process.wait()
    #expect(outcome.exitStatus == 0, "\(outcome)")
    #expect(Server.entries(server.group + "/.staging").isEmpty)
    #expect(try await server.inboxIDs().count == 1)
  }

  @Test("serve without --token-file or --insecure-no-token is a usage error")
  func requiresAToken() async throws {
    let result = try await CLI.run(["serve", "--port", "0"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("--token-file"))
  }
}
