import Digests

extension AEAArchive {
  /// The decoded payload: every segment decompressed and checked against its checksum.
  ///
  /// A segment whose stored size equals its decoded size is stored as is, whatever the root
  /// header's compression algorithm says (Apple's encoder keeps a segment raw when compression
  /// does not help).
  /// - Throws: `AEAError` naming the cluster and segment that failed.
  public func payload() throws(AEAError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(Int(rootHeader.rawSize))
    for cluster in clusters {
      for (index, header) in cluster.segments.enumerated() {
        let range = cluster.segmentRanges[index]
        let decoded = try decodeSegment(
          Array(bytes[range]), header: header, cluster: cluster.index, segment: index)
        try checkChecksum(decoded, header: header, cluster: cluster.index, segment: index)
        output += decoded
      }
    }
    return output
  }

  func decodeSegment(
    _ stored: [UInt8], header: AEASegmentHeader, cluster: Int, segment: Int
  ) throws(AEAError) -> [UInt8] {
    if header.isStored { return stored }
    switch rootHeader.compressionAlgorithm {
    case .none:
      throw .segmentDecoding(
        cluster: cluster, segment: segment,
        reason: "the archive is uncompressed but the segment's stored size differs")
    case .lzfse:
      let decoded: [UInt8]
      do {
        decoded = try LZFSE.decompress(stored, maximumOutputSize: Int(header.originalSize))
      } catch {
        throw .segmentDecompression(cluster: cluster, segment: segment, error)
      }
      guard decoded.count == Int(header.originalSize) else {
        throw .segmentDecoding(
          cluster: cluster, segment: segment,
          reason: "decoded \(decoded.count) bytes, the header says \(header.originalSize)")
      }
      return decoded
    case .lz4, .lzbitmap, .lzvn, .lzma, .zlib:
      throw .unsupportedAlgorithm("\(rootHeader.compressionAlgorithm.name) compression")
    }
  }

  func checkChecksum(
    _ decoded: [UInt8], header: AEASegmentHeader, cluster: Int, segment: Int
  ) throws(AEAError) {
    switch rootHeader.checksumAlgorithm {
    case .none: return
    case .sha256:
      let checksum: [UInt8]
      do {
        checksum = try SHA256Digest.bytes(of: decoded)
      } catch {
        throw .unsupportedAlgorithm("SHA-256 segment checksums (\(error))")
      }
      guard checksum == header.checksum else {
        throw .checksumMismatch(cluster: cluster, segment: segment)
      }
    case .murmur64:
      throw .unsupportedAlgorithm("Murmur64 segment checksums")
    }
  }
}
