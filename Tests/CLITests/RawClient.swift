import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP client on a raw socket, for what curl cannot do: connect from another loopback
/// address (`127.0.0.2`...), send a request a byte at a time, half-close after the body, stop
/// in the middle of a chunked body. Blocking calls, each bounded by the socket's receive
/// timeout; tests run them through `Offload`.
final class RawClient: @unchecked Sendable {
  // @unchecked: the descriptor is an immutable Int32; the socket's calls are thread-safe.
  let socket: Int32

  enum Failure: Error, CustomStringConvertible {
    case system(String, Int32)
    var description: String {
      switch self {
      case .system(let call, let code): "\(call): \(String(cString: strerror(code)))"
      }
    }
  }

  /// Connects to `127.0.0.1:port`, from `source` (a loopback address) when given.
  init(port: Int, from source: String? = nil, receiveTimeout: Int = 30) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw Failure.system("socket", errno) }
    var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
    setsockopt(
      socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    if let source {
      var address = Self.address(source, port: 0)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else {
        let code = errno
        close(socket)
        throw Failure.system("bind \(source)", code)
      }
    }
    var address = Self.address("127.0.0.1", port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(socket)
      throw Failure.system("connect", code)
    }
  }

  deinit { close(socket) }

  private static func address(_ text: String, port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    inet_pton(AF_INET, text, &address.sin_addr)
    return address
  }

  /// Sends `bytes` whole; false when the connection is gone (reset, or shut down by the peer).
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 {
        if errno == EINTR { continue }
        return false
      }
      sent += count
    }
    return true
  }

  /// Sends `text` as UTF-8.
  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Sends FIN: the request is over, the answer still wanted.
  func shutdownWrite() { shutdown(socket, Int32(SHUT_WR)) }

  /// Everything the server sends until it closes the connection or the receive timeout
  /// passes; `closed` says which.
  func readToEnd() -> (bytes: [UInt8], closed: Bool) {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received += buffer[..<count]
        continue
      }
      if count < 0 && errno == EINTR { continue }
      // 0: the server closed; ECONNRESET: it closed with bytes unread; EAGAIN: timed out.
      return (received, count == 0 || errno == ECONNRESET)
    }
  }

  /// The status of the first response in `bytes` that is not `100 Continue`, and whether a
  /// `100 Continue` came first.
  static func status(of bytes: [UInt8]) -> (status: Int?, sawContinue: Bool) {
    let text = String(decoding: bytes, as: UTF8.self)
    var sawContinue = false
    for line in text.components(separatedBy: "\r\n") where line.hasPrefix("HTTP/1.") {
      let code = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
      if code == 100 {
        sawContinue = true
        continue
      }
      return (code, sawContinue)
    }
    return (nil, sawContinue)
  }
}
