import Foundation

/// Decodes every block of a scanned stream into one preallocated output buffer.
///
/// The output holds the whole stream, so matches may reach into earlier blocks, as the format
/// allows. Scratch tables are allocated once per stream and reused for every block.
struct LZFSEBlockDecoder {
  /// Bytes allocated past the decoded size so copies may store eight bytes at a time.
  static let outputSlack = 64
  static let literalBufferSize = LZFSEConstants.literalsPerBlock + 64 + 16

  let input: UnsafeRawBufferPointer
  let inputBase: UnsafeRawPointer
  let output: UnsafeMutablePointer<UInt8>
  let capacity: Int
  var produced = 0

  let literalTable: UnsafeMutablePointer<Int32>
  let lTable: UnsafeMutablePointer<UInt64>
  let mTable: UnsafeMutablePointer<UInt64>
  let dTable: UnsafeMutablePointer<UInt64>
  let literals: UnsafeMutablePointer<UInt8>

  init(input: UnsafeRawBufferPointer, output: UnsafeMutablePointer<UInt8>, capacity: Int) {
    self.input = input
    // An empty input still needs a valid base; the scanner has already rejected it.
    inputBase = input.baseAddress ?? UnsafeRawPointer(output)
    self.output = output
    self.capacity = capacity
    literalTable = .allocate(capacity: LZFSEConstants.literalStates)
    lTable = .allocate(capacity: LZFSEConstants.lStates)
    mTable = .allocate(capacity: LZFSEConstants.mStates)
    dTable = .allocate(capacity: LZFSEConstants.dStates)
    literals = .allocate(capacity: Self.literalBufferSize)
    memset(literals, 0, Self.literalBufferSize)
  }

  func deallocate() {
    literalTable.deallocate()
    lTable.deallocate()
    mTable.deallocate()
    dTable.deallocate()
    literals.deallocate()
  }

  mutating func decodeAll(scanner: LZFSEBlockScanner) throws(LZFSEError) {
    let (blocks, _) = try scanner.blocks(limit: capacity)
    for block in blocks {
      let start = produced
      switch block.magic {
      case .endOfStream: return
      case .raw:
        if block.decodedSize > 0 {
          (output + produced).update(
            from: (inputBase + block.offset + 8).assumingMemoryBound(to: UInt8.self),
            count: block.decodedSize)
        }
        produced += block.decodedSize
      case .lzvn:
        var lzvn = LZVNDecoder(
          source: inputBase, sourceStart: block.offset + 12,
          sourceEnd: block.offset + block.length, output: output,
          outputPosition: produced, blockEnd: produced + block.decodedSize,
          capacity: capacity, blockOffset: block.offset)
        produced = try lzvn.decode()
      case .compressedV1:
        try decodeLZFSE(LZFSEBlockHeader.parseV1(scanner, at: block.offset), block: block)
      case .compressedV2:
        try decodeLZFSE(LZFSEBlockHeader.parseV2(scanner, at: block.offset), block: block)
      }
      if produced - start != block.decodedSize {
        throw .sizeMismatch(
          expected: block.decodedSize, produced: produced - start, offset: block.offset)
      }
    }
  }

  @inline(__always)
  func copy8(to destination: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>) {
    UnsafeMutableRawPointer(destination).storeBytes(
      of: UnsafeRawPointer(source).loadUnaligned(as: UInt64.self), as: UInt64.self)
  }

  @inline(__always)
  func copy16(to destination: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>) {
    let low = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
    let high = UnsafeRawPointer(source).loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    UnsafeMutableRawPointer(destination).storeBytes(of: low, as: UInt64.self)
    UnsafeMutableRawPointer(destination).storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
  }

  /// Decodes one LZFSE (FSE entropy coded) block.
  mutating func decodeLZFSE(
    _ header: LZFSEBlockHeader,
    block: LZFSEBlockExtent
  ) throws(LZFSEError) {
    header.frequencies.withUnsafeBufferPointer { frequencies in
      FSE.buildValueTable(
        frequencies: UnsafeBufferPointer(rebasing: frequencies[0..<20]),
        states: LZFSEConstants.lStates, extraBits: LZFSEConstants.lExtraBits,
        baseValues: LZFSEConstants.lBaseValue, into: lTable)
      FSE.buildValueTable(
        frequencies: UnsafeBufferPointer(rebasing: frequencies[20..<40]),
        states: LZFSEConstants.mStates, extraBits: LZFSEConstants.mExtraBits,
        baseValues: LZFSEConstants.mBaseValue, into: mTable)
      FSE.buildValueTable(
        frequencies: UnsafeBufferPointer(rebasing: frequencies[40..<104]),
        states: LZFSEConstants.dStates, extraBits: LZFSEConstants.dExtraBits,
        baseValues: LZFSEConstants.dBaseValue, into: dTable)
      FSE.buildSymbolTable(
        frequencies: UnsafeBufferPointer(rebasing: frequencies[104..<360]),
        states: LZFSEConstants.literalStates, into: literalTable)
    }
    let literalEnd = block.offset + header.headerSize + header.literalPayloadBytes
    try decodeLiterals(header, end: literalEnd, blockOffset: block.offset)
    try decodeMatches(
      header, end: literalEnd + header.lmdPayloadBytes, blockOffset: block.offset)
  }

  /// Decodes the four interleaved literal streams into the literal buffer.
  func decodeLiterals(
    _ header: LZFSEBlockHeader, end: Int, blockOffset: Int
  ) throws(LZFSEError) {
    guard
      var stream = FSEBitStream(
        base: inputBase, lowerBound: 0, end: end, finalBits: header.literalBits)
    else { throw .corruptPayload("literal stream header bits are invalid", offset: blockOffset) }
    var s0 = Int(header.literalStates.0)
    var s1 = Int(header.literalStates.1)
    var s2 = Int(header.literalStates.2)
    var s3 = Int(header.literalStates.3)
    let table = literalTable
    var out = literals
    var index = 0
    while index < header.literalCount {
      guard stream.refill() else {
        throw .corruptPayload("literal stream reads past its start", offset: blockOffset)
      }
      out[0] = stream.decodeSymbol(&s0, table)
      out[1] = stream.decodeSymbol(&s1, table)
      out[2] = stream.decodeSymbol(&s2, table)
      out[3] = stream.decodeSymbol(&s3, table)
      out += 4
      index += 4
    }
  }

  /// Decodes the L, M, D triplets and writes literals and matches to the output.
  mutating func decodeMatches(
    _ header: LZFSEBlockHeader, end: Int, blockOffset: Int
  ) throws(LZFSEError) {
    guard
      var stream = FSEBitStream(
        base: inputBase, lowerBound: 0, end: end, finalBits: header.lmdBits)
    else { throw .corruptPayload("match stream header bits are invalid", offset: blockOffset) }
    var lState = Int(header.lState)
    var mState = Int(header.mState)
    var dState = Int(header.dState)
    let lTable = lTable
    let mTable = mTable
    let dTable = dTable
    // Literals were decoded four at a time, so up to three extra decoded bytes are usable, as
    // in the reference decoder.
    let literalLimit = UnsafePointer(literals + ((header.literalCount + 3) & ~3))
    var literal = UnsafePointer(literals)
    let blockEnd = output + produced + header.rawBytes
    let capacityEnd = output + capacity
    var dst = output + produced
    var distance = -1

    for _ in 0..<header.matchCount {
      guard stream.refill() else {
        throw .corruptPayload("match stream reads past its start", offset: blockOffset)
      }
      let literalLength = stream.decodeValue(&lState, lTable)
      let matchLength = stream.decodeValue(&mState, mTable)
      let newDistance = stream.decodeValue(&dState, dTable)
      if newDistance != 0 { distance = newDistance }

      // Values are bounded by the tables (L <= 315, M <= 2359, D <= 262139), so the sums
      // below cannot overflow.
      guard literalLength <= literalLimit - literal else {
        throw .corruptPayload("literal run overruns the decoded literals", offset: blockOffset)
      }
      guard literalLength &+ matchLength <= blockEnd - dst else {
        throw .corruptPayload("block writes past its declared size", offset: blockOffset)
      }
      let available = (dst - output) &+ literalLength
      guard distance > 0, distance <= available else {
        throw .invalidMatchDistance(
          distance: distance, available: available, offset: blockOffset)
      }
      // Literal run: sixteen bytes unconditionally (the literal buffer and the output have
      // slack past their ends), then eight at a time for long runs.
      copy16(to: dst, from: literal)
      if literalLength > 16 {
        var copied = 16
        while copied < literalLength {
          copy8(to: dst + copied, from: literal + copied)
          copied &+= 8
        }
      }
      dst += literalLength
      literal += literalLength
      // Match: wide copies only when the source is at least eight (or sixteen) bytes back, so
      // each load reads bytes already written.
      if distance >= 16 && matchLength &+ 16 <= capacityEnd - dst {
        copy16(to: dst, from: dst - distance)
        var copied = 16
        while copied < matchLength {
          copy16(to: dst + copied, from: dst + copied - distance)
          copied &+= 16
        }
      } else if distance >= 8 && matchLength &+ 8 <= capacityEnd - dst {
        var copied = 0
        while copied < matchLength {
          copy8(to: dst + copied, from: dst + copied - distance)
          copied &+= 8
        }
      } else {
        var index = 0
        while index < matchLength {
          dst[index] = dst[index &- distance]
          index &+= 1
        }
      }
      dst += matchLength
    }
    produced = dst - output
  }
}
