/// Document formats with a leading signature that no other family claims: PDF form data (FDF)
/// and flattened rich text with attachments (flat RTFD, the pasteboard and share form of an
/// `.rtfd` package).
///
/// Both are read from the prefix alone.
enum DocumentSignatures {
  static func detect(_ bytes: [UInt8]) -> Detection? {
    guard bytes.count >= 8 else { return nil }
    switch bytes[0] {
    case 0x25:  // %
      return formsData(bytes)
    case 0x72:  // r
      return flatRTFD(bytes)
    default:
      return nil
    }
  }

  /// Forms Data Format (ISO 32000-1, 12.7.8): the file starts with a `%FDF-1.2` header line,
  /// where a PDF has `%PDF-`; the body is PDF objects, so a PDF check that looks at objects and
  /// the trailer alone would take it for a PDF with a damaged header.
  static func formsData(_ bytes: [UInt8]) -> Detection? {
    guard bytes.matches(ascii: "%FDF-"), (0x30...0x39).contains(bytes[5]), bytes[6] == 0x2E
    else { return nil }
    return Detection("com.adobe.fdf", mimeType: "application/vnd.fdf", note: "%FDF- header")
  }

  /// A file name every RTFD holds: the rich text itself.
  static let rtfdTextEntry = "TXT.rtf"

  /// The most names a flat RTFD's directory is read for (each attachment is one).
  static let maximumRTFDEntries = 4096

  /// A flattened RTFD: a serialized file wrapper directory. Apple documents only its type
  /// (`com.apple.flat-rtfd`, "flattened RTFD, pasteboard format"), not its bytes; public
  /// readers of the format lay it out as `rtfd`, a 32-bit zero, the record type 3 (a
  /// directory), the number of entries, then each entry's name as a little-endian 32-bit
  /// length and its bytes, then the entries' lengths and contents. It is recognized here by
  /// that header and by a directory whose names, all read from the prefix, include `TXT.rtf`,
  /// the rich text every RTFD holds.
  static func flatRTFD(_ bytes: [UInt8]) -> Detection? {
    guard bytes.matches(ascii: "rtfd"), bytes.leUInt32(at: 4) == 0, bytes.leUInt32(at: 8) == 3,
      let count = bytes.leUInt32(at: 12), count > 0, count <= maximumRTFDEntries
    else { return nil }
    var offset = 16
    var hasText = false
    for _ in 0..<Int(count) {
      guard var length = bytes.leUInt32(at: offset).map(Int.init) else { return nil }
      offset += 4
      if length == 0x8000_0000 {
        // A padded name: its real length and the padding that follows the length fields.
        guard let real = bytes.leUInt32(at: offset), let padding = bytes.leUInt32(at: offset + 4)
        else { return nil }
        length = Int(real)
        offset += 8 + Int(padding)
      }
      guard length <= 1024, offset + length <= bytes.count else { return nil }
      if bytes.matches(ascii: rtfdTextEntry, at: offset), length == rtfdTextEntry.utf8.count {
        hasText = true
      }
      offset += length
    }
    guard hasText else { return nil }
    return Detection(
      "com.apple.flat-rtfd", mimeType: nil,
      note: "flattened RTFD: rtfd header, \(count) entries with TXT.rtf")
  }
}
