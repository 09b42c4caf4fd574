import Dispatch
import Foundation
import SystemCalls

/// Copies bytes into a staged payload file while computing their SHA-256, in one pass.
///
/// Why one pass rather than `copy_file_range` and a second read for the digest: the digest
/// costs more than the copy (about 0.5 s per GiB with SHA instructions, more without), so
/// reading everything back would cost a second pass over the data, and a file that is only in
/// the page cache once. Here each chunk is read once, written, and hashed from the same buffer.
/// Large files are hashed on a second thread while the next chunk is read and written, so the
/// copy costs about as much as the digest alone. Memory is bounded by the chunk buffers
/// (4 × 1 MiB), whatever the file's size.
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
  /// Sources at least this large are hashed on a second thread.
  static let pipelineThreshold: Int64 = 4 << 20

  /// Copies everything `source` holds from its current offset into `destination`.
  ///
  /// - Parameters:
  ///   - sizeHint: The size `fstat` reported (0 when unknown); only sizes the buffers.
  ///   - budget: Limits on the file and the share; the copy stops with a `ContractViolation`
  ///     as soon as one is passed.
  ///   - isCancelled: Asked between chunks; a cancelled copy throws `CancellationError`.
  ///   - progress: Told the bytes copied so far, after each chunk.
  static func copy(
    from source: FileDescriptor, sizeHint: Int64, to destination: FileDescriptor,
    budget: ShareBudget, isCancelled: () -> Bool, progress: (Int64) -> Void = { _ in }
  ) throws -> Result {
    guard let digest = SHA256Digest() else {
      throw IOError(.resourceExhausted, operation: "EVP_MD_CTX_new", path: destination.path)
    }
    if sizeHint >= pipelineThreshold {
      return try pipelined(
        from: source, to: destination, digest: digest, budget: budget,
        isCancelled: isCancelled, progress: progress)
    }
    let size = Int(min(Int64(chunkSize), max(64 << 10, sizeHint + 1)))
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
    defer { buffer.deallocate() }
    var total: Int64 = 0
    do {
      while true {
        if isCancelled() { throw CancellationError() }
        let count = try source.read(into: buffer)
        if count == 0 { break }
        total += Int64(count)
        try budget.charge(count, fileTotal: total)
        let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
        try destination.writeAll(chunk)
        digest.update(chunk)
        progress(total)
      }
    } catch {
      digest.discard()
      throw error
    }
    return Result(byteCount: total, sha256: digest.finish())
  }

  /// Writes bytes already in memory (a data representation) into `destination`.
  static func write(
    _ bytes: UnsafeRawBufferPointer, to destination: FileDescriptor, budget: ShareBudget
  ) throws -> Result {
    try budget.charge(bytes.count, fileTotal: Int64(bytes.count))
    try destination.writeAll(bytes)
    return Result(byteCount: Int64(bytes.count), sha256: SHA256Digest.hex(of: bytes))
  }

  /// The large-file copy: this thread reads and writes chunk k+1 while a serial queue hashes
  /// chunk k from the same buffer (both only read it); a semaphore hands buffers back.
  private static func pipelined(
    from source: FileDescriptor, to destination: FileDescriptor, digest: SHA256Digest,
    budget: ShareBudget, isCancelled: () -> Bool, progress: (Int64) -> Void
  ) throws -> Result {
    let ring = ChunkRing(count: pipelineDepth, size: chunkSize)
    let free = DispatchSemaphore(value: pipelineDepth)
    let hashing = DispatchGroup()
    let hasher = DispatchQueue(label: "Ingest.DigestingCopier", qos: .userInitiated)
    var total: Int64 = 0
    var slot = 0
    do {
      while true {
        if isCancelled() { throw CancellationError() }
        free.wait()
        let buffer = ring.buffer(slot)
        let count: Int
        do {
          count = try source.read(into: buffer)
          if count > 0 {
            total += Int64(count)
            try budget.charge(count, fileTotal: total)
            try destination.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
          }
        } catch {
          free.signal()
          throw error
        }
        if count == 0 {
          free.signal()
          break
        }
        let index = slot
        hasher.async(group: hashing) {
          digest.update(UnsafeRawBufferPointer(rebasing: ring.buffer(index)[..<count]))
          free.signal()
        }
        progress(total)
        slot = (slot + 1) % pipelineDepth
      }
    } catch {
      hashing.wait()
      digest.discard()
      throw error
    }
    hashing.wait()
    return Result(byteCount: total, sha256: digest.finish())
  }
}

/// The buffers of a pipelined copy, shared by the copying thread and the hashing queue; the
/// copier's semaphore decides who uses which buffer when. Kept as an address so it can cross
/// to the queue; freed when the last user lets go.
final class ChunkRing: Sendable {
  private let base: Int
  private let size: Int
  private let count: Int

  init(count: Int, size: Int) {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: count * size, alignment: 64)
    base = Int(bitPattern: memory)
    self.size = size
    self.count = count
  }

  deinit {
    UnsafeMutableRawPointer(bitPattern: base)?.deallocate()
  }

  /// Buffer `index`.
  func buffer(_ index: Int) -> UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(
      start: UnsafeMutableRawPointer(bitPattern: base + index * size), count: size)
  }
}
