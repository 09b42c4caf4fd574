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

  /// The SHA-256 of bytes in memory, as lower-case hexadecimal.
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded.
  package static func sha256(of bytes: [UInt8]) throws(SharedLibraryError) -> String {
    let digest = try SHA256Digest()
    bytes.withUnsafeBytes { digest.update($0) }
    return digest.finish()
  }

  /// Hashes everything `file` holds, from its start, in chunks (memory does not grow with the
  /// file), without moving its offset.
  package static func sha256(of file: FileDescriptor) throws -> Result {
    let digest: SHA256Digest
    do {
      digest = try SHA256Digest()
    } catch {
      throw IOError(operation: "hash", path: file.path, cause: error)
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: DigestingCopier.chunkSize, alignment: 64)
    defer { buffer.deallocate() }
    var total: Int64 = 0
    do {
      while true {
        let count = try file.readFully(fromAbsoluteOffset: total, into: buffer)
        if count == 0 { break }
        digest.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        total += Int64(count)
        if count < buffer.count { break }
      }
    } catch {
      digest.discard()
      throw error
    }
    return Result(byteCount: total, sha256: digest.finish())
  }

  /// Copies `source` (from its offset) into `destination` and hashes what the copy holds, the
  /// way the loader copies (`DigestingCopier`: large files by the kernel, hashed on a second
  /// thread). The copy stops as soon as it passes `maximumSize` bytes.
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
