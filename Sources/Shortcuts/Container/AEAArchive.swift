import Foundation

/// A parsed Apple Encrypted Archive, profile 0 (signed, not encrypted).
///
/// Layout: `AEA1`, profile (24 bits), scrypt strength (8 bits), auth data size (32 bits), the auth
/// data, a 128-byte ECDSA signature (DER, zero padded), a 32-byte random key, a 32-byte salt, the
/// root header MAC, the 48-byte root header, the first cluster header MAC (this is where the
/// signed prologue ends), then the clusters. All integers are little-endian.
///
/// `init` checks structure only; `payload()` checks checksums and decompresses;
/// `authenticate(signingPublicKey:)` checks the signature and the HMAC chain.
public struct AEAArchive: Sendable {
  /// The profile from the header.
  public let profile: AEAProfile
  /// The auth data: for a shortcut, a binary property list describing the signer.
  public let authData: Data
  /// The signature over the prologue, DER, with the zero padding removed.
  public let signature: [UInt8]
  /// The root header.
  public let rootHeader: AEARootHeader
  /// Every cluster that carries payload.
  public let clusters: [AEACluster]

  let bytes: [UInt8]
  let authDataRange: Range<Int>
  let signatureRange: Range<Int>
  let randomKey: [UInt8]
  let salt: [UInt8]
  let rootHeaderMAC: [UInt8]
  let rootHeaderRange: Range<Int>
  let firstClusterMAC: [UInt8]
  /// End of the signed prologue (after the first cluster header MAC).
  let prologueEnd: Int

  /// Size of the signature field for profile 0.
  static let signatureFieldSize = 128

  /// Parses the archive's structure.
  /// - Throws: `AEAError` naming the part that is wrong and its offset.
  public init(_ data: Data, limits: AEALimits = .default) throws(AEAError) {
    try self.init(bytes: [UInt8](data), limits: limits)
  }

  init(bytes: [UInt8], limits: AEALimits) throws(AEAError) {
    self.bytes = bytes
    var reader = AEAReader(bytes: bytes)
    let magic = try reader.take(4, "header")
    guard magic == Array("AEA1".utf8) else { throw .wrongMagic(magic) }
    let profileAndStrength: UInt32 = try reader.integer("header")
    let profileID = profileAndStrength & 0xFF_FFFF
    guard let profile = AEAProfile(rawValue: profileID) else {
      throw .unsupportedProfile(profileID, name: "unknown")
    }
    guard profile == .hkdfSHA256HMACNoneECDSAP256 else {
      throw .unsupportedProfile(profileID, name: profile.name)
    }
    guard profileAndStrength >> 24 == 0 else {
      throw .invalidField(
        "scrypt strength", value: UInt64(profileAndStrength >> 24), offset: 7)
    }
    self.profile = profile
    let authSize: UInt32 = try reader.integer("header")
    guard Int(authSize) <= limits.maximumAuthDataSize else {
      throw .invalidField("auth data size", value: UInt64(authSize), offset: 8)
    }
    authDataRange = try reader.range(Int(authSize), "auth data")
    authData = Data(bytes[authDataRange])
    signatureRange = try reader.range(Self.signatureFieldSize, "signature")
    signature = Self.trimmedSignature(Array(bytes[signatureRange]))
    randomKey = try reader.take(32, "random key")
    salt = try reader.take(32, "salt")
    rootHeaderMAC = try reader.take(32, "root header MAC")
    rootHeaderRange = try reader.range(AEARootHeader.encodedSize, "root header")
    firstClusterMAC = try reader.take(32, "first cluster header MAC")
    prologueEnd = reader.offset
    rootHeader = try Self.parseRootHeader(bytes, at: rootHeaderRange.lowerBound, limits: limits)
    guard rootHeader.containerSize == UInt64(bytes.count) else {
      throw .containerSizeMismatch(declared: rootHeader.containerSize, actual: bytes.count)
    }
    clusters = try Self.parseClusters(&reader, rootHeader: rootHeader)
    if reader.offset != bytes.count {
      throw .trailingBytes(count: bytes.count - reader.offset, offset: reader.offset)
    }
  }

  /// A DER ECDSA signature is a SEQUENCE whose length is in its second byte; the rest of the
  /// 128-byte field is zero padding.
  static func trimmedSignature(_ field: [UInt8]) -> [UInt8] {
    guard field.count >= 2, field[0] == 0x30, field[1] < 0x80, Int(field[1]) + 2 <= field.count
    else { return field }
    return Array(field.prefix(Int(field[1]) + 2))
  }

  static func parseRootHeader(
    _ bytes: [UInt8], at offset: Int, limits: AEALimits
  ) throws(AEAError) -> AEARootHeader {
    let rawSize = bytes.littleEndian(at: offset, as: UInt64.self)
    let containerSize = bytes.littleEndian(at: offset + 8, as: UInt64.self)
    let segmentSize = bytes.littleEndian(at: offset + 16, as: UInt32.self)
    let perCluster = bytes.littleEndian(at: offset + 20, as: UInt32.self)
    guard rawSize <= limits.maximumRawSize else {
      throw .invalidField("raw size (over the limit)", value: rawSize, offset: offset)
    }
    guard segmentSize > 0, segmentSize <= limits.maximumSegmentSize else {
      throw .invalidField("segment size", value: UInt64(segmentSize), offset: offset + 16)
    }
    guard perCluster > 0, perCluster <= limits.maximumSegmentsPerCluster else {
      throw .invalidField("segments per cluster", value: UInt64(perCluster), offset: offset + 20)
    }
    guard let compression = AEACompressionAlgorithm(rawValue: bytes[offset + 24]) else {
      throw .invalidField(
        "compression algorithm", value: UInt64(bytes[offset + 24]), offset: offset + 24)
    }
    guard let checksum = AEAChecksumAlgorithm(rawValue: bytes[offset + 25]) else {
      throw .invalidField(
        "checksum algorithm", value: UInt64(bytes[offset + 25]), offset: offset + 25)
    }
    return AEARootHeader(
      rawSize: rawSize, containerSize: containerSize, segmentSize: segmentSize,
      segmentsPerCluster: perCluster, compressionAlgorithm: compression,
      checksumAlgorithm: checksum)
  }

  static func parseClusters(
    _ reader: inout AEAReader, rootHeader: AEARootHeader
  ) throws(AEAError) -> [AEACluster] {
    let perCluster = Int(rootHeader.segmentsPerCluster)
    let headerSize = 8 + rootHeader.checksumAlgorithm.size
    var remaining = rootHeader.rawSize
    var clusters: [AEACluster] = []
    while remaining > 0 {
      let index = clusters.count
      let headerRange = try reader.range(
        perCluster * headerSize, "segment headers of cluster \(index)")
      let nextMAC = try reader.take(32, "next cluster MAC of cluster \(index)")
      let macRange = try reader.range(perCluster * 32, "segment MACs of cluster \(index)")
      var segments: [AEASegmentHeader] = []
      var ranges: [Range<Int>] = []
      for slot in 0..<perCluster where remaining > 0 {
        let at = headerRange.lowerBound + slot * headerSize
        let header = AEASegmentHeader(
          originalSize: reader.bytes.littleEndian(at: at, as: UInt32.self),
          encodedSize: reader.bytes.littleEndian(at: at + 4, as: UInt32.self),
          checksum: Array(reader.bytes[(at + 8)..<(at + headerSize)]))
        let original = UInt64(header.originalSize)
        guard original > 0, original <= UInt64(rootHeader.segmentSize), original <= remaining,
          header.encodedSize > 0, header.encodedSize <= header.originalSize
        else {
          throw .invalidField(
            "segment \(slot) of cluster \(index) sizes (original \(header.originalSize),"
              + " stored \(header.encodedSize))",
            value: UInt64(header.encodedSize), offset: at)
        }
        // Every segment but the last holds a full segment's worth of payload.
        if original < remaining && original != UInt64(rootHeader.segmentSize) {
          throw .invalidField(
            "size of non-final segment \(slot) of cluster \(index)", value: original, offset: at)
        }
        ranges.append(
          try reader.range(Int(header.encodedSize), "segment \(slot) of cluster \(index)"))
        segments.append(header)
        remaining -= original
      }
      clusters.append(
        AEACluster(
          index: index, offset: headerRange.lowerBound, segments: segments,
          headerRange: headerRange, nextClusterMAC: nextMAC, segmentMACRange: macRange,
          segmentRanges: ranges))
    }
    return clusters
  }
}

/// A bounds-checked cursor over the archive bytes.
struct AEAReader {
  let bytes: [UInt8]
  var offset = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func range(_ count: Int, _ part: String) throws(AEAError) -> Range<Int> {
    guard count >= 0, count <= bytes.count - offset else {
      throw .truncated(
        part: part, needed: count, available: bytes.count - offset, offset: offset)
    }
    defer { offset += count }
    return offset..<(offset + count)
  }

  mutating func take(_ count: Int, _ part: String) throws(AEAError) -> [UInt8] {
    Array(bytes[try range(count, part)])
  }

  mutating func integer<T: FixedWidthInteger>(_ part: String) throws(AEAError) -> T {
    let range = try range(MemoryLayout<T>.size, part)
    return bytes.littleEndian(at: range.lowerBound, as: T.self)
  }
}
