internal import COpenSSL
import SystemCalls

/// An incremental SHA-256 through the system libcrypto (the library the package already uses
/// for shortcut signatures), loaded the first time a digest starts. Every libcrypto call of
/// the module is in this file.
///
/// The context is kept as an address so that a copy can hand it to the thread that hashes
/// while the calling thread reads and writes; the copier orders every use of it.
struct SHA256Digest: Sendable {
  private let address: Int

  /// Starts a digest.
  /// - Throws: `SharedLibraryError` when libcrypto cannot be loaded.
  init() throws(SharedLibraryError) {
    let crypto = try Self.functions()
    let context = UnsafeMutablePointer<SHA256_CTX>.allocate(capacity: 1)
    _ = crypto.SHA256_Init(context)
    address = Int(bitPattern: context)
  }

  private var context: UnsafeMutablePointer<SHA256_CTX>? {
    UnsafeMutablePointer(bitPattern: address)
  }

  /// Adds `bytes`.
  func update(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0, let context, case .success(let crypto) = Library.loaded.result else {
      return
    }
    _ = crypto.SHA256_Update(context, bytes.baseAddress, bytes.count)
  }

  /// The digest of everything added, as lower-case hexadecimal; frees the context, so call it
  /// once and then nothing else.
  func finish() -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    if let context, case .success(let crypto) = Library.loaded.result {
      _ = crypto.SHA256_Final(&digest, context)
    }
    discard()
    return Self.hex(digest)
  }

  /// Frees the context without a result (a copy that failed).
  func discard() {
    context?.deallocate()
  }

  /// SHA-256 of bytes in memory, as hexadecimal.
  /// - Throws: `SharedLibraryError` when libcrypto cannot be loaded.
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

  /// libcrypto's digest functions, loading the library on first use.
  private static func functions() throws(SharedLibraryError) -> copenssl_digest_api {
    try Library.loaded.result.get()
  }

  /// libcrypto, loaded the first time a digest starts: a process that hashes nothing (every
  /// command but a share, an import or a check of payloads) never maps it.
  private enum Library {
    /// The loaded functions are plain C function pointers, fixed once loaded.
    struct Loaded: @unchecked Sendable {
      var result: Result<copenssl_digest_api, SharedLibraryError>
    }

    static let loaded = Loaded(
      result: SharedLibrary.libcrypto.load { handle in
        var missing: UnsafePointer<CChar>?
        let functions = copenssl_resolve_digest(handle, &missing)
        return (functions?.pointee, missing.map { String(cString: $0) })
      })
  }
}
