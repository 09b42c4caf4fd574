import Digests
import Dispatch
import Foundation
import Synchronization
import SystemCalls

/// Copies bytes into a staged payload file and computes the SHA-256 of what the copy holds.
///
/// Small files are read once into a buffer, written, and hashed from the same buffer. Large
/// files (4 MiB and up) are copied by the kernel (`copy_file_range`, as `cp` does), one chunk
/// at a time, and each chunk is read back from the copy's page cache and hashed on a second
/// worker of the I/O executor while the next chunk copies: the digest costs more than the copy
/// (about 0.5 s per GiB with SHA instructions), so the whole copy costs about as much as the
/// digest alone, and the read-back never leaves the page cache. Where the kernel cannot copy,
/// large files take the buffer path, still hashed on the second worker. Memory is bounded by
/// the chunk buffers (4 × 1 MiB), whatever the file's size.
///
/// The two workers hand buffers over with semaphores, so the copying worker blocks while the
/// hashing one is behind. That wait never happens inside an `async` function: the async
/// `copy` runs a large copy as one work item of the I/O executor and awaits its end through a
/// continuation, and the synchronous `copy` pipelines only in a work item no task runs in (a
/// provider's completion handler); called from a task, it hashes as it goes instead. Debug
/// builds check it (`ExecutorCheck.checkBlockingWait`).
enum DigestingCopier {
  /// What a copy produced.
  struct Result: Sendable {
    var byteCount: Int64
    var sha256: String
  }

  /// The chunk size.
  static let chunkSize = 1 << 20
  /// How many chunks a pipelined copy has in flight.
  static let pipelineDepth = 4
  /// Sources at least this large are hashed on a second worker.
  static let pipelineThreshold: Int64 = 4 << 20

  /// Copies everything `source` holds from its current offset into `destination`, for async
  /// code: a large copy (`pipelineThreshold` and up) runs pipelined as one work item of the I/O
  /// executor, awaited without holding a thread; a small one runs here.
  ///
  /// - Parameters:
  ///   - sizeHint: The size `fstat` reported (0 when unknown); sizes the buffers and chooses
  ///     the pipelined copy.
  ///   - budget: Limits on the file and the share; the copy stops with a `ContractViolation`
  ///     as soon as one is passed.
  ///   - isCancelled: Asked between chunks; a cancelled copy throws `CancellationError`.
  ///   - progress: Told the bytes copied so far, after each chunk.
  static func copy(
    from source: FileDescriptor, sizeHint: Int64, to destination: FileDescriptor,
    budget: ShareBudget, isCancelled: @escaping @Sendable () -> Bool,
    progress: @escaping @Sendable (Int64) -> Void = { _ in }
  ) async throws -> Result {
    guard sizeHint >= pipelineThreshold else {
      return try copyAsItGoes(
        from: source, sizeHint: sizeHint, to: destination, budget: budget,
        isCancelled: isCancelled, progress: progress)
    }
    return try await withCheckedThrowingContinuation { continuation in
      IOExecutor.shared.execute {
        continuation.resume(
          with: Swift.Result {
            try pipelined(
              from: source, to: destination, budget: budget, isCancelled: isCancelled,
              progress: progress)
          })
      }
    }
  }

  /// Copies everything `source` holds from its current offset into `destination`, for
  /// synchronous code (a provider's completion handler, which must copy before it returns).
  ///
  /// A large copy is pipelined only where blocking is the model: a work item of the I/O
  /// executor that no task runs in. Anywhere else (a task's code, a caller's own thread) it
  /// hashes as it goes, with nothing to wait for; async code calls the async `copy`.
  ///
  /// - Parameters: As the async `copy`'s.
  static func copy(
    from source: FileDescriptor, sizeHint: Int64, to destination: FileDescriptor,
    budget: ShareBudget, isCancelled: () -> Bool, progress: (Int64) -> Void = { _ in }
  ) throws -> Result {
    if sizeHint >= pipelineThreshold, IOExecutor.shared.isCurrent,
      withUnsafeCurrentTask(body: { $0 == nil })
    {
      return try pipelined(
        from: source, to: destination, budget: budget, isCancelled: isCancelled,
        progress: progress)
    }
    return try copyAsItGoes(
      from: source, sizeHint: sizeHint, to: destination, budget: budget,
      isCancelled: isCancelled, progress: progress)
  }

  /// The copy without a second worker: each chunk hashed as it is written.
  private static func copyAsItGoes(
    from source: FileDescriptor, sizeHint: Int64, to destination: FileDescriptor,
    budget: ShareBudget, isCancelled: () -> Bool, progress: (Int64) -> Void
  ) throws -> Result {
    // Sized to the file (one read takes it whole, the next finds its end), so a small file
    // allocates little and gives nothing back to the system afterwards.
    let copied = try PayloadDigest.hashChunks(
      path: destination.path,
      bufferSize: Int(min(Int64(chunkSize), max(4096, sizeHint + 1))),
      read: { buffer in
        if isCancelled() { throw CancellationError() }
        return try source.read(into: buffer)
      },
      each: { chunk, total in
        try budget.charge(chunk.count, fileTotal: total)
        try destination.writeAll(chunk)
        progress(total)
      })
    return Result(byteCount: copied.byteCount, sha256: copied.sha256)
  }

  /// Writes bytes already in memory (a data representation) into `destination`.
  static func write(
    _ bytes: UnsafeRawBufferPointer, to destination: FileDescriptor, budget: ShareBudget
  ) throws -> Result {
    try budget.charge(bytes.count, fileTotal: Int64(bytes.count))
    try destination.writeAll(bytes)
    do {
      return Result(byteCount: Int64(bytes.count), sha256: try SHA256Digest.hex(of: bytes))
    } catch {
      throw IOError(operation: .hash, path: destination.path, cause: error)
    }
  }

  /// The large-file copy: this worker copies chunk k+1 while a second one hashes chunk k; a
  /// semaphore hands buffers back.
  ///
  /// Each chunk is copied in the kernel (`copy_file_range`) and then read back from the copy's
  /// page cache into a buffer for the digest, so the digest is of the bytes the copy holds even
  /// if the source changes meanwhile. Writing from a buffer instead (`write(2)`) costs the
  /// same on a quiet machine, but its copy into newly allocated page-cache pages was measured
  /// at twice the time when it followed another large copy on this project's VMs, and the
  /// kernel's own copy was not. Where the kernel cannot copy, each chunk is read into the
  /// buffer, written, and hashed from the same buffer.
  private static func pipelined(
    from source: FileDescriptor, to destination: FileDescriptor,
    budget: ShareBudget, isCancelled: () -> Bool, progress: (Int64) -> Void
  ) throws -> Result {
    // The semaphores below block this thread: never a task's (see the type's documentation).
    ExecutorCheck.shared.checkBlockingWait(.copyFileRange, destination.path)
    let digest: SHA256Digest
    do {
      digest = try SHA256Digest()
    } catch {
      throw IOError(operation: .hash, path: destination.path, cause: error)
    }
    let ring = ChunkRing(count: pipelineDepth, size: chunkSize)
    let free = DispatchSemaphore(value: pipelineDepth)
    let hasher = ChunkHasher(ring: ring, digest: digest, free: free)
    var total: Int64 = 0
    var slot = 0
    // The kernel copies (`copy_file_range`, as `cp` does) while it can; a file system pair that
    // cannot, or a source that is not a plain file, falls back to reads and writes.
    var kernelCopies = true
    do {
      while true {
        if isCancelled() { throw CancellationError() }
        free.wait()
        let buffer = ring.buffer(slot)
        var count = 0
        do {
          if kernelCopies, let copied = try destination.copyRange(from: source, count: chunkSize) {
            count = copied
            if count > 0 {
              total += Int64(count)
              try budget.charge(count, fileTotal: total)
              // The digest is of what the copy holds: the chunk read back from the page cache.
              let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
              let readBack = try destination.readFully(
                fromAbsoluteOffset: total - Int64(count), into: chunk)
              guard readBack == count else {
                throw IOError(
                  .other, operation: .read, path: destination.path,
                  cause: CopyReadBackShort(expected: count, read: readBack))
              }
            }
          } else {
            kernelCopies = false
            count = try source.read(into: buffer)
            if count > 0 {
              total += Int64(count)
              try budget.charge(count, fileTotal: total)
              try destination.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
          }
        } catch {
          free.signal()
          throw error
        }
        if count == 0 {
          free.signal()
          break
        }
        hasher.hash(slot, count)
        progress(total)
        slot = (slot + 1) % pipelineDepth
      }
    } catch {
      _ = hasher.finish()
      throw error
    }
    return Result(byteCount: total, sha256: hasher.finish())
  }
}

/// The second half of a pipelined copy: hashes the chunks handed over, in order, and gives
/// each buffer back.
///
/// Work on the I/O executor started beside the copier (`IOExecutor.executeBeside`), never
/// queued: the copier blocks its worker until buffers come back, so were the hashing queued
/// behind other work, enough concurrent copies would hold every worker waiting for hashing that
/// none is left to run it.
private final class ChunkHasher: Sendable {
  private let pending = Mutex<[(index: Int, length: Int)?]>([])
  private let ready = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private let ring: ChunkRing
  /// The digest, moved in from the copier: only the hashing worker updates it, and `finish()`
  /// takes it out once that worker is done.
  private let digest: Mutex<SHA256Digest?>
  private let free: DispatchSemaphore

  init(ring: ChunkRing, digest: consuming sending SHA256Digest, free: DispatchSemaphore) {
    self.ring = ring
    self.digest = Mutex(Optional(digest))
    self.free = free
    IOExecutor.shared.executeBeside { [self] in run() }
  }

  /// Hashes the first `length` bytes of buffer `index`, after the chunks handed over before.
  func hash(_ index: Int, _ length: Int) {
    pending.withLock { $0.append((index, length)) }
    ready.signal()
  }

  /// Waits until every chunk handed over is hashed, ends the hashing, and returns the digest
  /// of every chunk as lower-case hexadecimal (a copy that failed ignores it).
  func finish() -> String {
    pending.withLock { $0.append(nil) }
    ready.signal()
    finished.wait()
    guard let digest = digest.withLock({ $0.take() }) else { return "" }
    return digest.finish()
  }

  private func run() {
    while true {
      ready.wait()
      guard let chunk = pending.withLock({ $0.removeFirst() }) else { break }
      let ring = self.ring
      digest.withLock {
        $0?.update(UnsafeRawBufferPointer(rebasing: ring.buffer(chunk.index)[..<chunk.length]))
      }
      free.signal()
    }
    finished.signal()
  }
}

/// A copy's read-back returned fewer bytes than were just copied (the file was cut short
/// meanwhile: nobody else should write a staged payload).
struct CopyReadBackShort: Error, Sendable, CustomStringConvertible {
  var expected: Int
  var read: Int
  var description: String { "read back \(read) of the \(expected) bytes just copied" }
}

/// The buffers of a pipelined copy, shared by the copying worker and the hashing one; freed
/// when the last user lets go.
///
/// `@unchecked Sendable`: the buffers are raw memory that both workers touch, but never the
/// same buffer at once; the copier's semaphore decides who uses which buffer when (a buffer
/// is written by the copier only after the hasher gave it back).
final class ChunkRing: @unchecked Sendable {
  private let base: UnsafeMutableRawPointer
  private let size: Int

  init(count: Int, size: Int) {
    base = UnsafeMutableRawPointer.allocate(byteCount: count * size, alignment: 64)
    self.size = size
  }

  deinit {
    base.deallocate()
  }

  /// Buffer `index`.
  func buffer(_ index: Int) -> UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(start: base + index * size, count: size)
  }
}
