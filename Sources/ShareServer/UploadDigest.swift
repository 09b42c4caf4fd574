import Digests
import Synchronization
import SystemCalls

/// The SHA-256 of an upload's file, computed behind its writer: as the body arrives, a worker of
/// the I/O executor reads back what was written (from the page cache, a chunk at a time) and
/// hashes it, so the thread receiving the body only writes, and the digest is ready about when
/// the body ends. The share then takes the file with this digest as its payload (see
/// `ReceivedFile`) instead of copying and hashing it again.
///
/// At most one worker hashes an upload at a time, with one chunk-sized buffer; the file's
/// descriptor is closed only once no worker reads it (`stop(then:)`).
final class UploadDigest: Sendable {
  /// How much is read back at a time.
  static let chunkSize = 256 << 10

  private struct Progress: Sendable {
    var written: Int64 = 0
    var hashed: Int64 = 0
    var isRunning = false
    var isFinishing = false
    var isStopped = false
    var failure: IOError?
    var waiter: CheckedContinuation<Void, Never>?
    /// What to do once no worker reads the file (close it).
    var whenIdle: (@Sendable () -> Void)?
  }

  private let file: FileDescriptor
  private let progress = Mutex(Progress())
  private let digest: Mutex<SHA256Digest?>

  /// A digest of what is written to `file` (open for reading) from its start.
  /// - Throws: `IOError` when libgcrypt cannot be loaded.
  init(file: FileDescriptor) throws(IOError) {
    self.file = file
    do {
      digest = Mutex(try SHA256Digest())
    } catch {
      throw IOError(operation: .hash, path: file.path, cause: error)
    }
  }

  /// Records that `count` more bytes were written; starts a worker once a chunk waits.
  func wrote(_ count: Int) {
    let start = progress.withLock { progress -> Bool in
      progress.written += Int64(count)
      guard !progress.isRunning, !progress.isStopped,
        progress.written - progress.hashed >= Int64(Self.chunkSize)
      else { return false }
      progress.isRunning = true
      return true
    }
    if start { IOExecutor.shared.execute { [self] in run() } }
  }

  /// Hashes what was written and not yet hashed, chunk by chunk, until it catches up with the
  /// writer (or, once finishing, with the end).
  private func run() {
    var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    while true {
      let next = progress.withLock { progress -> (offset: Int64, count: Int)? in
        let waiting = progress.written - progress.hashed
        if progress.isStopped || progress.failure != nil || waiting == 0
          || (waiting < Int64(Self.chunkSize) && !progress.isFinishing)
        {
          return nil
        }
        return (progress.hashed, Int(min(waiting, Int64(Self.chunkSize))))
      }
      guard let next else { break }
      let read: Int
      do {
        read = try buffer.withUnsafeMutableBytes { bytes in
          try file.readFully(
            fromAbsoluteOffset: next.offset,
            into: UnsafeMutableRawBufferPointer(rebasing: bytes[0..<next.count]))
        }
      } catch {
        let failure =
          error as? IOError ?? IOError(operation: .hash, path: file.path, cause: nil)
        progress.withLock { $0.failure = failure }
        continue
      }
      guard read == next.count else {
        progress.withLock {
          $0.failure = IOError(
            .other, operation: .hash, path: file.path,
            cause: ReceivedFileShrank(offset: next.offset + Int64(read)))
        }
        continue
      }
      let chunk = buffer
      digest.withLock { digest in
        chunk.withUnsafeBytes { bytes in
          digest?.update(UnsafeRawBufferPointer(rebasing: bytes[0..<read]))
        }
      }
      progress.withLock { $0.hashed += Int64(read) }
    }
    let (waiter, whenIdle) = progress.withLock { progress in
      progress.isRunning = false
      defer {
        progress.waiter = nil
        progress.whenIdle = nil
      }
      return (progress.waiter, progress.whenIdle)
    }
    whenIdle?()
    waiter?.resume()
  }

  /// Waits until every byte written is hashed, and returns the digest (lower-case hex).
  /// - Throws: `IOError` when the file could not be read back.
  func finish() async throws(IOError) -> String {
    await withCheckedContinuation { continuation in
      let start = progress.withLock { progress -> Bool? in
        progress.isFinishing = true
        if progress.isRunning {
          progress.waiter = continuation
          return nil
        }
        guard progress.hashed < progress.written, progress.failure == nil else { return false }
        progress.isRunning = true
        progress.waiter = continuation
        return true
      }
      switch start {
      case true?: IOExecutor.shared.execute { [self] in run() }
      case false?: continuation.resume()
      case nil: break
      }
    }
    if let failure = progress.withLock({ $0.failure }) { throw failure }
    return digest.withLock { digest -> String in
      guard let taken = digest.take() else { return "" }
      return taken.finish()
    }
  }

  /// Stops hashing and runs `action` (closing the file) once no worker reads the file: now, or
  /// when the worker reading it stops.
  func stop(then action: @escaping @Sendable () -> Void) {
    let now = progress.withLock { progress -> Bool in
      progress.isStopped = true
      if progress.isRunning {
        progress.whenIdle = action
        return false
      }
      return true
    }
    if now { action() }
  }
}

/// An upload's file held fewer bytes than were written to it when read back.
struct ReceivedFileShrank: Error, Sendable, CustomStringConvertible {
  var offset: Int64
  var description: String { "the file ends at \(offset) bytes, before what was written" }
}
