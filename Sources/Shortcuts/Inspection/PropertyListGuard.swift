import Foundation
import SystemCalls

/// Checks a binary property list's structure before Foundation parses it.
///
/// swift-corelibs-foundation crashes on some hostile binary property lists (found by this
/// module's fuzz test: a `set` object makes the returned value crash when cast). Shortcut files
/// come from strangers, so every binary plist is walked here first: the trailer, every object's
/// marker and length, every reference, and the absence of cycles. Only then does
/// `PropertyListSerialization` see it. The walk reads each object once and is bounded by the
/// file's size.
enum PropertyListGuard {
  /// Parses property list bytes with Foundation after checking binary ones.
  /// - Throws: a message saying what is wrong.
  static func propertyList(from data: Data) throws(PropertyListFailure) -> Any {
    if data.starts(with: Array("bplist".utf8)) {
      try validateBinary([UInt8](data))
    }
    do {
      return try PropertyListSerialization.propertyList(from: data, format: nil)
    } catch {
      throw PropertyListFailure("not a valid property list (\(ErrorText.message(for: error)))")
    }
  }

  static let maximumDepth = 256

  static func validateBinary(_ bytes: [UInt8]) throws(PropertyListFailure) {
    guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
      throw PropertyListFailure("binary property list too short or not version 00")
    }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    let referenceSize = Int(bytes[trailer + 7])
    func integer(_ at: Int, _ size: Int) -> Int {
      var value = 0
      for index in 0..<size { value = value << 8 | Int(bytes[at + index]) }
      return value
    }
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw PropertyListFailure("binary property list has invalid integer sizes in its trailer")
    }
    let objectCount = integer(trailer + 8, 8)
    let topObject = integer(trailer + 16, 8)
    let tableOffset = integer(trailer + 24, 8)
    guard objectCount > 0, objectCount <= bytes.count, topObject >= 0, topObject < objectCount,
      tableOffset >= 8, tableOffset <= trailer, objectCount <= (trailer - tableOffset) / offsetSize
    else { throw PropertyListFailure("binary property list trailer is out of range") }
    let offsets = (0..<objectCount).map { integer(tableOffset + $0 * offsetSize, offsetSize) }
    guard offsets.allSatisfy({ $0 >= 8 && $0 < tableOffset }) else {
      throw PropertyListFailure("binary property list has an object offset out of range")
    }

    /// Count of a variable-length object: low nibble, or 0xF then an integer object.
    func count(at offset: Int) throws(PropertyListFailure) -> (count: Int, start: Int) {
      let low = Int(bytes[offset] & 0xF)
      if low != 0xF { return (low, offset + 1) }
      guard offset + 2 <= tableOffset, bytes[offset + 1] & 0xF0 == 0x10 else {
        throw PropertyListFailure("binary property list has a malformed length")
      }
      let size = 1 << Int(bytes[offset + 1] & 0x0F)
      guard size <= 8, offset + 2 + size <= tableOffset else {
        throw PropertyListFailure("binary property list has a malformed length")
      }
      let value = integer(offset + 2, size)
      guard value >= 0 else { throw PropertyListFailure("binary property list length is negative") }
      return (value, offset + 2 + size)
    }

    var state = [UInt8](repeating: 0, count: objectCount)  // 0 new, 1 on the path, 2 done
    func visit(_ object: Int, depth: Int) throws(PropertyListFailure) {
      guard depth < maximumDepth else {
        throw PropertyListFailure("binary property list nests deeper than \(maximumDepth)")
      }
      if state[object] == 2 { return }
      guard state[object] == 0 else {
        throw PropertyListFailure("binary property list has a cycle")
      }
      state[object] = 1
      let offset = offsets[object]
      let marker = bytes[offset]
      func fits(_ end: Int) throws(PropertyListFailure) {
        guard end <= tableOffset else {
          throw PropertyListFailure("binary property list object \(object) runs past its data")
        }
      }
      switch marker >> 4 {
      case 0x0:
        guard [0x00, 0x08, 0x09, 0x0F].contains(marker) else {
          throw PropertyListFailure("binary property list has an unknown marker")
        }
      case 0x1: try fits(offset + 1 + (1 << Int(marker & 0xF)))
      case 0x2: try fits(offset + 1 + (1 << Int(marker & 0xF)))
      case 0x3:
        guard marker == 0x33 else {
          throw PropertyListFailure("binary property list date is malformed")
        }
        try fits(offset + 9)
      case 0x4, 0x5:
        let (length, start) = try count(at: offset)
        guard length <= tableOffset else {
          throw PropertyListFailure("binary property list object \(object) runs past its data")
        }
        try fits(start + length)
      case 0x6:
        let (length, start) = try count(at: offset)
        guard length <= tableOffset / 2 else {
          throw PropertyListFailure("binary property list object \(object) runs past its data")
        }
        try fits(start + 2 * length)
      case 0xA, 0xD:
        let (length, start) = try count(at: offset)
        let slots = marker >> 4 == 0xD ? 2 : 1
        guard length <= tableOffset / (referenceSize * slots) else {
          throw PropertyListFailure("binary property list object \(object) runs past its data")
        }
        try fits(start + length * referenceSize * slots)
        for index in 0..<(length * slots) {
          let reference = integer(start + index * referenceSize, referenceSize)
          guard reference >= 0, reference < objectCount else {
            throw PropertyListFailure("binary property list has a reference out of range")
          }
          if slots == 2 && index < length {
            let keyMarker = bytes[offsets[reference]] >> 4
            guard keyMarker == 0x5 || keyMarker == 0x6 else {
              throw PropertyListFailure(
                "binary property list has a dictionary key that is not a string")
            }
          }
          try visit(reference, depth: depth + 1)
        }
      default:
        // Sets (0xC), UIDs (0x8) and unassigned markers are not used by shortcuts.
        throw PropertyListFailure(
          "binary property list has an unsupported object type 0x\(String(marker >> 4, radix: 16))")
      }
      state[object] = 2
    }
    try visit(topObject, depth: 0)
  }
}

/// Why a property list was refused.
struct PropertyListFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
