import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `ingest-cli serve` facing the open internet: clients that dribble their headers or sit idle
/// (slowloris), many connections from one address, a deadline for request heads, and every
/// request that reached its end answered. Real server processes, raw sockets and curl.
@Suite("ingest-cli serve on the open internet: slow clients, limits, answers", .serialized)
struct ServeOpenInternetTests {
  typealias Server = ServeCommandTests.Server
  static let token = ServeCommandTests.token
  static let photo = ServeCommandTests.photo

  /// Opens `count` connections, from `sources` in turn, each sending the first bytes of a
  /// request head and then one more byte every `interval` while the test lasts; returns them
  /// with the task that dribbles (cancel it to stop).
  static func dribblers(
    _ count: Int, port: Int, sources: @escaping @Sendable (Int) -> String,
    interval: Duration = .milliseconds(500)
  ) async throws -> (clients: [RawClient], task: Task<Void, Never>) {
    let clients = try await Offload.run {
      try (0..<count).map { index in
        let client = try RawClient(port: port, from: sources(index), receiveTimeout: 2)
        client.send("POST /share HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        return client
      }
    }
    let task = Task {
      while !Task.isCancelled {
        for client in clients { client.send("a") }
        try? await Task.sleep(for: interval)
      }
    }
    return (clients, task)
  }

  static func share(_ server: Server, _ extra: [String] = []) async throws -> (
    status: Int, body: String
  ) {
    try await ServeCommandTests.curl(
      ["--max-time", "60", "-H", "Authorization: Bearer \(token)"] + extra + [
        "-H", "Content-Type: image/heic", "--data-binary", "@" + photo, server.url + "/share",
      ])
  }

  @Test("80 clients dribbling header bytes from 80 addresses: a share is still answered 201")
  func slowlorisFromManyAddresses() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Fewer connections than dribblers: without eviction they would hold every one.
    let server = try await ServeCommandTests.start(in: directory, ["--max-connections", "16"])
    defer { server.kill() }
    let (clients, task) = try await Self.dribblers(
      80, port: server.port, sources: { "127.0.0.\($0 + 2)" })
    defer { task.cancel() }
    try await Task.sleep(for: .seconds(1))
    let answer = try await Self.share(server)
    #expect(answer.status == 201, "\(answer.body)")
    #expect(try await server.inboxIDs().count == 1)
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(log.contains("at the connection limit, to let others in"), "\(log)")
    #expect(clients.count == 80)
  }

  @Test("Past --max-connections-per-address one address's connections are closed as they come")
  func perAddressLimit() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(
      in: directory, ["--max-connections-per-address", "4", "--header-timeout", "60"])
    defer { server.kill() }
    let (clients, task) = try await Self.dribblers(
      10, port: server.port, sources: { _ in "127.0.0.2" }, interval: .seconds(60))
    defer { task.cancel() }
    // The server closes the six past the limit at once; the four within it stay open.
    let closed = try await Offload.run { clients.map { $0.readToEnd().closed } }
    #expect(closed.filter { $0 }.count == 6, "\(closed)")
    #expect(closed.prefix(4).allSatisfy { !$0 })
    // Another address is not held back by them.
    let answer = try await Self.share(server)
    #expect(answer.status == 201, "\(answer.body)")
  }

  @Test("A head dribbled a byte at a time is closed at --header-timeout, bytes or not")
  func headerDeadline() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory, ["--header-timeout", "2"])
    defer { server.kill() }
    let clock = ContinuousClock()
    let started = clock.now
    let (clients, task) = try await Self.dribblers(
      1, port: server.port, sources: { _ in "127.0.0.1" }, interval: .milliseconds(200))
    defer { task.cancel() }
    // The idle timer (60 s) would never fire: a byte comes every 200 ms. The deadline does.
    let client = try #require(clients.first)
    let closed = try await Offload.run {
      for _ in 0..<15 where !client.readToEnd().closed {}
      return true
    }
    #expect(closed)
    #expect(clock.now - started < .seconds(20), "closed at the deadline, not by the idle timer")
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(log.contains("1 past the header time limit"), "\(log)")
    #expect(try await ServeCommandTests.curl([server.url + "/healthz"]).status == 200)
  }

  @Test("A client that half-closes after its body gets its answer, with others connected")
  func halfClosedClient() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let (_, task) = try await Self.dribblers(
      5, port: server.port, sources: { _ in "127.0.0.3" }, interval: .seconds(60))
    defer { task.cancel() }
    let body = try Data(contentsOf: URL(fileURLWithPath: Self.photo))
    let answers = try await Offload.run {
      try (0..<5).map { _ in
        let client = try RawClient(port: server.port)
        client.send(
          "POST /share HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Self.token)\r\n"
            + "Content-Type: image/heic\r\nContent-Length: \(body.count)\r\n\r\n")
        client.send([UInt8](body))
        client.shutdownWrite()
        return RawClient.status(of: client.readToEnd().bytes).status
      }
    }
    #expect(answers == [201, 201, 201, 201, 201])
    #expect(try await server.inboxIDs().count == 5)
  }

  @Test("A request waiting for an upload slot past --request-timeout is answered 503")
  func queuedPastTheTimeLimit() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(
      in: directory, ["--max-uploads", "1", "--request-timeout", "2"])
    defer { server.kill() }
    // The first body holds the one slot past the second's limit, and is itself cut off at 2 s.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.photo))
    bytes.append(Data(count: 400_000))
    let slow = try directory.file("slow.heic", contents: bytes)
    async let first = ServeCommandTests.curl([
      "-H", "Authorization: Bearer \(Self.token)", "--limit-rate", "100K",
      "--data-binary", "@" + slow.path, server.url + "/share",
    ])
    #expect(
      await waitUntil { !server.stagedUploads.isEmpty }, "the first started")
    let client = try RawClient(port: server.port)
    client.send(
      "POST /share HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Self.token)\r\n"
        + "Content-Length: 10\r\nExpect: 100-continue\r\n\r\n")
    let (response, _) = try await Offload.run { client.readToEnd() }
    let text = String(decoding: response, as: UTF8.self)
    let (status, sawContinue) = RawClient.status(of: response)
    #expect(status == 503, "\(text)")
    #expect(!sawContinue, "no 100 Continue before its slot came")
    #expect(text.lowercased().contains("retry-after: 30"), "\(text)")
    _ = try await first
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(log.contains("answered 503: its upload slot came after the request time limit"))
    #expect(await waitUntil { server.stagedUploads.isEmpty })
  }

  @Test("A chunked body cut short by the client's FIN frees its upload slot at once")
  func partialChunkedBody() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory, ["--max-uploads", "1"])
    defer { server.kill() }
    let client = try RawClient(port: server.port)
    client.send(
      "POST /share HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Self.token)\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n400\r\n" + String(repeating: "x", count: 100))
    #expect(await waitUntil { !server.stagedUploads.isEmpty })
    client.shutdownWrite()
    let clock = ContinuousClock()
    let started = clock.now
    // The one slot is free again well before the 60 s idle timeout.
    let answer = try await Self.share(server, ["--max-time", "20"])
    #expect(answer.status == 201, "\(answer.body)")
    #expect(clock.now - started < .seconds(20))
    #expect(await waitUntil { server.stagedUploads.isEmpty })
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(log.contains("status=closed"), "\(log)")
  }

  @Test("A body the contract cannot take is 413 at its head, with no 100 Continue")
  func refusedBeforeTheBody() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    // 600 MB: under the old 1 GiB --max-body, over the default contract's 512 MiB file.
    let client = try RawClient(port: server.port)
    client.send(
      "POST /share HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Self.token)\r\n"
        + "Content-Type: video/mp4\r\nContent-Length: 600000000\r\nExpect: 100-continue\r\n\r\n")
    let (response, _) = try await Offload.run { client.readToEnd() }
    let text = String(decoding: response, as: UTF8.self)
    let (status, sawContinue) = RawClient.status(of: response)
    #expect(status == 413, "\(text)")
    #expect(!sawContinue, "\(text)")
    #expect(
      text.contains(
        "the body holds 600.0 MB; this server takes at most 536.9 MB"
          + " (the contract's largest file)"), "\(text)")
    #expect(server.stagedUploads.isEmpty)
  }

  @Test("SIGTERM with a body trickling in: the stop ends at --stop-timeout and says what it did")
  func stopTimeout() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory, ["--stop-timeout", "2"])
    defer { server.kill() }
    let client = try RawClient(port: server.port)
    client.send(
      "POST /share HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Self.token)\r\n"
        + "Content-Length: 1000000\r\n\r\n0123456789")
    #expect(await waitUntil { !server.stagedUploads.isEmpty })
    let clock = ContinuousClock()
    let started = clock.now
    try server.process.send(SIGTERM)
    let outcome = await server.process.wait()
    #expect(clock.now - started < .seconds(15), "not the 900 s request limit")
    #expect(outcome.exitStatus == 0, "\(outcome)")
    #expect(server.stagedUploads.isEmpty)
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(log.contains("still busy after 2 s"), "\(log)")
    #expect(log.contains("cut off 1 connections"), "\(log)")
  }
}
