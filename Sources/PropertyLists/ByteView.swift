/// Bytes read by the scanners, every access checked against the end (in release builds too,
/// so a scanner bug stops the process instead of reading past the input).
struct ByteView {
  let base: UnsafeRawBufferPointer

  var count: Int { base.count }

  subscript(_ index: Int) -> UInt8 {
    precondition(index >= 0 && index < base.count, "property list scan read out of range")
    return base[index]
  }

  /// The big-endian unsigned integer of `size` (1 to 8) bytes at `offset`.
  func integer(at offset: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in offset..<(offset + size) { value = value << 8 | UInt64(self[index]) }
    return value
  }

  /// Whether the bytes at `offset` are `ascii`.
  func matches(_ ascii: String, at offset: Int) -> Bool {
    let pattern = ascii.utf8
    guard offset >= 0, offset + pattern.count <= count else { return false }
    return zip(pattern, offset...).allSatisfy { $0 == self[$1] }
  }

  /// The first position at or after `offset` where `ascii` starts, if any.
  func firstIndex(of ascii: String, from offset: Int) -> Int? {
    let pattern = Array(ascii.utf8)
    guard let first = pattern.first else { return offset }
    var position = offset
    while let found = firstIndex(of: first, from: position) {
      if matches(ascii, at: found) { return found }
      position = found + 1
    }
    return nil
  }

  /// The first position at or after `offset` and before `end` (the end of the bytes by
  /// default) holding `byte`, if any.
  func firstIndex(of byte: UInt8, from offset: Int, before end: Int? = nil) -> Int? {
    let end = min(end ?? count, count)
    var position = max(0, offset)
    while position < end {
      if base[position] == byte { return position }
      position += 1
    }
    return nil
  }
}
