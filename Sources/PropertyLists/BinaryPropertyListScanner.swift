/// The structure check of a binary property list (`bplist00`), run before Foundation sees it.
///
/// Follows the format as Apple's `CFBinaryPList.c` documents it: a header, the objects, an offset
/// table and a 32-byte trailer. The trailer and every offset are checked first; then the objects
/// reachable from the top one are walked once each, with an explicit stack (no recursion over
/// the input's depth), checking every marker, length and reference. A shared object is walked
/// once but counted at every reference, so the limit on objects bounds what Foundation would
/// build, not what the file stores. Work is linear in the number of objects and references.
struct BinaryPropertyListScanner {
  private let bytes: ByteView
  private let limits: PropertyListLimits
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  private let topObject: Int
  private let tableOffset: Int

  /// The length of the trailer, at the end of the file.
  static let trailerLength = 32
  /// Header, one one-byte object, one one-byte offset, trailer.
  static let minimumLength = 8 + 1 + 1 + trailerLength

  /// Checks `bytes`, a binary property list, against `limits`.
  static func check(_ bytes: ByteView, limits: PropertyListLimits) throws(PropertyListError) {
    let scanner = try BinaryPropertyListScanner(bytes, limits: limits)
    try scanner.checkOffsets()
    try scanner.walk()
  }

  /// Reads and checks the header and the trailer.
  private init(_ bytes: ByteView, limits: PropertyListLimits) throws(PropertyListError) {
    self.bytes = bytes
    self.limits = limits
    guard bytes.matches("bplist", at: 0), bytes.count >= 8 else {
      throw PropertyListError(.unknownFormat, at: 0)
    }
    guard bytes.matches("00", at: 6) else {
      let version = (6..<8).map { bytes[$0] }
      let text =
        version.allSatisfy { (0x20..<0x7F).contains($0) }
        ? String(decoding: version, as: UTF8.self)
        : version.map { String($0, radix: 16) }.joined(separator: " ")
      throw PropertyListError(.unsupportedVersion(text), at: 6)
    }
    guard bytes.count >= Self.minimumLength else {
      throw PropertyListError(
        .malformedTrailer(
          "the file holds \(bytes.count) bytes, too few for a header, an object and the"
            + " 32-byte trailer (it may be truncated)"),
        at: bytes.count)
    }
    let trailer = bytes.count - Self.trailerLength
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize) else {
      throw PropertyListError(
        .malformedTrailer("the offset size is \(offsetSize), not 1 to 8 bytes"), at: trailer + 6)
    }
    guard (1...8).contains(referenceSize) else {
      throw PropertyListError(
        .malformedTrailer("the reference size is \(referenceSize), not 1 to 8 bytes"),
        at: trailer + 7)
    }
    let count = bytes.integer(at: trailer + 8, size: 8)
    guard count >= 1 else {
      throw PropertyListError(.malformedTrailer("it lists no objects"), at: trailer + 8)
    }
    guard count <= UInt64(limits.maximumObjectCount) else {
      throw PropertyListError(.tooManyObjects(limit: limits.maximumObjectCount), at: trailer + 8)
    }
    objectCount = Int(count)
    let top = bytes.integer(at: trailer + 16, size: 8)
    guard top < count else {
      throw PropertyListError(
        .malformedTrailer("the top object is \(top), but there are only \(count) objects"),
        at: trailer + 16)
    }
    topObject = Int(top)
    let table = bytes.integer(at: trailer + 24, size: 8)
    guard table >= 9, table <= UInt64(trailer),
      objectCount <= (trailer - Int(table)) / offsetSize
    else {
      throw PropertyListError(
        .malformedTrailer(
          "the offset table (at \(table), \(objectCount) entries of \(offsetSize) bytes) does not"
            + " lie between the header and the trailer"),
        at: trailer + 24)
    }
    tableOffset = Int(table)
    if referenceSize < 8, objectCount > 1 << (8 * referenceSize) {
      throw PropertyListError(
        .malformedTrailer(
          "\(referenceSize)-byte references cannot name all \(objectCount) objects"),
        at: trailer + 7)
    }
    if offsetSize < 8, tableOffset >= 1 << (8 * offsetSize) {
      throw PropertyListError(
        .malformedTrailer("\(offsetSize)-byte offsets cannot reach the offset table"),
        at: trailer + 6)
    }
  }

  /// The offset of `object`, read from the table (clamped: an 8-byte offset past `Int.max` is
  /// out of range like any other, which `checkOffsets` reports).
  private func offset(of object: Int) -> Int {
    Int(clamping: bytes.integer(at: tableOffset + object * offsetSize, size: offsetSize))
  }

  /// Every entry of the offset table points into the object data.
  private func checkOffsets() throws(PropertyListError) {
    for object in 0..<objectCount {
      let offset = offset(of: object)
      guard offset >= 8, offset < tableOffset else {
        throw PropertyListError(
          .offsetOutOfRange(object: object), at: tableOffset + object * offsetSize)
      }
    }
  }

  /// An array or dictionary being walked.
  private struct Frame {
    var object: Int
    var offset: Int
    /// Where its references start.
    var references: Int
    /// How many references it holds (keys and values for a dictionary).
    var referenceCount: Int
    /// How many of them are keys (the first ones).
    var keyCount: Int
    /// The next reference to follow.
    var next = 0
    /// Its nesting height so far: 1 for an empty container.
    var height = 1
    /// Objects it holds so far, itself included, counting every reference.
    var expandedCount = 1
  }

  /// Walks the objects reachable from the top one.
  private func walk() throws(PropertyListError) {
    // 0 not seen, 1 on the walk's path, 2 done. A done object keeps its height and its count.
    var state = [UInt8](repeating: 0, count: objectCount)
    var heights = [Int32](repeating: 0, count: objectCount)
    var expandedCounts = [Int](repeating: 0, count: objectCount)
    var stack: [Frame] = []

    if let frame = try enter(topObject, depth: 1) {
      state[topObject] = 1
      stack.append(frame)
    }
    while var frame = stack.popLast() {
      let depth = stack.count + 1
      guard frame.next < frame.referenceCount else {
        state[frame.object] = 2
        heights[frame.object] = Int32(frame.height)
        expandedCounts[frame.object] = frame.expandedCount
        if var parent = stack.popLast() {
          try add(
            child: frame.object, height: frame.height, count: frame.expandedCount, to: &parent,
            depth: depth - 1)
          stack.append(parent)
        }
        continue
      }
      let position = frame.references + frame.next * referenceSize
      let reference = bytes.integer(at: position, size: referenceSize)
      guard reference < UInt64(objectCount) else {
        throw PropertyListError(
          .referenceOutOfRange(reference: Int(clamping: reference), objectCount: objectCount),
          at: position)
      }
      let child = Int(reference)
      if frame.next < frame.keyCount {
        let marker = bytes[offset(of: child)] >> 4
        guard marker == 0x5 || marker == 0x6 else {
          throw PropertyListError(.keyNotString(object: child), at: position)
        }
      }
      frame.next += 1
      switch state[child] {
      case 2:
        try add(
          child: child, height: Int(heights[child]), count: expandedCounts[child], to: &frame,
          depth: depth)
        stack.append(frame)
      case 1:
        throw PropertyListError(.cycle(object: child), at: position)
      default:
        if let childFrame = try enter(child, depth: depth + 1) {
          state[child] = 1
          stack.append(frame)
          stack.append(childFrame)
        } else {
          state[child] = 2
          heights[child] = 1
          expandedCounts[child] = 1
          try add(child: child, height: 1, count: 1, to: &frame, depth: depth)
          stack.append(frame)
        }
      }
    }
  }

  /// Adds a walked child to its container at `depth`, enforcing the limits.
  private func add(
    child: Int, height: Int, count: Int, to frame: inout Frame, depth: Int
  ) throws(PropertyListError) {
    guard depth + height <= limits.maximumDepth else {
      throw PropertyListError(.tooDeep(limit: limits.maximumDepth), at: offset(of: child))
    }
    frame.height = max(frame.height, height + 1)
    frame.expandedCount += count
    guard frame.expandedCount <= limits.maximumObjectCount else {
      throw PropertyListError(.tooManyObjects(limit: limits.maximumObjectCount), at: frame.offset)
    }
  }

  /// Checks the object's marker and extent; returns a frame for an array or dictionary, nil for
  /// any other object.
  private func enter(_ object: Int, depth: Int) throws(PropertyListError) -> Frame? {
    let offset = offset(of: object)
    guard depth <= limits.maximumDepth else {
      throw PropertyListError(.tooDeep(limit: limits.maximumDepth), at: offset)
    }
    let marker = bytes[offset]
    let low = Int(marker & 0xF)
    func malformed(_ what: String) -> PropertyListError {
      PropertyListError(.malformedObject(object: object, what), at: offset)
    }
    func fits(_ start: Int, _ length: Int, unit: Int = 1) throws(PropertyListError) {
      guard length <= (tableOffset - start) / unit else {
        throw malformed("its contents run past the object data")
      }
    }
    switch marker >> 4 {
    case 0x0:
      guard marker == 0x08 || marker == 0x09 else {
        throw PropertyListError(.unsupportedObjectType(marker: marker), at: offset)
      }
      return nil
    case 0x1:
      guard low <= 4 else { throw malformed("an integer is 1, 2, 4, 8 or 16 bytes") }
      try fits(offset + 1, 1 << low)
      return nil
    case 0x2:
      guard low == 2 || low == 3 else { throw malformed("a real is 4 or 8 bytes") }
      try fits(offset + 1, 1 << low)
      return nil
    case 0x3:
      guard marker == 0x33 else { throw malformed("a date is marker 0x33 and 8 bytes") }
      try fits(offset + 1, 8)
      return nil
    case 0x4, 0x5:
      let (length, start) = try self.length(of: object, at: offset)
      try fits(start, length)
      return nil
    case 0x6:
      let (length, start) = try self.length(of: object, at: offset)
      try fits(start, length, unit: 2)
      return nil
    case 0xA, 0xD:
      let (length, start) = try self.length(of: object, at: offset)
      let isDictionary = marker >> 4 == 0xD
      let slots = isDictionary ? 2 : 1
      try fits(start, length, unit: referenceSize * slots)
      return Frame(
        object: object, offset: offset, references: start, referenceCount: length * slots,
        keyCount: isDictionary ? length : 0)
    default:
      throw PropertyListError(.unsupportedObjectType(marker: marker), at: offset)
    }
  }

  /// The count of a variable-length object and where its contents start: the marker's low
  /// nibble, or, when that is 0xF, the integer object that follows.
  private func length(of object: Int, at offset: Int) throws(PropertyListError) -> (Int, Int) {
    let low = Int(bytes[offset] & 0xF)
    guard low == 0xF else { return (low, offset + 1) }
    func malformed(_ what: String) -> PropertyListError {
      PropertyListError(.malformedObject(object: object, what), at: offset)
    }
    guard offset + 2 <= tableOffset, bytes[offset + 1] >> 4 == 0x1 else {
      throw malformed("its length is not followed by an integer")
    }
    let size = 1 << Int(bytes[offset + 1] & 0xF)
    guard size <= 8, offset + 2 + size <= tableOffset else {
      throw malformed("its length is not a 1-, 2-, 4- or 8-byte integer within the data")
    }
    let value = bytes.integer(at: offset + 2, size: size)
    guard value <= UInt64(Int.max) else { throw malformed("its length is negative") }
    return (Int(value), offset + 2 + size)
  }
}
