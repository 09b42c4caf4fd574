/// Apple disk images (UDIF, the `.dmg` format), known by the 512-byte trailer that ends them
/// and starts with `koly`.
///
/// The trailer is the only signature a UDIF image has: its first bytes are those of whatever
/// chunk comes first (zlib, bzip2 or LZFSE data, or a raw partition map or volume). So the
/// trailer is read, one small piece at the end of the file, only when the prefix starts the
/// way such an image does; any other file costs nothing.
enum DiskImageSignatures {
  /// The size of the UDIF trailer (`koly` block).
  static let trailerLength = 512

  static func detect(_ source: ByteSource) throws(SniffError) -> Detection? {
    guard source.size >= 2 * trailerLength, mayStartDiskImage(source.prefix) else { return nil }
    let trailer = try source.read(at: source.size - trailerLength, count: trailerLength)
    // koly, version 4, header size 512.
    guard trailer.matches(ascii: "koly"), trailer.beUInt32(at: 4) == 4,
      trailer.beUInt32(at: 8) == UInt32(trailerLength)
    else { return nil }
    return Detection(
      "com.apple.disk-image-udif", mimeType: "application/x-apple-diskimage",
      note: "UDIF koly trailer")
  }

  /// Whether the first bytes could be the first chunk of a UDIF image: compressed data (zlib,
  /// bzip2, LZFSE, LZMA), an Apple partition map's driver descriptor, or zeros (the boot
  /// blocks of an HFS+ or APFS volume, a protective MBR).
  static func mayStartDiskImage(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 4 else { return false }
    if bytes[0] == 0x78, [0x01, 0x5E, 0x9C, 0xDA].contains(bytes[1]) { return true }
    if bytes.matches(ascii: "BZh") || bytes.matches(ascii: "bvx") { return true }
    if bytes.matches([0x5D, 0x00, 0x00]) || bytes.matches([0x45, 0x52, 0x02, 0x00]) {
      return true
    }
    return bytes.prefix(4).allSatisfy { $0 == 0 }
  }
}
