internal import COpenSSL

/// An incremental SHA-256 through the system libcrypto (the library the package already links
/// for shortcut signatures). Every libcrypto call of the module is in this file.
///
/// The context is kept as an address so that a copy can hand it to the thread that hashes
/// while the calling thread reads and writes; the copier orders every use of it.
struct SHA256Digest: Sendable {
  private let address: Int

  /// Starts a digest; nil only when libcrypto cannot allocate one.
  init?() {
    guard let context = EVP_MD_CTX_new() else { return nil }
    guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
      EVP_MD_CTX_free(context)
      return nil
    }
    address = Int(bitPattern: UnsafeMutableRawPointer(context))
  }

  private var context: OpaquePointer? {
    UnsafeMutableRawPointer(bitPattern: address).map(OpaquePointer.init)
  }

  /// Adds `bytes`.
  func update(_ bytes: UnsafeRawBufferPointer) {
    _ = EVP_DigestUpdate(context, bytes.baseAddress, bytes.count)
  }

  /// The digest of everything added, as lower-case hexadecimal; frees the context, so call it
  /// once and then nothing else.
  func finish() -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    _ = EVP_DigestFinal_ex(context, &digest, &length)
    EVP_MD_CTX_free(context)
    return Self.hex(digest.prefix(Int(length)))
  }

  /// Frees the context without a result (a copy that failed).
  func discard() {
    EVP_MD_CTX_free(context)
  }

  /// SHA-256 of bytes in memory, as hexadecimal.
  static func hex(of bytes: UnsafeRawBufferPointer) -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    _ = EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil)
    return hex(digest.prefix(Int(length)))
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
}
