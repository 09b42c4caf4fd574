/// One cluster: its segment headers and where its parts sit in the file.
public struct AEACluster: Sendable, Equatable {
  /// Position of the cluster in the archive, from 0.
  public var index: Int
  /// File offset of the cluster's segment headers.
  public var offset: Int
  /// The segment headers that describe payload (empty trailing headers are left out).
  public var segments: [AEASegmentHeader]
  /// File range of the segment headers, as authenticated by the cluster header MAC.
  var headerRange: Range<Int>
  /// MAC of the next cluster's segment headers (random bytes in the last cluster).
  var nextClusterMAC: [UInt8]
  /// File range of the segment MACs (32 bytes each, one per header slot).
  var segmentMACRange: Range<Int>
  /// File range of each described segment's stored bytes.
  var segmentRanges: [Range<Int>]
}
