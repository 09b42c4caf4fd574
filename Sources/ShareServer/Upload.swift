import Foundation
import Ingest
import Synchronization
import SystemCalls

/// One request body, streamed into a file of its own in the group's `.staging/` as it
/// arrives, in bounded memory (each chunk MHD hands over is written before the next is read).
///
/// The file's name is random (`upload-<UUID>`), never anything from the request; it is made
/// `0600` and removed when the share is done with it, or by `discard()` when the body is cut
/// off. A file left by a killed server is one the inbox sweeper removes with other leftovers of
/// `.staging/`.
final class Upload: Sendable {
  private struct State: Sendable {
    var file: FileDescriptor?
    var name: String
    var byteCount: Int64 = 0
    var isRemoved = false
  }

  private let group: GroupDirectory
  private let limit: Int64
  private let state: Mutex<State>

  /// Creates the staging file.
  /// - Throws: `IOError` when `.staging/` cannot be written.
  init(in group: GroupDirectory, limit: Int64) throws(IOError) {
    let name = "upload-" + UUID().uuidString
    let file = try group.staging.open(
      name, .writeOnly, options: [.create, .exclusive, .noFollow], permissions: 0o600)
    self.group = group
    self.limit = limit
    state = Mutex(State(file: file, name: name))
  }

  /// The bytes written so far.
  var byteCount: Int64 { state.withLock { $0.byteCount } }

  /// Writes `bytes`; a response to send instead when the body passes the limit or cannot be
  /// written (the file is removed then).
  func append(_ bytes: UnsafeRawBufferPointer) -> HTTPResponse? {
    let refusal = state.withLock { state -> HTTPResponse? in
      guard let file = state.file else { return .error(500, "the upload was already closed") }
      state.byteCount += Int64(bytes.count)
      if state.byteCount > limit {
        return .error(413, "the body is larger than this server takes (\(limit) bytes)")
      }
      do throws(IOError) {
        try file.writeAll(bytes)
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
    let (file, name) = state.withLock { state in
      let file = state.file
      state.file = nil
      return (file, state.name)
    }
    try file?.close()
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
    let (file, name, removed) = state.withLock { state in
      let result = (state.file, state.name, state.isRemoved)
      state.file = nil
      state.isRemoved = true
      return result
    }
    try? file?.close()
    if !removed { try? group.staging.removeFile(name) }
  }
}
