internal import CGcrypt
import SystemCalls

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

  /// Starts a digest.
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded or cannot open a digest.
  package init() throws(SharedLibraryError) {
    let gcrypt = try Self.functions()
    var handle: gcry_md_hd_t?
    let error = gcrypt.gcry_md_open(&handle, cgcrypt_sha256, 0)
    guard error == 0, let handle else {
      throw SharedLibrary.libgcrypt.failure("gcry_md_open failed with error \(error)")
    }
    self.handle = handle
  }

  deinit {
    Self.close(handle)
  }

  /// Adds `bytes`.
  package func update(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0, case .success(let gcrypt) = Library.loaded.result else { return }
    gcrypt.gcry_md_write(handle, bytes.baseAddress, bytes.count)
  }

  /// The digest of everything added, as 32 bytes; frees the context.
  package consuming func finalize() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Self.byteCount)
    if case .success(let gcrypt) = Library.loaded.result,
      let result = gcrypt.gcry_md_read(handle, cgcrypt_sha256)
    {
      for index in 0..<Self.byteCount { digest[index] = result[index] }
    }
    let handle = self.handle
    discard self
    Self.close(handle)
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

  private static func close(_ handle: gcry_md_hd_t) {
    guard case .success(let gcrypt) = Library.loaded.result else { return }
    gcrypt.gcry_md_close(handle)
  }

  /// libgcrypt's functions, loading the library on first use.
  private static func functions() throws(SharedLibraryError) -> cgcrypt_api {
    try Library.loaded.result.get()
  }

  /// libgcrypt, loaded and initialised (`gcry_check_version`, as a library that uses it must)
  /// the first time a digest starts: a process that hashes nothing (every command but a share,
  /// an import, a check of payloads or a shortcut's) never maps it.
  private enum Library {
    /// The loaded functions are plain C function pointers, fixed once loaded.
    struct Loaded: @unchecked Sendable {
      var result: Result<cgcrypt_api, SharedLibraryError>
    }

    static let loaded = Loaded(
      result: SharedLibrary.libgcrypt.load { handle in
        var missing: UnsafePointer<CChar>?
        guard let functions = cgcrypt_resolve(handle, &missing)?.pointee else {
          return (nil, missing.map { String(cString: $0) })
        }
        guard functions.gcry_check_version(nil) != nil else {
          return (nil, "working gcry_check_version (it did not initialise)")
        }
        return (functions, nil)
      })
  }
}
