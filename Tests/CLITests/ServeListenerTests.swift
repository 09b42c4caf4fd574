import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `ingest-cli serve` on a Unix socket and over TLS, with back-pressure past `--max-uploads`
/// and a time limit per request, with the real `curl` (and bash's `/dev/tcp`) as clients.
@Suite("ingest-cli serve: unix socket, TLS, upload slots, slow clients", .serialized)
struct ServeListenerTests {
  typealias Server = ServeCommandTests.Server
  static let token = ServeCommandTests.token
  static let photo = ServeCommandTests.photo
  static let tls = CLI.packageRoot.appendingPathComponent("corpus/http-tls").path

  @Test("On a unix socket (0600): a share is committed; SIGTERM removes the socket")
  func unixSocket() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.path + "/serve.sock"
    let server = try await ServeCommandTests.start(in: directory, ["--unix-socket", socket])
    defer { server.kill() }
    #expect(server.listening == "unix:" + socket)
    let attributes = try FileManager.default.attributesOfItem(atPath: socket)
    #expect(attributes[.type] as? FileAttributeType == .typeSocket)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(left.allSatisfy { !$0.hasPrefix(".ingest-socket") }, "\(left)")
    let answer = try await ServeCommandTests.curl([
      "--unix-socket", socket, "-H", "Authorization: Bearer \(Self.token)",
      "-H", "Content-Type: image/heic", "--data-binary", "@" + Self.photo,
      "http://localhost/share",
    ])
    #expect(answer.status == 201, "\(answer.body)")
    #expect(try await server.inboxIDs().count == 1)
    try server.process.send(SIGTERM)
    let outcome = await server.process.wait()
    #expect(outcome.exitStatus == 0, "\(outcome)")
    #expect(!FileManager.default.fileExists(atPath: socket), "the socket is removed on stop")
  }

  @Test("--unix-socket-mode 660 opens the socket to the user's group, and nothing more")
  func unixSocketMode() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.path + "/serve.sock"
    let server = try await ServeCommandTests.start(
      in: directory, ["--unix-socket", socket, "--unix-socket-mode", "660"])
    defer { server.kill() }
    let attributes = try FileManager.default.attributesOfItem(atPath: socket)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o660)
    let wide = try await CLI.run([
      "serve", "--insecure-no-token", "--unix-socket", socket + "2", "--unix-socket-mode", "666",
    ])
    #expect(wide.status == 64, "\(wide.standardError)")
  }

  @Test("A socket left by a killed server is replaced; a file at the path is refused, untouched")
  func unixSocketPath() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.path + "/serve.sock"
    let first = try await ServeCommandTests.start(in: directory, ["--unix-socket", socket])
    first.kill()
    #expect(FileManager.default.fileExists(atPath: socket), "SIGKILL leaves the socket")
    let second = try await ServeCommandTests.start(in: directory, ["--unix-socket", socket])
    defer { second.kill() }
    let health = try await ServeCommandTests.curl(["--unix-socket", socket, "http://x/healthz"])
    #expect(health.status == 200)
    // A live socket is not taken over, and a file is not removed.
    let taken = try await CLI.run([
      "serve", "--insecure-no-token", "--unix-socket", socket, "--group-dir",
      directory.path + "/g2",
    ])
    #expect(taken.status == 73, "\(taken.standardError)")
    #expect(taken.standardError.contains("another server listens"), "\(taken.standardError)")
    let file = directory.path + "/a-file"
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: file))
    let refused = try await CLI.run([
      "serve", "--insecure-no-token", "--unix-socket", file, "--group-dir",
      directory.path + "/g3",
    ])
    #expect(refused.status == 73, "\(refused.standardError)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me")
  }

  @Test("Over TLS: curl trusting the test certificate shares; plain HTTP gets no answer")
  func tls() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(
      in: directory,
      ["--tls-cert", Self.tls + "/certificate.pem", "--tls-key", Self.tls + "/key.pem"])
    defer { server.kill() }
    #expect(server.listening == "https://127.0.0.1:\(server.port)")
    let answer = try await ServeCommandTests.curl([
      "--cacert", Self.tls + "/certificate.pem", "-H", "Authorization: Bearer \(Self.token)",
      "-H", "Content-Type: image/heic", "--data-binary", "@" + Self.photo,
      "https://127.0.0.1:\(server.port)/share",
    ])
    #expect(answer.status == 201, "\(answer.body)")
    #expect(try await server.inboxIDs().count == 1)
    let plain = try await ServeCommandTests.curl([
      "--max-time", "5", "http://127.0.0.1:\(server.port)/healthz",
    ])
    #expect(plain.status != 200)
    let untrusted = try await ServeCommandTests.curl([
      "https://127.0.0.1:\(server.port)/healthz"
    ])
    #expect(untrusted.status == 0, "curl refuses a certificate it does not trust")
  }

  @Test("TLS options are given together, and a key file must hold a key")
  func tlsOptions() async throws {
    let alone = try await CLI.run([
      "serve", "--insecure-no-token", "--tls-cert", Self.tls + "/certificate.pem",
    ])
    #expect(alone.status == 64, "\(alone.standardError)")
    let swapped = try await CLI.run([
      "serve", "--insecure-no-token", "--tls-cert", Self.tls + "/key.pem", "--tls-key",
      Self.tls + "/certificate.pem",
    ])
    #expect(swapped.status == 66, "\(swapped.standardError)")
    // The file given as the key is named, with what it lacks.
    #expect(
      swapped.standardError.contains("certificate.pem: it holds no PEM PRIVATE KEY"),
      "\(swapped.standardError)")
  }

  @Test("Past --max-uploads a body waits unread, then is taken; /healthz answers meanwhile")
  func backPressure() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory, ["--max-uploads", "1"])
    defer { server.kill() }
    // The first body takes about 3 seconds (300 KB at 100 KB/s) and holds the one slot.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.photo))
    bytes.append(Data(count: 300_000))
    let slow = try directory.file("slow.heic", contents: bytes)
    async let first = ServeCommandTests.curl([
      "-H", "Authorization: Bearer \(Self.token)", "--limit-rate", "100K",
      "--data-binary", "@" + slow.path, server.url + "/share",
    ])
    #expect(
      await waitUntil { !server.stagedUploads.isEmpty }, "the first started")
    async let second = ServeCommandTests.curl([
      "-H", "Authorization: Bearer \(Self.token)", "--data-binary", "@" + Self.photo,
      server.url + "/share",
    ])
    try await Task.sleep(for: .milliseconds(500))
    #expect(server.stagedUploads.count == 1, "the second body waits, not staged")
    #expect(try await ServeCommandTests.curl([server.url + "/healthz"]).status == 200)
    let firstAnswer = try await first
    let secondAnswer = try await second
    #expect(firstAnswer.status == 201, "\(firstAnswer.body)")
    #expect(secondAnswer.status == 201, "\(secondAnswer.body)")
    // The second waited for the first's slot: the server committed the first before it took
    // the second (curl's own exit times are no guide: --limit-rate paces the first client's
    // reading of its answer too).
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    let firstCommit = try #require(log.range(of: "committed bytes=\(bytes.count) "))
    let secondCommit = try #require(
      log.range(
        of: "committed bytes=\(try Data(contentsOf: URL(fileURLWithPath: Self.photo)).count) "))
    #expect(firstCommit.lowerBound < secondCommit.lowerBound, "\(log)")
    #expect(try await server.inboxIDs().count == 2)
  }

  @Test("A client sending a byte a second is closed at --request-timeout; nothing is kept")
  func slowClient() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory, ["--request-timeout", "2"])
    defer { server.kill() }
    // bash's /dev/tcp: the head, then one byte a second for 20 seconds (or until closed).
    let script = try directory.file(
      "slow.sh",
      contents: Data(
        """
        trap "" PIPE
        exec 3<>/dev/tcp/127.0.0.1/$1
        printf 'POST /share HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: Bearer %s\\r\\n' "$2" >&3
        printf 'Content-Length: 1000\\r\\n\\r\\n' >&3
        for i in $(seq 1 20); do printf x >&3 2>/dev/null || break; sleep 1; done
        cat <&3 >/dev/null
        echo closed
        """.utf8))
    let started = Date()
    let answer = try await CLI.shell("bash \(script.path) \(server.port) \(Self.token)")
    #expect(answer.output.contains("closed"), "\(answer.output)")
    #expect(Date().timeIntervalSince(started) < 15, "closed at the limit, not after 20 bytes")
    #expect(await waitUntil { server.stagedUploads.isEmpty })
    #expect(try await server.inboxIDs().isEmpty)
    #expect(try await ServeCommandTests.curl([server.url + "/healthz"]).status == 200)
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(log.contains("request time limit"), "\(log)")
  }
}
