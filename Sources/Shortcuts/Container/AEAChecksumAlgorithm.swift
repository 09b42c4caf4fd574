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
