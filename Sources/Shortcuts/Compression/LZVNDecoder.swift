/// Decodes one LZVN block (`bvxn`) of an LZFSE stream.
///
/// LZVN is a byte-oriented LZ77 code: each opcode carries a literal length (0-3 inline, or a
/// literal-only opcode up to 271), a match length and a match distance, or reuses the previous
/// distance. The stream ends with the eight-byte end-of-stream opcode (0x06 then seven zeros).
struct LZVNDecoder {
  let source: UnsafeRawPointer
  var position: Int
  let sourceEnd: Int
  let output: UnsafeMutablePointer<UInt8>
  var outputPosition: Int
  let blockEnd: Int
  let capacity: Int
  let blockOffset: Int

  init(
    source: UnsafeRawPointer, sourceStart: Int, sourceEnd: Int,
    output: UnsafeMutablePointer<UInt8>, outputPosition: Int, blockEnd: Int, capacity: Int,
    blockOffset: Int
  ) {
    self.source = source
    position = sourceStart
    self.sourceEnd = sourceEnd
    self.output = output
    self.outputPosition = outputPosition
    self.blockEnd = blockEnd
    self.capacity = capacity
    self.blockOffset = blockOffset
  }

  @inline(__always)
  func byte(_ offset: Int) -> Int {
    Int(source.load(fromByteOffset: offset, as: UInt8.self))
  }

  /// Decodes until the end-of-stream opcode and returns the new output position.
  mutating func decode() throws(LZFSEError) -> Int {
    var distance = 0
    while true {
      guard position < sourceEnd else {
        throw .corruptPayload("LZVN block ends without its end-of-stream opcode", offset: position)
      }
      let opcode = byte(position)
      var literalLength = 0
      var matchLength = 0
      var opcodeLength = 1
      switch opcode {
      case 0x06:
        guard sourceEnd - position >= 8 else {
          throw .truncated(needed: 8, available: sourceEnd - position, offset: position)
        }
        position += 8
        return outputPosition
      case 0x0E, 0x16:
        opcodeLength = 1
      case 0x1E, 0x26, 0x2E, 0x36, 0x3E, 0x70...0x7F, 0xD0...0xDF:
        throw .corruptPayload(
          "undefined LZVN opcode 0x\(String(opcode, radix: 16))", offset: position)
      case 0xA0...0xBF:
        opcodeLength = 3
        literalLength = (opcode >> 3) & 3
        try need(opcodeLength + literalLength + 1)
        let operand = byte(position + 1) | byte(position + 2) << 8
        matchLength = ((opcode & 7) << 2 | operand & 3) + 3
        distance = operand >> 2
      case 0xE0:
        opcodeLength = 2
        try need(3)
        literalLength = byte(position + 1) + 16
      case 0xE1...0xEF:
        literalLength = opcode & 0xF
      case 0xF0:
        opcodeLength = 2
        try need(3)
        matchLength = byte(position + 1) + 16
      case 0xF1...0xFF:
        matchLength = opcode & 0xF
      default:
        literalLength = opcode >> 6
        matchLength = (opcode >> 3) & 7 + 3
        switch opcode & 7 {
        case 6:
          opcodeLength = 1
        case 7:
          opcodeLength = 3
          try need(opcodeLength + literalLength + 1)
          distance = byte(position + 1) | byte(position + 2) << 8
        default:
          opcodeLength = 2
          try need(opcodeLength + literalLength + 1)
          distance = (opcode & 7) << 8 | byte(position + 1)
        }
      }
      // Every opcode must leave at least one byte for the next opcode.
      try need(opcodeLength + literalLength + 1)
      position += opcodeLength
      try copy(literalLength: literalLength, matchLength: matchLength, distance: distance)
    }
  }

  @inline(__always)
  func need(_ count: Int) throws(LZFSEError) {
    if sourceEnd - position < count {
      throw .truncated(needed: count, available: sourceEnd - position, offset: position)
    }
  }

  @inline(__always)
  mutating func copy(literalLength: Int, matchLength: Int, distance: Int) throws(LZFSEError) {
    guard literalLength + matchLength <= blockEnd - outputPosition else {
      throw .corruptPayload("LZVN block writes past its declared size", offset: blockOffset)
    }
    let dst = output + outputPosition
    if literalLength > 0 {
      dst.update(
        from: (source + position).assumingMemoryBound(to: UInt8.self), count: literalLength)
      position += literalLength
      outputPosition += literalLength
    }
    guard matchLength > 0 else { return }
    guard distance > 0, distance <= outputPosition else {
      throw .invalidMatchDistance(
        distance: distance, available: outputPosition, offset: blockOffset)
    }
    let to = output + outputPosition
    if distance >= 8 && outputPosition + matchLength + 8 <= capacity {
      var index = 0
      while index < matchLength {
        UnsafeMutableRawPointer(to + index).storeBytes(
          of: UnsafeRawPointer(to + index - distance).loadUnaligned(as: UInt64.self),
          as: UInt64.self)
        index += 8
      }
    } else {
      for index in 0..<matchLength { to[index] = to[index - distance] }
    }
    outputPosition += matchLength
  }
}
