import CMicroHTTPD
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The `serve` section's baseline for a large upload: a server on the same libmicrohttpd as
/// `ShareServer`, started as `ShareServer` starts it (epoll, the library's default memory per
/// connection), that writes each chunk of a request's body to a new file of its directory as
/// the chunk arrives, flushes the file when the body has ended, and answers 201: a server that
/// writes the body to disk and nothing more. Beside it, what `ingest-cli serve` does on top
/// (sniffing, the share's copy and digest, the commit protocol) is the only difference.
///
/// Run as a child mode of this executable, `--child disk-sink DIR`: it prints `listening on
/// http://127.0.0.1:PORT` and serves until it is killed (SIGTERM). libmicrohttpd serves on a
/// thread of its own here (`MHD_USE_INTERNAL_POLLING_THREAD`), as `ShareServer` serves on one
/// worker:
/// one thread receives, writes and answers.
enum DiskSinkServer {
  /// Child mode: serve `arguments[0]` until killed.
  static func child(_ arguments: [String]) throws {
    guard arguments.count == 1 else {
      throw HarnessError(message: "disk-sink needs the directory to write into")
    }
    // Killed with SIGTERM: a parent that ran this from a thread blocking signals (a Dispatch
    // worker) passed its mask on through posix_spawn, and a blocked SIGTERM would never arrive.
    var none = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, nil)
    let (socket, port) = try LoopbackSocket.listen()
    let sink = Unmanaged.passRetained(DiskSink(directory: arguments[0])).toOpaque()
    let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue) | UInt32(MHD_USE_EPOLL.rawValue)
    let options: [any CVarArg] = [
      MHD_OPTION.LISTEN_SOCKET.rawValue, socket, MHD_OPTION.END.rawValue,
    ]
    let daemon = withVaList(options) {
      MHD_start_daemon_va(flags, 0, nil, nil, sinkHandler, sink, $0)
    }
    guard daemon != nil else { throw HarnessError(message: "libmicrohttpd did not start") }
    FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(port)\n".utf8))
    while true { pause() }
  }
}

/// Where the sink writes, and how many bodies it has begun.
private final class DiskSink {
  let directory: String
  var count = 0

  init(directory: String) { self.directory = directory }
}

/// One body being written.
private final class SinkBody {
  let descriptor: Int32

  init(descriptor: Int32) { self.descriptor = descriptor }
}

/// libmicrohttpd's access handler: a new file for a request's head, a write per chunk, a flush
/// and 201 at the end of the body.
private let sinkHandler: MHD_AccessHandlerCallback = {
  context, connection, _, _, _, data, size, requestContext in
  guard let context, let connection, let size, let requestContext else { return .NO }
  guard let existing = requestContext.pointee else {
    let sink = Unmanaged<DiskSink>.fromOpaque(context).takeUnretainedValue()
    sink.count += 1
    let descriptor = open(
      "\(sink.directory)/body-\(sink.count)", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .NO }
    requestContext.pointee = Unmanaged.passRetained(SinkBody(descriptor: descriptor)).toOpaque()
    return .YES
  }
  let body = Unmanaged<SinkBody>.fromOpaque(existing).takeUnretainedValue()
  if size.pointee > 0 {
    var offset = 0
    while offset < size.pointee {
      let written = write(body.descriptor, data.map { $0 + offset }, size.pointee - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return .NO }
      offset += written
    }
    size.pointee = 0
    return .YES
  }
  // The body has ended: flush it, answer, and let the request's context go (the handler is not
  // called again once a response is queued).
  let flushed = fsync(body.descriptor) == 0
  close(body.descriptor)
  requestContext.pointee = nil
  Unmanaged<SinkBody>.fromOpaque(existing).release()
  var text = Array((flushed ? "stored\n" : "not flushed\n").utf8)
  let response = text.withUnsafeMutableBytes {
    MHD_create_response_from_buffer($0.count, $0.baseAddress, .RESPMEM_MUST_COPY)
  }
  guard let response else { return .NO }
  defer { MHD_destroy_response(response) }
  return MHD_queue_response(connection, flushed ? 201 : 500, response)
}
