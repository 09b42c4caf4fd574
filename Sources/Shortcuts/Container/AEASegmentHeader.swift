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
