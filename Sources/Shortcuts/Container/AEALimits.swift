/// Limits that keep a hostile archive from taking unbounded memory or time.
public struct AEALimits: Sendable {
  /// Largest auth data accepted.
  public var maximumAuthDataSize: Int
  /// Largest decoded payload accepted (a decompression-bomb guard).
  public var maximumRawSize: UInt64
  /// Largest segment size accepted.
  public var maximumSegmentSize: UInt32
  /// Largest number of segments per cluster accepted.
  public var maximumSegmentsPerCluster: UInt32

  /// 1 MiB of auth data, 64 MiB of payload, 16 MiB segments, 4096 segments per cluster.
  public static let `default` = AEALimits(
    maximumAuthDataSize: 1 << 20, maximumRawSize: 64 << 20, maximumSegmentSize: 16 << 20,
    maximumSegmentsPerCluster: 4096)

  /// Creates limits.
  public init(
    maximumAuthDataSize: Int, maximumRawSize: UInt64, maximumSegmentSize: UInt32,
    maximumSegmentsPerCluster: UInt32
  ) {
    self.maximumAuthDataSize = maximumAuthDataSize
    self.maximumRawSize = maximumRawSize
    self.maximumSegmentSize = maximumSegmentSize
    self.maximumSegmentsPerCluster = maximumSegmentsPerCluster
  }
}
