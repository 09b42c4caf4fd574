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
