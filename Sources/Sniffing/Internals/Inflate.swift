/// A small raw DEFLATE (RFC 1951) decoder, enough to read one ZIP entry such as
/// `[Content_Types].xml`, bounded in what it produces.
///
/// Written here (after the structure of zlib's `puff.c`) rather than linked, so the package
/// needs no zlib development headers. Output stops at `limit` bytes, and input that ends early
/// yields what was decoded so far: the sniffer only reads the start of an entry. Malformed
/// data throws.
struct Inflate {
  struct Failure: Error, Sendable {
    var reason: String
  }

  private let input: [UInt8]
  private var position = 0
  private var bitBuffer: UInt32 = 0
  private var bitCount = 0
  private var output: [UInt8] = []
  private let limit: Int

  private struct OutOfInput: Error {}

  /// Decodes `input`, returning at most `limit` bytes.
  static func decompress(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
    var inflater = Inflate(input: input, limit: limit)
    do {
      try inflater.run()
    } catch let failure as Failure {
      throw failure
    } catch {
      // Input ran out: what was decoded is all there is.
    }
    return inflater.output.count > limit ? Array(inflater.output.prefix(limit)) : inflater.output
  }

  private init(input: [UInt8], limit: Int) {
    self.input = input
    self.limit = limit
    output.reserveCapacity(min(limit, 64 * 1024))
  }

  private mutating func run() throws {
    var last = false
    while !last, output.count < limit {
      last = try bits(1) == 1
      switch try bits(2) {
      case 0: try stored()
      case 1: try codes(Self.fixedLengths, Self.fixedDistances)
      case 2: try dynamic()
      default: throw Failure(reason: "invalid DEFLATE block type 3")
      }
    }
  }

  private mutating func bits(_ count: Int) throws -> Int {
    while bitCount < count {
      guard position < input.count else { throw OutOfInput() }
      bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
      position += 1
      bitCount += 8
    }
    let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
    bitBuffer >>= UInt32(count)
    bitCount -= count
    return value
  }

  private mutating func stored() throws {
    // Skip to the byte boundary; whole bytes already pulled into the bit buffer go back.
    position -= bitCount / 8
    bitBuffer = 0
    bitCount = 0
    guard position + 4 <= input.count else { throw OutOfInput() }
    let length = Int(input[position]) | Int(input[position + 1]) << 8
    let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
    guard length == ~complement & 0xFFFF else {
      throw Failure(reason: "stored block length does not match its complement")
    }
    position += 4
    let available = min(length, input.count - position)
    output += input[position..<(position + available)]
    position += available
    if available < length { throw OutOfInput() }
  }

  /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
  private struct Huffman {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int]

    /// Builds the code; `isOversubscribed` marks lengths no prefix code can have.
    init(lengths: [Int]) {
      symbols = [Int](repeating: 0, count: lengths.count)
      for length in lengths { counts[length] += 1 }
      var offsets = [Int](repeating: 0, count: 16)
      for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
      for (symbol, length) in lengths.enumerated() where length != 0 {
        symbols[offsets[length]] = symbol
        offsets[length] += 1
      }
    }

    /// Builds the code, refusing over-subscribed lengths.
    static func validated(lengths: [Int]) throws -> Huffman {
      let code = Huffman(lengths: lengths)
      var left = 1
      for length in 1..<16 {
        left = left << 1 - code.counts[length]
        if left < 0 { throw Failure(reason: "over-subscribed Huffman code") }
      }
      return code
    }
  }

  private mutating func decode(_ code: Huffman) throws -> Int {
    // Top the bit buffer up to 16 bits where the input allows, then walk the code bit by bit
    // in locals: this loop is where inflating spends its time.
    while bitCount < 16, position < input.count {
      bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
      position += 1
      bitCount += 8
    }
    var buffer = bitBuffer
    var available = bitCount
    var value = 0
    var first = 0
    var index = 0
    for length in 1..<16 {
      guard available > 0 else { throw OutOfInput() }
      value |= Int(buffer & 1)
      buffer >>= 1
      available -= 1
      let count = code.counts[length]
      if value - count < first {
        bitBuffer = buffer
        bitCount = available
        return code.symbols[index + (value - first)]
      }
      index += count
      first = (first + count) << 1
      value <<= 1
    }
    throw Failure(reason: "invalid Huffman code")
  }

  private static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  private static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  private static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]

  private mutating func codes(_ lengths: Huffman, _ distances: Huffman) throws {
    while output.count < limit {
      let symbol = try decode(lengths)
      if symbol < 256 {
        output.append(UInt8(symbol))
      } else if symbol == 256 {
        return
      } else {
        let index = symbol - 257
        guard index < 29 else { throw Failure(reason: "invalid length symbol") }
        let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
        let distanceSymbol = try decode(distances)
        guard distanceSymbol < 30 else { throw Failure(reason: "invalid distance symbol") }
        let distance =
          Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
        guard distance <= output.count else { throw Failure(reason: "distance too far back") }
        let start = output.count - distance
        for offset in 0..<length { output.append(output[start + offset]) }
      }
    }
  }

  private mutating func dynamic() throws {
    let literalCount = try bits(5) + 257
    let distanceCount = try bits(5) + 1
    let codeCount = try bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else {
      throw Failure(reason: "too many length or distance codes")
    }
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    var codeLengths = [Int](repeating: 0, count: 19)
    for index in 0..<codeCount { codeLengths[order[index]] = try bits(3) }
    let lengthCode = try Huffman.validated(lengths: codeLengths)
    var lengths: [Int] = []
    while lengths.count < literalCount + distanceCount {
      let symbol = try decode(lengthCode)
      switch symbol {
      case 0..<16:
        lengths.append(symbol)
      case 16:
        guard let previous = lengths.last else { throw Failure(reason: "repeat with no length") }
        lengths += repeatElement(previous, count: 3 + (try bits(2)))
      case 17:
        lengths += repeatElement(0, count: 3 + (try bits(3)))
      default:
        lengths += repeatElement(0, count: 11 + (try bits(7)))
      }
    }
    guard lengths.count == literalCount + distanceCount, lengths[256] != 0 else {
      throw Failure(reason: "bad code lengths")
    }
    try codes(
      try Huffman.validated(lengths: Array(lengths[0..<literalCount])),
      try Huffman.validated(lengths: Array(lengths[literalCount...])))
  }

  private static let fixedLengths: Huffman = {
    var lengths = [Int](repeating: 8, count: 288)
    for index in 144..<256 { lengths[index] = 9 }
    for index in 256..<280 { lengths[index] = 7 }
    return Huffman(lengths: lengths)
  }()

  private static let fixedDistances = Huffman(lengths: [Int](repeating: 5, count: 30))
}
