import SystemCalls

/// HMAC-SHA256 (RFC 2104) over the package's one SHA-256, `SHA256Digest`: no libgcrypt call
/// of its own.
///
/// `ShareServer` keeps a browser's pairing cookie as the HMAC of the token it paired with,
/// under a key made at start and held in memory only, so the cookie is never the token itself.
package enum HMACSHA256 {
  /// SHA-256's block size in bytes.
  private static let blockSize = 64

  /// The 32-byte HMAC-SHA256 of `message` under `key`.
  /// - Throws: `SharedLibraryError` when libgcrypt cannot be loaded.
  package static func authenticationCode(key: [UInt8], message: [UInt8]) throws(SharedLibraryError)
    -> [UInt8]
  {
    var block = key.count > blockSize ? try SHA256Digest.bytes(of: key) : key
    block += [UInt8](repeating: 0, count: blockSize - block.count)
    let inner = try SHA256Digest.bytes(of: block.map { $0 ^ 0x36 } + message)
    return try SHA256Digest.bytes(of: block.map { $0 ^ 0x5C } + inner)
  }
}
