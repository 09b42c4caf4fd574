import Digests

/// A P-256 private key held by OpenSSL, freed when the last reference goes.
final class AEASigningKey {
  let key: OpaquePointer
  /// The uncompressed public point.
  let publicKey: [UInt8]

  /// Generates a fresh key; nil when OpenSSL cannot.
  init?() {
    guard let key = LibCrypto.generateP256Key() else { return nil }
    guard let publicKey = LibCrypto.publicKeyX963(of: key) else {
      LibCrypto.free(key: key)
      return nil
    }
    self.key = key
    self.publicKey = publicKey
  }

  /// Loads a PEM P-256 private key; nil when it cannot be read.
  init?(pem: [UInt8]) {
    guard let key = LibCrypto.privateKey(pem: pem) else { return nil }
    guard let publicKey = LibCrypto.publicKeyX963(of: key) else {
      LibCrypto.free(key: key)
      return nil
    }
    self.key = key
    self.publicKey = publicKey
  }

  deinit { LibCrypto.free(key: key) }
}

/// Writes profile 0 Apple Encrypted Archives (signed, not encrypted) with a caller's key.
///
/// This exists so the tests can build their own signed fixtures, raw and compressed, without
/// Apple's files. An archive signed with a key of our own is structurally what `shortcuts sign`
/// writes but is not trusted by iOS, which checks the signer's Apple certificates.
struct AEAWriter {
  /// One segment: its decoded bytes and the bytes to store (equal when stored raw).
  struct Segment {
    var original: [UInt8]
    var stored: [UInt8]
  }

  var segmentSize: UInt32 = 1 << 20
  var segmentsPerCluster: UInt32 = 256
  var compression: AEACompressionAlgorithm = .lzfse

  /// Splits `payload` into raw segments of `segmentSize`.
  func rawSegments(_ payload: [UInt8]) -> [Segment] {
    stride(from: 0, to: payload.count, by: Int(segmentSize)).map { start in
      let piece = Array(payload[start..<min(payload.count, start + Int(segmentSize))])
      return Segment(original: piece, stored: piece)
    }
  }

  /// Builds the archive; nil when OpenSSL fails.
  func write(segments: [Segment], authData: [UInt8], key: AEASigningKey) -> [UInt8]? {
    var random = SystemRandomNumberGenerator()
    func randomBytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in random.next() } }
    let randomKey = randomBytes(32)
    let salt = randomBytes(32)
    let profileBytes: [UInt8] = [0, 0, 0, 0]
    let info = Array("AEA_AMK".utf8) + profileBytes + key.publicKey
    guard let mainKey = LibCrypto.hkdfSHA256(key: randomKey, salt: salt, info: info, length: 32)
    else { return nil }
    func derive(_ key: [UInt8], _ label: String, _ index: Int? = nil) -> [UInt8]? {
      var info = Array(label.utf8)
      if let index { info.appendLittleEndian(UInt32(index)) }
      return LibCrypto.hkdfSHA256(key: key, salt: [], info: info, length: 32)
    }
    func mac(_ key: [UInt8], _ data: [UInt8], salt: [UInt8]) -> [UInt8]? {
      AEAArchive.mac(key: key, bytes: data, range: 0..<data.count, salt: salt)
    }

    let perCluster = Int(segmentsPerCluster)
    let groups = stride(from: 0, to: segments.count, by: perCluster).map {
      Array(segments[$0..<min(segments.count, $0 + perCluster)])
    }
    var nextMAC = randomBytes(32)
    var clusterBlobs: [[UInt8]] = []
    for (index, group) in groups.enumerated().reversed() {
      guard let clusterKey = derive(mainKey, "AEA_CK", index),
        let headerKey = derive(clusterKey, "AEA_CHEK")
      else { return nil }
      var headers: [UInt8] = []
      var macs: [UInt8] = []
      var data: [UInt8] = []
      for slot in 0..<perCluster {
        if slot < group.count {
          let segment = group[slot]
          headers.appendLittleEndian(UInt32(segment.original.count))
          headers.appendLittleEndian(UInt32(segment.stored.count))
          guard let checksum = try? SHA256Digest.bytes(of: segment.original),
            let segmentKey = derive(clusterKey, "AEA_SK", slot),
            let segmentMAC = mac(segmentKey, segment.stored, salt: [])
          else { return nil }
          headers += checksum
          macs += segmentMAC
          data += segment.stored
        } else {
          headers += [UInt8](repeating: 0, count: 40)
          macs += randomBytes(32)
        }
      }
      guard let clusterMAC = mac(headerKey, headers, salt: nextMAC + macs) else { return nil }
      clusterBlobs.insert(headers + nextMAC + macs + data, at: 0)
      nextMAC = clusterMAC
    }
    let clusterBytes = clusterBlobs.flatMap { $0 }
    let prologueSize = 12 + authData.count + 128 + 32 + 32 + 32 + 48 + 32
    let root = AEARootHeader(
      rawSize: UInt64(segments.reduce(0) { $0 + $1.original.count }),
      containerSize: UInt64(prologueSize + clusterBytes.count), segmentSize: segmentSize,
      segmentsPerCluster: segmentsPerCluster, compressionAlgorithm: compression,
      checksumAlgorithm: .sha256)
    guard let rootKey = derive(mainKey, "AEA_RHEK"),
      let rootMAC = mac(rootKey, root.encoded, salt: nextMAC + authData)
    else { return nil }
    var prologue = Array("AEA1".utf8) + profileBytes
    prologue.appendLittleEndian(UInt32(authData.count))
    prologue += authData
    let signatureOffset = prologue.count
    prologue += [UInt8](repeating: 0, count: 128)
    prologue += randomKey + salt + rootMAC + root.encoded + nextMAC
    guard
      let signature = prologue.withUnsafeBytes({ LibCrypto.signECDSA(key: key.key, message: $0) }),
      signature.count <= 128
    else { return nil }
    prologue.replaceSubrange(
      signatureOffset..<(signatureOffset + signature.count), with: signature)
    return prologue + clusterBytes
  }
}
