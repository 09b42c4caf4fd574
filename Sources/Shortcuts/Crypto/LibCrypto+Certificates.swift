internal import COpenSSL
import Digests
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// X.509 and CMS through libcrypto. With LibCrypto.swift, the only place that calls OpenSSL.
extension LibCrypto {
  /// Parses a DER certificate, runs `body` with it and frees it.
  static func withCertificate<T>(_ der: [UInt8], _ body: (OpaquePointer) -> T) -> T? {
    guard let crypto = functions else { return nil }
    let certificate = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
      var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
      return crypto.d2i_X509(nil, &cursor, buffer.count)
    }
    guard let certificate else {
      crypto.ERR_clear_error()
      return nil
    }
    defer { crypto.X509_free(certificate) }
    return body(certificate)
  }

  /// Subject, issuer, validity and fingerprint of a DER certificate.
  static func certificateSummary(_ der: [UInt8]) -> SigningCertificate? {
    certificateDetails(der)?.summary
  }

  /// The summary and, for P-256 keys, the uncompressed public point, from one parse.
  static func certificateDetails(
    _ der: [UInt8]
  ) -> (summary: SigningCertificate, publicKeyX963: [UInt8]?)? {
    guard let crypto = functions, let fingerprint = try? SHA256Digest.bytes(of: der) else {
      return nil
    }
    return withCertificate(der) { certificate in
      let summary = SigningCertificate(
        subject: name(crypto.X509_get_subject_name(certificate)),
        issuer: name(crypto.X509_get_issuer_name(certificate)),
        notBefore: date(crypto.X509_get0_notBefore(certificate)) ?? .distantPast,
        notAfter: date(crypto.X509_get0_notAfter(certificate)) ?? .distantPast,
        sha256Fingerprint: Hex.string(fingerprint, uppercase: true))
      return (summary, p256Point(certificate))
    }
  }

  /// The subject public key bits when they are an uncompressed P-256 point.
  static func p256Point(_ certificate: OpaquePointer) -> [UInt8]? {
    guard let crypto = functions else { return nil }
    guard let key = crypto.X509_get0_pubkey(certificate),
      crypto.EVP_PKEY_get_base_id(key) == EVP_PKEY_EC,
      crypto.EVP_PKEY_get_bits(key) == 256, let bits = crypto.X509_get0_pubkey_bitstr(certificate),
      let data = crypto.ASN1_STRING_get0_data(bits)
    else {
      crypto.ERR_clear_error()
      return nil
    }
    let point = Array(UnsafeBufferPointer(start: data, count: Int(crypto.ASN1_STRING_length(bits))))
    return point.count == 65 && point[0] == 0x04 ? point : nil
  }

  static func name(_ name: OpaquePointer?) -> String {
    guard let name, let crypto = functions, let bio = crypto.BIO_new(crypto.BIO_s_mem()) else {
      return ""
    }
    defer { _ = crypto.BIO_free(bio) }
    // XN_FLAG_RFC2253 without ASN1_STRFLGS_ESC_MSB, so UTF-8 names stay readable (the macro is
    // a compound expression Swift does not import).
    let flags: UInt = 0x1 | 0x2 | 0x10 | 0x100 | 0x200 | (1 << 16) | (1 << 20) | (1 << 24)
    _ = crypto.X509_NAME_print_ex(bio, name, 0, flags)
    var text: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    while true {
      let count = crypto.BIO_read(bio, &chunk, Int32(chunk.count))
      if count <= 0 { break }
      text += chunk.prefix(Int(count))
    }
    return String(decoding: text, as: UTF8.self)
  }

  static func date(_ time: UnsafePointer<ASN1_TIME>?) -> Date? {
    guard let time, let crypto = functions else { return nil }
    var parts = tm()
    guard crypto.ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
  }

  /// The uncompressed P-256 public point of a certificate, when its key is P-256.
  static func certificatePublicKeyX963(_ der: [UInt8]) -> [UInt8]? {
    withCertificate(der) { p256Point($0) } ?? nil
  }

  /// Verifies a SHA-256 RSA-PSS signature with a certificate's public key.
  static func verifyPSS(certificate: [UInt8], signature: [UInt8], message: [UInt8]) -> Bool {
    guard let crypto = functions else { return false }
    return withCertificate(certificate) { certificate -> Bool in
      guard let key = crypto.X509_get0_pubkey(certificate) else { return false }
      return message.withUnsafeBytes {
        verify(key: key, signature: signature, message: $0, pss: true)
      }
    } ?? false
  }

  /// Validates `chain` (leaf first, then intermediates) up to `anchor`, ignoring validity
  /// dates (Apple accepts shortcuts signed while the certificates were valid).
  /// - Returns: nil when the path validates, else OpenSSL's reason.
  static func verifyChain(_ chain: [[UInt8]], anchor: [UInt8]) -> String? {
    guard let crypto = functions else { return loadFailure }
    guard !chain.isEmpty else { return "the certificate chain is empty" }
    var parsed: [OpaquePointer] = []
    defer {
      for certificate in parsed { crypto.X509_free(certificate) }
    }
    for der in chain + [anchor] {
      let certificate = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
        var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
        return crypto.d2i_X509(nil, &cursor, buffer.count)
      }
      guard let certificate else {
        crypto.ERR_clear_error()
        return der == anchor
          ? "the root certificate cannot be parsed"
          : "a certificate in the"
            + " chain cannot be parsed"
      }
      parsed.append(certificate)
    }
    guard let store = crypto.X509_STORE_new(), let context = crypto.X509_STORE_CTX_new(),
      let untrusted = crypto.OPENSSL_sk_new_null()
    else { return "OpenSSL could not allocate a certificate store" }
    defer {
      crypto.X509_STORE_CTX_free(context)
      crypto.X509_STORE_free(store)
      crypto.OPENSSL_sk_free(untrusted)
    }
    guard let root = parsed.last, crypto.X509_STORE_add_cert(store, root) == 1 else {
      return lastError("the root certificate cannot be added to the store")
    }
    for certificate in parsed.dropFirst().dropLast() {
      _ = crypto.OPENSSL_sk_push(untrusted, UnsafeRawPointer(certificate))
    }
    guard crypto.X509_STORE_CTX_init(context, store, parsed[0], untrusted) == 1 else {
      return lastError("the certificate store cannot be set up")
    }
    crypto.X509_STORE_CTX_set_flags(context, UInt(X509_V_FLAG_NO_CHECK_TIME))
    if crypto.X509_verify_cert(context) == 1 { return nil }
    let code = crypto.X509_STORE_CTX_get_error(context)
    let depth = crypto.X509_STORE_CTX_get_error_depth(context)
    crypto.ERR_clear_error()
    let reason = crypto.X509_verify_cert_error_string(Int(code)).map { String(cString: $0) }
    return (reason ?? "error \(code)") + " (at depth \(depth))"
  }

  /// A CMS SignedData's signature check, its content and its signer certificates.
  struct CMSResult {
    var content: [UInt8]
    /// DER of every certificate the CMS carries, signer first.
    var certificates: [[UInt8]]
  }

  /// Verifies the signature of a DER CMS SignedData (not the signer's path, which the caller
  /// checks with `verifyChain`) and returns its content and certificates.
  static func verifyCMS(_ der: [UInt8]) -> Result<CMSResult, CryptoFailure> {
    guard let crypto = functions else { return .failure(CryptoFailure(loadFailure)) }
    let cms = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
      var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
      return crypto.d2i_CMS_ContentInfo(nil, &cursor, buffer.count)
    }
    guard let cms else { return .failure(CryptoFailure(lastError("not a CMS structure"))) }
    defer { crypto.CMS_ContentInfo_free(cms) }
    guard let output = crypto.BIO_new(crypto.BIO_s_mem()) else {
      return .failure(CryptoFailure("OpenSSL could not allocate a buffer"))
    }
    defer { _ = crypto.BIO_free(output) }
    guard crypto.CMS_verify(cms, nil, nil, nil, output, UInt32(CMS_NO_SIGNER_CERT_VERIFY)) == 1
    else {
      return .failure(CryptoFailure(lastError("the CMS signature does not verify")))
    }
    var content: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = crypto.BIO_read(output, &chunk, Int32(chunk.count))
      if count <= 0 { break }
      content += chunk.prefix(Int(count))
    }
    var certificates: [[UInt8]] = []
    if let signers = crypto.CMS_get0_signers(cms) {
      certificates += derList(signers)
      crypto.OPENSSL_sk_free(signers)
    }
    if let all = crypto.CMS_get1_certs(cms) {
      for der in derList(all) where !certificates.contains(der) { certificates.append(der) }
      // sk_X509_pop_free, without a C callback that would have to reach the loaded table.
      for index in 0..<crypto.OPENSSL_sk_num(all) {
        if let certificate = crypto.OPENSSL_sk_value(all, index) {
          crypto.X509_free(OpaquePointer(certificate))
        }
      }
      crypto.OPENSSL_sk_free(all)
    }
    return .success(CMSResult(content: content, certificates: certificates))
  }

  static func derList(_ stack: OpaquePointer) -> [[UInt8]] {
    guard let crypto = functions else { return [] }
    return (0..<crypto.OPENSSL_sk_num(stack)).compactMap { index in
      guard let certificate = crypto.OPENSSL_sk_value(stack, index) else { return nil }
      var der: UnsafeMutablePointer<UInt8>?
      let length = crypto.i2d_X509(OpaquePointer(certificate), &der)
      guard length > 0, let der else { return nil }
      defer { crypto.CRYPTO_free(der, #fileID, #line) }
      return Array(UnsafeBufferPointer(start: der, count: Int(length)))
    }
  }
}

/// A libcrypto failure with OpenSSL's message.
struct CryptoFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
