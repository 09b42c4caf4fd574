/// Fixed parameters of the LZFSE format.
enum LZFSEConstants {
  static let lSymbols = 20
  static let mSymbols = 20
  static let dSymbols = 64
  static let literalSymbols = 256
  static let totalSymbols = lSymbols + mSymbols + dSymbols + literalSymbols
  static let lStates = 64
  static let mStates = 64
  static let dStates = 256
  static let literalStates = 1024
  static let matchesPerBlock = 10_000
  static let literalsPerBlock = 4 * matchesPerBlock

  static let lExtraBits: [UInt8] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 5, 8,
  ]
  static let lBaseValue: [Int32] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 28, 60,
  ]
  static let mExtraBits: [UInt8] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5, 8, 11,
  ]
  static let mBaseValue: [Int32] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 24, 56, 312,
  ]
  static let dExtraBits: [UInt8] = [
    0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7,
    8, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 10, 11, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13, 13, 14, 14,
    14, 14, 15, 15, 15, 15,
  ]
  static let dBaseValue: [Int32] = [
    0, 1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 28, 36, 44, 52, 60, 76, 92, 108, 124, 156, 188, 220,
    252, 316, 380, 444, 508, 636, 764, 892, 1020, 1276, 1532, 1788, 2044, 2556, 3068, 3580, 4092,
    5116, 6140, 7164, 8188, 10236, 12284, 14332, 16380, 20476, 24572, 28668, 32764, 40956, 49148,
    57340, 65532, 81916, 98300, 114684, 131068, 163836, 196604, 229372,
  ]
}

/// An LZFSE compressed block header in its unpacked (version 1) form; version 2 headers are
/// unpacked into this.
struct LZFSEBlockHeader {
  var headerSize: Int
  var rawBytes: Int
  var literalCount: Int
  var matchCount: Int
  var literalPayloadBytes: Int
  var lmdPayloadBytes: Int
  /// Final bit count of the literal stream, in -7...0.
  var literalBits: Int
  var literalStates: (UInt16, UInt16, UInt16, UInt16)
  /// Final bit count of the L, M, D stream, in -7...0.
  var lmdBits: Int
  var lState: UInt16
  var mState: UInt16
  var dState: UInt16
  /// L (20), M (20), D (64) and literal (256) frequencies, in that order.
  var frequencies: [UInt16]

  /// Reads a version 1 header (plain little-endian fields).
  static func parseV1(_ s: LZFSEBlockScanner, at offset: Int) throws(LZFSEError) -> Self {
    func u16(_ at: Int) -> UInt16 {
      UInt16(littleEndian: s.input.loadUnaligned(fromByteOffset: offset + at, as: UInt16.self))
    }
    func i32(_ at: Int) -> Int { Int(Int32(bitPattern: s.u32(offset + at))) }
    var frequencies = [UInt16](repeating: 0, count: LZFSEConstants.totalSymbols)
    for index in 0..<LZFSEConstants.totalSymbols { frequencies[index] = u16(50 + 2 * index) }
    let header = LZFSEBlockHeader(
      headerSize: LZFSEBlockScanner.v1HeaderSize,
      rawBytes: Int(s.u32(offset + 4)),
      literalCount: Int(s.u32(offset + 12)),
      matchCount: Int(s.u32(offset + 16)),
      literalPayloadBytes: Int(s.u32(offset + 20)),
      lmdPayloadBytes: Int(s.u32(offset + 24)),
      literalBits: i32(28),
      literalStates: (u16(32), u16(34), u16(36), u16(38)),
      lmdBits: i32(40),
      lState: u16(44), mState: u16(46), dState: u16(48),
      frequencies: frequencies)
    try header.check(offset: offset)
    return header
  }

  /// Reads a version 2 header: packed fields and variable-length coded frequency tables.
  static func parseV2(_ s: LZFSEBlockScanner, at offset: Int) throws(LZFSEError) -> Self {
    let field0 = s.u64(offset + 8)
    let field1 = s.u64(offset + 16)
    let field2 = s.u64(offset + 24)
    func bits(_ value: UInt64, _ lsb: UInt64, _ width: UInt64) -> Int {
      Int((value >> lsb) & ((1 << width) - 1))
    }
    let headerSize = bits(field2, 0, 32)
    var frequencies = [UInt16](repeating: 0, count: LZFSEConstants.totalSymbols)
    // Frequencies are coded LSB first with a small prefix code; the bits must end exactly at
    // the end of the header.
    var position = offset + LZFSEBlockScanner.v2FixedHeaderSize
    let end = offset + headerSize
    if position < end {
      var accumulator: UInt32 = 0
      var accumulatorBits = 0
      for index in 0..<LZFSEConstants.totalSymbols {
        while position < end && accumulatorBits + 8 <= 32 {
          accumulator |= UInt32(s.input[position]) << UInt32(accumulatorBits)
          accumulatorBits += 8
          position += 1
        }
        let (value, width) = decodeFrequency(accumulator)
        guard width <= accumulatorBits else {
          throw .invalidHeader("frequency table runs past the header", offset: offset)
        }
        frequencies[index] = value
        accumulator >>= UInt32(width)
        accumulatorBits -= width
      }
      guard accumulatorBits < 8, position == end else {
        throw .invalidHeader("frequency table does not end at the header end", offset: offset)
      }
    }
    let header = LZFSEBlockHeader(
      headerSize: headerSize,
      rawBytes: Int(s.u32(offset + 4)),
      literalCount: bits(field0, 0, 20),
      matchCount: bits(field0, 40, 20),
      literalPayloadBytes: bits(field0, 20, 20),
      lmdPayloadBytes: bits(field1, 40, 20),
      literalBits: bits(field0, 60, 3) - 7,
      literalStates: (
        UInt16(bits(field1, 0, 10)), UInt16(bits(field1, 10, 10)),
        UInt16(bits(field1, 20, 10)), UInt16(bits(field1, 30, 10))
      ),
      lmdBits: bits(field1, 60, 3) - 7,
      lState: UInt16(bits(field2, 32, 10)),
      mState: UInt16(bits(field2, 42, 10)),
      dState: UInt16(bits(field2, 52, 10)),
      frequencies: frequencies)
    try header.check(offset: offset)
    return header
  }

  /// The prefix code of version 2 frequency tables: returns the value and its width in bits.
  ///
  /// Low five bits xxxx0 and xxx01 are the values 0-3 in two or three bits, x0011 / x1011 the
  /// values 4-7 in five bits, 0111 a value 8-23 in eight bits, 1111 a value 24-1047 in fourteen.
  @inline(__always)
  static func decodeFrequency(_ bits: UInt32) -> (UInt16, Int) {
    let low = bits & 31
    switch low & 0xF {
    case 7: return (UInt16(8 + (bits >> 4) & 0xF), 8)
    case 15: return (UInt16(24 + (bits >> 4) & 0x3FF), 14)
    case 3: return (UInt16(4 + (low >> 4) * 2), 5)
    case 11: return (UInt16(5 + (low >> 4) * 2), 5)
    case 0, 4, 8, 12: return (0, 2)
    case 2, 6, 10, 14: return (1, 2)
    case 1, 9: return (2, 3)
    default: return (3, 3)  // 5 and 13
    }
  }

  /// The limits the reference decoder enforces before using a header.
  func check(offset: Int) throws(LZFSEError) {
    guard literalCount <= LZFSEConstants.literalsPerBlock else {
      throw .invalidHeader("\(literalCount) literals, more than a block holds", offset: offset)
    }
    guard matchCount <= LZFSEConstants.matchesPerBlock else {
      throw .invalidHeader("\(matchCount) matches, more than a block holds", offset: offset)
    }
    guard Int(literalStates.0) < LZFSEConstants.literalStates,
      Int(literalStates.1) < LZFSEConstants.literalStates,
      Int(literalStates.2) < LZFSEConstants.literalStates,
      Int(literalStates.3) < LZFSEConstants.literalStates,
      Int(lState) < LZFSEConstants.lStates, Int(mState) < LZFSEConstants.mStates,
      Int(dState) < LZFSEConstants.dStates
    else { throw .invalidHeader("initial FSE state out of range", offset: offset) }
    guard (-7...0).contains(literalBits), (-7...0).contains(lmdBits) else {
      throw .invalidHeader("final bit counts out of range", offset: offset)
    }
    try checkSum(0..<20, states: LZFSEConstants.lStates, "L", offset)
    try checkSum(20..<40, states: LZFSEConstants.mStates, "M", offset)
    try checkSum(40..<104, states: LZFSEConstants.dStates, "D", offset)
    try checkSum(104..<360, states: LZFSEConstants.literalStates, "literal", offset)
  }

  func checkSum(
    _ range: Range<Int>, states: Int, _ name: String, _ offset: Int
  ) throws(LZFSEError) {
    var sum = 0
    for index in range { sum &+= Int(frequencies[index]) }
    guard sum <= states else {
      throw .invalidHeader("\(name) frequencies sum to \(sum), over \(states)", offset: offset)
    }
  }
}
