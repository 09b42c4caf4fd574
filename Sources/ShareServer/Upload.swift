import Foundation
import Ingest
import Synchronization
import SystemCalls

/// One request body, streamed into a file of its own in the group's `.staging/` as it
/// arrives, in bounded memory (each chunk MHD hands over is written before the next is read),
/// and hashed behind the writer as it arrives (`UploadDigest`).
///
/// The file's name is random (`upload-<UUID>`), never anything from the request; it is made
/// `0600` at the body's first byte (a request waiting for an upload slot holds no file), with
/// the in-flight lock every file of a share in flight carries (see `GroupDirectory+Trust`), so
/// no sweeper removes it while it is written. `close(fileExtension:)` hands it over as a
/// `ReceivedFile`, which the share takes as its payload as it is (one write per upload); a
/// file the share did not take is removed when the share is done with it, or by `discard()`
/// when the body is cut off. A file left by a killed server is one the inbox sweeper removes
/// with other leftovers of `.staging/`.
package final class Upload: Sendable {
  private struct State: Sendable {
    var file: FileDescriptor?
    var digest: UploadDigest?
    var name: String
    var byteCount: Int64 = 0
    /// The file handed over (closed, renamed with its extension).
    var received: ReceivedFile?
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
    state = Mutex(State(name: Self.freshName()))
  }

  private static func freshName() -> String { "upload-" + UUID().uuidString }

  /// The open file, made on first use.
  private func openedFile(_ state: inout State) throws(IOError) -> FileDescriptor {
    if let file = state.file { return file }
    let made = try group.makeInFlightFile(in: group.staging, .readWrite, name: Self.freshName)
    do {
      state.digest = try UploadDigest(file: made.file)
    } catch {
      try? made.file.close()
      try? group.staging.removeFile(made.name)
      throw error
    }
    state.file = made.file
    state.name = made.name
    state.isCreated = true
    return made.file
  }

  /// The bytes written so far.
  package var byteCount: Int64 { state.withLock { $0.byteCount } }

  /// Writes `bytes`; a response to send instead when the body passes the limit or cannot be
  /// written (the file is removed then).
  func append(_ bytes: UnsafeRawBufferPointer) -> HTTPResponse? {
    let refusal = state.withLock { state -> HTTPResponse? in
      guard !state.isClosed, !state.isRemoved else {
        return .error(500, "the upload was already closed")
      }
      state.byteCount += Int64(bytes.count)
      if state.byteCount > limit {
        return .error(413, "the body is larger than this server takes (\(limit) bytes)")
      }
      do throws(IOError) {
        try openedFile(&state).writeAll(bytes)
        state.digest?.wrote(bytes.count)
        return nil
      } catch {
        return .error(507, "the upload could not be stored: \(error.code)")
      }
    }
    if refusal != nil { discard() }
    return refusal
  }

  /// Ends the body: waits for its digest, names the file with `fileExtension` (the type's own,
  /// from the package's type catalogue), and hands it over as a file a share may adopt.
  /// - Throws: `IOError` when the file cannot be made, read back or renamed.
  func close(fileExtension: String?) async throws(IOError) -> ReceivedFile {
    let (file, digest) = try state.withLock { state throws(IOError) in
      let file = try openedFile(&state)
      state.file = nil
      state.isClosed = true
      return (file, state.digest)
    }
    let sha256: String
    do throws(IOError) {
      sha256 = try await digest?.finish() ?? ""
    } catch {
      try? file.close()
      throw error
    }
    var name: String
    let byteCount: Int64
    (name, byteCount) = state.withLock { ($0.name, $0.byteCount) }
    // The digest covers what was written; the size is what was counted as written.
    if let fileExtension, !fileExtension.isEmpty {
      do throws(IOError) {
        try group.staging.rename(name, to: name + "." + fileExtension, replacing: false)
      } catch {
        try? file.close()
        throw error
      }
      name += "." + fileExtension
    }
    let received = ReceivedFile(name: name, file: file, byteCount: byteCount, sha256: sha256)
    let kept = state.withLock { state -> Bool in
      state.name = name
      guard !state.isRemoved else { return false }
      state.received = received
      return true
    }
    if !kept { received.close() }
    return received
  }

  /// The file's URL (under its name as it is now).
  var url: URL {
    URL(fileURLWithPath: group.staging.path(of: state.withLock { $0.name }))
  }

  /// Closes the file and removes it, unless a share took it as its payload (a body cut off, a
  /// share done with it). Safe to call twice.
  func discard() {
    let (file, digest, received, name, remove) = state.withLock { state in
      let result = (
        state.file, state.digest, state.received, state.name, state.isCreated && !state.isRemoved
      )
      state.file = nil
      state.received = nil
      state.isRemoved = true
      return result
    }
    // Closed once no worker reads it back for the digest.
    if let file {
      if let digest {
        digest.stop { try? file.close() }
      } else {
        try? file.close()
      }
    }
    received?.close()
    // An adopted file is the share's, under another name.
    if remove, received?.isAdopted != true { try? group.staging.removeFile(name) }
  }
}
