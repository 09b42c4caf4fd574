/// Image formats that ImageIO reads and Apple's systems declare outside the main CoreTypes
/// list: GPU textures (KTX, DDS, PowerVR, ASTC), Radiance HDR and the Netpbm family.
extension ImageSignatures {
  static let ktxIdentifier: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB]
  static let ktx2Identifier: [UInt8] = [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB]

  /// The texture, HDR or Netpbm format the leading bytes announce, if any.
  static func textureOrRaster(_ bytes: [UInt8]) -> Detection? {
    let ktxTail: [UInt8] = [0x0D, 0x0A, 0x1A, 0x0A]
    if bytes.matches(ktxIdentifier), bytes.matches(ktxTail, at: 8) {
      return Detection("org.khronos.ktx", mimeType: "image/ktx", note: "KTX 1 file identifier")
    }
    if bytes.matches(ktx2Identifier), bytes.matches(ktxTail, at: 8) {
      return Detection([], mimeType: "image/ktx2", note: "KTX 2 file identifier")
    }
    // DDS: "DDS " then the DDS_HEADER, whose size field is always 124.
    if bytes.matches(ascii: "DDS "), bytes.leUInt32(at: 4) == 124 {
      return Detection("com.microsoft.dds", mimeType: "image/vnd-ms.dds", note: "DDS header")
    }
    // ASTC: magic 0x5CA1AB13 (little-endian), then block dimensions of 3 to 12 texels.
    if bytes.matches([0x13, 0xAB, 0xA1, 0x5C]), bytes.count >= 16,
      (3...12).contains(bytes[4]), (3...12).contains(bytes[5]), (1...12).contains(bytes[6])
    {
      return Detection("org.khronos.astc", mimeType: nil, note: "ASTC header")
    }
    // PowerVR version 3: the 32-bit version field reads "PVR" and 3.
    if bytes.matches(Array("PVR".utf8) + [0x03]) {
      return Detection("public.pvr", mimeType: nil, note: "PVR v3 header")
    }
    if bytes.matches(ascii: "#?RADIANCE\n") || bytes.matches(ascii: "#?RGBE\n") {
      return Detection(
        "public.radiance", mimeType: "image/vnd.radiance", note: "Radiance HDR header")
    }
    return netpbm(bytes)
  }

  /// Netpbm: `P1` to `P6` (bitmap, graymap, pixmap; plain and raw) or `PF`/`Pf` (float map),
  /// then width and height in decimal, with `#` comments allowed between the fields. Both
  /// numbers are required so that text that happens to begin with "P1 " is not an image.
  private static func netpbm(_ bytes: [UInt8]) -> Detection? {
    guard bytes.count >= 7, bytes[0] == UInt8(ascii: "P") else { return nil }
    let kind = bytes[1]
    let mimeTypes: [UInt8: String] = [
      UInt8(ascii: "1"): "image/x-portable-bitmap", UInt8(ascii: "4"): "image/x-portable-bitmap",
      UInt8(ascii: "2"): "image/x-portable-graymap", UInt8(ascii: "5"): "image/x-portable-graymap",
      UInt8(ascii: "3"): "image/x-portable-pixmap", UInt8(ascii: "6"): "image/x-portable-pixmap",
      UInt8(ascii: "F"): "image/x-portable-floatmap",
      UInt8(ascii: "f"): "image/x-portable-floatmap",
    ]
    guard let mimeType = mimeTypes[kind] else { return nil }
    var offset = 2
    func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(byte) }
    /// Skips whitespace and comments; requires at least one whitespace byte.
    func skipSeparator() -> Bool {
      var skipped = false
      while offset < bytes.count {
        if isSpace(bytes[offset]) {
          skipped = true
          offset += 1
        } else if bytes[offset] == UInt8(ascii: "#") {
          while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
        } else {
          break
        }
      }
      return skipped
    }
    func number() -> Bool {
      let start = offset
      while offset < bytes.count, (0x30...0x39).contains(bytes[offset]), offset - start < 9 {
        offset += 1
      }
      return offset > start && bytes[start] != 0x30
    }
    guard skipSeparator(), number(), skipSeparator(), number(),
      offset < bytes.count, isSpace(bytes[offset])
    else { return nil }
    return Detection(
      "public.pbm", mimeType: mimeType, note: "Netpbm P\(Character(UnicodeScalar(kind))) header")
  }
}
