/// Little builders of big-endian and little-endian fields, for hand-made containers.
enum Bytes {
  static func be32(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
  }
  static func be64(_ value: Int) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
  }
  static func le16(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
  }
  static func le32(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// An ISO BMFF box.
  static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
    be32(8 + body.count) + Array(type.utf8) + body
  }
}
