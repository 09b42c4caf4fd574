/// Little-endian integers in byte arrays, as Apple Encrypted Archive stores them.
extension [UInt8] {
  mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }

  func littleEndian<T: FixedWidthInteger>(at offset: Int, as type: T.Type) -> T {
    withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
  }
}
