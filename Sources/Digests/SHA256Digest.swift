internal import CGcrypt
import Synchronization
import SystemCalls

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// An incremental SHA-256 through the system libgcrypt, loaded the first time a digest starts.
/// The package's one SHA-256: every libgcrypt call of the package is in this file, and the
/// payload digests (`Ingest`, `Importer`) and the shortcut checksums and certificate fingerprints
/// (`Shortcuts`) all come here.
///
/// Non-copyable: a digest has one owner at a time, which frees libgcrypt's context when it
/// finishes or lets go (`deinit`). To hand a digest to another thread, move it (for instance into
/// a `Mutex`); nothing needs it to be `Sendable`.
package struct SHA256Digest: ~Copyable {
  /// The number of bytes of a digest.
  package static let byteCount = 32

  private let handle: gcry_md_hd_t
  /// libgcrypt's functions, loaded before this digest started.
  private let gcrypt: cgcrypt_api

  /// Starts a digest.
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded or cannot open a digest.
  package init() throws(SharedLibraryError) {
    let gcrypt = try Library.functions()
    var handle: gcry_md_hd_t?
    let error = gcrypt.gcry_md_open(&handle, cgcrypt_sha256, 0)
    guard error == 0, let handle else {
      throw SharedLibrary.libgcrypt.failure("gcry_md_open failed with error \(error)")
    }
    self.handle = handle
    self.gcrypt = gcrypt
  }

  deinit {
    gcrypt.gcry_md_close(handle)
  }

  /// Loads and initialises libgcrypt now, if no digest has yet: call it before work that
  /// opens files in parallel (a share's copies, an import's group), so that libgcrypt's own
  /// set-up, which opens a file and aborts the process when that fails for want of a
  /// descriptor, runs while descriptors are free. Later calls return at once.
  ///
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded, or when no descriptor was
  ///   free to set it up (`EMFILE`); that failure is not kept, so a later call tries again.
  package static func prepare() throws(SharedLibraryError) {
    _ = try Library.functions()
  }

  /// Adds `bytes`.
  package func update(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0 else { return }
    gcrypt.gcry_md_write(handle, bytes.baseAddress, bytes.count)
  }

  /// The digest of everything added, as 32 bytes; frees the context.
  package consuming func finalize() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Self.byteCount)
    if let result = gcrypt.gcry_md_read(handle, cgcrypt_sha256) {
      for index in 0..<Self.byteCount { digest[index] = result[index] }
    }
    let handle = self.handle
    let gcrypt = self.gcrypt
    discard self
    gcrypt.gcry_md_close(handle)
    return digest
  }

  /// The digest of everything added, as lower-case hexadecimal; frees the context.
  package consuming func finish() -> String {
    Self.hex(finalize())
  }

  /// SHA-256 of bytes in memory.
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded.
  package static func bytes(of bytes: UnsafeRawBufferPointer) throws(SharedLibraryError)
    -> [UInt8]
  {
    let digest = try SHA256Digest()
    digest.update(bytes)
    return digest.finalize()
  }

  /// SHA-256 of a byte array.
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded.
  package static func bytes(of bytes: [UInt8]) throws(SharedLibraryError) -> [UInt8] {
    let digest = try SHA256Digest()
    bytes.withUnsafeBytes { digest.update($0) }
    return digest.finalize()
  }

  /// SHA-256 of a byte array, as lower-case hexadecimal.
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded.
  package static func hex(of bytes: [UInt8]) throws(SharedLibraryError) -> String {
    hex(try self.bytes(of: bytes))
  }

  /// SHA-256 of bytes in memory, as lower-case hexadecimal.
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded.
  package static func hex(of bytes: UnsafeRawBufferPointer) throws(SharedLibraryError) -> String {
    hex(try self.bytes(of: bytes))
  }

  private static let digits = Array("0123456789abcdef".utf8)

  /// `bytes` as lower-case hexadecimal.
  package static func hex(_ bytes: some Collection<UInt8>) -> String {
    var text = [UInt8]()
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// libgcrypt, loaded and initialised (`gcry_check_version`, as a library that uses it must)
  /// the first time a digest starts or `prepare()` is called: a process that hashes nothing
  /// (every command but a share, an import, a check of payloads or a shortcut's) never maps it.
  ///
  /// Loading runs once, under a lock. libgcrypt's set-up reads
  /// `/proc/sys/crypto/fips_enabled` and calls `abort()` when that fails for any reason but
  /// `ENOENT` or `EACCES` (an `EMFILE` while other threads hold every descriptor killed
  /// `share` under `ulimit -n 16`): the same file is opened first here, and unless that works
  /// (or fails as libgcrypt tolerates) libgcrypt is neither loaded nor set up. A failure for
  /// want of descriptors is not kept, so the next digest tries again once some are free.
  private enum Library {
    /// The outcome of the load, once it succeeded or failed for good.
    private static let state = Mutex<LoadedLibrary<cgcrypt_api>?>(nil)

    /// The file libgcrypt's set-up opens (`_gcry_initialize_fips_mode`).
    static let fipsFile = "/proc/sys/crypto/fips_enabled"

    static func functions() throws(SharedLibraryError) -> cgcrypt_api {
      try state.withLock { state -> Result<cgcrypt_api, SharedLibraryError> in
        if let state { return state.result }
        let (result, isLasting) = load()
        if isLasting { state = LoadedLibrary(result) }
        return result
      }.get()
    }

    /// Loads libgcrypt, and whether the outcome holds for the rest of the process (not a
    /// shortage of descriptors).
    private static func load() -> (Result<cgcrypt_api, SharedLibraryError>, isLasting: Bool) {
      do {
        let probe = try FileDescriptor.open(fipsFile, .readOnly)
        try? probe.close()
      } catch  where error.errno == .tooManyOpenFiles || error.errno == .tooManyOpenFilesInSystem {
        return (
          .failure(
            SharedLibrary.libgcrypt.failure(
              "no file descriptor was free to set it up"
                + " (\(error.errno.map { "\($0)" } ?? "EMFILE"));"
                + " raise the limit on open files (ulimit -n)")),
          false
        )
      } catch  where error.errno == .noSuchFileOrDirectory || error.errno == .permissionDenied {
        // libgcrypt takes these as "not in FIPS mode".
      } catch {
        return (
          .failure(
            SharedLibrary.libgcrypt.failure(
              "\(fipsFile), which its set-up reads, cannot be read (\(error)); libgcrypt would"
                + " abort the process")),
          true
        )
      }
      let result = SharedLibrary.libgcrypt.load {
        (handle: UnsafeMutableRawPointer) -> (api: cgcrypt_api?, missing: String?) in
        var missing: UnsafePointer<CChar>?
        guard let functions = cgcrypt_resolve(handle, &missing)?.pointee else {
          return (nil, missing.map { String(cString: $0) })
        }
        guard functions.gcry_check_version(nil) != nil else {
          return (nil, "working gcry_check_version (it did not initialise)")
        }
        return (functions, nil)
      }
      // The loader met the same shortage (another thread took the descriptor freed above).
      if case .failure(let failure) = result,
        failure.reason.contains(String(cString: strerror(EMFILE)))
      {
        return (result, false)
      }
      return (result, true)
    }
  }
}
