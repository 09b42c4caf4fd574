/// Writes minimal Apple Archive streams: a root directory entry and regular files.
///
/// Used to build the inner archive of test fixtures; the layout matches what `shortcuts sign`
/// stores (`TYP`, `PAT`, `MOD`, `DAT` fields, `AA01` magic).
struct AppleArchiveWriter {
  private(set) var bytes: [UInt8] = []

  /// Appends the archive's root directory entry (empty path).
  mutating func appendDirectory(path: String, mode: UInt16 = 0o755) {
    appendEntry(type: UInt8(ascii: "D"), path: path, mode: mode, data: nil)
  }

  /// Appends a regular file with its contents.
  mutating func appendFile(path: String, contents: [UInt8], mode: UInt16 = 0o644) {
    appendEntry(type: UInt8(ascii: "F"), path: path, mode: mode, data: contents)
  }

  private mutating func appendEntry(type: UInt8, path: String, mode: UInt16, data: [UInt8]?) {
    var fields: [UInt8] = Array("TYP1".utf8) + [type]
    fields += Array("PATP".utf8)
    fields.appendLittleEndian(UInt16(path.utf8.count))
    fields += Array(path.utf8)
    fields += Array("MOD2".utf8)
    fields.appendLittleEndian(mode)
    if let data {
      fields += Array("DATB".utf8)
      fields.appendLittleEndian(UInt32(data.count))
    }
    bytes += Array("AA01".utf8)
    bytes.appendLittleEndian(UInt16(6 + fields.count))
    bytes += fields
    if let data { bytes += data }
  }
}
