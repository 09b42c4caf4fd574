/// Cheap, deterministic mutations of a valid input, for the seeded fuzz tests.
public enum ByteMutation {
  /// One to four mutations: flip a bit, overwrite a byte with an interesting value, truncate,
  /// duplicate a slice, write a random byte, or write a large little-endian length.
  public static func mutate(_ input: [UInt8], _ generator: inout SplitMix64) -> [UInt8] {
    var bytes = input
    for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
      let index = Int.random(in: 0..<bytes.count, using: &generator)
      switch generator.next() % 8 {
      case 0, 1, 2: bytes[index] ^= 1 << UInt8(generator.next() % 8)
      case 3: bytes[index] = [0, 0xFF, 0x7F, 0x80, 1][Int(generator.next() % 5)]
      case 4: bytes.removeSubrange(index...)
      case 5:
        let length = min(bytes.count - index, Int(generator.next() % 16))
        bytes.insert(contentsOf: bytes[index..<(index + length)], at: index)
      case 6: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
      default:
        // Overwrite four bytes with a large little-endian length.
        for offset in 0..<min(4, bytes.count - index) { bytes[index + offset] = 0xFF }
      }
    }
    return bytes
  }
}
