// The socket calls of the `serve` section's client and disk sink, on 127.0.0.1. The socket
// declarations (`SOCK_STREAM`, `sockaddr_in`) come through CMicroHTTPD: its header includes
// <sys/socket.h>, and in a module that imports it that header's declarations belong to it.
import CMicroHTTPD

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// TCP sockets on the loopback address.
enum LoopbackSocket {
  /// A connection to `port` on 127.0.0.1, with `TCP_NODELAY` (as curl sets it) and
  /// non-blocking.
  static func connect(port: UInt16) throws -> Int32 {
    let socket = try makeSocket()
    var address = loopback(port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let message = errorText()
      close(socket)
      throw HarnessError(message: "connect to 127.0.0.1:\(port): \(message)")
    }
    var one: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    return socket
  }

  /// A socket listening on 127.0.0.1 at a port the kernel picks, and the port.
  static func listen() throws -> (socket: Int32, port: UInt16) {
    let socket = try makeSocket()
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let listening = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(socket, address, length) == 0 && Glibc.listen(socket, 128) == 0
          && getsockname(socket, address, &length) == 0
      }
    }
    guard listening else {
      let message = errorText()
      close(socket)
      throw HarnessError(message: "cannot listen on 127.0.0.1: \(message)")
    }
    return (socket, UInt16(bigEndian: address.sin_port))
  }

  /// The text of the current `errno`.
  static func errorText() -> String {
    String(cString: strerror(errno))
  }

  private static func makeSocket() throws -> Int32 {
    let socket = Glibc.socket(
      AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw HarnessError(message: "socket: \(errorText())") }
    return socket
  }

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
  }
}
