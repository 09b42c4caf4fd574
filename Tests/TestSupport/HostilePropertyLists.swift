import Foundation

/// Property lists made to crash or stall a reader, as the adversarial run of issue 16 found
/// them: the tests, the fuzz seeds and the benchmarks all make them here.
public enum HostilePropertyLists {
  /// A binary property list (`bplist00`) of raw objects, each a marker and its bytes with
  /// references of `referenceSize` bytes already written; the offset table and trailer are
  /// added with offsets as wide as needed.
  public static func binary(_ objects: [[UInt8]], top: Int = 0, referenceSize: Int = 1) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let tableOffset = bytes.count
    let offsetSize = tableOffset < 1 << 8 ? 1 : tableOffset < 1 << 16 ? 2 : 4
    for offset in offsets { bytes += bigEndian(offset, size: offsetSize) }
    bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    bytes += bigEndian(objects.count, size: 8)
    bytes += bigEndian(top, size: 8)
    bytes += bigEndian(tableOffset, size: 8)
    return Data(bytes)
  }

  /// `value` as `size` big-endian bytes.
  public static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
  }

  /// A marker with its count: the count in the low nibble, or 0xF and an integer object.
  public static func marker(_ type: UInt8, count: Int) -> [UInt8] {
    if count < 15 { return [type << 4 | UInt8(count)] }
    if count < 1 << 8 { return [type << 4 | 0xF, 0x10, UInt8(count)] }
    if count < 1 << 16 { return [type << 4 | 0xF, 0x11] + bigEndian(count, size: 2) }
    return [type << 4 | 0xF, 0x12] + bigEndian(count, size: 4)
  }

  /// An ASCII string object.
  public static func string(_ text: String) -> [UInt8] {
    marker(0x5, count: text.utf8.count) + Array(text.utf8)
  }

  /// `{NSExtension: {1}}`: a dictionary holding a set (marker 0xC), which crashes Foundation's
  /// bridging with SIGSEGV.
  public static func set() -> Data {
    binary([[0xD1, 1, 2], string("NSExtension"), [0xC1, 3], [0x10, 1]])
  }

  /// `levels` levels of arrays, each holding `fanOut` references to the next, the last holding
  /// references to one string: a few hundred bytes that Foundation expands to `fanOut^levels`
  /// strings ("billion laughs"). Six levels of 16 (167 bytes) took 11 s and 630 MB in
  /// `rule explain`; eight take every command past 10 s and 1 GB.
  public static func sharedReferences(levels: Int, fanOut: Int = 16) -> Data {
    var objects: [[UInt8]] = (0..<levels).map { level in
      marker(0xA, count: fanOut) + [UInt8](repeating: UInt8(level + 1), count: fanOut)
    }
    objects.append(string("laugh"))
    return binary(objects)
  }

  /// Arrays nested `depth` deep, each holding the next (one object each, no sharing).
  public static func deepBinary(depth: Int) -> Data {
    let referenceSize = depth < 1 << 8 ? 1 : depth < 1 << 16 ? 2 : 4
    var objects: [[UInt8]] = (0..<(depth - 1)).map { level in
      [0xA1] + bigEndian(level + 1, size: referenceSize)
    }
    objects.append([0x09])
    return binary(objects, referenceSize: referenceSize)
  }

  /// An array that holds itself.
  public static func cyclic() -> Data {
    binary([[0xA1, 0]])
  }

  /// A UID object (keyed archives only) inside an array.
  public static func uid() -> Data {
    binary([[0xA1, 1], [0x80, 0x05]])
  }

  /// An XML property list of arrays nested `depth` deep.
  public static func deepXML(depth: Int) -> Data {
    Data(
      (xmlHeader + String(repeating: "<array>", count: depth)
        + String(repeating: "</array>", count: depth) + "</plist>\n").utf8)
  }

  /// An XML property list whose array holds `count` `<true/>` elements.
  public static func manyElementsXML(count: Int) -> Data {
    Data(
      (xmlHeader + "<array>" + String(repeating: "<true/>", count: count) + "</array></plist>\n")
        .utf8)
  }

  /// The start of an XML property list, up to and including `<plist version="1.0">`.
  public static let xmlHeader = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    """

  /// An XML `Info.plist` exporting `count` types, each conforming to the next
  /// (`com.example.t0` -> `com.example.t1` -> ... -> `public.data`).
  public static func declarationChainXML(count: Int) -> Data {
    var text = xmlHeader + "<dict><key>UTExportedTypeDeclarations</key><array>"
    for index in 0..<count {
      let parent = index + 1 < count ? "com.example.t\(index + 1)" : "public.data"
      text +=
        "<dict><key>UTTypeIdentifier</key><string>com.example.t\(index)</string>"
        + "<key>UTTypeConformsTo</key><string>\(parent)</string></dict>"
    }
    return Data((text + "</array></dict></plist>\n").utf8)
  }

  /// A binary `Info.plist` exporting `count` types, each conforming to the next, written as
  /// compactly as the format allows (keys shared): about 40 bytes a type.
  public static func declarationChainBinary(count: Int) -> Data {
    // Objects: 0 root, 1 "UTExportedTypeDeclarations", 2 the array, 3 "UTTypeIdentifier",
    // 4 "UTTypeConformsTo", 5 "public.data", then per type a dictionary and its identifier.
    let referenceSize = 3
    func reference(_ object: Int) -> [UInt8] { bigEndian(object, size: referenceSize) }
    let first = 6
    var objects: [[UInt8]] = [
      [0xD1] + reference(1) + reference(2), string("UTExportedTypeDeclarations"),
      marker(0xA, count: count) + (0..<count).flatMap { reference(first + 2 * $0) },
      string("UTTypeIdentifier"), string("UTTypeConformsTo"), string("public.data"),
    ]
    for index in 0..<count {
      let parent = index + 1 < count ? first + 2 * (index + 1) + 1 : 5
      objects.append(
        [0xD2] + reference(3) + reference(4) + reference(first + 2 * index + 1)
          + reference(parent))
      objects.append(string("com.example.t\(index)"))
    }
    return binary(objects, referenceSize: referenceSize)
  }
}
