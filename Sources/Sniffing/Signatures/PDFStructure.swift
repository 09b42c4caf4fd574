/// A PDF whose header is damaged or missing (`%PDF1.4`, `%PDF.1.4`, `%1.4`, `%PDF` with no
/// version, or no header line at all), recognized by its structure as PDF readers such as
/// pdf.js and MuPDF do when they repair a file: the body opens with an indirect object
/// (`1 0 obj`, a dictionary, `endobj`), and the end of the file holds the trailer (`%%EOF`
/// after `startxref` or `trailer`).
///
/// The beginning is judged from the prefix; the end costs one read of the last
/// `tailLength` bytes, made only when the beginning already looks like a PDF body. Text that
/// merely mentions `obj` or `%%EOF` does not qualify: its first line after any header and
/// comments is prose, not an object.
enum PDFStructure {
  /// How much of the end of the file is read for the trailer (pdf.js looks for `startxref`
  /// in the last 1024 bytes).
  static let tailLength = 1024
  /// How far into the file the first object must start.
  static let bodyWindow = 1024

  static func detect(_ source: ByteSource) throws(SniffError) -> Detection? {
    let bytes = source.prefix
    guard let (header, firstObject) = beginning(bytes),
      hasDictionaryObject(bytes, from: firstObject)
    else { return nil }
    let tailStart = max(0, source.size - tailLength)
    let tail =
      source.prefixIsWhole
      ? Array(bytes[min(tailStart, bytes.count)...])
      : try source.read(at: tailStart, count: tailLength)
    guard hasTrailer(tail) else { return nil }
    return Detection(
      "com.adobe.pdf", mimeType: "application/pdf",
      note: "PDF objects and trailer \(header)")
  }

  /// The kind of header and where the first object starts, when the file begins like a PDF
  /// body: an optional (damaged) header line, optional comment lines (the binary marker
  /// `%âãÏÓ`), then an object header at the start of a line.
  static func beginning(_ bytes: [UInt8]) -> (header: String, firstObject: Int)? {
    var offset = 0
    while offset < bytes.count, isWhitespace(bytes[offset]) { offset += 1 }
    let header: String
    if bytes.matches(ascii: "%PDF", at: offset) {
      header = "after a damaged header '\(line(bytes, at: offset))'"
    } else if bytes.matches(ascii: "%", at: offset), isDigit(bytes, offset + 1),
      bytes.matches(ascii: ".", at: offset + 2), isDigit(bytes, offset + 3)
    {
      header = "after a header without %PDF '\(line(bytes, at: offset))'"
    } else {
      header = "without a header"
    }
    // Skip the header line and comment lines.
    var comments = 0
    while offset < min(bytes.count, bodyWindow), bytes[offset] == UInt8(ascii: "%"), comments < 4 {
      while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
      while offset < bytes.count, isWhitespace(bytes[offset]) { offset += 1 }
      comments += 1
    }
    guard offset < bodyWindow, objectHeaderLength(bytes, at: offset) != nil else { return nil }
    return (header, offset)
  }

  /// The length of an object header (`12 0 obj`) at `offset`, followed by a delimiter.
  static func objectHeaderLength(_ bytes: [UInt8], at offset: Int) -> Int? {
    var index = offset
    func digits() -> Bool {
      let start = index
      while index < bytes.count, isDigit(bytes, index), index - start < 10 { index += 1 }
      return index > start
    }
    func spaces() -> Bool {
      let start = index
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
      return index > start
    }
    guard digits(), spaces(), digits(), spaces(), bytes.matches(ascii: "obj", at: index) else {
      return nil
    }
    index += 3
    guard index < bytes.count,
      isWhitespace(bytes[index]) || bytes[index] == UInt8(ascii: "<")
        || bytes[index] == UInt8(ascii: "[")
    else { return nil }
    return index - offset
  }

  /// Whether the object at `start` holds a dictionary (`<<`) and ends with `endobj`, within
  /// the prefix.
  static func hasDictionaryObject(_ bytes: [UInt8], from start: Int) -> Bool {
    guard let end = bytes.firstIndex(of: Array("endobj".utf8), from: start) else { return false }
    return bytes.firstIndex(of: Array("<<".utf8), from: start, before: end) != nil
  }

  /// Whether the last bytes hold `%%EOF` after a `startxref` with an offset, or after a
  /// `trailer` dictionary.
  static func hasTrailer(_ tail: [UInt8]) -> Bool {
    guard let end = tail.lastIndex(of: Array("%%EOF".utf8)) else { return false }
    if let at = tail.lastIndex(of: Array("startxref".utf8), before: end) {
      var index = at + 9
      while index < end, isWhitespace(tail[index]) { index += 1 }
      if isDigit(tail, index) { return true }
    }
    if let at = tail.lastIndex(of: Array("trailer".utf8), before: end),
      tail.firstIndex(of: Array("<<".utf8), from: at, before: end) != nil
    {
      return true
    }
    return false
  }

  private static func line(_ bytes: [UInt8], at offset: Int) -> String {
    var end = offset
    while end < bytes.count, end - offset < 16, bytes[end] != 0x0A, bytes[end] != 0x0D {
      end += 1
    }
    return String(decoding: bytes[offset..<end].filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0
  }

  private static func isDigit(_ bytes: [UInt8], _ index: Int) -> Bool {
    index >= 0 && index < bytes.count && (0x30...0x39).contains(bytes[index])
  }
}

extension Array where Element == UInt8 {
  /// The last index of `pattern` that starts before `end` (anywhere, without `end`).
  fileprivate func lastIndex(of pattern: [UInt8], before end: Int? = nil) -> Int? {
    let limit = Swift.min(end.map { $0 - 1 } ?? count, count - pattern.count)
    guard limit >= 0 else { return nil }
    var index = limit
    while index >= 0 {
      if matches(pattern, at: index) { return index }
      index -= 1
    }
    return nil
  }
}
