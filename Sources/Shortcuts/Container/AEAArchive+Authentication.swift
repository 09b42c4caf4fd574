/// One way an archive failed authentication.
public enum AEAAuthenticationFailure: Sendable, Equatable, CustomStringConvertible {
  /// The signing key is not an uncompressed P-256 point.
  case invalidSigningKey
  /// The ECDSA signature over the prologue does not verify with the signing key.
  case signature
  /// The root header's HMAC does not match (root header, auth data or first cluster MAC changed).
  case rootHeaderMAC
  /// A cluster's segment headers do not match their HMAC.
  case clusterHeaderMAC(cluster: Int)
  /// A segment's stored bytes do not match their HMAC.
  case segmentMAC(cluster: Int, segment: Int)
  /// OpenSSL could not derive a key.
  case keyDerivation(String)

  /// A message saying which check failed.
  public var description: String {
    switch self {
    case .invalidSigningKey: "the signing public key is not an uncompressed P-256 point"
    case .signature: "the ECDSA P-256 signature over the archive prologue does not verify"
    case .rootHeaderMAC: "the root header HMAC does not match (root header or auth data changed)"
    case .clusterHeaderMAC(let cluster): "the segment headers of cluster \(cluster) fail their HMAC"
    case .segmentMAC(let cluster, let segment):
      "segment \(segment) of cluster \(cluster) fails its HMAC"
    case .keyDerivation(let what): "key derivation failed: \(what)"
    }
  }
}

extension AEAArchive {
  /// Checks the ECDSA P-256 signature over the prologue and the whole HMAC chain.
  ///
  /// The chain: a main key is derived with HKDF-SHA256 from the random key and salt in the file,
  /// with info `AEA_AMK` + profile bytes + the signing public key; from it the root header key
  /// (`AEA_RHEK`), per-cluster keys (`AEA_CK` + index), cluster header keys (`AEA_CHEK`) and
  /// segment keys (`AEA_SK` + index). Each MAC is HMAC-SHA256 over salt, data and the salt's
  /// length. The signature covers the prologue, which holds the root header MAC and the first
  /// cluster's MAC, so a valid signature plus valid MACs authenticate every byte.
  /// - Parameter signingPublicKey: the signer's uncompressed P-256 point (65 bytes).
  /// - Returns: every failed check; empty when the archive is authentic.
  public func authenticate(signingPublicKey: [UInt8]) -> [AEAAuthenticationFailure] {
    guard signingPublicKey.count == 65, signingPublicKey.first == 0x04 else {
      return [.invalidSigningKey]
    }
    var failures: [AEAAuthenticationFailure] = []
    var prologue = Array(bytes[0..<prologueEnd])
    for index in signatureRange { prologue[index] = 0 }
    let signed = prologue.withUnsafeBytes {
      LibCrypto.verifyECDSA(
        publicKeyX963: signingPublicKey, signatureDER: signature, message: $0)
    }
    if !signed { failures.append(.signature) }

    let info = Array("AEA_AMK".utf8) + Array(bytes[4..<8]) + signingPublicKey
    guard let mainKey = LibCrypto.hkdfSHA256(key: randomKey, salt: salt, info: info, length: 32),
      let rootKey = derive(mainKey, "AEA_RHEK")
    else { return failures + [.keyDerivation("main or root header key")] }
    let rootSalt = firstClusterMAC + Array(authData)
    if mac(key: rootKey, data: rootHeaderRange, salt: rootSalt) != rootHeaderMAC {
      failures.append(.rootHeaderMAC)
    }
    var expectedClusterMAC = firstClusterMAC
    for cluster in clusters {
      guard let clusterKey = derive(mainKey, "AEA_CK", index: cluster.index),
        let headerKey = derive(clusterKey, "AEA_CHEK")
      else { return failures + [.keyDerivation("cluster \(cluster.index) keys")] }
      let headerSalt = cluster.nextClusterMAC + Array(bytes[cluster.segmentMACRange])
      if mac(key: headerKey, data: cluster.headerRange, salt: headerSalt) != expectedClusterMAC {
        failures.append(.clusterHeaderMAC(cluster: cluster.index))
      }
      for (segment, range) in cluster.segmentRanges.enumerated() {
        guard let segmentKey = derive(clusterKey, "AEA_SK", index: segment) else {
          return failures + [.keyDerivation("segment \(segment) key")]
        }
        let stored = cluster.segmentMACRange.lowerBound + 32 * segment
        if mac(key: segmentKey, data: range, salt: []) != Array(bytes[stored..<(stored + 32)]) {
          failures.append(.segmentMAC(cluster: cluster.index, segment: segment))
        }
      }
      expectedClusterMAC = cluster.nextClusterMAC
    }
    return failures
  }

  func derive(_ key: [UInt8], _ label: String, index: Int? = nil) -> [UInt8]? {
    var info = Array(label.utf8)
    if let index { info.appendLittleEndian(UInt32(truncatingIfNeeded: index)) }
    return LibCrypto.hkdfSHA256(key: key, salt: [], info: info, length: 32)
  }

  /// HMAC-SHA256(key, salt || data || UInt64(salt.count)) over a range of the file.
  func mac(key: [UInt8], data: Range<Int>, salt: [UInt8]) -> [UInt8]? {
    AEAArchive.mac(key: key, bytes: bytes, range: data, salt: salt)
  }

  static func mac(key: [UInt8], bytes: [UInt8], range: Range<Int>, salt: [UInt8]) -> [UInt8]? {
    var length: [UInt8] = []
    length.appendLittleEndian(UInt64(salt.count))
    return bytes.withUnsafeBytes { all in
      salt.withUnsafeBytes { saltBytes in
        length.withUnsafeBytes { lengthBytes in
          LibCrypto.hmacSHA256(
            key: key,
            parts: [saltBytes, UnsafeRawBufferPointer(rebasing: all[range]), lengthBytes])
        }
      }
    }
  }
}
