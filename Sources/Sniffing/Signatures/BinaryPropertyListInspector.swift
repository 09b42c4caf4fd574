import Foundation

/// Binary property lists (`bplist00`), and the formats that are one: a `.webloc` (a
/// dictionary holding one URL) and a Safari web archive (a dictionary with `WebMainResource`).
///
/// A web archive is often megabytes (its resources are in it), so it is not parsed: only the
/// keys of its top dictionary are read, by the structure Apple's `CFBinaryPList.c` documents.
/// The 32-byte trailer at the end gives the offset table's place, the top object's number and
/// the sizes of offsets and references; the top object, its key references, their offsets and
/// the key strings are then read in small pieces (most inside the prefix). At most
/// `maximumKeys` keys are read, each up to 64 bytes.
enum BinaryPropertyListInspector {
  static let trailerLength = 32
  static let maximumKeys = 16

  static func detect(_ source: ByteSource) throws(SniffError) -> Detection? {
    guard source.prefix.matches(ascii: "bplist00") else { return nil }
    if source.prefixIsWhole, let location = MarkupClassifier.internetLocation(Data(source.prefix)) {
      return location
    }
    if let keys = try topLevelKeys(source), keys.contains("WebMainResource") {
      return Detection(
        "com.apple.webarchive", mimeType: "application/x-webarchive",
        note: "binary property list with WebMainResource (web archive)")
    }
    return Detection(
      "com.apple.binary-property-list", mimeType: "application/x-bplist", note: "bplist00 header")
  }

  /// The keys of the top object when it is a dictionary (the first `maximumKeys`), or nil
  /// when the structure does not hold together or the top object is not a dictionary.
  static func topLevelKeys(_ source: ByteSource) throws(SniffError) -> [String]? {
    guard source.size >= 8 + trailerLength else { return nil }
    let trailer = try source.read(at: source.size - trailerLength, count: trailerLength)
    guard trailer.count == trailerLength else { return nil }
    let offsetSize = Int(trailer[6])
    let referenceSize = Int(trailer[7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
      let objectCount = trailer.beUInt64(at: 8).map({ Int(clamping: $0) }),
      let top = trailer.beUInt64(at: 16).map({ Int(clamping: $0) }),
      let table = trailer.beUInt64(at: 24).map({ Int(clamping: $0) }),
      top < objectCount, table >= 8,
      objectCount <= (source.size - trailerLength - table) / offsetSize
    else { return nil }

    func offset(ofObject index: Int) throws(SniffError) -> Int? {
      guard index < objectCount else { return nil }
      let bytes = try source.read(at: table + index * offsetSize, count: offsetSize)
      guard bytes.count == offsetSize else { return nil }
      let value = bytes.reduce(0) { $0 << 8 | Int($1) }
      return value >= 8 && value < table ? value : nil
    }

    guard let topOffset = try offset(ofObject: top) else { return nil }
    let header = try source.read(at: topOffset, count: 10)
    guard let marker = header.first, marker >> 4 == 0xD,
      let (count, headerLength) = Self.count(header, marker: marker), count >= 0
    else { return nil }
    let keyCount = min(count, maximumKeys)
    let references = try source.read(
      at: topOffset + headerLength, count: keyCount * referenceSize)
    guard references.count == keyCount * referenceSize else { return nil }
    var keys: [String] = []
    for index in 0..<keyCount {
      let reference = references[(index * referenceSize)..<((index + 1) * referenceSize)]
        .reduce(0) { $0 << 8 | Int($1) }
      guard let keyOffset = try offset(ofObject: reference) else { return nil }
      let object = try source.read(at: keyOffset, count: 80)
      guard let key = string(object) else { return nil }
      keys.append(key)
    }
    return keys
  }

  /// An object's element count: in the marker's low nibble, or after it as an integer object
  /// when the nibble is 0xF. Returns the count and the length of marker and count.
  private static func count(_ bytes: [UInt8], marker: UInt8) -> (Int, Int)? {
    let nibble = Int(marker & 0x0F)
    guard nibble == 0x0F else { return (nibble, 1) }
    guard bytes.count >= 2, bytes[1] >> 4 == 1 else { return nil }
    let width = 1 << Int(bytes[1] & 0x0F)
    guard width <= 8, bytes.count >= 2 + width else { return nil }
    let value = bytes[2..<(2 + width)].reduce(0) { $0 << 8 | Int($1) }
    return (value, 2 + width)
  }

  /// An ASCII (0x5n) or UTF-16 (0x6n) string object of up to 64 characters.
  private static func string(_ bytes: [UInt8]) -> String? {
    guard let marker = bytes.first, marker >> 4 == 5 || marker >> 4 == 6,
      let (length, headerLength) = count(bytes, marker: marker), length >= 0, length <= 64
    else { return nil }
    if marker >> 4 == 5 {
      return bytes.printableASCII(at: headerLength, length: length)
    }
    guard headerLength + 2 * length <= bytes.count else { return nil }
    let units = (0..<length).compactMap { bytes.beUInt16(at: headerLength + 2 * $0) }
    return String(decoding: units, as: UTF16.self)
  }
}
