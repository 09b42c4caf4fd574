/// Bounds-checked reads of big- and little-endian integers and ASCII out of byte arrays.
/// Every read past the end yields nil or false, never a trap: the bytes come from outside.
extension Array where Element == UInt8 {
  /// Whether the bytes at `offset` equal `pattern`.
  func matches(_ pattern: [UInt8], at offset: Int = 0) -> Bool {
    guard offset >= 0, offset + pattern.count <= count else { return false }
    for index in 0..<pattern.count where self[offset + index] != pattern[index] {
      return false
    }
    return true
  }

  /// Whether the bytes at `offset` spell `ascii`.
  func matches(ascii: String, at offset: Int = 0) -> Bool {
    matches(Array(ascii.utf8), at: offset)
  }

  /// A big-endian 16-bit integer at `offset`.
  func beUInt16(at offset: Int) -> UInt16? {
    guard offset >= 0, offset + 2 <= count else { return nil }
    return UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
  }

  /// A little-endian 16-bit integer at `offset`.
  func leUInt16(at offset: Int) -> UInt16? {
    guard offset >= 0, offset + 2 <= count else { return nil }
    return UInt16(self[offset + 1]) << 8 | UInt16(self[offset])
  }

  /// A big-endian 32-bit integer at `offset`.
  func beUInt32(at offset: Int) -> UInt32? {
    guard offset >= 0, offset + 4 <= count else { return nil }
    var value: UInt32 = 0
    for index in 0..<4 { value = value << 8 | UInt32(self[offset + index]) }
    return value
  }

  /// A little-endian 32-bit integer at `offset`.
  func leUInt32(at offset: Int) -> UInt32? {
    guard offset >= 0, offset + 4 <= count else { return nil }
    var value: UInt32 = 0
    for index in (0..<4).reversed() { value = value << 8 | UInt32(self[offset + index]) }
    return value
  }

  /// A big-endian 64-bit integer at `offset`.
  func beUInt64(at offset: Int) -> UInt64? {
    guard offset >= 0, offset + 8 <= count else { return nil }
    var value: UInt64 = 0
    for index in 0..<8 { value = value << 8 | UInt64(self[offset + index]) }
    return value
  }

  /// A little-endian 64-bit integer at `offset`.
  func leUInt64(at offset: Int) -> UInt64? {
    guard offset >= 0, offset + 8 <= count else { return nil }
    var value: UInt64 = 0
    for index in (0..<8).reversed() { value = value << 8 | UInt64(self[offset + index]) }
    return value
  }

  /// `length` bytes at `offset` as a string when every byte is printable ASCII.
  func printableASCII(at offset: Int, length: Int) -> String? {
    guard offset >= 0, length >= 0, offset + length <= count else { return nil }
    let slice = self[offset..<(offset + length)]
    guard slice.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    return String(decoding: slice, as: UTF8.self)
  }

  /// The first index of `pattern` at or after `start` and before `end`.
  func firstIndex(of pattern: [UInt8], from start: Int = 0, before end: Int? = nil) -> Int? {
    let limit = Swift.min(end ?? count, count) - pattern.count
    guard let first = pattern.first, start <= limit else { return nil }
    var index = Swift.max(start, 0)
    while index <= limit {
      if self[index] == first, matches(pattern, at: index) { return index }
      index += 1
    }
    return nil
  }
}
