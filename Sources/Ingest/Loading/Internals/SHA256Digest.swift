internal import CGcrypt
import SystemCalls

/// An incremental SHA-256 through the system libgcrypt, loaded the first time a digest starts.
/// Every libgcrypt call of the module is in this file.
///
/// The context is kept as an address so that a copy can hand it to the thread that hashes
/// while the calling thread reads and writes; the copier orders every use of it.
struct SHA256Digest: Sendable {
  private let address: Int

  /// Starts a digest.
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded or cannot open a digest.
  init() throws(SharedLibraryError) {
    let gcrypt = try Self.functions()
    var handle: gcry_md_hd_t?
    let error = gcrypt.gcry_md_open(&handle, cgcrypt_sha256, 0)
    guard error == 0, let handle else {
      throw SharedLibrary.libgcrypt.failure("gcry_md_open failed with error \(error)")
    }
    address = Int(bitPattern: handle)
  }

  private var handle: gcry_md_hd_t? { gcry_md_hd_t(bitPattern: address) }

  /// Adds `bytes`.
  func update(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0, let handle, case .success(let gcrypt) = Library.loaded.result else {
      return
    }
    gcrypt.gcry_md_write(handle, bytes.baseAddress, bytes.count)
  }

  /// The digest of everything added, as lower-case hexadecimal; frees the context, so call it
  /// once and then nothing else.
  func finish() -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    if let handle, case .success(let gcrypt) = Library.loaded.result,
      let result = gcrypt.gcry_md_read(handle, cgcrypt_sha256)
    {
      for index in 0..<32 { digest[index] = result[index] }
    }
    discard()
    return Self.hex(digest)
  }

  /// Frees the context without a result (a copy that failed).
  func discard() {
    guard let handle, case .success(let gcrypt) = Library.loaded.result else { return }
    gcrypt.gcry_md_close(handle)
  }

  /// SHA-256 of bytes in memory, as hexadecimal.
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded.
  static func hex(of bytes: UnsafeRawBufferPointer) throws(SharedLibraryError) -> String {
    let digest = try SHA256Digest()
    digest.update(bytes)
    return digest.finish()
  }

  private static let digits = Array("0123456789abcdef".utf8)

  static func hex(_ bytes: some Collection<UInt8>) -> String {
    var text = [UInt8]()
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// libgcrypt's functions, loading the library on first use.
  private static func functions() throws(SharedLibraryError) -> cgcrypt_api {
    try Library.loaded.result.get()
  }

  /// libgcrypt, loaded and initialised (`gcry_check_version`, as a library that uses it must)
  /// the first time a digest starts: a process that hashes nothing (every command but a share,
  /// an import or a check of payloads) never maps it.
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
