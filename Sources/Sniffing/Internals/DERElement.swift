/// One element of ASN.1 data in DER or BER (ITU-T X.690): its tag, where its contents start,
/// and their length. Only the low-tag-number form (tags up to 30, one identifier byte) is read,
/// which is all the certificate and key structures use; anything else reads as nil.
struct DERElement: Equatable {
  /// The identifier byte: class, constructed bit and tag number (0x30 is a SEQUENCE).
  var tag: UInt8
  /// Where the contents start, after the identifier and length bytes.
  var contentStart: Int
  /// The contents' length; nil for BER's indefinite form (contents end at two zero bytes).
  var length: Int?

  static let sequence: UInt8 = 0x30
  static let integer: UInt8 = 0x02
  static let bitString: UInt8 = 0x03
  static let octetString: UInt8 = 0x04
  static let objectIdentifier: UInt8 = 0x06
  static let utcTime: UInt8 = 0x17
  static let generalizedTime: UInt8 = 0x18

  /// The offset just past the element, for a definite length.
  var end: Int? { length.map { contentStart + $0 } }

  /// The element at `offset` in `bytes`, or nil when its header is cut off or not one this
  /// reader accepts (a length of more than four bytes, or indefinite on a primitive element).
  static func read(_ bytes: [UInt8], at offset: Int) -> DERElement? {
    guard offset >= 0, offset + 2 <= bytes.count else { return nil }
    let tag = bytes[offset]
    guard tag & 0x1F != 0x1F else { return nil }
    let first = bytes[offset + 1]
    if first < 0x80 {
      return DERElement(tag: tag, contentStart: offset + 2, length: Int(first))
    }
    if first == 0x80 {
      guard tag & 0x20 != 0 else { return nil }
      return DERElement(tag: tag, contentStart: offset + 2, length: nil)
    }
    let count = Int(first & 0x7F)
    guard count <= 4, offset + 2 + count <= bytes.count else { return nil }
    var length = 0
    for index in 0..<count { length = length << 8 | Int(bytes[offset + 2 + index]) }
    return DERElement(tag: tag, contentStart: offset + 2 + count, length: length)
  }

  /// The first element inside this one (a constructed element's first child).
  func firstChild(in bytes: [UInt8]) -> DERElement? {
    Self.read(bytes, at: contentStart)
  }

  /// The element that follows this one, when this one's length is definite.
  func next(in bytes: [UInt8]) -> DERElement? {
    end.flatMap { Self.read(bytes, at: $0) }
  }

  /// The contents as bytes, when they lie wholly within `bytes`.
  func contents(in bytes: [UInt8]) -> [UInt8]? {
    guard let end, end <= bytes.count else { return nil }
    return Array(bytes[contentStart..<end])
  }

  /// Whether this is an INTEGER holding the single byte `value` (a structure's version).
  func isSmallInteger(_ value: UInt8, in bytes: [UInt8]) -> Bool {
    tag == Self.integer && length == 1 && contentStart < bytes.count
      && bytes[contentStart] == value
  }
}
