import Foundation

/// Images built byte by byte whose headers lie or whose decoding costs far more than their
/// size: for the decoders' tests and the thumbnail fuzz campaign. Nothing here comes from
/// outside the project.
public enum HostileImages {
  /// A HEIF whose primary item is a grid of `rows` x `columns` tiles whose own data asks for
  /// `outputWidth` x `outputHeight` pixels while its `ispe` property claims `claimedWidth` x
  /// `claimedHeight` (what libheif's image handle reports). The tiles are `hvc1` items of 64x64
  /// with `tileBytes` of data and no parameter sets: decoding them fails, but only after libheif
  /// has allocated the grid's output.
  public static func heifGrid(
    outputWidth: UInt32, outputHeight: UInt32, claimedWidth: UInt32 = 64,
    claimedHeight: UInt32 = 64, rows: Int = 1, columns: Int = 1, tileBytes: [UInt8] = [0, 0, 0, 0]
  ) -> Data {
    let tiles = rows * columns
    let wide = outputWidth > 0xFFFF || outputHeight > 0xFFFF
    var grid: [UInt8] = [0, wide ? 1 : 0, UInt8(rows - 1), UInt8(columns - 1)]
    grid +=
      wide
      ? be32(outputWidth) + be32(outputHeight)
      : be16(UInt16(outputWidth)) + be16(UInt16(outputHeight))
    // idat: the grid's data, then each tile's.
    var idat = grid
    var locations: [(id: UInt16, offset: UInt32, length: UInt32)] = [(1, 0, UInt32(grid.count))]
    for tile in 0..<tiles {
      locations.append((UInt16(2 + tile), UInt32(idat.count), UInt32(tileBytes.count)))
      idat += tileBytes
    }
    var infos: [UInt8] = []
    infos += box("infe", fullBox(2, be16(1) + be16(0) + Array("grid".utf8) + [0]))
    for tile in 0..<tiles {
      infos += box("infe", fullBox(2, be16(UInt16(2 + tile)) + be16(0) + Array("hvc1".utf8) + [0]))
    }
    let iinf = box("iinf", fullBox(0, be16(UInt16(1 + tiles)) + infos))
    var references = be16(1) + be16(UInt16(tiles))
    for tile in 0..<tiles { references += be16(UInt16(2 + tile)) }
    let iref = box("iref", fullBox(0, box("dimg", references)))
    let ipco = box(
      "ipco",
      box("ispe", fullBox(0, be32(claimedWidth) + be32(claimedHeight)))
        + box("ispe", fullBox(0, be32(64) + be32(64)))
        // An HEVC decoder configuration with no parameter sets: enough for libheif to take
        // the tiles as images, never to decode one.
        + box(
          "hvcC",
          [1, 0x01, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 0x5D, 0xF0, 0x00, 0xFC, 0xFD, 0xF8, 0xF8]
            + [0, 0, 0x0F, 0]))
    var associations = be32(UInt32(1 + tiles)) + be16(1) + [1, 0x81]
    for tile in 0..<tiles { associations += be16(UInt16(2 + tile)) + [2, 0x82, 0x83] }
    let ipma = box("ipma", fullBox(0, associations))
    // iloc version 1: 4-byte offsets and lengths, no base offset; everything in idat
    // (construction method 1).
    var iloc: [UInt8] = [0x44, 0x00] + be16(UInt16(locations.count))
    for location in locations {
      iloc +=
        be16(location.id) + be16(1) + be16(0) + be16(1) + be32(location.offset)
        + be32(location.length)
    }
    let hdlr = box(
      "hdlr", fullBox(0, be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13)))
    let meta = box(
      "meta",
      fullBox(
        0,
        hdlr + box("pitm", fullBox(0, be16(1))) + iinf + iref
          + box("iprp", ipco + ipma) + box("iloc", fullBox(1, iloc)) + box("idat", idat)))
    let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))
    return Data(ftyp + meta)
  }

  /// A grey progressive JPEG of `width` x `height` (multiples of 8): one DC scan, then `scans`
  /// AC scans that say nothing (each one end-of-band run over every block, about 60 bytes), as
  /// many as a file can hold; libjpeg decodes each over the whole image.
  public static func progressiveJPEG(width: Int, height: Int, scans: Int) -> Data {
    let blocks = (width / 8) * (height / 8)
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))  // DQT, table 0
    bytes += segment(
      0xC2, [8] + be16(UInt16(height)) + be16(UInt16(width)) + [1, 1, 0x11, 0])  // SOF2, grey
    // DC: one symbol (category 0) of one bit, '0': every block's difference is 0.
    bytes += segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
    bytes += segment(0xDA, [1, 1, 0x00, 0, 0, 0x00])
    var dc = BitWriter()
    for _ in 0..<blocks { dc.write(0, count: 1) }
    bytes += dc.finish()
    // AC: end-of-band runs, EOB14 (runs of up to 32767 blocks) and the remainder's.
    var runs: [Int] = Array(repeating: 32767, count: blocks / 32767)
    if blocks % 32767 > 0 { runs.append(blocks % 32767) }
    let symbols = Array(Set(runs.map { UInt8(Int.bitWidth - 1 - $0.leadingZeroBitCount) << 4 }))
      .sorted()
    var counts = [UInt8](repeating: 0, count: 16)
    counts[1] = UInt8(symbols.count)  // every symbol two bits long: 00, 01
    bytes += segment(0xC4, [0x10] + counts + symbols)
    var scan = BitWriter()
    for run in runs {
      let order = Int.bitWidth - 1 - run.leadingZeroBitCount
      let code = symbols.firstIndex(of: UInt8(order) << 4) ?? 0
      scan.write(code, count: 2)
      scan.write(run - (1 << order), count: order)
    }
    let data = scan.finish()
    for _ in 0..<scans {
      bytes += segment(0xDA, [1, 1, 0x00, 1, 63, 0x00])
      bytes += data
    }
    bytes += [0xFF, 0xD9]
    return Data(bytes)
  }

  /// `data` changed as a fuzzer changes it: `count` edits, each a byte set at random, a run
  /// of bytes repeated, bytes removed, or a 32-bit field set to an extreme, then perhaps the
  /// end cut off. The same `seed` gives the same result.
  public static func mutated(_ data: Data, edits count: Int, seed: UInt64) -> Data {
    var generator = SplitMix64(seed: seed)
    var bytes = [UInt8](data)
    for _ in 0..<count where !bytes.isEmpty {
      let at = Int.random(in: 0..<bytes.count, using: &generator)
      switch Int.random(in: 0..<6, using: &generator) {
      case 0, 1:
        bytes[at] = UInt8.random(in: 0...255, using: &generator)
      case 2:
        bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
      case 3:
        let length = min(Int.random(in: 1...64, using: &generator), bytes.count - at)
        let piece = bytes[at..<(at + length)]
        bytes.insert(
          contentsOf: Array(repeating: piece, count: Int.random(in: 1...8, using: &generator))
            .joined(), at: at)
      case 4:
        let length = min(Int.random(in: 1...32, using: &generator), bytes.count - at)
        bytes.removeSubrange(at..<(at + length))
      default:
        let extreme: [UInt8] =
          [[0xFF, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0], [0x7F, 0xFF, 0xFF, 0xFF], [0, 0, 0, 1]][
            Int.random(in: 0..<4, using: &generator)]
        for (offset, byte) in extreme.enumerated() where at + offset < bytes.count {
          bytes[at + offset] = byte
        }
      }
    }
    if !bytes.isEmpty, Int.random(in: 0..<8, using: &generator) == 0 {
      bytes.removeLast(Int.random(in: 0..<bytes.count, using: &generator))
    }
    return Data(bytes)
  }

  /// Writes a committed share of one file into the group directory `group` (which must have
  /// `Incoming/` and `Inbox/`): `bytes` as `Incoming/<id>.<ext>` and its manifest naming it as
  /// `typeIdentifier`, as a co-writer of the group may; the bytes are not checked by anyone
  /// before a thumbnail is made. Returns the share's id and the two paths written.
  public static func plantShare(
    in group: String, bytes: Data, ext: String, typeIdentifier: String
  ) throws -> (id: UUID, paths: [String]) {
    let id = UUID()
    let file = group + "/Incoming/\(id.uuidString).\(ext)"
    try bytes.write(to: URL(fileURLWithPath: file))
    let manifest = group + "/Inbox/\(id.uuidString).json"
    let json = """
      {"schemaVersion": 2, "id": "\(id.uuidString)", "receivedAt": "2026-12-01T10:00:00Z",
       "source": "files", "items": [{"kind": "file", "typeIdentifier": "\(typeIdentifier)",
       "file": "Incoming/\(id.uuidString).\(ext)", "byteCount": \(bytes.count),
       "sha256": "\(String(repeating: "0", count: 64))", "suggestedName": "image.\(ext)"}]}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: manifest))
    return (id, [file, manifest])
  }

  // MARK: Bytes

  static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

  static func be32(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
    be32(UInt32(8 + content.count)) + Array(type.utf8) + content
  }

  static func fullBox(_ version: UInt8, _ content: [UInt8]) -> [UInt8] {
    [version, 0, 0, 0] + content
  }

  static func segment(_ marker: UInt8, _ content: [UInt8]) -> [UInt8] {
    [0xFF, marker] + be16(UInt16(content.count + 2)) + content
  }

  /// Huffman-coded bits, most significant first, with JPEG's byte stuffing (`FF` then `00`)
  /// and the last byte padded with ones.
  struct BitWriter {
    private var bytes: [UInt8] = []
    private var current: UInt32 = 0
    private var filled = 0

    mutating func write(_ value: Int, count: Int) {
      guard count > 0 else { return }
      for bit in stride(from: count - 1, through: 0, by: -1) {
        current = current << 1 | UInt32((value >> bit) & 1)
        filled += 1
        if filled == 8 { flush() }
      }
    }

    private mutating func flush() {
      let byte = UInt8(current & 0xFF)
      bytes.append(byte)
      if byte == 0xFF { bytes.append(0) }
      current = 0
      filled = 0
    }

    mutating func finish() -> [UInt8] {
      while filled != 0 { write(1, count: 1) }
      return bytes
    }
  }
}
