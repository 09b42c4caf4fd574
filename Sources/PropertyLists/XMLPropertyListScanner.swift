/// A bounded scan of an XML property list's markup, run before Foundation parses it.
///
/// XML has no references, so what Foundation builds is bounded by the elements written; the
/// scan counts them and the nesting depth, and checks that every element is closed by a
/// matching end tag, so a truncated or overlong file is refused with the byte offset of the
/// problem instead of Foundation's line-less "Code=3840". It does not check everything XML
/// requires (Foundation's parser does that next); it only reads tags, comments, processing
/// instructions, CDATA sections and the doctype, in one pass with no recursion. An internal DTD
/// subset (`<!DOCTYPE plist [ ... ]>`, where entities are declared) is refused: property lists
/// never have one.
struct XMLPropertyListScanner {
  private let bytes: ByteView
  private let limits: PropertyListLimits

  /// An element that is open: where its name is and where its tag starts.
  private struct OpenElement {
    var nameStart: Int
    var nameLength: Int
    var tagOffset: Int
    /// Whether it is the outermost `<plist>`, which wraps the value and is not a level.
    var isWrapper: Bool
  }

  /// Checks `bytes`, an XML property list, against `limits`.
  static func check(_ bytes: ByteView, limits: PropertyListLimits) throws(PropertyListError) {
    try XMLPropertyListScanner(bytes: bytes, limits: limits).scan()
  }

  /// Why the encoding cannot be scanned byte by byte, if it cannot: UTF-16 and UTF-32 (by their
  /// byte order marks, or NUL bytes among the first characters).
  static func unsupportedEncoding(of bytes: ByteView) -> String? {
    if bytes.matches("\u{0}\u{0}", at: 0) || bytes.count >= 4 && bytes[2] == 0 && bytes[3] == 0 {
      return "UTF-32"
    }
    if bytes.count >= 2,
      (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)
        || bytes[0] == 0 || bytes[1] == 0
    {
      return "UTF-16"
    }
    return nil
  }

  private func scan() throws(PropertyListError) {
    if let encoding = Self.unsupportedEncoding(of: bytes) {
      throw PropertyListError(.unsupportedEncoding(encoding), at: 0)
    }
    var open: [OpenElement] = []
    var elementCount = 0
    var sawElement = false
    var position = 0
    while let tag = bytes.firstIndex(of: UInt8(ascii: "<"), from: position) {
      if bytes.matches("<?", at: tag) {
        position = try end(of: "?>", from: tag, what: "processing instruction")
      } else if bytes.matches("<!--", at: tag) {
        position = try end(of: "-->", from: tag, what: "comment")
      } else if bytes.matches("<![CDATA[", at: tag) {
        position = try end(of: "]]>", from: tag, what: "CDATA section")
      } else if bytes.matches("<!", at: tag) {
        let close = try end(of: ">", from: tag, what: "declaration")
        // Searched only up to the `>`: every byte is scanned once, whatever the input repeats.
        if let bracket = bytes.firstIndex(of: UInt8(ascii: "["), from: tag, before: close) {
          throw PropertyListError(
            .malformedXML(
              "an internal DTD subset, where entities are declared; property lists have none"),
            at: bracket)
        }
        position = close
      } else if bytes.matches("</", at: tag) {
        let close = try end(of: ">", from: tag, what: "end tag")
        let (start, length) = name(from: tag + 2, before: close - 1)
        guard let element = open.popLast() else {
          throw PropertyListError(
            .malformedXML("the end tag </\(text(start, length))> closes no element"), at: tag)
        }
        guard length == element.nameLength,
          (0..<length).allSatisfy({ bytes[start + $0] == bytes[element.nameStart + $0] })
        else {
          throw PropertyListError(
            .malformedXML(
              "the end tag </\(text(start, length))> does not close"
                + " <\(text(element.nameStart, element.nameLength))>, opened at byte"
                + " \(element.tagOffset)"),
            at: tag)
        }
        position = close
      } else {
        let close = try endOfStartTag(from: tag)
        let (start, length) = name(from: tag + 1, before: close - 1)
        guard length > 0 else {
          throw PropertyListError(.malformedXML("a '<' that starts no element"), at: tag)
        }
        let isSelfClosing = bytes[close - 2] == UInt8(ascii: "/")
        // The outermost <plist> wraps the value; it is neither a value nor a level.
        let isWrapper = !sawElement && text(start, length) == "plist"
        sawElement = true
        if !isWrapper {
          elementCount += 1
          guard elementCount <= limits.maximumObjectCount else {
            throw PropertyListError(.tooManyObjects(limit: limits.maximumObjectCount), at: tag)
          }
          let depth = open.count + (open.first?.isWrapper == true ? 0 : 1)
          guard depth <= limits.maximumDepth else {
            throw PropertyListError(.tooDeep(limit: limits.maximumDepth), at: tag)
          }
        }
        if !isSelfClosing {
          open.append(
            OpenElement(nameStart: start, nameLength: length, tagOffset: tag, isWrapper: isWrapper))
        }
        position = close
      }
    }
    if let element = open.last {
      throw PropertyListError(
        .malformedXML(
          "<\(text(element.nameStart, element.nameLength))>, opened at byte \(element.tagOffset),"
            + " is never closed (the file may be truncated)"),
        at: bytes.count)
    }
    guard sawElement else {
      throw PropertyListError(.malformedXML("there is no element"), at: bytes.count)
    }
  }

  /// The position just past `terminator`, searched from `start`.
  private func end(of terminator: String, from start: Int, what: String) throws(PropertyListError)
    -> Int
  {
    guard let found = bytes.firstIndex(of: terminator, from: start + 2) else {
      throw PropertyListError(
        .malformedXML("an unterminated \(what) (the file may be truncated)"), at: start)
    }
    return found + terminator.utf8.count
  }

  /// The position just past the `>` that ends the start tag at `start`, skipping quoted
  /// attribute values.
  private func endOfStartTag(from start: Int) throws(PropertyListError) -> Int {
    var position = start + 1
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: ">") { return position + 1 }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        guard let quote = bytes.firstIndex(of: byte, from: position + 1) else { break }
        position = quote
      } else if byte == UInt8(ascii: "<") {
        break
      }
      position += 1
    }
    throw PropertyListError(
      .malformedXML("an unterminated start tag (the file may be truncated)"), at: start)
  }

  /// The element name that starts at `start`, ending at white space, `/` or `limit` (the `>`).
  private func name(from start: Int, before limit: Int) -> (start: Int, length: Int) {
    var end = start
    while end < limit, !Self.isSpace(bytes[end]), bytes[end] != UInt8(ascii: "/") { end += 1 }
    return (start, end - start)
  }

  /// A name for messages (at most 64 bytes of it).
  private func text(_ start: Int, _ length: Int) -> String {
    String(decoding: (start..<(start + min(length, 64))).map { bytes[$0] }, as: UTF8.self)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
