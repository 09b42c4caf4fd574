import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The least HTTP/1.1 client the `serve` section needs: keep-alive connections to a port on
/// 127.0.0.1, each sending a whole request made beforehand and reading its answer, any number
/// at once driven by one `poll` loop on the calling thread (no process spawned, no thread
/// started, so what is timed is the HTTP exchange and nothing of the client's making).
///
/// Not a general client: answers must carry a `Content-Length` (libmicrohttpd's buffer
/// responses do), and a request is bytes made by `post(path:token:contentType:body:)` or
/// `get(path:)`.
final class LoopbackHTTPClient {
  /// One answer: its status, its body, and the seconds from the start of `exchange` until its
  /// last byte arrived.
  struct Answer {
    var status: Int
    var body: String
    var seconds: Double
  }

  /// A `POST` request's bytes: the head and `body`, one buffer, sent with one `send` where the
  /// socket takes it.
  static func post(path: String, token: String, contentType: String, body: [UInt8]) -> [UInt8] {
    let head =
      "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
      + "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n\r\n"
    return Array(head.utf8) + body
  }

  /// A `GET` request's bytes.
  static func get(path: String) -> [UInt8] {
    Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
  }

  private let port: UInt16
  private var sockets: [Int32] = []
  /// `GET`s sent again on a new connection because the server closed the kept-alive one they
  /// went out on before a byte of their answer (as it may: its keep-alive time ran out), as
  /// HTTP clients retry an idempotent request.
  private(set) var retries = 0

  /// Opens `count` connections to `port` on 127.0.0.1 (`TCP_NODELAY`, non-blocking).
  init(port: UInt16, connections count: Int) throws {
    self.port = port
    for _ in 0..<count { sockets.append(try LoopbackSocket.connect(port: port)) }
  }

  deinit {
    for socket in sockets where socket >= 0 { close(socket) }
  }

  /// Sends `requests[i]` on connection `i` (all at once) and reads each answer; a connection the
  /// server closed is opened again for the next exchange, as a keep-alive client does.
  /// - Throws: When a connection closes before its answer, or nothing moves for 120 s.
  func exchange(_ requests: [[UInt8]]) throws -> [Answer] {
    precondition(requests.count <= sockets.count, "more requests than connections")
    var reused = Set<Int>()
    for index in sockets.indices {
      if sockets[index] < 0 {
        sockets[index] = try LoopbackSocket.connect(port: port)
      } else {
        reused.insert(index)
      }
    }
    var states = requests.map { Exchange(request: $0) }
    for index in states.indices { states[index].reused = reused.contains(index) }
    var open = states.count
    let start = Harness.now()
    while open > 0 {
      var entries: [pollfd] = []
      var owners: [Int] = []
      for (index, state) in states.enumerated() where state.answer == nil {
        let events = state.sent < state.request.count ? POLLIN | POLLOUT : POLLIN
        entries.append(pollfd(fd: sockets[index], events: Int16(events), revents: 0))
        owners.append(index)
      }
      let ready = poll(&entries, nfds_t(entries.count), 120_000)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else {
        throw HarnessError(
          message: ready == 0 ? "no answer for 120 s" : "poll: \(LoopbackSocket.errorText())")
      }
      for (entry, index) in zip(entries, owners) where entry.revents != 0 {
        if entry.revents & Int16(POLLOUT) != 0 {
          try states[index].send(on: sockets[index])
        }
        if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
          try states[index].receive(on: sockets[index], start: start)
          if states[index].closedUnanswered {
            close(sockets[index])
            sockets[index] = try LoopbackSocket.connect(port: port)
            states[index] = Exchange(request: states[index].request)
            retries += 1
            continue
          }
          if states[index].answer != nil {
            open -= 1
            if states[index].isClosed {
              close(sockets[index])
              sockets[index] = -1
            }
          }
        }
      }
    }
    return states.compactMap(\.answer)
  }

  /// One request on one connection: what is sent, what has arrived.
  private struct Exchange {
    let request: [UInt8]
    var sent = 0
    var received: [UInt8] = []
    var answer: Answer?
    /// The server said `Connection: close`, or closed after the answer.
    var isClosed = false
    /// Whether it went out on a connection kept alive from an earlier exchange.
    var reused = false
    /// The server closed the kept-alive connection before a byte of a `GET`'s answer: the
    /// request is sent again on a new connection.
    var closedUnanswered = false

    /// Whether the request may be sent again: a `GET` on a kept-alive connection the server
    /// closed before answering anything.
    private var mayRetry: Bool {
      reused && received.isEmpty && request.starts(with: Array("GET ".utf8))
    }

    init(request: [UInt8]) {
      self.request = request
      received.reserveCapacity(4096)
    }

    mutating func send(on socket: Int32) throws {
      while sent < request.count {
        let count = request.withUnsafeBytes { bytes in
          let rest = UnsafeRawBufferPointer(rebasing: bytes[sent...])
          return Glibc.send(socket, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
        }
        if count < 0 {
          if errno == EAGAIN || errno == EINTR { return }
          // The server may answer and close before reading a body it refuses: read the answer.
          if errno == EPIPE || errno == ECONNRESET {
            sent = request.count
            return
          }
          throw HarnessError(message: "send: \(LoopbackSocket.errorText())")
        }
        sent += count
      }
    }

    mutating func receive(on socket: Int32, start: UInt64) throws {
      var buffer = [UInt8](repeating: 0, count: 16 << 10)
      while answer == nil {
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count < 0 {
          if errno == EAGAIN || errno == EINTR { return }
          if errno == ECONNRESET, mayRetry {
            closedUnanswered = true
            return
          }
          throw HarnessError(message: "recv: \(LoopbackSocket.errorText())")
        }
        if count == 0 {
          if mayRetry {
            closedUnanswered = true
            return
          }
          throw HarnessError(
            message: "the server closed the connection before its answer"
              + " (\(received.count) bytes of it received)")
        }
        received += buffer[..<count]
        if let parsed = try Self.parse(received) {
          answer = Answer(
            status: parsed.status, body: parsed.body,
            seconds: Double(Harness.now() - start) / 1e9)
          isClosed = parsed.closes
        }
      }
    }

    /// The answer once `bytes` hold all of it.
    private static func parse(_ bytes: [UInt8]) throws -> (
      status: Int, body: String, closes: Bool
    )? {
      let separator: [UInt8] = [13, 10, 13, 10]
      guard let end = bytes.firstRange(of: separator) else { return nil }
      let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
      let lines = head.split(separator: "\r\n")
      let statusFields = lines.first?.split(separator: " ") ?? []
      guard statusFields.count >= 2, let status = Int(statusFields[1]) else {
        throw HarnessError(message: "not an HTTP answer: \(head.prefix(80))")
      }
      var length: Int?
      var closes = false
      for line in lines.dropFirst() {
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let name = parts[0].lowercased()
        let value = parts[1].trimmingCharacters(in: .whitespaces)
        if name == "content-length" { length = Int(value) }
        if name == "connection" && value.lowercased() == "close" { closes = true }
      }
      guard let length else {
        throw HarnessError(message: "an answer without Content-Length: \(head.prefix(80))")
      }
      guard bytes.count - end.upperBound >= length else { return nil }
      let body = String(decoding: bytes[end.upperBound..<end.upperBound + length], as: UTF8.self)
      return (status, body, closes)
    }
  }

}
