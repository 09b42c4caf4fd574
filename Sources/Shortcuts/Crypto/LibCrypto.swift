internal import COpenSSL
import Foundation

/// Every call into the system libcrypto (OpenSSL 3) lives in this file, as swift-system keeps
/// its system calls in one place. Nothing here implements a cryptographic primitive: hashing,
/// HMAC, HKDF, ECDSA, RSA-PSS, X.509 path validation and CMS all come from OpenSSL.
enum LibCrypto {
  /// A message from OpenSSL's error queue, or a fallback when the queue is empty.
  static func lastError(_ fallback: String) -> String {
    let code = ERR_get_error()
    guard code != 0 else { return fallback }
    var buffer = [CChar](repeating: 0, count: 256)
    ERR_error_string_n(code, &buffer, buffer.count)
    ERR_clear_error()
    return
      "\(fallback): \(String(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))"
  }

  // MARK: Hashes and MACs

  /// SHA-256 of `bytes`.
  static func sha256(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    _ = EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil)
    return digest
  }

  /// SHA-256 of a byte array.
  static func sha256(_ bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBytes { sha256($0) }
  }

  /// HMAC-SHA256 over the concatenation of `parts`, without concatenating them in memory.
  static func hmacSHA256(key: [UInt8], parts: [UnsafeRawBufferPointer]) -> [UInt8]? {
    guard
      let pkey = key.withUnsafeBufferPointer({
        EVP_PKEY_new_raw_private_key(EVP_PKEY_HMAC, nil, $0.baseAddress, $0.count)
      })
    else { return nil }
    defer { EVP_PKEY_free(pkey) }
    guard let context = EVP_MD_CTX_new() else { return nil }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pkey) == 1 else { return nil }
    for part in parts where part.count > 0 {
      guard EVP_DigestSignUpdate(context, part.baseAddress, part.count) == 1 else { return nil }
    }
    var mac = [UInt8](repeating: 0, count: 32)
    var length = mac.count
    guard EVP_DigestSignFinal(context, &mac, &length) == 1, length == 32 else { return nil }
    return mac
  }

  /// HKDF-SHA256 (RFC 5869) of `length` bytes.
  static func hkdfSHA256(key: [UInt8], salt: [UInt8], info: [UInt8], length: Int) -> [UInt8]? {
    guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nil) else { return nil }
    defer { EVP_PKEY_CTX_free(context) }
    guard EVP_PKEY_derive_init(context) == 1,
      EVP_PKEY_CTX_set_hkdf_md(context, EVP_sha256()) == 1,
      key.withUnsafeBufferPointer({
        EVP_PKEY_CTX_set1_hkdf_key(context, $0.baseAddress, Int32($0.count))
      }) == 1
    else { return nil }
    if !salt.isEmpty {
      let status = salt.withUnsafeBufferPointer {
        EVP_PKEY_CTX_set1_hkdf_salt(context, $0.baseAddress, Int32($0.count))
      }
      guard status == 1 else { return nil }
    }
    if !info.isEmpty {
      let status = info.withUnsafeBufferPointer {
        EVP_PKEY_CTX_add1_hkdf_info(context, $0.baseAddress, Int32($0.count))
      }
      guard status == 1 else { return nil }
    }
    var output = [UInt8](repeating: 0, count: length)
    var outputLength = length
    guard EVP_PKEY_derive(context, &output, &outputLength) == 1, outputLength == length else {
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
    spki.withUnsafeBufferPointer { buffer in
      var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
      return d2i_PUBKEY(nil, &cursor, buffer.count)
    }
  }

  /// Verifies an ECDSA P-256 / SHA-256 DER signature with an uncompressed (X9.63) public key.
  static func verifyECDSA(
    publicKeyX963: [UInt8], signatureDER: [UInt8], message: UnsafeRawBufferPointer
  ) -> Bool {
    guard publicKeyX963.count == 65, publicKeyX963.first == 0x04,
      let key = publicKey(spki: p256SPKIPrefix + publicKeyX963)
    else { return false }
    defer { EVP_PKEY_free(key) }
    return verify(key: key, signature: signatureDER, message: message, pss: false)
  }

  /// Verifies a SHA-256 signature with `key` (ECDSA, or RSA with PSS padding when `pss`).
  static func verify(
    key: OpaquePointer, signature: [UInt8], message: UnsafeRawBufferPointer, pss: Bool
  ) -> Bool {
    guard let context = EVP_MD_CTX_new() else { return false }
    defer { EVP_MD_CTX_free(context) }
    var keyContext: OpaquePointer?
    guard EVP_DigestVerifyInit(context, &keyContext, EVP_sha256(), nil, key) == 1 else {
      ERR_clear_error()
      return false
    }
    if pss {
      guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) == 1,
        EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_AUTO) == 1
      else {
        ERR_clear_error()
        return false
      }
    }
    let status = signature.withUnsafeBufferPointer {
      EVP_DigestVerify(context, $0.baseAddress, $0.count, message.baseAddress, message.count)
    }
    ERR_clear_error()
    return status == 1
  }

  /// A new P-256 private key (for writing test archives); the caller frees it.
  static func generateP256Key() -> OpaquePointer? {
    guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil) else { return nil }
    defer { EVP_PKEY_CTX_free(context) }
    var key: OpaquePointer?
    guard EVP_PKEY_keygen_init(context) == 1,
      EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, NID_X9_62_prime256v1) == 1,
      EVP_PKEY_keygen(context, &key) == 1
    else { return nil }
    return key
  }

  /// The uncompressed (X9.63) public point of a P-256 key.
  static func publicKeyX963(of key: OpaquePointer) -> [UInt8]? {
    var der: UnsafeMutablePointer<UInt8>?
    let length = i2d_PUBKEY(key, &der)
    guard length > 0, let der else { return nil }
    defer { CRYPTO_free(der, #fileID, #line) }
    let bytes = Array(UnsafeBufferPointer(start: der, count: Int(length)))
    guard bytes.count == 91, Array(bytes.prefix(26)) == p256SPKIPrefix else { return nil }
    return Array(bytes.suffix(65))
  }

  /// Signs `message` with ECDSA P-256 / SHA-256 and returns the DER signature.
  static func signECDSA(key: OpaquePointer, message: UnsafeRawBufferPointer) -> [UInt8]? {
    guard let context = EVP_MD_CTX_new() else { return nil }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { return nil }
    var length = 0
    guard EVP_DigestSign(context, nil, &length, message.baseAddress, message.count) == 1 else {
      return nil
    }
    var signature = [UInt8](repeating: 0, count: length)
    guard
      EVP_DigestSign(context, &signature, &length, message.baseAddress, message.count) == 1
    else { return nil }
    return Array(signature.prefix(length))
  }

  /// Reads a PEM private key (for the tests' committed signing keys); the caller frees it.
  static func privateKey(pem: [UInt8]) -> OpaquePointer? {
    pem.withUnsafeBytes { buffer -> OpaquePointer? in
      guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
      defer { BIO_free(bio) }
      let key = PEM_read_bio_PrivateKey(bio, nil, nil, nil)
      if key == nil { ERR_clear_error() }
      return key
    }
  }

  /// Frees a key returned by this file.
  static func free(key: OpaquePointer) {
    EVP_PKEY_free(key)
  }
}
