import Foundation

/// Finite State Entropy (tANS) decoding tables and the backwards bit stream LZFSE reads them
/// with.
enum FSE {
  /// Builds the literal decoding table: each entry packs bits to read (low byte), the symbol
  /// (second byte) and the next-state base (high half).
  static func buildSymbolTable(
    frequencies: UnsafeBufferPointer<UInt16>,
    states: Int,
    into table: UnsafeMutablePointer<Int32>
  ) {
    memset(table, 0, states * MemoryLayout<Int32>.stride)
    let stateZeros = (UInt32(states)).leadingZeroBitCount
    var index = 0
    for symbol in 0..<frequencies.count {
      let frequency = Int(frequencies[symbol])
      if frequency == 0 { continue }
      let k = UInt32(frequency).leadingZeroBitCount - stateZeros
      let j0 = ((2 * states) >> k) - frequency
      for j in 0..<frequency where index < states {
        let bits: Int
        let delta: Int
        if j < j0 {
          bits = k
          delta = ((frequency + j) << k) - states
        } else {
          bits = k - 1
          delta = (j - j0) << (k - 1)
        }
        table[index] = Int32(truncatingIfNeeded: delta << 16 | symbol << 8 | bits)
        index += 1
      }
    }
  }

  /// Builds a value decoding table (for L, M and D): each entry packs total bits to read (state
  /// bits plus extra value bits), the extra value bits, the next-state base and the value base.
  static func buildValueTable(
    frequencies: UnsafeBufferPointer<UInt16>,
    states: Int,
    extraBits: [UInt8],
    baseValues: [Int32],
    into table: UnsafeMutablePointer<UInt64>
  ) {
    memset(table, 0, states * MemoryLayout<UInt64>.stride)
    let stateZeros = (UInt32(states)).leadingZeroBitCount
    var index = 0
    for symbol in 0..<frequencies.count {
      let frequency = Int(frequencies[symbol])
      if frequency == 0 { continue }
      let k = UInt32(frequency).leadingZeroBitCount - stateZeros
      let j0 = ((2 * states) >> k) - frequency
      let valueBits = UInt64(extraBits[symbol])
      let base = UInt64(UInt32(bitPattern: baseValues[symbol]))
      for j in 0..<frequency where index < states {
        let bits: Int
        let delta: Int
        if j < j0 {
          bits = k
          delta = ((frequency + j) << k) - states
        } else {
          bits = k - 1
          delta = (j - j0) << (k - 1)
        }
        table[index] =
          (UInt64(bits) + valueBits) | valueBits << 8 | UInt64(delta) << 16 | base << 32
        index += 1
      }
    }
  }
}

/// A bit stream read backwards from the end of a payload, as LZFSE writes it: the accumulator
/// holds 56 to 63 bits after each refill, enough for one group of decodes.
struct FSEBitStream {
  var accumulator: UInt64
  var bitCount: Int
  /// Offset in `base` of the lowest byte already taken into the accumulator.
  var position: Int
  let base: UnsafeRawPointer
  /// Lowest offset the stream may read (the start of the whole input, as in the reference).
  let lowerBound: Int

  /// Starts a stream whose payload ends at `end`, with the encoder's final bit count `finalBits`
  /// (-7...0).
  init?(base: UnsafeRawPointer, lowerBound: Int, end: Int, finalBits: Int) {
    self.base = base
    self.lowerBound = lowerBound
    if finalBits != 0 {
      guard end - 8 >= lowerBound else { return nil }
      position = end - 8
      accumulator = UInt64(
        littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      bitCount = finalBits + 64
    } else {
      guard end - 7 >= lowerBound else { return nil }
      position = end - 7
      var value: UInt64 = 0
      for byte in 0..<7 {
        value |= UInt64(base.load(fromByteOffset: position + byte, as: UInt8.self)) << (8 * byte)
      }
      accumulator = value
      bitCount = 56
    }
    guard bitCount >= 56, bitCount < 64, accumulator >> UInt64(bitCount) == 0 else { return nil }
  }

  /// Refills the accumulator to 56...63 bits; false when that would read before the lower bound.
  @inline(__always)
  mutating func refill() -> Bool {
    let add = (63 &- bitCount) & ~7
    if add == 0 { return true }
    let newPosition = position &- (add &>> 3)
    if newPosition < lowerBound { return false }
    position = newPosition
    let incoming = UInt64(
      littleEndian: base.loadUnaligned(fromByteOffset: newPosition, as: UInt64.self))
    let shift = UInt64(truncatingIfNeeded: add)
    accumulator = (accumulator &<< shift) | (incoming & ((1 &<< shift) &- 1))
    bitCount &+= add
    return true
  }

  /// Takes the `count` most recent bits. The caller keeps `count` within the refilled bits
  /// (the decoding tables bound it).
  @inline(__always)
  mutating func pull(_ count: Int) -> UInt64 {
    bitCount &-= count
    let shift = UInt64(truncatingIfNeeded: bitCount)
    let result = accumulator &>> shift
    accumulator &= (1 &<< shift) &- 1
    return result
  }

  /// Decodes one value (L, M or D) with a value table and advances `state`.
  @inline(__always)
  mutating func decodeValue(_ state: inout Int, _ table: UnsafeMutablePointer<UInt64>) -> Int {
    let entry = table[state]
    let valueBits = (entry &>> 8) & 0xFF
    let bits = pull(Int(truncatingIfNeeded: entry & 0xFF))
    state = Int(truncatingIfNeeded: ((entry &>> 16) & 0xFFFF) &+ (bits &>> valueBits))
    return Int(truncatingIfNeeded: (entry &>> 32) &+ (bits & ((1 &<< valueBits) &- 1)))
  }

  /// Decodes one literal byte with the symbol table and advances `state`.
  @inline(__always)
  mutating func decodeSymbol(_ state: inout Int, _ table: UnsafeMutablePointer<Int32>) -> UInt8 {
    let entry = table[state]
    state =
      Int(truncatingIfNeeded: entry &>> 16) &+ Int(truncatingIfNeeded: pull(Int(entry & 0xFF)))
    return UInt8(truncatingIfNeeded: entry &>> 8)
  }
}
