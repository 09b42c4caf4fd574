import Foundation

/// A reader for Apple Archive streams (`AA01`, and the legacy `YAA1` magic with the same layout).
///
/// Each entry is a header (magic, 16-bit header size, then typed fields: a three-letter key and
/// a subtype character) followed by the blobs its blob fields announce, in field order. The
/// reader walks the stream once, front to back, and never follows links or paths, so an archive
/// cannot loop it; a limit on entries and the input's own size bound the work.
public enum AppleArchive {
  /// The most entries read before giving up.
  public static let defaultEntryLimit = 10_000

  /// Reads every entry.
  /// - Throws: `AppleArchiveError` with the offset of the bad header or field.
  public static func entries(
    in bytes: [UInt8], entryLimit: Int = defaultEntryLimit
  ) throws(AppleArchiveError) -> [AppleArchiveEntry] {
    var entries: [AppleArchiveEntry] = []
    var offset = 0
    while offset < bytes.count {
      guard entries.count < entryLimit else { throw .tooManyEntries(limit: entryLimit) }
      let (entry, next) = try readEntry(bytes, at: offset)
      entries.append(entry)
      offset = next
    }
    return entries
  }

  /// The contents of the regular file at `path`, or nil when there is none.
  public static func contents(
    ofFileAt path: String, in bytes: [UInt8]
  ) throws(AppleArchiveError) -> Data? {
    try entries(in: bytes).first { $0.type == .regularFile && $0.path == path }?.data
  }

  static func readEntry(
    _ bytes: [UInt8], at start: Int
  ) throws(AppleArchiveError) -> (AppleArchiveEntry, Int) {
    func need(_ count: Int, _ at: Int, _ part: String) throws(AppleArchiveError) {
      if count > bytes.count - at {
        throw .truncated(part: part, needed: count, available: bytes.count - at, offset: at)
      }
    }
    func integer(_ at: Int, _ size: Int) -> UInt64 {
      var value: UInt64 = 0
      for index in 0..<size { value |= UInt64(bytes[at + index]) << (8 * UInt64(index)) }
      return value
    }
    try need(6, start, "an entry header")
    let magic = Array(bytes[start..<(start + 4)])
    guard magic == Array("AA01".utf8) || magic == Array("YAA1".utf8) else {
      throw .wrongMagic(magic, offset: start)
    }
    let headerSize = Int(integer(start + 4, 2))
    guard headerSize >= 6 else {
      throw .invalidField(key: "header", reason: "size \(headerSize) is under 6", offset: start)
    }
    try need(headerSize, start, "an entry header")
    let end = start + headerSize
    var offset = start + 6
    var fields: [AppleArchiveField] = []
    var blobs: [(key: String, size: UInt64)] = []
    while offset < end {
      try need(4, offset, "a field key")
      guard end - offset >= 4 else {
        throw .invalidField(
          key: "header", reason: "field key crosses the header end", offset: offset)
      }
      let key = String(decoding: bytes[offset..<(offset + 3)], as: UTF8.self)
      let subtype = bytes[offset + 3]
      let at = offset + 4
      func value(_ size: Int) throws(AppleArchiveError) -> Int {
        guard size <= end - at else {
          throw .invalidField(key: key, reason: "value runs past the header end", offset: offset)
        }
        return at + size
      }
      let fieldValue: AppleArchiveFieldValue
      switch subtype {
      case UInt8(ascii: "*"):
        fieldValue = .flag
        offset = at
      case UInt8(ascii: "1"), UInt8(ascii: "2"), UInt8(ascii: "4"), UInt8(ascii: "8"):
        let size = Int(subtype - UInt8(ascii: "0"))
        offset = try value(size)
        fieldValue = .unsigned(integer(at, size))
      case UInt8(ascii: "A"), UInt8(ascii: "B"), UInt8(ascii: "C"):
        let size = [2, 4, 8][Int(subtype - UInt8(ascii: "A"))]
        offset = try value(size)
        let blobSize = integer(at, size)
        fieldValue = .blob(size: blobSize)
        blobs.append((key, blobSize))
      case UInt8(ascii: "P"):
        offset = try value(2)
        let length = Int(integer(at, 2))
        let stringEnd = try value(2 + length)
        fieldValue = .string(String(decoding: bytes[(at + 2)..<stringEnd], as: UTF8.self))
        offset = stringEnd
      case UInt8(ascii: "S"):
        offset = try value(8)
        fieldValue = .timestamp(seconds: Int64(bitPattern: integer(at, 8)), nanoseconds: 0)
      case UInt8(ascii: "T"):
        offset = try value(12)
        fieldValue = .timestamp(
          seconds: Int64(bitPattern: integer(at, 8)),
          nanoseconds: UInt32(truncatingIfNeeded: integer(at + 8, 4)))
      case UInt8(ascii: "F"), UInt8(ascii: "G"), UInt8(ascii: "H"), UInt8(ascii: "I"),
        UInt8(ascii: "J"):
        let size = [4, 20, 32, 48, 64][Int(subtype - UInt8(ascii: "F"))]
        offset = try value(size)
        fieldValue = .digest(Array(bytes[at..<(at + size)]))
      default:
        throw .unknownFieldType(key: key, subtype: subtype, offset: offset)
      }
      fields.append(AppleArchiveField(key: key, value: fieldValue))
    }
    var position = end
    var data: Data?
    for blob in blobs {
      guard blob.size <= UInt64(bytes.count - position) else {
        throw .truncated(
          part: "the \(blob.key) blob", needed: Int(clamping: blob.size),
          available: bytes.count - position, offset: position)
      }
      let blobEnd = position + Int(blob.size)
      if blob.key == "DAT" && data == nil { data = Data(bytes[position..<blobEnd]) }
      position = blobEnd
    }
    return (AppleArchiveEntry(fields: fields, data: data, offset: start), position)
  }
}
