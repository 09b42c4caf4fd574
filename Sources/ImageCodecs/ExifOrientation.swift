import Foundation

/// Reads the EXIF `Orientation` tag (0x0112) of a JPEG: the APP1 `Exif` segment's TIFF header
/// and first image directory, every offset checked against the segment's bounds.
enum ExifOrientationReader {
  /// The orientation the JPEG's EXIF data gives; `.up` when it gives none or a bad one.
  static func orientation(ofJPEG data: Data) -> ImageOrientation {
    let bytes = [UInt8](data.prefix(256 * 1024))
    var offset = 2  // after SOI
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
      let marker = bytes[offset + 1]
      if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 || marker == 0xFF {
        offset += marker == 0xFF ? 1 : 2
        continue
      }
      if marker == 0xDA || marker == 0xD9 { break }  // image data or end: no EXIF before it
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard length >= 2, offset + 2 + length <= bytes.count else { break }
      if marker == 0xE1, length >= 8,
        Array(bytes[(offset + 4)..<(offset + 10)]) == Array("Exif\0\0".utf8)
      {
        let tiff = Array(bytes[(offset + 10)..<(offset + 2 + length)])
        return orientation(inTIFF: tiff) ?? .up
      }
      offset += 2 + length
    }
    return .up
  }

  /// The `Orientation` entry of a TIFF header's first directory.
  static func orientation(inTIFF tiff: [UInt8]) -> ImageOrientation? {
    guard tiff.count >= 8 else { return nil }
    let bigEndian: Bool
    switch (tiff[0], tiff[1]) {
    case (0x4D, 0x4D): bigEndian = true
    case (0x49, 0x49): bigEndian = false
    default: return nil
    }
    func read16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= tiff.count else { return nil }
      return bigEndian
        ? Int(tiff[at]) << 8 | Int(tiff[at + 1]) : Int(tiff[at + 1]) << 8 | Int(tiff[at])
    }
    func read32(_ at: Int) -> Int? {
      guard let high = read16(bigEndian ? at : at + 2), let low = read16(bigEndian ? at + 2 : at)
      else { return nil }
      return high << 16 | low
    }
    guard read16(2) == 42, let directory = read32(4), let count = read16(directory) else {
      return nil
    }
    for index in 0..<count {
      let entry = directory + 2 + index * 12
      guard let tag = read16(entry) else { return nil }
      // SHORT (3), one value, held in the first two bytes of the value field.
      if tag == 0x0112, read16(entry + 2) == 3, let value = read16(entry + 8) {
        return ImageOrientation(rawValue: UInt16(value))
      }
    }
    return nil
  }
}

/// Writes the EXIF `Orientation` tag into a JPEG, as ImageIO keeps a `UIImage`'s orientation
/// when it encodes one.
enum ExifOrientationWriter {
  /// `jpeg` with an APP1 `Exif` segment holding `orientation`, placed after the JFIF APP0
  /// segment (or right after SOI when there is none).
  static func inserting(_ orientation: ImageOrientation, intoJPEG jpeg: Data) -> Data {
    let value = orientation.rawValue
    let tiff: [UInt8] =
      [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]  // big-endian, directory at 8
      + [0x00, 0x01]  // one entry
      + [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01]  // Orientation, SHORT, one value
      + [UInt8(value >> 8), UInt8(value & 0xFF), 0x00, 0x00]
      + [0x00, 0x00, 0x00, 0x00]  // no next directory
    let payload = Array("Exif\0\0".utf8) + tiff
    let length = payload.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    var insertAt = 2
    let head = [UInt8](jpeg.prefix(64))
    if head.count >= 6, head[2] == 0xFF, head[3] == 0xE0 {
      insertAt = 4 + (Int(head[4]) << 8 | Int(head[5]))
    }
    guard insertAt <= jpeg.count, jpeg.starts(with: [0xFF, 0xD8]) else { return jpeg }
    var result = Data(capacity: jpeg.count + segment.count)
    result.append(jpeg.prefix(insertAt))
    result.append(contentsOf: segment)
    result.append(jpeg.dropFirst(insertAt))
    return result
  }
}
