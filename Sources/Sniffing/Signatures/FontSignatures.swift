/// Font collections: several TrueType or OpenType fonts in one file (`.ttc`, `.otc`), as the
/// system and CJK fonts people pass around are shipped. (Single fonts are libmagic's.)
///
/// The OpenType specification's "Font Collections" header: `ttcf`, version 1.0 or 2.0, the
/// number of fonts and the offset of each font's table directory. The first font's directory
/// (read where it lies, four bytes and its table count) tells TrueType outlines (`00 01 00 00`
/// or `true`) from CFF ones (`OTTO`), which make the collection an OpenType collection.
enum FontSignatures {
  static func detect(_ source: ByteSource) throws(SniffError) -> Detection? {
    let bytes = source.prefix
    guard bytes.matches(ascii: "ttcf"), let major = bytes.beUInt16(at: 4), major == 1 || major == 2,
      bytes.beUInt16(at: 6) == 0, let count = bytes.beUInt32(at: 8), count > 0, count <= 4096,
      let first = bytes.beUInt32(at: 12).map(Int.init), first >= 12 + 4 * Int(count),
      first < source.size
    else { return nil }
    let directory = try source.read(at: first, count: 6)
    guard let tables = directory.beUInt16(at: 4), tables > 0, tables < 256 else { return nil }
    let note = "ttcf header, \(count) fonts"
    if directory.matches(ascii: "OTTO") {
      return Detection(
        "public.opentype-collection-font", mimeType: "font/collection",
        note: note + ", CFF outlines")
    }
    guard directory.matches([0, 1, 0, 0]) || directory.matches(ascii: "true") else { return nil }
    return Detection(
      "public.truetype-collection-font", mimeType: "font/collection", note: note)
  }
}
