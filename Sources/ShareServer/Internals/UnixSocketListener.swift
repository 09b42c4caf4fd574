internal import CMicroHTTPD
import Foundation
import SystemCalls

/// The Unix socket a server listens on: made with its permissions where nothing is (see
/// `cmicrohttpd_unix_listener`), in place of a socket no server listens on any more (one left
/// by a server that was killed), and removed when the server stops. Nothing else at the path
/// is ever removed.
enum UnixSocketListener {
  /// A listening socket at `path`, for the daemon to own.
  /// - Throws: `ShareServerError.socketPathTaken` when something other than a stale socket is
  ///   there; `.cannotListen` when the socket cannot be made.
  static func listen(at path: String, permissions: UInt32, backlog: Int32)
    throws(ShareServerError) -> Int32
  {
    if FileSystem.exists(path) {
      let kind = (try? FileSystem.status(ofPath: path))?.kind
      guard kind == .socket else {
        throw .socketPathTaken(path: path, what: kind?.article ?? "a file")
      }
      switch cmicrohttpd_unix_socket_is_live(path) {
      case 0:
        try? FileSystem.removeFile(path)
      case 1:
        throw .socketPathTaken(path: path, what: "a socket another server listens on")
      default:
        throw .cannotListen(.unixSocket(path: path), errno: Errno.current)
      }
    }
    let parent = (path as NSString).deletingLastPathComponent
    var template = Array(((parent.isEmpty ? "." : parent) + "/.ingest-socket-XXXXXX").utf8CString)
    let socket = template.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return Int32(-1) }
      return cmicrohttpd_unix_listener(path, base, mode_t(permissions), backlog)
    }
    guard socket >= 0 else { throw .cannotListen(.unixSocket(path: path), errno: Errno.current) }
    return socket
  }

  /// Removes the socket at `path` once no server listens on it.
  static func remove(_ path: String) {
    guard (try? FileSystem.status(ofPath: path))?.kind == .socket,
      cmicrohttpd_unix_socket_is_live(path) == 0
    else { return }
    try? FileSystem.removeFile(path)
  }
}
