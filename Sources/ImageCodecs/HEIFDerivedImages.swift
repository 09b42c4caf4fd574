import Foundation

/// The sizes of a HEIF file's derived images (grids `grid` and overlays `iovl`), read from
/// the images' own data, which is what libheif allocates and decodes: a grid's `ispe`
/// property may claim 64x64 while its data asks for 10000x10000 (libheif's image handle
/// reports the claim). libheif 1.15 has no call that gives a derived image's data, so the few
/// boxes needed are read here: `meta`'s `pitm`, `iinf`, `iloc`, `iref` and `idat`, every
/// offset and count checked against the bytes there are.
struct HEIFDerivedImages {
  /// A derived image's output size.
  struct Size: Equatable {
    var width: Int
    var height: Int
    /// Its tiles (a grid's rows times columns; 1 for an overlay).
    var tiles: Int
  }

  /// The primary item's id, when the file names one.
  var primary: UInt32?
  /// Each derived image's size, by item id.
  var sizes: [UInt32: Size] = [:]
  /// Each identity-derived (`iden`) item's source item.
  var identitySources: [UInt32: UInt32] = [:]
  /// Derived images whose data could not be read (the decode of one fails in libheif too,
  /// but they are refused before it starts).
  var unreadable: [UInt32] = []

  /// The primary image's decoded size when it is derived (a grid or an overlay, or an
  /// identity of one), nil when it is coded (its `ispe` is what the codec checks).
  var primarySize: Size? {
    var item = primary
    for _ in 0..<8 {
      guard let current = item else { return nil }
      if let size = sizes[current] { return size }
      item = identitySources[current]
    }
    return nil
  }

  /// Reads the boxes; an empty value when the file has no `meta` box that can be read (libheif
  /// then refuses it on its own).
  init(_ data: Data) {
    let bytes = [UInt8](data)
    var reader = BoxReader(bytes: bytes, range: 0..<bytes.count)
    guard let meta = reader.boxes().first(where: { $0.type == "meta" }), meta.range.count >= 4
    else { return }
    var types: [UInt32: String] = [:]
    var locations: [UInt32: ItemLocation] = [:]
    var idat: Range<Int>?
    var children = BoxReader(
      bytes: bytes, range: (meta.range.lowerBound + 4)..<meta.range.upperBound)
    for box in children.boxes() {
      var field = FieldReader(bytes: bytes, range: box.range)
      switch box.type {
      case "pitm":
        guard let version = field.fullBoxVersion() else { continue }
        primary = version == 0 ? field.read(2).map(UInt32.init) : field.read(4).map(UInt32.init)
      case "iinf":
        guard let version = field.fullBoxVersion(), field.read(version == 0 ? 2 : 4) != nil
        else { continue }
        var entries = BoxReader(bytes: bytes, range: field.remaining)
        for entry in entries.boxes() where entry.type == "infe" {
          var infe = FieldReader(bytes: bytes, range: entry.range)
          guard let version = infe.fullBoxVersion(), version >= 2,
            let id = infe.read(version == 2 ? 2 : 4), infe.read(2) != nil,
            let type = infe.read(4)
          else { continue }
          types[UInt32(id)] = BoxReader.fourCC(type)
        }
      case "iloc":
        locations = Self.locations(&field)
      case "iref":
        guard let version = field.fullBoxVersion() else { continue }
        var references = BoxReader(bytes: bytes, range: field.remaining)
        for reference in references.boxes() where reference.type == "dimg" {
          var fields = FieldReader(bytes: bytes, range: reference.range)
          let width = version == 0 ? 2 : 4
          guard let from = fields.read(width), let count = fields.read(2), count >= 1,
            let to = fields.read(width)
          else { continue }
          identitySources[UInt32(from)] = UInt32(to)
        }
      case "idat":
        idat = box.range
      default:
        continue
      }
    }
    identitySources = identitySources.filter { types[$0.key] == "iden" }
    for (id, type) in types where type == "grid" || type == "iovl" {
      let head = locations[id].flatMap { $0.prefix(12, of: bytes, idat: idat) }
      guard let head, let size = Self.size(of: type, head) else {
        unreadable.append(id)
        continue
      }
      sizes[id] = size
    }
  }

  /// A grid's or an overlay's output size from the first bytes of its data.
  private static func size(of type: String, _ head: [UInt8]) -> Size? {
    var field = FieldReader(bytes: head, range: 0..<head.count)
    guard let version = field.read(1), version == 0, let flags = field.read(1) else { return nil }
    var tiles = 1
    if type == "grid" {
      guard let rows = field.read(1), let columns = field.read(1) else { return nil }
      tiles = (rows + 1) * (columns + 1)
    } else {
      guard field.read(8) != nil else { return nil }  // the canvas fill value
    }
    let width = flags & 1 == 0 ? 2 : 4
    guard let outputWidth = field.read(width), let outputHeight = field.read(width) else {
      return nil
    }
    return Size(width: outputWidth, height: outputHeight, tiles: tiles)
  }

  /// Where an item's data lies: in the file (construction method 0) or in `idat` (1).
  struct ItemLocation {
    var inIdat: Bool
    var extents: [(offset: Int, length: Int)]

    /// The first `count` bytes of the item's data (fewer when it is shorter), or nil when its
    /// extents point outside the bytes there are.
    func prefix(_ count: Int, of bytes: [UInt8], idat: Range<Int>?) -> [UInt8]? {
      let base: Range<Int>
      if inIdat {
        guard let idat else { return nil }
        base = idat
      } else {
        base = 0..<bytes.count
      }
      var result: [UInt8] = []
      for extent in extents where result.count < count {
        let (start, overflow) = base.lowerBound.addingReportingOverflow(extent.offset)
        guard !overflow, start >= base.lowerBound, start <= base.upperBound else { return nil }
        let available = base.upperBound - start
        let length = extent.length == 0 ? available : min(extent.length, available)
        result += bytes[start..<(start + min(length, count - result.count))]
      }
      return result
    }
  }

  /// The `iloc` box's items (ISO/IEC 14496-12, 8.11.3), after its version and flags.
  private static func locations(_ field: inout FieldReader) -> [UInt32: ItemLocation] {
    guard let version = field.fullBoxVersion(), version <= 2, let sizes = field.read(1),
      let more = field.read(1)
    else { return [:] }
    let offsetSize = sizes >> 4
    let lengthSize = sizes & 0xF
    let baseOffsetSize = more >> 4
    let indexSize = version == 0 ? 0 : more & 0xF
    guard [0, 4, 8].contains(offsetSize), [0, 4, 8].contains(lengthSize),
      [0, 4, 8].contains(baseOffsetSize), [0, 4, 8].contains(indexSize),
      let count = field.read(version < 2 ? 2 : 4)
    else { return [:] }
    var locations: [UInt32: ItemLocation] = [:]
    for _ in 0..<min(count, 20_000) {
      guard let id = field.read(version < 2 ? 2 : 4) else { break }
      var method = 0
      if version >= 1 {
        guard let value = field.read(2) else { break }
        method = value & 0xF
      }
      guard field.read(2) != nil, let base = field.read(baseOffsetSize),
        let extentCount = field.read(2)
      else { break }
      var extents: [(offset: Int, length: Int)] = []
      for _ in 0..<extentCount {
        guard field.read(indexSize) != nil, let offset = field.read(offsetSize),
          let length = field.read(lengthSize)
        else { return locations }
        let (start, overflow) = base.addingReportingOverflow(offset)
        guard !overflow else { return locations }
        extents.append((start, length))
      }
      if method <= 1 { locations[UInt32(id)] = ItemLocation(inIdat: method == 1, extents: extents) }
    }
    return locations
  }
}

/// ISO base media file boxes in a range of bytes: each one's type and content range.
struct BoxReader {
  struct Box {
    var type: String
    var range: Range<Int>
  }

  let bytes: [UInt8]
  var range: Range<Int>

  /// The boxes, in order, up to the first one whose size does not fit (at most 4096).
  mutating func boxes() -> [Box] {
    var result: [Box] = []
    var field = FieldReader(bytes: bytes, range: range)
    while result.count < 4096 {
      let start = field.position
      guard let size = field.read(4), let type = field.read(4) else { break }
      let end: Int
      if size == 1 {
        guard let large = field.read(8) else { break }
        end = start &+ large
      } else if size == 0 {
        end = range.upperBound
      } else {
        end = start &+ size
      }
      guard end >= field.position, end <= range.upperBound else { break }
      result.append(Box(type: Self.fourCC(type), range: field.position..<end))
      field.position = end
    }
    return result
  }

  static func fourCC(_ value: Int) -> String {
    let scalars = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    return String(decoding: scalars, as: UTF8.self)
  }
}

/// Big-endian fields read one after another within a range; nil past its end.
struct FieldReader {
  let bytes: [UInt8]
  var position: Int
  let end: Int

  init(bytes: [UInt8], range: Range<Int>) {
    self.bytes = bytes
    position = range.lowerBound
    end = range.upperBound
  }

  var remaining: Range<Int> { position..<max(position, end) }

  /// The next `count` bytes (0 to 8) as an unsigned number; 0 for a count of 0.
  mutating func read(_ count: Int) -> Int? {
    guard count >= 0, count <= 8, end - position >= count else { return nil }
    var value: UInt64 = 0
    for index in position..<(position + count) { value = value << 8 | UInt64(bytes[index]) }
    position += count
    return value > UInt64(Int.max) ? nil : Int(value)
  }

  /// A full box's version (its flags skipped).
  mutating func fullBoxVersion() -> Int? {
    guard let version = read(1), read(3) != nil else { return nil }
    return version
  }
}
