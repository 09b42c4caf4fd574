/// A JSON (RFC 8259) syntax check that accepts a cut-off prefix of a valid document, so a file
/// can be recognized from its first kilobytes. Only objects and arrays count as documents: a
/// bare number or string is more likely plain text.
struct JSONSyntax {
  private enum Stop: Error {
    case invalid
    case endOfInput
  }

  private let bytes: [UInt8]
  private var index = 0
  private let maximumDepth = 256

  /// Whether `bytes` is a JSON object or array; when `isComplete` is false, whether it is the
  /// beginning of one.
  static func isDocument(_ bytes: [UInt8], isComplete: Bool) -> Bool {
    var parser = JSONSyntax(bytes: bytes)
    do {
      parser.skipWhitespace()
      guard parser.index < bytes.count, bytes[parser.index] == 0x7B || bytes[parser.index] == 0x5B
      else { return false }
      try parser.value(depth: 0)
      parser.skipWhitespace()
      return parser.index == bytes.count
    } catch Stop.endOfInput {
      return !isComplete && parser.index > 1
    } catch {
      return false
    }
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  private mutating func peek() throws(Stop) -> UInt8 {
    skipWhitespace()
    guard index < bytes.count else { throw .endOfInput }
    return bytes[index]
  }

  private mutating func expect(_ byte: UInt8) throws(Stop) {
    guard try peek() == byte else { throw .invalid }
    index += 1
  }

  private mutating func value(depth: Int) throws(Stop) {
    guard depth < maximumDepth else { throw .invalid }
    switch try peek() {
    case 0x7B: try object(depth: depth)
    case 0x5B: try array(depth: depth)
    case 0x22: try string()
    case 0x74: try literal("true")
    case 0x66: try literal("false")
    case 0x6E: try literal("null")
    case 0x2D, 0x30...0x39: try number()
    default: throw .invalid
    }
  }

  private mutating func object(depth: Int) throws(Stop) {
    index += 1
    if try peek() == 0x7D {
      index += 1
      return
    }
    while true {
      guard try peek() == 0x22 else { throw .invalid }
      try string()
      try expect(0x3A)
      try value(depth: depth + 1)
      switch try peek() {
      case 0x2C: index += 1
      case 0x7D:
        index += 1
        return
      default: throw .invalid
      }
    }
  }

  private mutating func array(depth: Int) throws(Stop) {
    index += 1
    if try peek() == 0x5D {
      index += 1
      return
    }
    while true {
      try value(depth: depth + 1)
      switch try peek() {
      case 0x2C: index += 1
      case 0x5D:
        index += 1
        return
      default: throw .invalid
      }
    }
  }

  private mutating func string() throws(Stop) {
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x22:
        index += 1
        return
      case 0x5C:
        index += 2
      case 0x00..<0x20:
        throw .invalid
      default:
        index += 1
      }
    }
    throw .endOfInput
  }

  private mutating func literal(_ word: String) throws(Stop) {
    for expected in word.utf8 {
      guard index < bytes.count else { throw .endOfInput }
      guard bytes[index] == expected else { throw .invalid }
      index += 1
    }
  }

  private mutating func number() throws(Stop) {
    let start = index
    while index < bytes.count,
      (0x30...0x39).contains(bytes[index]) || [0x2D, 0x2B, 0x2E, 0x65, 0x45].contains(bytes[index])
    {
      index += 1
    }
    if index == bytes.count { throw .endOfInput }
    guard index > start else { throw .invalid }
  }
}
