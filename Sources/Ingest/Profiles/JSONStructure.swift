import Foundation
import SystemCalls

/// The strict check every JSON document others write passes before `JSONDecoder` reads it:
/// what RFC 8259 forbids or leaves ambiguous, which Foundation accepts.
///
/// One pass over the bytes, linear in their count, with an explicit stack bounded by
/// ``maximumDepth`` (no recursion a deep document could exhaust). It refuses, naming the line,
/// the column (in bytes, both from 1) and the key path:
/// - a key given twice in one object (`{"file": "a", "file": "b"}`: Foundation keeps the first,
///   jq and Python the last, so two readers of one manifest would disagree on what it names);
///   keys are compared after their escapes are decoded, so `"file"` and `"\u0066ile"` are one;
/// - a trailing comma in an object or a list (`[1, 2,]`);
/// - a number too large for any field (`1e400`, which is no finite `Double`);
/// - anything else that is not JSON, or is nested deeper than ``maximumDepth``.
enum JSONStructure {
  /// The deepest nesting of objects and lists taken (Foundation's own limit).
  static let maximumDepth = 512

  /// A place in the document being scanned: a key of an object, or an index of a list.
  private enum Step {
    case key(String)
    case index(Int)
  }

  /// One open object or list.
  private struct Level {
    var isObject: Bool
    /// The keys seen so far in an object, with the offset of each.
    var keys: [String: Int] = [:]
    /// Where the container is, for messages: its key or index in its parent.
    var step: Step?
    /// How many values a list has so far.
    var count = 0
    /// Whether nothing has been read inside it yet.
    var isFresh = true
  }

  /// Checks `data`, throwing the first problem found.
  static func check(_ data: Data) throws(JSONInputError) {
    var scanner = Scanner(bytes: [UInt8](data))
    try scanner.run()
  }

  private struct Scanner {
    let bytes: [UInt8]
    var offset = 0
    var stack: [Level] = []

    init(bytes: [UInt8]) {
      self.bytes = bytes
    }

    mutating func run() throws(JSONInputError) {
      // A UTF-8 byte order mark is tolerated, as Foundation tolerates it.
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
      if String(validating: bytes, as: UTF8.self) == nil {
        throw fail("not UTF-8", at: firstInvalidUTF8())
      }
      skipSpace()
      try value()
      while !stack.isEmpty {
        try next()
      }
      skipSpace()
      if offset < bytes.count {
        throw fail("more after the end of the document")
      }
    }

    /// The next step inside the innermost container: its end, its first member, or `,` and
    /// the next member. A member that is itself a container is opened, never recursed into.
    mutating func next() throws(JSONInputError) {
      skipSpace()
      guard let top = stack.last else { return }
      guard offset < bytes.count else {
        throw fail(
          top.isObject ? "the document ends inside an object" : "the document ends inside a list")
      }
      let byte = bytes[offset]
      let close = top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      if byte == close {
        offset += 1
        stack.removeLast()
        return
      }
      if top.isFresh {
        stack[stack.count - 1].isFresh = false
      } else {
        guard byte == UInt8(ascii: ",") else {
          throw fail(top.isObject ? "expected ',' or '}'" : "expected ',' or ']'")
        }
        let comma = offset
        offset += 1
        skipSpace()
        if offset < bytes.count, bytes[offset] == close {
          stack[stack.count - 1].step = nil
          let mark = Character(Unicode.Scalar(close))
          throw fail("a trailing comma (strict JSON allows none before '\(mark)')", at: comma)
        }
        stack[stack.count - 1].count += 1
      }
      if top.isObject {
        try member()
      } else {
        stack[stack.count - 1].step = .index(stack[stack.count - 1].count)
        try value()
      }
    }

    /// A key, `:` and its value, in the innermost object.
    mutating func member() throws(JSONInputError) {
      stack[stack.count - 1].step = nil
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        throw fail("expected a key in double quotes")
      }
      let start = offset
      let key = try string(decodingKey: true)
      if let first = stack[stack.count - 1].keys[key] {
        let (line, column) = JSONInput.position(of: first, in: bytes)
        stack[stack.count - 1].keys[key] = start
        throw fail(
          "the key \(quote(key)) is given twice in one object (first at line \(line), column"
            + " \(column)); readers disagree on which one counts", at: start, key: key)
      }
      stack[stack.count - 1].keys[key] = start
      stack[stack.count - 1].step = .key(key)
      skipSpace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
        throw fail("expected ':' after the key")
      }
      offset += 1
      skipSpace()
      try value()
    }

    /// One value; an object or list is opened (its members follow through `next`).
    mutating func value() throws(JSONInputError) {
      guard offset < bytes.count else { throw fail("expected a value, found the end") }
      switch bytes[offset] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = bytes[offset] == UInt8(ascii: "{")
        guard stack.count < maximumDepth else {
          throw fail("nested deeper than \(maximumDepth) levels")
        }
        offset += 1
        stack.append(Level(isObject: isObject))
      case UInt8(ascii: "\""):
        _ = try string(decodingKey: false)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try number()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      default:
        throw fail("expected a value")
      }
    }

    mutating func literal(_ word: StaticString) throws(JSONInputError) {
      let expected = word.withUTF8Buffer { Array($0) }
      guard bytes.count - offset >= expected.count,
        bytes[offset..<(offset + expected.count)].elementsEqual(expected)
      else {
        throw fail("expected a value")
      }
      offset += expected.count
    }

    /// A number in JSON's grammar, refused when no finite `Double` holds it.
    mutating func number() throws(JSONInputError) {
      let start = offset
      func digits() -> Int {
        let from = offset
        while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { offset += 1 }
        return offset - from
      }
      if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      let leadingZero = offset < bytes.count && bytes[offset] == UInt8(ascii: "0")
      let whole = digits()
      guard whole > 0, !(leadingZero && whole > 1) else {
        throw fail("not a number JSON allows", at: start)
      }
      if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
        offset += 1
        guard digits() > 0 else { throw fail("not a number JSON allows", at: start) }
      }
      if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
        offset += 1
        if offset < bytes.count,
          bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")
        {
          offset += 1
        }
        guard digits() > 0 else { throw fail("not a number JSON allows", at: start) }
      }
      let text = String(decoding: bytes[start..<offset], as: UTF8.self)
      guard let value = Double(text), value.isFinite else {
        throw fail("a number out of range: no field takes a number this large", at: start)
      }
    }

    /// A string; a key's text is returned with its escapes decoded (other strings are only
    /// checked, and "" returned).
    mutating func string(decodingKey: Bool) throws(JSONInputError) -> String {
      let start = offset
      offset += 1
      var decoded: [UInt8] = []
      while offset < bytes.count {
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "\""):
          offset += 1
          return decodingKey ? String(decoding: decoded, as: UTF8.self) : ""
        case UInt8(ascii: "\\"):
          guard offset + 1 < bytes.count else {
            throw fail("a string that does not end", at: start)
          }
          let escape = bytes[offset + 1]
          offset += 2
          switch escape {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            if decodingKey { decoded.append(escape) }
          case UInt8(ascii: "b"): if decodingKey { decoded.append(0x08) }
          case UInt8(ascii: "f"): if decodingKey { decoded.append(0x0C) }
          case UInt8(ascii: "n"): if decodingKey { decoded.append(0x0A) }
          case UInt8(ascii: "r"): if decodingKey { decoded.append(0x0D) }
          case UInt8(ascii: "t"): if decodingKey { decoded.append(0x09) }
          case UInt8(ascii: "u"):
            let escapeStart = offset - 2
            guard let unit = hex4() else {
              throw fail("a \\u escape needs four hexadecimal digits", at: escapeStart)
            }
            var scalar = Unicode.Scalar(unit)
            if (0xD800..<0xDC00).contains(unit) {
              // A high surrogate must be followed by its low half: an unpaired one is no text.
              guard bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"),
                bytes[offset + 1] == UInt8(ascii: "u")
              else {
                throw fail("an unpaired UTF-16 surrogate escape", at: escapeStart)
              }
              offset += 2
              guard let low = hex4(), (0xDC00..<0xE000).contains(low) else {
                throw fail("an unpaired UTF-16 surrogate escape", at: escapeStart)
              }
              scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            } else if (0xDC00..<0xE000).contains(unit) {
              throw fail("an unpaired UTF-16 surrogate escape", at: escapeStart)
            }
            if decodingKey, let scalar { decoded.append(contentsOf: String(scalar).utf8) }
          default:
            throw fail("an escape JSON does not have", at: offset - 2)
          }
        case 0..<0x20:
          throw fail("a control character inside a string (write it as an escape)")
        default:
          if decodingKey { decoded.append(byte) }
          offset += 1
        }
      }
      throw fail("a string that does not end", at: start)
    }

    /// The offset of the first byte that is not part of valid UTF-8.
    func firstInvalidUTF8() -> Int {
      var parser = Unicode.UTF8.ForwardParser()
      var iterator = bytes.makeIterator()
      var position = 0
      while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let encoded): position += encoded.count
        case .error: return position
        case .emptyInput: return position
        }
      }
    }

    /// Four hexadecimal digits at `offset`, consumed.
    mutating func hex4() -> UInt32? {
      guard bytes.count - offset >= 4 else { return nil }
      var value: UInt32 = 0
      for byte in bytes[offset..<(offset + 4)] {
        guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
        value = value << 4 | UInt32(digit)
      }
      offset += 4
      return value
    }

    mutating func skipSpace() {
      while offset < bytes.count {
        switch bytes[offset] {
        case 0x20, 0x09, 0x0A, 0x0D: offset += 1
        default: return
        }
      }
    }

    /// The error for `problem` at `place` (default: the current offset), located by line,
    /// column and key path.
    func fail(_ problem: String, at place: Int? = nil, key: String? = nil) -> JSONInputError {
      let (line, column) = JSONInput.position(of: place ?? offset, in: bytes)
      var keys: [any CodingKey] = stack.compactMap { level in
        switch level.step {
        case .key(let name): AnyCodingKey(name)
        case .index(let index): AnyCodingKey(intValue: index)
        case nil: nil
        }
      }
      if let key { keys.append(AnyCodingKey(key)) }
      return JSONInputError(
        field: JSONInputError.path(keys),
        problem: "not valid JSON: \(problem), at line \(line), column \(column)")
    }

    func quote(_ key: String) -> String {
      TerminalText.echoed(key)
    }
  }
}
