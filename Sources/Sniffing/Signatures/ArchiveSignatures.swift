import Foundation

/// Compressed files and archives other than ZIP: gzip, bzip2, xz, 7-Zip, RAR, compress (.Z),
/// zstd, cabinet, XAR (and the installer packages and XIP archives that are XAR), cpio and
/// tar (POSIX ustar by its magic, older tar by its header checksum).
enum ArchiveSignatures {
  static func detect(_ bytes: [UInt8]) -> Detection? {
    guard bytes.count >= 4 else { return nil }
    switch bytes[0] {
    case 0x1F:
      if bytes[1] == 0x8B, bytes[2] == 8 { return gzip(bytes) }
      if bytes[1] == 0x9D {
        return Detection("public.z-archive", mimeType: "application/x-compress", note: ".Z header")
      }
    case 0x42:  // B
      if bytes.matches(ascii: "BZh"), (0x31...0x39).contains(bytes[3]) {
        return Detection(
          "public.bzip2-archive", mimeType: "application/x-bzip2", note: "bzip2 header")
      }
    case 0xFD:
      if bytes.matches([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
        return Detection("org.tukaani.xz-archive", mimeType: "application/x-xz", note: "xz header")
      }
    case 0x37:  // 7
      if bytes.matches([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) {
        return Detection(
          "org.7-zip.7-zip-archive", mimeType: "application/x-7z-compressed", note: "7z header")
      }
    case 0x52:  // R
      if bytes.matches(ascii: "Rar!\u{1A}\u{07}") {
        return Detection(
          ["com.rarlab.rar-archive"], mimeType: "application/vnd.rar", note: "RAR signature")
      }
    case 0x28:
      if bytes.matches([0x28, 0xB5, 0x2F, 0xFD]) {
        return Detection([], mimeType: "application/zstd", note: "zstd frame")
      }
    case 0x4D:  // M
      if bytes.matches(ascii: "MSCF"), bytes.leUInt32(at: 4) == 0 {
        return Detection(
          "com.microsoft.cab", mimeType: "application/vnd.ms-cab-compressed", note: "MSCF header")
      }
    case 0x78:  // x
      if bytes.matches(ascii: "xar!") { return xar(bytes) }
    case 0x30:  // 0
      if bytes.matches(ascii: "070707") || bytes.matches(ascii: "070701")
        || bytes.matches(ascii: "070702")
      {
        return Detection(
          "public.cpio-archive", mimeType: "application/x-cpio", note: "cpio ASCII header")
      }
    case 0xC7, 0x71:
      if bytes.matches([0xC7, 0x71]) || bytes.matches([0x71, 0xC7]) {
        return Detection(
          "public.cpio-archive", mimeType: "application/x-cpio", note: "cpio binary header")
      }
    default:
      break
    }
    return tar(bytes)
  }

  /// gzip, and what its first member holds when that shows at its start: a tar archive
  /// (`.tgz`, `.tar.gz`) or an SVG drawing (`.svgz`). The start of the member is inflated,
  /// at most 8 KiB of output; a stream cut short by the prefix yields what it decoded.
  private static func gzip(_ bytes: [UInt8]) -> Detection {
    let plain = Detection(
      "org.gnu.gnu-zip-archive", mimeType: "application/gzip", note: "gzip header")
    guard let start = gzipPayloadOffset(bytes),
      let inflated = try? Inflate.decompress(Array(bytes[start...]), limit: 8 * 1024),
      !inflated.isEmpty
    else { return plain }
    if tar(inflated) != nil {
      return Detection(
        ["org.gnu.gnu-zip-tar-archive", "org.gnu.gnu-zip-archive"], mimeType: "application/gzip",
        note: "gzip header, tar inside")
    }
    let inner = ByteSource(data: Data(inflated), name: "<gzip member>", prefixLength: 8 * 1024)
    if let verdict = TextClassifier.detect(inner),
      verdict.detection.identifiers.first == "public.svg-image"
    {
      return Detection(
        "public.svg-image", mimeType: "image/svg+xml", note: "gzip header, SVG inside")
    }
    return plain
  }

  /// XAR (the format of `xar(1)`): `xar!`, then big-endian header size (28, or more with a
  /// named checksum), version 1, the table of contents' compressed and plain lengths and the
  /// checksum algorithm. The table of contents, zlib-compressed XML, follows the header; its
  /// first 16 KiB (decompressed, from the prefix) tell an installer package (a `Distribution`
  /// or `PackageInfo` file) and a XIP archive (`Metadata` and `Content`) from other archives.
  private static func xar(_ bytes: [UInt8]) -> Detection? {
    guard let headerSize = bytes.beUInt16(at: 4), headerSize >= 28,
      bytes.beUInt16(at: 6) == 1, let compressed = bytes.beUInt64(at: 8), compressed > 0,
      let algorithm = bytes.beUInt32(at: 24), algorithm <= 4
    else { return nil }
    let plain = Detection(
      "com.apple.xar-archive", mimeType: "application/x-xar", note: "xar! header")
    let start = Int(headerSize)
    // zlib (RFC 1950): a two-byte header (deflate method 8), then raw DEFLATE.
    guard start + 2 < bytes.count, bytes[start] & 0x0F == 8,
      let toc = try? Inflate.decompress(Array(bytes[(start + 2)...]), limit: 16 * 1024)
    else { return plain }
    func hasFile(_ name: String) -> Bool {
      toc.firstIndex(of: Array("<name>\(name)</name>".utf8)) != nil
    }
    if hasFile("Distribution") || hasFile("PackageInfo") {
      return Detection(
        "com.apple.installer-package-archive", mimeType: "application/x-xar",
        note: "xar! header, installer package table of contents")
    }
    if hasFile("Metadata"), hasFile("Content") {
      return Detection(
        "com.apple.xip-archive", mimeType: "application/x-xar",
        note: "xar! header, XIP table of contents (Metadata, Content)")
    }
    return plain
  }

  /// Where the DEFLATE data of a gzip member starts (RFC 1952 header fields skipped), or nil.
  static func gzipPayloadOffset(_ bytes: [UInt8]) -> Int? {
    guard bytes.count > 10 else { return nil }
    let flags = bytes[3]
    var offset = 10
    if flags & 0x04 != 0 {  // FEXTRA
      guard let length = bytes.leUInt16(at: offset) else { return nil }
      offset += 2 + Int(length)
    }
    for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT
      guard let end = bytes.firstIndex(of: [0], from: offset) else { return nil }
      offset = end + 1
    }
    if flags & 0x02 != 0 { offset += 2 }  // FHCRC
    return offset < bytes.count ? offset : nil
  }

  /// A tar header: `ustar` at 257, or (pre-POSIX tar) a header checksum that adds up.
  private static func tar(_ bytes: [UInt8]) -> Detection? {
    guard bytes.count >= 512 else { return nil }
    let detection = Detection("public.tar-archive", mimeType: "application/x-tar", note: "")
    if bytes.matches(ascii: "ustar", at: 257) {
      return with(detection, note: "tar, ustar magic")
    }
    // The checksum field (148..<156) holds octal digits; the sum counts it as spaces.
    let field = bytes[148..<156].prefix { $0 >= 0x30 && $0 <= 0x37 || $0 == 0x20 }
    let digits = field.filter { $0 != 0x20 }
    guard !digits.isEmpty, bytes[0] != 0 else { return nil }
    let stored = digits.reduce(0) { $0 * 8 + Int($1 - 0x30) }
    var sum = 0
    for index in 0..<512 { sum += (148..<156).contains(index) ? 0x20 : Int(bytes[index]) }
    return sum == stored ? with(detection, note: "tar, header checksum") : nil
  }

  private static func with(_ detection: Detection, note: String) -> Detection {
    var copy = detection
    copy.note = note
    return copy
  }
}
