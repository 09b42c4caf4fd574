/// The profiles of Apple Encrypted Archive, as `AEAContext` names them.
public enum AEAProfile: UInt32, Sendable, CaseIterable, Codable {
  /// No encryption, signed with ECDSA P-256: what signed shortcuts use.
  case hkdfSHA256HMACNoneECDSAP256 = 0
  /// Symmetric key encryption, unsigned.
  case hkdfSHA256AESCTRHMACSymmetricNone = 1
  /// Symmetric key encryption, signed.
  case hkdfSHA256AESCTRHMACSymmetricECDSAP256 = 2
  /// ECDHE public key encryption, unsigned.
  case hkdfSHA256AESCTRHMACECDHEP256None = 3
  /// ECDHE public key encryption, signed.
  case hkdfSHA256AESCTRHMACECDHEP256ECDSAP256 = 4
  /// Password (scrypt) encryption, unsigned.
  case hkdfSHA256AESCTRHMACScryptNone = 5

  /// Apple's spelling of the profile name.
  public var name: String {
    switch self {
    case .hkdfSHA256HMACNoneECDSAP256: "hkdf_sha256_hmac__none__ecdsa_p256"
    case .hkdfSHA256AESCTRHMACSymmetricNone: "hkdf_sha256_aesctr_hmac__symmetric__none"
    case .hkdfSHA256AESCTRHMACSymmetricECDSAP256: "hkdf_sha256_aesctr_hmac__symmetric__ecdsa_p256"
    case .hkdfSHA256AESCTRHMACECDHEP256None: "hkdf_sha256_aesctr_hmac__ecdhe_p256__none"
    case .hkdfSHA256AESCTRHMACECDHEP256ECDSAP256:
      "hkdf_sha256_aesctr_hmac__ecdhe_p256__ecdsa_p256"
    case .hkdfSHA256AESCTRHMACScryptNone: "hkdf_sha256_aesctr_hmac__scrypt__none"
    }
  }
}
