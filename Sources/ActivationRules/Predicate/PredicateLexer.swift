/// Splits a predicate format string into tokens.
///
/// Works on UTF-8 bytes. Outside string literals it also reads XML character references
/// (`&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#60;`, `&#x3C;`) as the characters they
/// stand for, so a rule copied from raw plist XML parses as written; this is never ambiguous
/// because `&` outside a string is only valid as half of `&&`. Inside a string literal opened by
/// `&quot;`/`&apos;` (or when `decodesEntitiesInStrings` is set) references are decoded too.
/// With `decodesEntities` false (text already read from a property list) no reference is
/// decoded, as Apple's parser decodes none: one left over is a syntax error that says so.
struct PredicateLexer {
  let source: [UInt8]
  let decodesEntitiesInStrings: Bool
  let decodesEntities: Bool
  private var position = 0

  /// The byte offset the lexer has reached.
  var currentPosition: Int { position }

  /// Moves forward over bytes a literal reader consumed.
  mutating func advance(by count: Int) { position += count }

  init(source: [UInt8], decodesEntitiesInStrings: Bool, decodesEntities: Bool = true) {
    self.source = source
    self.decodesEntities = decodesEntities
    self.decodesEntitiesInStrings = decodesEntitiesInStrings && decodesEntities
  }

  /// All tokens, ending with `.end`.
  mutating func tokenize() throws(PredicateSyntaxError) -> [PredicateToken] {
    var tokens: [PredicateToken] = []
    tokens.reserveCapacity(source.count / 3)
    while true {
      let token = try next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  private func location(_ offset: Int) -> PredicateSourceLocation {
    PredicateSourceLocation(offset: offset, in: source)
  }

  /// The character at `offset` after decoding a character reference, with the bytes it spans.
  /// Returns nil at the end of the text.
  private func character(at offset: Int) -> (scalar: UInt32, length: Int)? {
    guard offset < source.count else { return nil }
    let byte = source[offset]
    if byte == UInt8(ascii: "&"), decodesEntities, let entity = Self.entity(in: source, at: offset)
    {
      return entity
    }
    if byte < 0x80 { return (UInt32(byte), 1) }
    return Self.decodeScalar(in: source, at: offset)
  }

  private func peek(_ lookahead: Int = 0) -> (scalar: UInt32, length: Int)? {
    var offset = position
    for _ in 0..<lookahead {
      guard let current = character(at: offset) else { return nil }
      offset += current.length
    }
    return character(at: offset)
  }

  private mutating func next() throws(PredicateSyntaxError) -> PredicateToken {
    skipWhitespace()
    let start = position
    guard let current = peek() else {
      return PredicateToken(kind: .end, start: start, end: start)
    }
    func token(_ kind: PredicateTokenKind, characters: Int) -> PredicateToken {
      for _ in 0..<characters {
        position += peek()?.length ?? 0
      }
      return PredicateToken(kind: kind, start: start, end: position)
    }
    let second = peek(1)?.scalar
    func isSecond(_ ascii: Character) -> Bool { second == ascii.unicodeScalars.first?.value }

    switch current.scalar {
    case 0x28: return token(.leftParen, characters: 1)
    case 0x29: return token(.rightParen, characters: 1)
    case 0x7B: return token(.leftBrace, characters: 1)
    case 0x7D: return token(.rightBrace, characters: 1)
    case 0x5B: return token(.leftBracket, characters: 1)
    case 0x5D: return token(.rightBracket, characters: 1)
    case 0x2C: return token(.comma, characters: 1)
    case 0x2E:
      if let second, Self.isDigit(second) { return try number(start: start) }
      return token(.dot, characters: 1)
    case 0x2B: return token(.plus, characters: 1)
    case 0x2D: return token(.minus, characters: 1)
    case 0x2F: return token(.slash, characters: 1)
    case 0x2A: return isSecond("*") ? token(.power, characters: 2) : token(.star, characters: 1)
    case 0x3A: return isSecond("=") ? token(.assign, characters: 2) : token(.colon, characters: 1)
    case 0x3D:  // =
      if isSecond("=") { return token(.equal, characters: 2) }
      if isSecond("<") { return token(.lessOrEqual, characters: 2) }
      if isSecond(">") { return token(.greaterOrEqual, characters: 2) }
      return token(.equal, characters: 1)
    case 0x21:  // !
      return isSecond("=") ? token(.notEqual, characters: 2) : token(.bang, characters: 1)
    case 0x3C:  // <
      if isSecond("=") { return token(.lessOrEqual, characters: 2) }
      if isSecond(">") { return token(.notEqual, characters: 2) }
      return token(.less, characters: 1)
    case 0x3E:  // >
      return isSecond("=") ? token(.greaterOrEqual, characters: 2) : token(.greater, characters: 1)
    case 0x26:  // &
      if isSecond("&") { return token(.ampersands, characters: 2) }
      if let entity = Self.entity(in: source, at: start), let scalar = Unicode.Scalar(entity.scalar)
      {
        let reference = String(decoding: source[start..<(start + entity.length)], as: UTF8.self)
        throw .invalidCharacter(
          "the XML character reference '\(reference)', left in text already read from a property"
            + " list (escaped twice?): Apple's parser does not decode it"
            + " (write '\(Character(scalar))')",
          at: location(start))
      }
      throw .invalidCharacter("a single '&' (write && or AND)", at: location(start))
    case 0x7C:  // |
      if isSecond("|") { return token(.bars, characters: 2) }
      throw .invalidCharacter("a single '|' (write || or OR)", at: location(start))
    case 0x22, 0x27:
      return try string(start: start, quote: current.scalar, openerLength: current.length)
    case 0x24:  // $
      position += current.length
      guard let name = identifierText() else {
        throw .unexpectedToken(
          found: describe(peek()), expected: "a variable name after '$'", at: location(position))
      }
      return PredicateToken(kind: .variable(name), start: start, end: position)
    case 0x40:  // @
      position += current.length
      guard let name = identifierText() else {
        throw .unexpectedToken(
          found: describe(peek()), expected: "a collection operator such as @count after '@'",
          at: location(position))
      }
      return PredicateToken(kind: .collectionOperator(name), start: start, end: position)
    case 0x23:  // # escapes a reserved word used as a key
      position += current.length
      guard let name = identifierText() else {
        throw .unexpectedToken(
          found: describe(peek()), expected: "a name after '#'", at: location(position))
      }
      return PredicateToken(kind: .identifier(name), start: start, end: position)
    case 0x25:  // %
      position += current.length
      var spec = "%"
      if let next = peek(), next.scalar < 0x80, next.scalar > 0x20 {
        spec.unicodeScalars.append(Unicode.Scalar(UInt8(next.scalar)))
        position += next.length
      }
      return PredicateToken(kind: .formatSpecifier(spec), start: start, end: position)
    default:
      if Self.isDigit(current.scalar) { return try number(start: start) }
      if Self.isIdentifierStart(current.scalar) { return word(start: start) }
      throw .invalidCharacter(Self.describeCharacter(current.scalar), at: location(start))
    }
  }

  private func describe(_ character: (scalar: UInt32, length: Int)?) -> String {
    guard let character else { return "the end of the rule" }
    return Self.describeCharacter(character.scalar)
  }

  static func describeCharacter(_ scalar: UInt32) -> String {
    guard let unicode = Unicode.Scalar(scalar) else { return "an invalid character" }
    let hex = String(scalar, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    switch scalar {
    case 0xA0, 0x2007, 0x202F:
      return "the no-break space \(code) (write a plain space)"
    case 0xFEFF, 0x200B:
      return "the invisible character \(code) (a byte order mark or zero-width space: delete it)"
    case 0x201C, 0x201D, 0x201E, 0x201F, 0x2018, 0x2019, 0x201A, 0x201B, 0x00AB, 0x00BB:
      return "'\(Character(unicode))' (\(code): a typographic quote, where strings need \" or ')"
    default: break
    }
    if unicode.properties.isWhitespace || scalar < 0x20 || scalar == 0x7F {
      return "the invisible character \(code)"
    }
    return "'\(Character(unicode))' (\(code))"
  }

  private mutating func skipWhitespace() {
    while let current = peek() {
      switch current.scalar {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: position += current.length
      default: return
      }
    }
  }

  /// Reads `[A-Za-z_][A-Za-z0-9_]*` from raw bytes.
  private mutating func identifierText() -> String? {
    let start = position
    guard position < source.count, Self.isIdentifierStart(UInt32(source[position])) else {
      return nil
    }
    position += 1
    while position < source.count, Self.isIdentifierPart(UInt32(source[position])) {
      position += 1
    }
    return String(decoding: source[start..<position], as: UTF8.self)
  }

  /// An identifier or keyword, including the hyphenated `UTI-CONFORMS-TO` and `UTI-EQUALS`.
  private mutating func word(start: Int) -> PredicateToken {
    var end = start
    while end < source.count, Self.isIdentifierPart(UInt32(source[end])) { end += 1 }
    position = end
    switch Self.keyword(source[start..<end]) {
    case .keyword(let keyword):
      return PredicateToken(kind: .keyword(keyword), start: start, end: position)
    case .uti:
      for (suffix, keyword) in [
        ("-CONFORMS-TO", PredicateKeyword.utiConformsTo),
        ("-EQUALS", .utiEquals),
      ]
      where hasSuffixWord(suffix) {
        position += suffix.utf8.count
        return PredicateToken(kind: .keyword(keyword), start: start, end: position)
      }
    case nil: break
    }
    let text = String(decoding: source[start..<end], as: UTF8.self)
    return PredicateToken(kind: .identifier(text), start: start, end: position)
  }

  /// Keywords by length, as upper-case bytes; `UTI` stands for the start of the hyphenated ones.
  private static let keywordsByLength: [[(bytes: [UInt8], keyword: PredicateKeyword?)]] = {
    var table = Array(repeating: [(bytes: [UInt8], keyword: PredicateKeyword?)](), count: 16)
    for keyword in PredicateKeyword.allCases where !keyword.rawValue.contains("-") {
      let bytes = Array(keyword.rawValue.utf8)
      table[bytes.count].append((bytes, keyword))
    }
    table[3].append((Array("UTI".utf8), nil))
    return table
  }()

  /// The keyword these bytes spell, ignoring case (`.uti` for the start of `UTI-…`).
  private static func keyword(_ bytes: ArraySlice<UInt8>) -> MatchedKeyword? {
    guard bytes.count < keywordsByLength.count else { return nil }
    candidates: for candidate in keywordsByLength[bytes.count] {
      var offset = bytes.startIndex
      for expected in candidate.bytes {
        let actual = bytes[offset]
        let folded = actual >= 0x61 && actual <= 0x7A ? actual - 0x20 : actual
        if folded != expected { continue candidates }
        offset += 1
      }
      guard let keyword = candidate.keyword else { return .uti }
      return .keyword(keyword)
    }
    return nil
  }

  /// A keyword, or the `UTI` that may start `UTI-CONFORMS-TO`/`UTI-EQUALS`.
  private enum MatchedKeyword: Equatable {
    case keyword(PredicateKeyword)
    case uti
  }

  /// Whether the bytes at the position spell `suffix` (ignoring case) and end a word there.
  private func hasSuffixWord(_ suffix: String) -> Bool {
    let bytes = Array(suffix.utf8)
    guard position + bytes.count <= source.count else { return false }
    for (index, byte) in bytes.enumerated() {
      let actual = source[position + index]
      let folded = (actual >= 0x61 && actual <= 0x7A) ? actual - 0x20 : actual
      if folded != byte { return false }
    }
    let after = position + bytes.count
    return after == source.count || !Self.isIdentifierPart(UInt32(source[after]))
  }

  static func isDigit(_ scalar: UInt32) -> Bool { scalar >= 0x30 && scalar <= 0x39 }

  static func isIdentifierStart(_ scalar: UInt32) -> Bool {
    (scalar >= 0x41 && scalar <= 0x5A) || (scalar >= 0x61 && scalar <= 0x7A) || scalar == 0x5F
  }

  static func isIdentifierPart(_ scalar: UInt32) -> Bool {
    isIdentifierStart(scalar) || isDigit(scalar)
  }
}
