internal import COpenSSL
import Foundation
import SystemCalls

/// Every call into the system libcrypto (OpenSSL 3) lives in this file, as swift-system keeps
/// its system calls in one place. Nothing here implements a cryptographic primitive: HMAC,
/// HKDF, ECDSA, RSA-PSS, X.509 path validation and CMS all come from OpenSSL. Plain SHA-256
/// (segment checksums, certificate fingerprints) is the package's one digest, `SHA256Digest`
/// (libgcrypt, in `Digests`).
///
/// libcrypto is loaded the first time a shortcut needs it (`SharedLibrary`). When it cannot
/// be, every function here fails as it does when OpenSSL refuses (nil, false, or the loader's
/// message where the function returns a reason); `requireLibrary()` says why up front.
enum LibCrypto {
  private static let loaded = LoadedLibrary<copenssl_api>(.libcrypto) { handle in
    var missing: UnsafePointer<CChar>?
    let functions = copenssl_resolve(handle, &missing)
    return (functions?.pointee, missing.map { String(cString: $0) })
  }

  /// libcrypto's functions, or nil when the library cannot be loaded.
  static var functions: copenssl_api? {
    if case .success(let functions) = loaded.result { return functions }
    return nil
  }

  /// Loads libcrypto now.
  /// - Throws: `SharedLibraryError` naming the library and its package when it cannot be.
  static func requireLibrary() throws(SharedLibraryError) {
    _ = try loaded.result.get()
  }

  /// Why libcrypto cannot be loaded, as a message (for functions that return a reason).
  static var loadFailure: String {
    if case .failure(let error) = loaded.result { return "\(error)" }
    return "libcrypto is loaded"
  }

  /// A message from OpenSSL's error queue, or a fallback when the queue is empty.
  static func lastError(_ fallback: String) -> String {
    guard let crypto = functions else { return "\(fallback): \(loadFailure)" }
    let code = crypto.ERR_get_error()
    guard code != 0 else { return fallback }
    var buffer = [CChar](repeating: 0, count: 256)
    crypto.ERR_error_string_n(code, &buffer, buffer.count)
    crypto.ERR_clear_error()
    return
      "\(fallback): \(String(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))"
  }

  // MARK: Hashes and MACs

  /// HMAC-SHA256 over the concatenation of `parts`, without concatenating them in memory.
  static func hmacSHA256(key: [UInt8], parts: [UnsafeRawBufferPointer]) -> [UInt8]? {
    guard let crypto = functions else { return nil }
    guard
      let pkey = key.withUnsafeBufferPointer({
        crypto.EVP_PKEY_new_raw_private_key(EVP_PKEY_HMAC, nil, $0.baseAddress, $0.count)
      })
    else { return nil }
    defer { crypto.EVP_PKEY_free(pkey) }
    guard let context = crypto.EVP_MD_CTX_new() else { return nil }
    defer { crypto.EVP_MD_CTX_free(context) }
    guard crypto.EVP_DigestSignInit(context, nil, crypto.EVP_sha256(), nil, pkey) == 1 else {
      return nil
    }
    for part in parts where part.count > 0 {
      guard crypto.EVP_DigestSignUpdate(context, part.baseAddress, part.count) == 1 else {
        return nil
      }
    }
    var mac = [UInt8](repeating: 0, count: 32)
    var length = mac.count
    guard crypto.EVP_DigestSignFinal(context, &mac, &length) == 1, length == 32 else { return nil }
    return mac
  }

  /// HKDF-SHA256 (RFC 5869) of `length` bytes.
  static func hkdfSHA256(key: [UInt8], salt: [UInt8], info: [UInt8], length: Int) -> [UInt8]? {
    guard let crypto = functions else { return nil }
    guard let context = crypto.EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nil) else { return nil }
    defer { crypto.EVP_PKEY_CTX_free(context) }
    guard crypto.EVP_PKEY_derive_init(context) == 1,
      crypto.EVP_PKEY_CTX_set_hkdf_md(context, crypto.EVP_sha256()) == 1,
      key.withUnsafeBufferPointer({
        crypto.EVP_PKEY_CTX_set1_hkdf_key(context, $0.baseAddress, Int32($0.count))
      }) == 1
    else { return nil }
    if !salt.isEmpty {
      let status = salt.withUnsafeBufferPointer {
        crypto.EVP_PKEY_CTX_set1_hkdf_salt(context, $0.baseAddress, Int32($0.count))
      }
      guard status == 1 else { return nil }
    }
    if !info.isEmpty {
      let status = info.withUnsafeBufferPointer {
        crypto.EVP_PKEY_CTX_add1_hkdf_info(context, $0.baseAddress, Int32($0.count))
      }
      guard status == 1 else { return nil }
    }
    var output = [UInt8](repeating: 0, count: length)
    var outputLength = length
    guard crypto.EVP_PKEY_derive(context, &output, &outputLength) == 1, outputLength == length
    else {
      return nil
    }
    return output
  }

  // MARK: Keys and signatures

  /// The DER prefix of a SubjectPublicKeyInfo for an uncompressed P-256 point.
  static let p256SPKIPrefix: [UInt8] = [
    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08,
    0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
  ]

  /// Parses a DER SubjectPublicKeyInfo into an `EVP_PKEY`; the caller frees it.
  static func publicKey(spki: [UInt8]) -> OpaquePointer? {
    guard let crypto = functions else { return nil }
    return spki.withUnsafeBufferPointer { buffer in
      var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
      return crypto.d2i_PUBKEY(nil, &cursor, buffer.count)
    }
  }

  /// Verifies an ECDSA P-256 / SHA-256 DER signature with an uncompressed (X9.63) public key.
  static func verifyECDSA(
    publicKeyX963: [UInt8], signatureDER: [UInt8], message: UnsafeRawBufferPointer
  ) -> Bool {
    guard let crypto = functions else { return false }
    guard publicKeyX963.count == 65, publicKeyX963.first == 0x04,
      let key = publicKey(spki: p256SPKIPrefix + publicKeyX963)
    else { return false }
    defer { crypto.EVP_PKEY_free(key) }
    return verify(key: key, signature: signatureDER, message: message, pss: false)
  }

  /// Verifies a SHA-256 signature with `key` (ECDSA, or RSA with PSS padding when `pss`).
  static func verify(
    key: OpaquePointer, signature: [UInt8], message: UnsafeRawBufferPointer, pss: Bool
  ) -> Bool {
    guard let crypto = functions else { return false }
    guard let context = crypto.EVP_MD_CTX_new() else { return false }
    defer { crypto.EVP_MD_CTX_free(context) }
    var keyContext: OpaquePointer?
    guard crypto.EVP_DigestVerifyInit(context, &keyContext, crypto.EVP_sha256(), nil, key) == 1
    else {
      crypto.ERR_clear_error()
      return false
    }
    if pss {
      guard crypto.EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) == 1,
        crypto.EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_AUTO) == 1
      else {
        crypto.ERR_clear_error()
        return false
      }
    }
    let status = signature.withUnsafeBufferPointer {
      crypto.EVP_DigestVerify(context, $0.baseAddress, $0.count, message.baseAddress, message.count)
    }
    crypto.ERR_clear_error()
    return status == 1
  }

  /// A new P-256 private key (for writing test archives); the caller frees it.
  static func generateP256Key() -> OpaquePointer? {
    guard let crypto = functions else { return nil }
    guard let context = crypto.EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil) else { return nil }
    defer { crypto.EVP_PKEY_CTX_free(context) }
    var key: OpaquePointer?
    guard crypto.EVP_PKEY_keygen_init(context) == 1,
      crypto.EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, NID_X9_62_prime256v1) == 1,
      crypto.EVP_PKEY_keygen(context, &key) == 1
    else { return nil }
    return key
  }

  /// The uncompressed (X9.63) public point of a P-256 key.
  static func publicKeyX963(of key: OpaquePointer) -> [UInt8]? {
    guard let crypto = functions else { return nil }
    var der: UnsafeMutablePointer<UInt8>?
    let length = crypto.i2d_PUBKEY(key, &der)
    guard length > 0, let der else { return nil }
    defer { crypto.CRYPTO_free(der, #fileID, #line) }
    let bytes = Array(UnsafeBufferPointer(start: der, count: Int(length)))
    guard bytes.count == 91, Array(bytes.prefix(26)) == p256SPKIPrefix else { return nil }
    return Array(bytes.suffix(65))
  }

  /// Signs `message` with ECDSA P-256 / SHA-256 and returns the DER signature.
  static func signECDSA(key: OpaquePointer, message: UnsafeRawBufferPointer) -> [UInt8]? {
    guard let crypto = functions else { return nil }
    guard let context = crypto.EVP_MD_CTX_new() else { return nil }
    defer { crypto.EVP_MD_CTX_free(context) }
    guard crypto.EVP_DigestSignInit(context, nil, crypto.EVP_sha256(), nil, key) == 1 else {
      return nil
    }
    var length = 0
    guard crypto.EVP_DigestSign(context, nil, &length, message.baseAddress, message.count) == 1
    else {
      return nil
    }
    var signature = [UInt8](repeating: 0, count: length)
    guard
      crypto.EVP_DigestSign(context, &signature, &length, message.baseAddress, message.count) == 1
    else { return nil }
    return Array(signature.prefix(length))
  }

  /// Reads a PEM private key (for the tests' committed signing keys); the caller frees it.
  static func privateKey(pem: [UInt8]) -> OpaquePointer? {
    guard let crypto = functions else { return nil }
    return pem.withUnsafeBytes { buffer -> OpaquePointer? in
      guard let bio = crypto.BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else {
        return nil
      }
      defer { _ = crypto.BIO_free(bio) }
      let key = crypto.PEM_read_bio_PrivateKey(bio, nil, nil, nil)
      if key == nil { crypto.ERR_clear_error() }
      return key
    }
  }

  /// Frees a key returned by this file.
  static func free(key: OpaquePointer) {
    functions?.EVP_PKEY_free(key)
  }
}
