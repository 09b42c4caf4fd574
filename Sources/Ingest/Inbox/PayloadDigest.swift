import Digests
import SystemCalls

/// The SHA-256 of a payload as the reading side finds it, read once: from an open file (a
/// payload moved by a rename, hashed from the page cache the writer left), or while it is
/// copied (a payload taken to another file system).
package enum PayloadDigest {
  /// What was read: the bytes and their SHA-256 (lower-case hexadecimal).
  package struct Result: Sendable, Equatable {
    package var byteCount: Int64
    package var sha256: String
  }

  /// Sets libgcrypt up now, before work that opens files in parallel (see
  /// `SHA256Digest.prepare()`).
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded or set up.
  package static func prepare() throws(SharedLibraryError) {
    try SHA256Digest.prepare()
  }

  /// The SHA-256 of bytes in memory, as lower-case hexadecimal.
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded.
  package static func sha256(of bytes: [UInt8]) throws(SharedLibraryError) -> String {
    try SHA256Digest.hex(of: bytes)
  }

  /// Hashes everything `file` holds, from its start, in chunks (memory does not grow with the
  /// file), without moving its offset.
  package static func sha256(of file: FileDescriptor) throws -> Result {
    var offset: Int64 = 0
    var atEnd = false
    return try hashChunks(
      path: file.path, bufferSize: DigestingCopier.chunkSize,
      read: { buffer in
        if atEnd { return 0 }
        let count = try file.readFully(fromAbsoluteOffset: offset, into: buffer)
        offset += Int64(count)
        // A short read is the end: no second read to find it.
        atEnd = count < buffer.count
        return count
      },
      each: { _, _ in })
  }

  /// The one chunked digest loop of the package's copies and checks: reads chunks with `read`
  /// into one buffer of `bufferSize` bytes until it returns 0, hands each chunk and the running
  /// total to `each` (which may write it, or throw to stop), and hashes it.
  ///
  /// Memory is the one buffer, whatever the size of what is read.
  /// - Throws: what `read` or `each` throws; `IOError` (operation "hash", at `path`) when
  ///   libgcrypt cannot be loaded.
  package static func hashChunks(
    path: String, bufferSize: Int,
    read: (UnsafeMutableRawBufferPointer) throws -> Int,
    each: (UnsafeRawBufferPointer, Int64) throws -> Void
  ) throws -> Result {
    let digest: SHA256Digest
    do {
      digest = try SHA256Digest()
    } catch {
      throw IOError(operation: .hash, path: path, cause: error)
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 64)
    defer { buffer.deallocate() }
    var total: Int64 = 0
    while true {
      let count = try read(buffer)
      if count == 0 { break }
      total += Int64(count)
      let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
      try each(chunk, total)
      digest.update(chunk)
    }
    return Result(byteCount: total, sha256: digest.finish())
  }

  /// `hashChunks` for bytes a reader lends (`LendingPayloadReader`): `next` calls its body
  /// with each chunk in the reader's memory until it returns false; each chunk goes to `each`
  /// with the running total, then into the digest. No buffer of its own.
  ///
  /// - Throws: what `next` or `each` throws; `IOError` (operation "hash", at `path`) when
  ///   libgcrypt cannot be loaded.
  package static func hashLent(
    path: String, next: ((UnsafeRawBufferPointer) throws -> Void) throws -> Bool,
    _ each: (UnsafeRawBufferPointer, Int64) throws -> Void
  ) throws -> Result {
    let digest: SHA256Digest
    do {
      digest = try SHA256Digest()
    } catch {
      throw IOError(operation: .hash, path: path, cause: error)
    }
    // The digest (noncopyable) kept in a box the body captures, and `each` passed on as it
    // is, never kept past the call.
    let running = RunningDigest(digest)
    try withoutActuallyEscaping(each) { each in
      while try next({ chunk in
        running.total += Int64(chunk.count)
        try each(chunk, running.total)
        running.digest?.update(chunk)
      }) {}
    }
    // Taken once, here: never nil.
    guard let finished = running.digest.take() else {
      throw IOError(operation: .hash, path: path)
    }
    return Result(byteCount: running.total, sha256: finished.finish())
  }

  /// `hashLent`'s digest and running total, shared with the body it hands the reader.
  private final class RunningDigest {
    var digest: SHA256Digest?
    var total: Int64 = 0

    init(_ digest: consuming SHA256Digest) {
      self.digest = consume digest
    }
  }

  /// Copies `source` (from its offset) into `destination` and hashes what the copy holds, the
  /// way the loader copies (`DigestingCopier`: large files by the kernel, hashed on a second
  /// worker of the I/O executor, in one work item awaited here). The copy stops as soon as it
  /// passes `maximumSize` bytes.
  ///
  /// - Throws: `PayloadGrew` past `maximumSize`; `IOError`.
  package static func copy(
    from source: FileDescriptor, sizeHint: Int64, maximumSize: Int64,
    to destination: FileDescriptor
  ) async throws -> Result {
    do {
      let copied = try await DigestingCopier.copy(
        from: source, sizeHint: sizeHint, to: destination,
        budget: ShareBudget(maximumFileSize: maximumSize), isCancelled: { false })
      return Result(byteCount: copied.byteCount, sha256: copied.sha256)
    } catch let violation as ContractViolation {
      throw PayloadGrew(maximumSize: maximumSize, violation: "\(violation)")
    }
  }

  /// The synchronous `copy`, for code that runs in no task (see `DigestingCopier`'s
  /// synchronous `copy`: in a task, a large file is hashed as it is copied, on one worker).
  ///
  /// - Throws: `PayloadGrew` past `maximumSize`; `IOError`.
  package static func copy(
    from source: FileDescriptor, sizeHint: Int64, maximumSize: Int64,
    to destination: FileDescriptor
  ) throws -> Result {
    do {
      let copied = try DigestingCopier.copy(
        from: source, sizeHint: sizeHint, to: destination,
        budget: ShareBudget(maximumFileSize: maximumSize), isCancelled: { false })
      return Result(byteCount: copied.byteCount, sha256: copied.sha256)
    } catch let violation as ContractViolation {
      throw PayloadGrew(maximumSize: maximumSize, violation: "\(violation)")
    }
  }
}

/// A payload held more bytes than its manifest says while it was copied.
package struct PayloadGrew: Error, Sendable, CustomStringConvertible {
  /// The size the manifest gives.
  package var maximumSize: Int64
  /// What the copy found.
  package var violation: String

  package var description: String {
    "the file grew past the \(maximumSize) bytes its manifest says while it was copied"
  }
}
