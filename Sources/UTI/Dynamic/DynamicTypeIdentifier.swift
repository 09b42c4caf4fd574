/// Apple's encoding of dynamic type identifiers (`dyn.a…`).
///
/// A dynamic identifier is `dyn.a` followed by a base-32 rendering of a small key-value payload
/// such as `?0=6:1=jfif` ("conforms to public.data; filename extension jfif"). The alphabet is
/// `abcdefghkmnpqrstuvwxyz0123456789`; the payload's UTF-8 bits are taken five at a time, most
/// significant first, and the last group is padded with zero bits.
///
/// Keys and common values are abbreviated by one character. Codes `1` (filename extension),
/// `3` (MIME type) and `6` (`public.data`) are verified against identifiers produced by real
/// Apple systems; the others follow the same published table and are unverified. A value
/// without an abbreviation is written out in full. `:`, `=` and `\` inside a value are escaped
/// with a backslash.
enum DynamicTypeIdentifier {
  static let prefix = "dyn.a"

  private static let alphabet = Array("abcdefghkmnpqrstuvwxyz0123456789".utf8)

  /// Abbreviation codes and the strings they stand for.
  private static let abbreviations: [(code: Character, value: String)] = [
    ("0", "UTTypeConformsTo"),
    ("1", "public.filename-extension"),
    ("2", "com.apple.ostype"),
    ("3", "public.mime-type"),
    ("4", "com.apple.nspboard-type"),
    ("5", "public.url-scheme"),
    ("6", "public.data"),
    ("7", "public.text"),
    ("8", "public.plain-text"),
    ("9", "public.utf16-plain-text"),
    ("A", "com.apple.traditional-mac-plain-text"),
    ("B", "public.image"),
    ("C", "public.video"),
    ("D", "public.audio"),
    ("E", "public.directory"),
    ("F", "public.folder"),
  ]

  /// What a dynamic identifier carries.
  struct Payload {
    var conformsTo: [String]
    var tags: [(tagClass: UTTagClass, value: String)]
  }

  /// Encodes a tag and the type it conforms to.
  static func encode(tag: String, tagClass: UTTagClass, conformingTo parent: String?) -> String {
    // Built as bytes: unknown tags are common in real shares, so this stays cheap.
    var payload: [UInt8] = []
    payload.reserveCapacity(tag.utf8.count + 16)
    if let parent {
      payload += "?0=".utf8
      appendAbbreviated(parent, to: &payload)
      payload.append(UInt8(ascii: ":"))
    }
    appendAbbreviated(tagClass.rawValue, to: &payload)
    payload.append(UInt8(ascii: "="))
    appendEscaped(tag, to: &payload)
    return prefix + base32(payload)
  }

  /// The abbreviation codes by the string they stand for.
  private static let codes: [String: UInt8] = Dictionary(
    uniqueKeysWithValues: abbreviations.map { ($0.value, $0.code.asciiValue ?? 0) })

  private static func appendAbbreviated(_ value: String, to payload: inout [UInt8]) {
    if let code = codes[value] {
      payload.append(code)
    } else {
      appendEscaped(value, to: &payload)
    }
  }

  private static func appendEscaped(_ value: String, to payload: inout [UInt8]) {
    for byte in value.utf8 {
      if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\\") {
        payload.append(UInt8(ascii: "\\"))
      }
      payload.append(byte)
    }
  }

  /// Decodes an identifier, or nil when it is not a well-formed dynamic identifier.
  static func decode(_ identifier: String) -> Payload? {
    let lowered = identifier.asciiLowercased()
    guard lowered.hasPrefix(prefix) else { return nil }
    guard let bytes = unbase32(lowered.utf8.dropFirst(prefix.utf8.count)),
      let text = String(validating: bytes, as: UTF8.self)
    else { return nil }
    guard let pairs = pairs(text) else { return nil }
    var payload = Payload(conformsTo: [], tags: [])
    for (rawKey, rawValue) in pairs {
      var key = rawKey
      var isConformance = false
      if key.hasPrefix("?") {
        key.removeFirst()
        isConformance = true
      }
      let value = expand(rawValue)
      let expandedKey = expand(key)
      if isConformance || expandedKey == "UTTypeConformsTo" {
        payload.conformsTo.append(value)
      } else {
        guard !value.isEmpty else { return nil }
        payload.tags.append((UTTagClass(rawValue: expandedKey), value))
      }
    }
    guard !payload.tags.isEmpty || !payload.conformsTo.isEmpty else { return nil }
    return payload
  }

  /// Splits `key=value:key=value`, honouring backslash escapes and removing them; nil when a
  /// pair has no `=`.
  private static func pairs(_ text: String) -> [(key: String, value: String)]? {
    var pairs: [(String, String)] = []
    var key = ""
    var value = ""
    var inValue = false
    var escaping = false
    for character in text {
      if escaping {
        if inValue { value.append(character) } else { key.append(character) }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == ":" {
        guard inValue else { return nil }
        pairs.append((key, value))
        (key, value, inValue) = ("", "", false)
      } else if character == "=" && !inValue {
        inValue = true
      } else if inValue {
        value.append(character)
      } else {
        key.append(character)
      }
    }
    guard inValue, !escaping else { return nil }
    pairs.append((key, value))
    return pairs
  }

  private static func expand(_ value: String) -> String {
    if value.count == 1, let entry = abbreviations.first(where: { String($0.code) == value }) {
      return entry.value
    }
    return value
  }

  private static func base32(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count * 8 + 4) / 5)
    var buffer: UInt32 = 0
    var bits = 0
    for byte in bytes {
      buffer = (buffer << 8) | UInt32(byte)
      bits += 8
      while bits >= 5 {
        bits -= 5
        output.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
      }
    }
    if bits > 0 {
      output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)])
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func unbase32<C: Collection>(_ characters: C) -> [UInt8]?
  where C.Element == UInt8 {
    var values = [Int8](repeating: -1, count: 128)
    for (value, character) in alphabet.enumerated() { values[Int(character)] = Int8(value) }
    var output: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for character in characters {
      guard character < 128, values[Int(character)] >= 0 else { return nil }
      buffer = (buffer << 5) | UInt32(values[Int(character)])
      bits += 5
      if bits >= 8 {
        bits -= 8
        output.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
      }
      buffer &= (1 << UInt32(bits)) - 1
    }
    // Leftover bits are padding and must be zero.
    guard buffer == 0, !output.isEmpty else { return nil }
    return output
  }
}
