import Foundation
import Ingest
import Synchronization
import SystemCalls

/// One request body, streamed into a file of its own in the group's `.staging/` as it
/// arrives, in bounded memory (each chunk MHD hands over is written before the next is read).
///
/// The file's name is random (`upload-<UUID>`), never anything from the request; it is made
/// `0600` at the body's first byte (a request waiting for an upload slot holds no file) and
/// removed when the share is done with it, or by `discard()` when the body is cut off. From
/// its making until then it carries the group's in-flight lock (`makeInFlightFile`), so no
/// sweeper, and no server starting beside this one, removes it; a file left by a killed
/// server carries none, and the next server's start (or the inbox sweeper) removes it.
final class Upload: Sendable {
  private struct State: Sendable {
    var file: FileDescriptor?
    var name: String
    var byteCount: Int64 = 0
    /// Whether the file was made (at the first byte, or by `close` for an empty body).
    var isCreated = false
    var isClosed = false
    var isRemoved = false
  }

  private let group: GroupDirectory
  private let limit: Int64
  private let state: Mutex<State>

  /// An upload into `group`'s `.staging/`, its file made at the first byte.
  init(in group: GroupDirectory, limit: Int64) {
    self.group = group
    self.limit = limit
    state = Mutex(State(name: "upload-" + UUID().uuidString))
  }

  /// The open file, made on first use.
  private func openedFile(_ state: inout State) throws(IOError) -> FileDescriptor {
    if let file = state.file { return file }
    let (name, file) = try group.makeInFlightFile(in: group.staging, .writeOnly) {
      "upload-" + UUID().uuidString
    }
    state.name = name
    state.file = file
    state.isCreated = true
    return file
  }

  /// The bytes written so far.
  var byteCount: Int64 { state.withLock { $0.byteCount } }

  /// Writes `bytes`; a response to send instead when the body passes the limit or cannot be
  /// written (the file is removed then).
  func append(_ bytes: UnsafeRawBufferPointer) -> HTTPResponse? {
    let refusal = state.withLock { state -> HTTPResponse? in
      guard !state.isClosed, !state.isRemoved else {
        return .error(500, "the upload was already closed")
      }
      state.byteCount += Int64(bytes.count)
      if state.byteCount > limit {
        return .error(
          413, "the body is larger than this server takes (at most \(ByteCount(limit)))")
      }
      do throws(IOError) {
        try openedFile(&state).writeAll(bytes)
        return nil
      } catch {
        return .error(507, "the upload could not be stored: \(error.code)")
      }
    }
    if refusal != nil { discard() }
    return refusal
  }

  /// Closes the file and names it with `fileExtension` (the type's own, from the package's
  /// type catalogue); returns its URL for the share.
  /// - Throws: `IOError` when the file cannot be closed (a write that failed late) or renamed.
  func close(fileExtension: String?) throws(IOError) -> URL {
    // The file stays open, holding the in-flight lock, until `discard()`.
    let name = try state.withLock { state throws(IOError) in
      _ = try openedFile(&state)
      state.isClosed = true
      return state.name
    }
    var finalName = name
    if let fileExtension, !fileExtension.isEmpty {
      finalName = name + "." + fileExtension
      try group.staging.rename(name, to: finalName, replacing: false)
      state.withLock { $0.name = finalName }
    }
    return URL(fileURLWithPath: group.staging.path(of: finalName))
  }

  /// The closed file's URL, without renaming it.
  var url: URL {
    URL(fileURLWithPath: group.staging.path(of: state.withLock { $0.name }))
  }

  /// Closes and removes the file (a body cut off, a share done with it). Safe to call twice.
  func discard() {
    let (file, name, remove) = state.withLock { state in
      let result = (state.file, state.name, state.isCreated && !state.isRemoved)
      state.file = nil
      state.isRemoved = true
      return result
    }
    try? file?.close()
    if remove { try? group.staging.removeFile(name) }
  }
}
