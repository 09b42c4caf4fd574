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

/// How each segment of an archive is compressed, by the one-character code in the root header.
public enum AEACompressionAlgorithm: UInt8, Sendable, Codable {
  /// Stored as is (`-`).
  case none = 0x2D
  /// LZ4 (`4`).
  case lz4 = 0x34
  /// LZBITMAP (`b`).
  case lzbitmap = 0x62
  /// LZFSE (`e`), what shortcuts use.
  case lzfse = 0x65
  /// LZVN (`f`).
  case lzvn = 0x66
  /// LZMA (`x`).
  case lzma = 0x78
  /// zlib (`z`).
  case zlib = 0x7A

  /// The name used in messages.
  public var name: String {
    switch self {
    case .none: "none"
    case .lz4: "LZ4"
    case .lzbitmap: "LZBITMAP"
    case .lzfse: "LZFSE"
    case .lzvn: "LZVN"
    case .lzma: "LZMA"
    case .zlib: "zlib"
    }
  }
}

/// The checksum stored with each segment.
public enum AEAChecksumAlgorithm: UInt8, Sendable, Codable {
  /// No checksum.
  case none = 0
  /// 64-bit Murmur hash.
  case murmur64 = 1
  /// SHA-256, what shortcuts use.
  case sha256 = 2

  /// Checksum size in bytes.
  public var size: Int {
    switch self {
    case .none: 0
    case .murmur64: 8
    case .sha256: 32
    }
  }
}

/// The root header of an archive: sizes and algorithms for the whole payload.
public struct AEARootHeader: Sendable, Equatable, Codable {
  /// Size of the decoded payload in bytes.
  public var rawSize: UInt64
  /// Size of the whole archive file in bytes.
  public var containerSize: UInt64
  /// Decoded size of a full segment.
  public var segmentSize: UInt32
  /// Number of segment headers in each cluster.
  public var segmentsPerCluster: UInt32
  /// How segments are compressed.
  public var compressionAlgorithm: AEACompressionAlgorithm
  /// Which checksum protects each segment.
  public var checksumAlgorithm: AEAChecksumAlgorithm

  /// The root header's size in the file.
  public static let encodedSize = 48

  /// Creates a root header.
  public init(
    rawSize: UInt64, containerSize: UInt64, segmentSize: UInt32, segmentsPerCluster: UInt32,
    compressionAlgorithm: AEACompressionAlgorithm, checksumAlgorithm: AEAChecksumAlgorithm
  ) {
    self.rawSize = rawSize
    self.containerSize = containerSize
    self.segmentSize = segmentSize
    self.segmentsPerCluster = segmentsPerCluster
    self.compressionAlgorithm = compressionAlgorithm
    self.checksumAlgorithm = checksumAlgorithm
  }

  /// The 48 bytes as stored (little-endian, 22 zero bytes of padding).
  var encoded: [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendLittleEndian(rawSize)
    bytes.appendLittleEndian(containerSize)
    bytes.appendLittleEndian(segmentSize)
    bytes.appendLittleEndian(segmentsPerCluster)
    bytes.append(compressionAlgorithm.rawValue)
    bytes.append(checksumAlgorithm.rawValue)
    bytes += [UInt8](repeating: 0, count: 22)
    return bytes
  }
}

/// One segment header: sizes and checksum of a stretch of the payload.
public struct AEASegmentHeader: Sendable, Equatable, Codable {
  /// Decoded size in bytes.
  public var originalSize: UInt32
  /// Stored size in bytes; equal to `originalSize` when the segment is stored uncompressed.
  public var encodedSize: UInt32
  /// Checksum of the decoded bytes.
  public var checksum: [UInt8]

  /// Whether the segment is stored without compression.
  public var isStored: Bool { encodedSize >= originalSize }
}

extension [UInt8] {
  mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }

  func littleEndian<T: FixedWidthInteger>(at offset: Int, as type: T.Type) -> T {
    withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
  }
}
