/// The block kinds of an LZFSE stream, by their little-endian magic.
enum LZFSEBlockMagic: UInt32 {
  case endOfStream = 0x2478_7662  // bvx$
  case raw = 0x2d78_7662  // bvx-
  case compressedV1 = 0x3178_7662  // bvx1
  case compressedV2 = 0x3278_7662  // bvx2
  case lzvn = 0x6e78_7662  // bvxn
}

/// One block's place in the stream: where it starts, how long it is, what it decodes to.
struct LZFSEBlockExtent {
  var magic: LZFSEBlockMagic
  var offset: Int
  /// Header plus payload, in input bytes.
  var length: Int
  var decodedSize: Int
}

/// Walks block headers without decoding payloads: learns sizes and checks that every block
/// fits in the input and the stream ends with `bvx$`.
struct LZFSEBlockScanner {
  let input: UnsafeRawBufferPointer

  init(_ input: UnsafeRawBufferPointer) {
    self.input = input
  }

  /// Size in bytes of a version 1 header as the reference decoder reads it (the C struct,
  /// including its two bytes of tail padding).
  static let v1HeaderSize = 772
  /// Size of the fixed part of a version 2 header.
  static let v2FixedHeaderSize = 32

  func u32(_ offset: Int) -> UInt32 {
    UInt32(littleEndian: input.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  func u64(_ offset: Int) -> UInt64 {
    UInt64(littleEndian: input.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  func require(_ count: Int, at offset: Int) throws(LZFSEError) {
    if offset < 0 || count > input.count - offset {
      throw .truncated(needed: count, available: max(0, input.count - offset), offset: offset)
    }
  }

  /// The extent of the block starting at `offset`.
  func extent(at offset: Int) throws(LZFSEError) -> LZFSEBlockExtent {
    try require(4, at: offset)
    let rawMagic = u32(offset)
    guard let magic = LZFSEBlockMagic(rawValue: rawMagic) else {
      throw .unknownBlockMagic(rawMagic, offset: offset)
    }
    switch magic {
    case .endOfStream:
      return LZFSEBlockExtent(magic: magic, offset: offset, length: 4, decodedSize: 0)
    case .raw:
      try require(8, at: offset)
      let size = Int(u32(offset + 4))
      try require(8 + size, at: offset)
      return LZFSEBlockExtent(magic: magic, offset: offset, length: 8 + size, decodedSize: size)
    case .lzvn:
      try require(12, at: offset)
      let raw = Int(u32(offset + 4))
      let payload = Int(u32(offset + 8))
      try require(12 + payload, at: offset)
      return LZFSEBlockExtent(
        magic: magic, offset: offset, length: 12 + payload, decodedSize: raw)
    case .compressedV1:
      try require(Self.v1HeaderSize, at: offset)
      let raw = Int(u32(offset + 4))
      let literalPayload = Int(u32(offset + 20))
      let lmdPayload = Int(u32(offset + 24))
      let length = Self.v1HeaderSize + literalPayload + lmdPayload
      try require(length, at: offset)
      return LZFSEBlockExtent(magic: magic, offset: offset, length: length, decodedSize: raw)
    case .compressedV2:
      try require(Self.v2FixedHeaderSize, at: offset)
      let raw = Int(u32(offset + 4))
      let field0 = u64(offset + 8)
      let field1 = u64(offset + 16)
      let field2 = u64(offset + 24)
      let literalPayload = Int((field0 >> 20) & 0xFFFFF)
      let lmdPayload = Int((field1 >> 40) & 0xFFFFF)
      let headerSize = Int(field2 & 0xFFFF_FFFF)
      guard headerSize >= Self.v2FixedHeaderSize,
        headerSize <= Self.v2FixedHeaderSize + 2 * LZFSEConstants.totalSymbols
      else {
        throw .invalidHeader("header size \(headerSize) out of range", offset: offset)
      }
      let length = headerSize + literalPayload + lmdPayload
      try require(length, at: offset)
      return LZFSEBlockExtent(magic: magic, offset: offset, length: length, decodedSize: raw)
    }
  }

  /// Every block up to and including `bvx$`, with the total decoded size checked against
  /// `limit`.
  func blocks(limit: Int) throws(LZFSEError) -> (blocks: [LZFSEBlockExtent], total: Int) {
    var offset = 0
    var total = 0
    var blocks: [LZFSEBlockExtent] = []
    while true {
      guard offset < input.count else { throw .missingEndOfStream(offset: offset) }
      let block = try extent(at: offset)
      if block.magic == .endOfStream { return (blocks, total) }
      total += block.decodedSize
      if total > limit { throw .outputTooLarge(claimed: total, limit: limit) }
      blocks.append(block)
      offset += block.length
    }
  }

  /// The total decoded size of the stream.
  func totalDecodedSize(limit: Int) throws(LZFSEError) -> Int {
    try blocks(limit: limit).total
  }
}
