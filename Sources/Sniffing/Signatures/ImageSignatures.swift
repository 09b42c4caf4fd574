/// Still-image formats recognized by their leading bytes: JPEG, PNG and APNG, GIF, BMP, ICO,
/// ICNS, SGI, Photoshop, OpenEXR, JPEG XL and JPEG 2000 codestreams, PostScript and EPS; the
/// texture, HDR and Netpbm formats of `ImageSignatures+Textures.swift`; and QuickDraw PICT,
/// whose signature follows a 512-byte header (`ImageSignatures+PICT.swift`).
/// (HEIF/AVIF live in `ISOMediaInspector`, TIFF and camera raw in `TIFFInspector`, WebP in
/// `MediaSignatures` with the other RIFF forms, SVG in `TextClassifier`.)
enum ImageSignatures {
  static func detect(_ bytes: [UInt8], fileSize: Int) -> Detection? {
    guard bytes.count >= 2 else { return nil }
    switch bytes[0] {
    case 0xFF:
      if bytes.matches([0xFF, 0xD8, 0xFF]) {
        return Detection("public.jpeg", mimeType: "image/jpeg", note: "JPEG SOI marker")
      }
      if bytes.matches([0xFF, 0x0A]) {
        return Detection("public.jpeg-xl", mimeType: "image/jxl", note: "JPEG XL codestream")
      }
      if bytes.matches([0xFF, 0x4F, 0xFF, 0x51]) {
        return Detection(
          "public.jpeg-2000", mimeType: "image/x-jp2-codestream", note: "JPEG 2000 codestream")
      }
    case 0x01:
      // SGI image file: magic 474 (01 DA), storage 0 or 1 (RLE), 1 or 2 bytes per channel,
      // 1 to 3 dimensions.
      if bytes.count >= 6, bytes[1] == 0xDA, bytes[2] <= 1, (1...2).contains(bytes[3]),
        let dimensions = bytes.beUInt16(at: 4), (1...3).contains(dimensions)
      {
        return Detection("com.sgi.sgi-image", mimeType: "image/sgi", note: "SGI image header")
      }
    case 0x89:
      if bytes.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
    case 0x47:  // G
      if bytes.matches(ascii: "GIF87a") || bytes.matches(ascii: "GIF89a") {
        return Detection("com.compuserve.gif", mimeType: "image/gif", note: "GIF signature")
      }
    case 0x42:  // B
      if isBMP(bytes) {
        return Detection("com.microsoft.bmp", mimeType: "image/bmp", note: "BMP file header")
      }
    case 0x00:
      if isICO(bytes) {
        return Detection("com.microsoft.ico", mimeType: "image/vnd.microsoft.icon", note: "ICO")
      }
    case 0x69:  // i
      if bytes.matches(ascii: "icns"), let length = bytes.beUInt32(at: 4), length >= 8,
        Int(length) <= fileSize
      {
        return Detection("com.apple.icns", mimeType: "image/icns", note: "icns header")
      }
    case 0x38:  // 8
      if bytes.matches(ascii: "8BPS"), let version = bytes.beUInt16(at: 4),
        version == 1 || version == 2
      {
        return Detection(
          "com.adobe.photoshop-image", mimeType: "image/vnd.adobe.photoshop", note: "8BPS header")
      }
    case 0x25:  // %
      if bytes.matches(ascii: "%!PS") { return postScript(bytes) }
    case 0xAB, 0x44, 0x13, 0x23, 0x50:  // KTX, DDS, ASTC, Radiance (#), PVR and Netpbm (P)
      return textureOrRaster(bytes)
    case 0x76:  // v
      return openEXR(bytes)
    case 0xC5:
      if bytes.matches([0xC5, 0xD0, 0xD3, 0xC6]) {
        return Detection(
          "com.adobe.encapsulated-postscript", mimeType: "application/postscript",
          note: "DOS EPS binary header")
      }
    default:
      break
    }
    return nil
  }

  /// PNG, or APNG when an `acTL` chunk precedes the first `IDAT` (APNG is a PNG to every
  /// decoder that ignores animation, and Apple declares no separate type for it).
  private static func png(_ bytes: [UInt8]) -> Detection {
    var offset = 8
    while let length = bytes.beUInt32(at: offset),
      let type = bytes.printableASCII(
        at: offset + 4, length: 4)
    {
      if type == "acTL" {
        return Detection("public.png", mimeType: "image/apng", note: "PNG with acTL (APNG)")
      }
      if type == "IDAT" || type == "IEND" { break }
      offset += 12 + Int(length)
    }
    return Detection("public.png", mimeType: "image/png", note: "PNG signature")
  }

  /// OpenEXR: the magic number 20000630 (little-endian `76 2F 31 01`), then the version field:
  /// version 2 in its low byte and only the tiled, long-name, deep and multi-part flags (bits 9
  /// to 12) above it; then the header's first attribute name.
  private static func openEXR(_ bytes: [UInt8]) -> Detection? {
    guard bytes.matches([0x76, 0x2F, 0x31, 0x01]), bytes.count >= 12, bytes[4] == 2,
      bytes[5] & 0xE1 == 0, bytes[6] == 0, bytes[7] == 0,
      let name = bytes[8..<min(bytes.count, 264)].firstIndex(of: 0), name > 8,
      bytes.printableASCII(at: 8, length: name - 8) != nil
    else { return nil }
    return Detection("com.ilm.openexr-image", mimeType: "image/x-exr", note: "OpenEXR header")
  }

  private static func isBMP(_ bytes: [UInt8]) -> Bool {
    guard bytes.matches(ascii: "BM"), let headerSize = bytes.leUInt32(at: 14),
      let reserved = bytes.leUInt32(at: 6), let dataOffset = bytes.leUInt32(at: 10)
    else { return false }
    return reserved == 0 && [12, 16, 40, 52, 56, 64, 108, 124].contains(headerSize)
      && dataOffset >= 14 + headerSize
  }

  private static func isICO(_ bytes: [UInt8]) -> Bool {
    // ICONDIR: reserved 0, type 1, count; then 16-byte entries: reserved byte 0, planes 0/1.
    guard bytes.matches([0, 0, 1, 0]), let count = bytes.leUInt16(at: 4), count > 0,
      bytes.count >= 22, let planes = bytes.leUInt16(at: 10), let size = bytes.leUInt32(at: 14),
      let offset = bytes.leUInt32(at: 18)
    else { return false }
    return bytes[9] == 0 && planes <= 1 && size > 0 && offset >= 6 + 16 * UInt32(count)
  }

  private static func postScript(_ bytes: [UInt8]) -> Detection {
    let lineEnd = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? min(bytes.count, 80)
    let firstLine = String(decoding: bytes[0..<lineEnd], as: UTF8.self)
    if firstLine.contains("EPSF") {
      return Detection(
        "com.adobe.encapsulated-postscript", mimeType: "application/postscript",
        note: "%!PS-Adobe EPSF header")
    }
    return Detection("com.adobe.postscript", mimeType: "application/postscript", note: "%!PS")
  }
}
