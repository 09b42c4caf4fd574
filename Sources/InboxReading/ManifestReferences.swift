import SystemCalls

/// Which of some file names a manifest this reader cannot read may name, found by streaming its
/// bytes without trusting their shape: what the sweeper keeps for a manifest that is too large,
/// of a newer schema, with duplicate keys, a date it cannot parse, or bytes that are not JSON.
///
/// Deliberately generous: every string of a JSON document (between quotes, its escapes
/// decoded), and every token of its raw bytes, is taken as a name, and so is the last path
/// component of each; a name also stands for its name before the first `.` (a payload's name
/// in `.staging/` before its extension was known). A file is kept when any of them is its
/// name. Keeping a file that no share needs costs only space until the manifest is dealt
/// with; removing one a share needs would lose it.
///
/// Memory stays bounded whatever the manifest holds: the bytes are read in chunks, a token is
/// kept only up to its last `tokenLimit` bytes (a payload name is at most 255 bytes, a few
/// times that with escapes), and only the candidates found are collected, never the tokens.
struct ManifestReferences {
  /// The names looked for, as bytes.
  let candidates: Set<[UInt8]>
  /// The candidates found so far.
  private(set) var found = Set<[UInt8]>()

  /// How many bytes of a token are kept (its tail).
  static let tokenLimit = 4096
  /// How many bytes are read at a time.
  static let chunkSize = 64 << 10

  private var raw: [UInt8] = []
  private var string: [UInt8] = []
  private var inString = false
  private var escaped = false

  /// Which lengths the candidates have (a file name is at most 255 bytes): a token of
  /// another length is passed over without a lookup.
  private let lengths: [Bool]

  /// A scan for `candidates`.
  init(lookingFor candidates: Set<[UInt8]>) {
    self.candidates = candidates
    var lengths = [Bool](repeating: false, count: 256)
    for name in candidates where name.count < lengths.count { lengths[name.count] = true }
    self.lengths = lengths
    raw.reserveCapacity(Self.tokenLimit)
  }

  /// The candidates the file `file` (read from its start to its end) may name.
  ///
  /// - Throws: `IOError` when it cannot be read to its end.
  static func scan(_ file: FileDescriptor, for candidates: Set<[UInt8]>) throws(IOError)
    -> Set<[UInt8]>
  {
    var scan = ManifestReferences(lookingFor: candidates)
    guard !candidates.isEmpty else { return [] }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    var offset: Int64 = 0
    while true {
      let count = try file.readFully(fromAbsoluteOffset: offset, into: buffer)
      if count == 0 { break }
      scan.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      offset += Int64(count)
      if count < buffer.count { break }
    }
    scan.finish()
    return scan.found
  }

  /// The candidates `bytes` may name.
  static func scan(_ bytes: [UInt8], for candidates: Set<[UInt8]>) -> Set<[UInt8]> {
    var scan = ManifestReferences(lookingFor: candidates)
    bytes.withUnsafeBytes { scan.feed($0) }
    scan.finish()
    return scan.found
  }

  /// Scans the next bytes.
  mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    for byte in bytes {
      // Raw tokens, split at punctuation and spaces, whatever the quotes.
      if Self.isDelimiter(byte) {
        flushRaw()
      } else {
        Self.append(byte, to: &raw)
      }
      // JSON strings, spaces included, from quote to quote.
      if inString {
        if escaped {
          escaped = false
          Self.append(byte, to: &string)
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
          Self.append(byte, to: &string)
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          consider(Self.unescaped(string))
          string.removeAll(keepingCapacity: true)
        } else {
          Self.append(byte, to: &string)
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      }
    }
  }

  /// Scans what is left at the end.
  mutating func finish() {
    flushRaw()
    if inString { consider(Self.unescaped(string)) }
    string.removeAll()
    inString = false
  }

  private mutating func flushRaw() {
    guard !raw.isEmpty else { return }
    consider(Self.unescapedSlashes(raw))
    raw.removeAll(keepingCapacity: true)
  }

  /// Checks a token, its last path component, and each one's name before the first `.`.
  private mutating func consider(_ token: [UInt8]) {
    guard !token.isEmpty else { return }
    var forms = [token[...]]
    if let slash = token.lastIndex(of: UInt8(ascii: "/")), slash + 1 < token.endIndex {
      forms.append(token[(slash + 1)...])
    }
    for form in forms {
      check(form)
      if let dot = form.firstIndex(of: UInt8(ascii: ".")), dot != form.startIndex {
        check(form[..<dot])
      }
    }
  }

  private mutating func check(_ form: ArraySlice<UInt8>) {
    guard form.count < lengths.count, lengths[form.count] else { return }
    let name = Array(form)
    if candidates.contains(name) { found.insert(name) }
  }

  /// Appends `byte`, keeping only the last `tokenLimit` bytes of a long token.
  private static func append(_ byte: UInt8, to token: inout [UInt8]) {
    if token.count >= 2 * tokenLimit { token.removeFirst(tokenLimit) }
    token.append(byte)
  }

  /// A raw token with JSON's `\/` read as `/`.
  private static func unescapedSlashes(_ token: [UInt8]) -> [UInt8] {
    guard token.contains(UInt8(ascii: "\\")) else { return token }
    var out: [UInt8] = []
    var index = token.startIndex
    while index < token.endIndex {
      if token[index] == UInt8(ascii: "\\"), index + 1 < token.endIndex,
        token[index + 1] == UInt8(ascii: "/")
      {
        out.append(UInt8(ascii: "/"))
        index += 2
      } else {
        out.append(token[index])
        index += 1
      }
    }
    return out
  }

  /// A JSON string's bytes with its escapes decoded (`\uXXXX` as UTF-8, surrogate pairs
  /// joined); an escape that is not one is kept as it is.
  static func unescaped(_ string: [UInt8]) -> [UInt8] {
    guard string.contains(UInt8(ascii: "\\")) else { return string }
    var out: [UInt8] = []
    var index = 0
    func hex(at start: Int) -> UInt32? {
      guard start + 4 <= string.count else { return nil }
      var value: UInt32 = 0
      for byte in string[start..<start + 4] {
        guard let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else { return nil }
        value = value * 16 + digit
      }
      return value
    }
    while index < string.count {
      let byte = string[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < string.count else {
        out.append(byte)
        index += 1
        continue
      }
      let next = string[index + 1]
      switch next {
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "u"):
        if var value = hex(at: index + 2) {
          index += 6
          if (0xD800..<0xDC00).contains(value), index + 1 < string.count,
            string[index] == UInt8(ascii: "\\"), string[index + 1] == UInt8(ascii: "u"),
            let low = hex(at: index + 2), (0xDC00..<0xE000).contains(low)
          {
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          }
          if let scalar = Unicode.Scalar(value) {
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
          }
          continue
        }
        out.append(byte)
        out.append(next)
      default: out.append(next)
      }
      index += 2
    }
    return out
  }

  /// Bytes that end a raw token: JSON and markup punctuation, quotes, spaces and control bytes.
  private static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case 0..<0x21, 0x7F: true
    case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ","), UInt8(ascii: ":"),
      UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
      UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "("), UInt8(ascii: ")"),
      UInt8(ascii: "="), UInt8(ascii: ";"):
      true
    default: false
    }
  }
}
