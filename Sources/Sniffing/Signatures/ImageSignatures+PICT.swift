/// QuickDraw pictures (PICT), which have no magic number at the start of the file.
///
/// A PICT file is a 512-byte header an application may fill as it likes (most leave it
/// zero), then the picture: its size (16 bits, unused since version 2), its frame (a
/// rectangle: top, left, bottom, right as signed 16-bit numbers), and the version opcode.
/// Version 2 starts `00 11 02 FF` (VersionOp, version 2) and `0C 00` (HeaderOp); version 1
/// starts `11 01`. Inside Macintosh: Imaging With QuickDraw, appendix A. Picture data on the
/// pasteboard comes without the 512-byte header, so a version 2 picture is also looked for at
/// the very start; a version 1 picture, whose two-byte opcode is weak evidence, only after the
/// header, with a size that matches the file.
extension ImageSignatures {
  static let pictHeaderLength = 512

  static func pict(_ bytes: [UInt8], fileSize: Int) -> Detection? {
    for start in [pictHeaderLength, 0] {
      guard hasPictFrame(bytes, at: start) else { continue }
      if bytes.matches([0x00, 0x11, 0x02, 0xFF, 0x0C, 0x00], at: start + 10) {
        return Detection(
          "com.apple.pict", mimeType: "image/pict",
          note: start == 0 ? "PICT version 2 picture without file header" : "PICT version 2")
      }
      if start == pictHeaderLength, bytes.matches([0x11, 0x01], at: start + 10),
        let size = bytes.beUInt16(at: start), Int(size) == (fileSize - start) & 0xFFFF
      {
        return Detection("com.apple.pict", mimeType: "image/pict", note: "PICT version 1")
      }
    }
    return nil
  }

  /// Whether the picture frame at `start + 2` is a non-empty rectangle.
  private static func hasPictFrame(_ bytes: [UInt8], at start: Int) -> Bool {
    guard let top = bytes.beUInt16(at: start + 2), let left = bytes.beUInt16(at: start + 4),
      let bottom = bytes.beUInt16(at: start + 6), let right = bytes.beUInt16(at: start + 8)
    else { return false }
    return Int16(bitPattern: top) < Int16(bitPattern: bottom)
      && Int16(bitPattern: left) < Int16(bitPattern: right)
  }
}
