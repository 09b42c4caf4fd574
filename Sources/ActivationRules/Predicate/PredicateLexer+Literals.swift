extension PredicateLexer {
  /// A decimal, hexadecimal (`0x`), octal (`0o`) or binary (`0b`) number, with an optional
  /// fraction and exponent for decimals.
  mutating func number(start: Int) throws(PredicateSyntaxError) -> PredicateToken {
    var end = start
    func byte(_ offset: Int) -> UInt8? { offset < source.count ? source[offset] : nil }
    var value: Double
    if byte(end) == UInt8(ascii: "0"), let marker = byte(end + 1),
      let radix = [
        UInt8(ascii: "x"): 16, UInt8(ascii: "X"): 16, UInt8(ascii: "o"): 8,
        UInt8(ascii: "O"): 8, UInt8(ascii: "b"): 2, UInt8(ascii: "B"): 2,
      ][marker]
    {
      end += 2
      value = 0
      var digits = 0
      while let next = byte(end), let digit = Self.digitValue(next), digit < radix {
        value = value * Double(radix) + Double(digit)
        digits += 1
        end += 1
      }
      if digits == 0 || (byte(end).map { Self.isIdentifierPart(UInt32($0)) } ?? false) {
        while let next = byte(end), Self.isIdentifierPart(UInt32(next)) { end += 1 }
        throw .malformedNumber(
          text(start, end), at: PredicateSourceLocation(offset: start, in: source))
      }
    } else {
      while let next = byte(end), Self.isDigit(UInt32(next)) { end += 1 }
      if byte(end) == UInt8(ascii: "."), let next = byte(end + 1), Self.isDigit(UInt32(next)) {
        end += 1
        while let next = byte(end), Self.isDigit(UInt32(next)) { end += 1 }
      }
      if let marker = byte(end), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
        var exponentEnd = end + 1
        if let sign = byte(exponentEnd), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
          exponentEnd += 1
        }
        let digitsStart = exponentEnd
        while let next = byte(exponentEnd), Self.isDigit(UInt32(next)) { exponentEnd += 1 }
        guard exponentEnd > digitsStart else {
          throw .malformedNumber(
            text(start, exponentEnd), at: PredicateSourceLocation(offset: start, in: source))
        }
        end = exponentEnd
      }
      if let next = byte(end), Self.isIdentifierPart(UInt32(next)) {
        while let next = byte(end), Self.isIdentifierPart(UInt32(next)) { end += 1 }
        throw .malformedNumber(
          text(start, end), at: PredicateSourceLocation(offset: start, in: source))
      }
      guard let parsed = Double(text(start, end)) else {
        throw .malformedNumber(
          text(start, end), at: PredicateSourceLocation(offset: start, in: source))
      }
      value = parsed
    }
    skip(to: end)
    return PredicateToken(kind: .number(value), start: start, end: end)
  }

  private func text(_ start: Int, _ end: Int) -> String {
    String(decoding: source[start..<min(end, source.count)], as: UTF8.self)
  }

  static func digitValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }

  /// A string literal in single or double quotes, with C-style escapes: `\"`, `\'`, `\\`, `\n`,
  /// `\t`, `\r`, `\a`, `\b`, `\f`, `\v`, `\0`-`\377` (octal), `\xHH` and `\uHHHH`. Any other
  /// escaped character is kept with its backslash, so regular expressions such as `\d` survive.
  mutating func string(
    start: Int, quote: UInt32, openerLength: Int
  ) throws(PredicateSyntaxError) -> PredicateToken {
    let decodesEntities = decodesEntitiesInStrings || openerLength > 1
    var offset = start + openerLength
    var bytes: [UInt8] = []
    func append(_ scalar: UInt32) {
      guard let unicode = Unicode.Scalar(scalar) else {
        bytes.append(contentsOf: "\u{FFFD}".utf8)
        return
      }
      bytes.append(contentsOf: String(Character(unicode)).utf8)
    }
    while offset < source.count {
      let byte = source[offset]
      if byte == UInt8(ascii: "&"), decodesEntities,
        let entity = Self.entity(in: source, at: offset)
      {
        offset += entity.length
        if entity.scalar == quote {
          skip(to: offset)
          return PredicateToken(
            kind: .string(String(decoding: bytes, as: UTF8.self)), start: start, end: offset)
        }
        append(entity.scalar)
        continue
      }
      if UInt32(byte) == quote {
        offset += 1
        skip(to: offset)
        return PredicateToken(
          kind: .string(String(decoding: bytes, as: UTF8.self)), start: start, end: offset)
      }
      if byte == UInt8(ascii: "\\"), offset + 1 < source.count {
        let escaped = source[offset + 1]
        offset += 2
        switch escaped {
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "a"): bytes.append(0x07)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "v"): bytes.append(0x0B)
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): bytes.append(escaped)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          var value = UInt32(escaped - UInt8(ascii: "0"))
          var count = 1
          while count < 3, offset < source.count, source[offset] >= UInt8(ascii: "0"),
            source[offset] <= UInt8(ascii: "7")
          {
            value = value * 8 + UInt32(source[offset] - UInt8(ascii: "0"))
            offset += 1
            count += 1
          }
          append(value)
        case UInt8(ascii: "x"), UInt8(ascii: "u"):
          let wanted = escaped == UInt8(ascii: "x") ? 2 : 4
          var value: UInt32 = 0
          var count = 0
          while count < wanted, offset < source.count, let digit = Self.digitValue(source[offset]) {
            value = value * 16 + UInt32(digit)
            offset += 1
            count += 1
          }
          if count == 0 {
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(escaped)
          } else {
            append(value)
          }
        default:
          bytes.append(UInt8(ascii: "\\"))
          bytes.append(escaped)
        }
        continue
      }
      bytes.append(byte)
      offset += 1
    }
    throw .unterminatedString(at: PredicateSourceLocation(offset: start, in: source))
  }

  private mutating func skip(to offset: Int) {
    advance(by: offset - currentPosition)
  }

  /// An XML character reference at `offset`: the predefined entities and numeric references.
  static func entity(in source: [UInt8], at offset: Int) -> (scalar: UInt32, length: Int)? {
    // Longest reference considered: "&#x10FFFF;" (10 bytes).
    var end = offset + 1
    while end < source.count, end - offset <= 10, source[end] != UInt8(ascii: ";") { end += 1 }
    guard end < source.count, source[end] == UInt8(ascii: ";"), end > offset + 1 else {
      return nil
    }
    let name = source[(offset + 1)..<end]
    let length = end - offset + 1
    switch String(decoding: name, as: UTF8.self) {
    case "lt": return (0x3C, length)
    case "gt": return (0x3E, length)
    case "amp": return (0x26, length)
    case "quot": return (0x22, length)
    case "apos": return (0x27, length)
    default: break
    }
    guard name.first == UInt8(ascii: "#") else { return nil }
    var digits = name.dropFirst()
    var radix: UInt32 = 10
    if let marker = digits.first, marker == UInt8(ascii: "x") || marker == UInt8(ascii: "X") {
      radix = 16
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return nil }
    var value: UInt32 = 0
    for digit in digits {
      guard let number = digitValue(digit), UInt32(number) < radix else { return nil }
      value = value * radix + UInt32(number)
      if value > 0x10FFFF { return nil }
    }
    guard Unicode.Scalar(value) != nil else { return nil }
    return (value, length)
  }

  /// Decodes one UTF-8 scalar at `offset`; invalid bytes read as U+FFFD, one byte long.
  static func decodeScalar(in source: [UInt8], at offset: Int) -> (scalar: UInt32, length: Int) {
    let lead = source[offset]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      value = UInt32(lead & 0x07)
    default: return (0xFFFD, 1)
    }
    guard offset + length <= source.count else { return (0xFFFD, 1) }
    for index in 1..<length {
      let byte = source[offset + index]
      guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return (value, length)
  }
}
