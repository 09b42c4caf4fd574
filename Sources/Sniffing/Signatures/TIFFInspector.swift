/// TIFF, and the camera raw formats built on it (DNG, NEF, ARW, CR2, PEF, ...) or beside it
/// (ORF, RW2, RAF).
///
/// A raw file is a TIFF whose first directory (IFD0) holds a DNGVersion tag, or whose maker
/// (the Make tag) is a camera vendor and whose IFD0 is a reduced-resolution preview, points to
/// sub-images, or holds sensor data itself (a colour filter array, a raw-only compression, as
/// in Pentax PEF), as raw files are laid out. IFD0 is read whole (up to 512 entries). A file cut
/// off before its Make tag (or that tag's value) but with such an IFD0 is camera raw of no known
/// maker. A TIFF whose IFD0 lies beyond the bytes at hand is reported as plain TIFF: nothing in
/// it says otherwise.
enum TIFFInspector {
  private static let camera = ["public.camera-raw-image"]
  /// The most IFD0 entries read (12 bytes each): real directories hold a few dozen to ~150.
  static let maximumEntries = 512

  /// Compression schemes only camera raw data uses (TIFF's own, such as 7 for JPEG or 32773
  /// for PackBits, also compress ordinary images): 32767 Sony ARW, 32769 packed raw (Epson,
  /// Nikon), 32770 and 32772 Samsung SRW, 34713 Nikon NEF, 65000 Kodak DCR, 65535 Pentax PEF,
  /// as ExifTool's table of TIFF compression values lists them.
  static let rawCompressions: Set<UInt16> = [32767, 32769, 32770, 32772, 34713, 65000, 65535]
  /// Photometric interpretations of sensor data: 32803 colour filter array (TIFF/EP,
  /// ISO 12234-2) and 34892 linear raw (DNG 1.1).
  static let rawPhotometrics: Set<UInt16> = [32803, 34892]

  static func detect(_ source: ByteSource) throws(SniffError) -> Detection? {
    let bytes = source.prefix
    guard bytes.count >= 8 else { return nil }
    if bytes.matches(ascii: "FUJIFILMCCD-RAW") {
      return Detection(
        ["com.fuji.raw-image"] + camera, mimeType: "image/x-fuji-raf", note: "Fujifilm RAF header")
    }
    if bytes.matches(ascii: "IIRO") || bytes.matches(ascii: "IIRS") || bytes.matches(ascii: "MMOR")
    {
      return Detection(
        ["com.olympus.raw-image"] + camera, mimeType: "image/x-olympus-orf",
        note: "Olympus ORF header")
    }
    if bytes.matches([0x49, 0x49, 0x55, 0x00]) {
      return Detection(
        ["com.panasonic.rw2-raw-image"] + camera, mimeType: "image/x-panasonic-rw2",
        note: "Panasonic RW2 header")
    }
    let little = bytes.matches([0x49, 0x49, 0x2A, 0x00])
    let big = bytes.matches([0x4D, 0x4D, 0x00, 0x2A])
    let bigTIFF =
      bytes.matches([0x49, 0x49, 0x2B, 0x00]) || bytes.matches([0x4D, 0x4D, 0x00, 0x2B])
    guard little || big || bigTIFF else { return nil }
    let tiff = Detection("public.tiff", mimeType: "image/tiff", note: "TIFF header")
    guard !bigTIFF else { return try bigTIFFKind(source, little: bytes[0] == 0x49) ?? tiff }
    if little, bytes.matches(ascii: "CR", at: 8), bytes[10] == 2 {
      return Detection(
        ["com.canon.cr2-raw-image"] + camera, mimeType: "image/x-canon-cr2",
        note: "TIFF with Canon CR2 marker")
    }
    guard let ifdOffset = little ? bytes.leUInt32(at: 4) : bytes.beUInt32(at: 4) else {
      return tiff
    }
    // IFD0: a 2-byte count and 12-byte entries, read whole where it is (usually offset 8).
    // Its tags come in ascending order, so DNGVersion (C612) sits near the end of a DNG's
    // IFD0, which often holds more than 64 entries (colour matrices, calibration).
    let countBytes = try source.read(at: Int(ifdOffset), count: 2)
    guard let entryCount = little ? countBytes.leUInt16(at: 0) : countBytes.beUInt16(at: 0) else {
      return tiff
    }
    let directory = try source.read(
      at: Int(ifdOffset), count: 2 + 12 * min(Int(entryCount), maximumEntries))
    let fileEndsInIFD = Int(ifdOffset) + directory.count >= source.size
    guard
      let raw = rawKind(directory, little: little, source: source, fileEndsInIFD: fileEndsInIFD)
    else { return tiff }
    return raw
  }

  /// A BigTIFF (version 43: 8-byte offsets, 20-byte entries) whose first directory holds a
  /// DNGVersion tag is a DNG: DNG 1.7 allows BigTIFF for images past 4 GB, and tools write it
  /// for large panoramas. Other BigTIFFs stay TIFF.
  private static func bigTIFFKind(_ source: ByteSource, little: Bool) throws(SniffError)
    -> Detection?
  {
    let bytes = source.prefix
    func u16(_ data: [UInt8], _ offset: Int) -> UInt16? {
      little ? data.leUInt16(at: offset) : data.beUInt16(at: offset)
    }
    func u64(_ data: [UInt8], _ offset: Int) -> UInt64? {
      little ? data.leUInt64(at: offset) : data.beUInt64(at: offset)
    }
    guard bytes.count >= 16, u16(bytes, 4) == 8, let ifdOffset = u64(bytes, 8),
      ifdOffset >= 16, ifdOffset < UInt64(source.size)
    else { return nil }
    let countBytes = try source.read(at: Int(ifdOffset), count: 8)
    guard let entryCount = u64(countBytes, 0), entryCount > 0, entryCount < 1000 else {
      return nil
    }
    let directory = try source.read(
      at: Int(ifdOffset) + 8, count: 20 * min(Int(entryCount), maximumEntries))
    for index in 0..<(directory.count / 20) where u16(directory, 20 * index) == 0xC612 {
      return Detection(
        ["com.adobe.raw-image"] + camera, mimeType: "image/x-adobe-dng",
        note: "BigTIFF with DNGVersion tag")
    }
    return nil
  }

  private static func rawKind(
    _ directory: [UInt8], little: Bool, source: ByteSource, fileEndsInIFD: Bool
  ) -> Detection? {
    func u16(_ offset: Int) -> UInt16? {
      little ? directory.leUInt16(at: offset) : directory.beUInt16(at: offset)
    }
    func u32(_ offset: Int) -> UInt32? {
      little ? directory.leUInt32(at: offset) : directory.beUInt32(at: offset)
    }
    guard let count = u16(0), count > 0, count < 1000 else { return nil }
    var make: String?
    var looksRaw = false
    var isCutShort = false
    for index in 0..<Int(count) {
      let entry = 2 + 12 * index
      guard let tag = u16(entry), entry + 12 <= directory.count else {
        isCutShort = fileEndsInIFD
        break
      }
      switch tag {
      case 0xC612:  // DNGVersion
        return Detection(
          ["com.adobe.raw-image"] + camera, mimeType: "image/x-adobe-dng",
          note: "TIFF with DNGVersion tag")
      case 0x00FE:  // NewSubfileType: 1 = reduced-resolution image (the raw's preview)
        if let value = u32(entry + 8), value & 1 == 1 { looksRaw = true }
      case 0x014A:  // SubIFDs: the full-size raw data hangs here
        looksRaw = true
      case 0x0103:  // Compression (SHORT, held in the entry): a raw-only scheme
        if let value = u16(entry + 8), rawCompressions.contains(value) { looksRaw = true }
      case 0x0106:  // PhotometricInterpretation (SHORT): sensor data, as PEF's IFD0 holds
        if let value = u16(entry + 8), rawPhotometrics.contains(value) { looksRaw = true }
      case 0x010F:  // Make, ASCII
        guard let length = u32(entry + 4), length > 0, length < 64,
          let offset = length <= 4 ? UInt32(entry + 8) : u32(entry + 8)
        else { break }
        let bytes =
          length <= 4
          ? Array(directory[Int(offset)..<min(directory.count, Int(offset) + Int(length))])
          : (try? source.read(at: Int(offset), count: Int(length))) ?? []
        let text = bytes.prefix { $0 != 0 }
        make = text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
        // The Make tag's value lies past the end of the file.
        if bytes.isEmpty, fileEndsInIFD || Int(offset) >= source.size { isCutShort = true }
      default:
        break
      }
    }
    guard looksRaw else { return nil }
    guard let make = make?.uppercased() else {
      // The file ends inside IFD0 or before the Make tag's value: the raw layout is all there
      // is to go by.
      guard isCutShort else { return nil }
      return Detection(
        camera, mimeType: nil, note: "TIFF raw layout, cut off before its Make tag")
    }
    let vendors: [(prefix: String, identifier: String, mime: String, name: String)] = [
      ("NIKON", "com.nikon.raw-image", "image/x-nikon-nef", "Nikon NEF"),
      ("SONY", "com.sony.arw-raw-image", "image/x-sony-arw", "Sony ARW"),
      ("CANON", "com.canon.tif-raw-image", "image/x-canon-tif", "Canon TIFF raw"),
      ("PENTAX", "com.pentax.raw-image", "image/x-pentax-pef", "Pentax PEF"),
      ("RICOH", "com.pentax.raw-image", "image/x-pentax-pef", "Pentax PEF"),
      ("ASAHI", "com.pentax.raw-image", "image/x-pentax-pef", "Pentax PEF"),
      ("SAMSUNG", "com.samsung.raw-image", "image/x-samsung-srw", "Samsung SRW"),
      ("HASSELBLAD", "com.hasselblad.3fr-raw-image", "image/x-hasselblad-3fr", "Hasselblad 3FR"),
      ("PHASE ONE", "com.phaseone.raw-image", "image/x-phaseone-iiq", "Phase One IIQ"),
      ("LEICA", "com.leica.raw-image", "image/x-leica-raw", "Leica raw"),
      ("KODAK", "com.kodak.raw-image", "image/x-kodak-dcr", "Kodak raw"),
      ("MINOLTA", "com.konicaminolta.raw-image", "image/x-minolta-mrw", "Minolta raw"),
      ("EPSON", "com.epson.raw-image", "image/x-epson-erf", "Epson ERF"),
    ]
    guard let vendor = vendors.first(where: { make.hasPrefix($0.prefix) }) else { return nil }
    return Detection(
      [vendor.identifier] + camera, mimeType: vendor.mime,
      note: "TIFF raw layout, Make '\(make)' (\(vendor.name))")
  }
}
