/// Decides whether bytes are text, and in which encoding, the way `file` does: a byte-order
/// mark names UTF-8, UTF-16 or UTF-32; otherwise the bytes must be valid UTF-8 (ASCII
/// included) or, failing that, 8-bit text without the control characters binary data is full
/// of. A NUL byte means binary.
enum TextEncodingSniffer {
  enum Encoding: Equatable, Sendable {
    case utf8(hasBOM: Bool)
    case utf16(bigEndian: Bool)
    case utf32(bigEndian: Bool)
    /// 8-bit text that is not UTF-8: ISO 8859-1, Windows-1252, Mac Roman...
    case eightBit

    /// The plain-text type Apple declares for text in this encoding.
    var plainTextIdentifier: String {
      switch self {
      case .utf8: "public.utf8-plain-text"
      // Apple: utf16ExternalPlainText is UTF-16 with a byte-order mark.
      case .utf16: "public.utf16-external-plain-text"
      case .utf32, .eightBit: "public.plain-text"
      }
    }

    var charset: String {
      switch self {
      case .utf8: "utf-8"
      case .utf16(let bigEndian): bigEndian ? "utf-16be" : "utf-16le"
      case .utf32(let bigEndian): bigEndian ? "utf-32be" : "utf-32le"
      case .eightBit: "unknown-8bit"
      }
    }
  }

  /// The encoding of `sample` and its text as UTF-8 bytes (BOM removed), or nil for binary.
  /// `isCut` says the sample stops mid-file, so a multi-byte sequence may be cut at its end.
  static func decode(_ sample: [UInt8], isCut: Bool) -> (Encoding, [UInt8])? {
    guard !sample.isEmpty else { return nil }
    if sample.matches([0xEF, 0xBB, 0xBF]) {
      let body = Array(sample.dropFirst(3))
      guard isUTF8Text(body, isCut: isCut) else { return nil }
      return (.utf8(hasBOM: true), body)
    }
    if sample.matches([0xFF, 0xFE, 0, 0]) || sample.matches([0, 0, 0xFE, 0xFF]) {
      let bigEndian = sample[0] == 0
      return wide(Array(sample.dropFirst(4)), width: 4, bigEndian: bigEndian).map {
        (.utf32(bigEndian: bigEndian), $0)
      }
    }
    if sample.matches([0xFF, 0xFE]) || sample.matches([0xFE, 0xFF]) {
      let bigEndian = sample[0] == 0xFE
      return wide(Array(sample.dropFirst(2)), width: 2, bigEndian: bigEndian).map {
        (.utf16(bigEndian: bigEndian), $0)
      }
    }
    if isUTF8Text(sample, isCut: isCut) { return (.utf8(hasBOM: false), sample) }
    if sample.allSatisfy(isTextByte) { return (.eightBit, sample) }
    return nil
  }

  /// Control characters `file` accepts in text: BEL, BS, TAB, LF, VT, FF, CR, ESC.
  @inline(__always)
  static func isTextByte(_ byte: UInt8) -> Bool {
    byte >= 0x20 ? byte != 0x7F : (0x07...0x0D).contains(byte) || byte == 0x1B
  }

  /// Valid UTF-8 with only text control characters; a sequence cut by the sample's end is
  /// forgiven when the sample is cut.
  static func isUTF8Text(_ bytes: [UInt8], isCut: Bool) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x80 {
        guard isTextByte(byte) else { return false }
        index += 1
        continue
      }
      let length: Int
      switch byte {
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: return false
      }
      guard index + length <= count else { return isCut }
      for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
      // Overlong three- and four-byte forms, surrogates, and code points past U+10FFFF.
      let second = bytes[index + 1]
      if byte == 0xE0 && second < 0xA0 || byte == 0xED && second > 0x9F
        || byte == 0xF0 && second < 0x90 || byte == 0xF4 && second > 0x8F
      {
        return false
      }
      index += length
    }
    return true
  }

  /// UTF-16 or UTF-32 text re-encoded as UTF-8, or nil when it holds NULs or controls.
  private static func wide(_ bytes: [UInt8], width: Int, bigEndian: Bool) -> [UInt8]? {
    var scalars = String.UnicodeScalarView()
    if width == 2 {
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2)
      var index = 0
      while index + 1 < bytes.count {
        let unit =
          bigEndian
          ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
          : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index])
        units.append(unit)
        index += 2
      }
      // A surrogate pair cut at the end of the sample is dropped, not an error.
      if let last = units.last, (0xD800...0xDBFF).contains(last) { units.removeLast() }
      for result in UTF16.decode(units) {
        guard let scalar = result else { return nil }
        scalars.append(scalar)
      }
    } else {
      var index = 0
      while index + 3 < bytes.count {
        let value =
          bigEndian
          ? bytes[index..<(index + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
          : bytes[index..<(index + 4)].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        scalars.append(scalar)
        index += 4
      }
    }
    guard scalars.allSatisfy({ $0.value >= 0x80 || isTextByte(UInt8($0.value)) }) else {
      return nil
    }
    return Array(String(scalars).utf8)
  }
}

extension UTF16 {
  /// Decodes code units into scalars; nil marks an unpaired surrogate.
  fileprivate static func decode(_ units: [UInt16]) -> [Unicode.Scalar?] {
    var results: [Unicode.Scalar?] = []
    var iterator = units.makeIterator()
    var decoder = UTF16()
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): results.append(scalar)
      case .emptyInput: break loop
      case .error: results.append(nil)
      }
    }
    return results
  }
}
