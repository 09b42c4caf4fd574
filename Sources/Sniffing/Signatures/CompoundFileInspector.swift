/// Microsoft Compound File Binary (OLE2) files: legacy Word, Excel and PowerPoint documents,
/// StarOffice 3 to 5 documents, Outlook messages, Windows Installer packages, encrypted Office
/// Open XML.
///
/// The kind shows in the names of the streams in the file's directory. The directory is found
/// through the header and followed along its FAT chain, reading at most 32 directory sectors
/// and the FAT sectors that map them, never the document streams themselves.
enum CompoundFileInspector {
  static let signature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
  private static let endOfChain: UInt32 = 0xFFFF_FFFE
  private static let maximumDirectorySectors = 32

  static func detect(_ source: ByteSource) throws(SniffError) -> Detection? {
    let header = source.prefix
    guard header.matches(signature), header.count >= 512, let shift = header.leUInt16(at: 0x1E),
      shift == 9 || shift == 12, let firstDirectory = header.leUInt32(at: 0x30)
    else { return nil }
    let sectorSize = 1 << Int(shift)
    let generic = Detection(
      [], mimeType: "application/x-ole-storage", note: "Compound File Binary")

    var fatCache: [Int: [UInt8]] = [:]
    func next(after sector: UInt32) throws(SniffError) -> UInt32? {
      let perSector = sectorSize / 4
      let fatIndex = Int(sector) / perSector
      guard fatIndex < 109, let fatSector = header.leUInt32(at: 0x4C + 4 * fatIndex),
        fatSector < 0xFFFF_FFFA
      else { return nil }
      if fatCache[fatIndex] == nil {
        fatCache[fatIndex] = try source.read(
          at: (Int(fatSector) + 1) << Int(shift), count: sectorSize)
      }
      return fatCache[fatIndex]?.leUInt32(at: 4 * (Int(sector) % perSector))
    }

    var names: [String] = []
    var rootCLSID: [UInt8] = []
    var sector = firstDirectory
    for _ in 0..<maximumDirectorySectors {
      guard sector < 0xFFFF_FFFA else { break }
      let bytes = try source.read(at: (Int(sector) + 1) << Int(shift), count: sectorSize)
      guard bytes.count == sectorSize else { break }
      for entry in stride(from: 0, to: sectorSize, by: 128) {
        guard let length = bytes.leUInt16(at: entry + 0x40), length >= 2, length <= 64 else {
          continue
        }
        let units = (0..<(Int(length) / 2 - 1)).compactMap { bytes.leUInt16(at: entry + 2 * $0) }
        names.append(String(decoding: units, as: UTF16.self))
        if bytes[entry + 0x42] == 5 { rootCLSID = Array(bytes[(entry + 0x50)..<(entry + 0x60)]) }
      }
      guard let following = try next(after: sector), following != endOfChain else { break }
      sector = following
    }
    guard !names.isEmpty else { return generic }
    return kind(names: Set(names), rootCLSID: rootCLSID) ?? generic
  }

  /// The MIME type reported for a password-protected Office Open XML package whose application
  /// is not known.
  static let encryptedPackageMIMEType = "application/x-ms-encrypted-ooxml"

  /// A password-protected Office Open XML package ([MS-OFFCRYPTO]: the OOXML package sits
  /// encrypted in an `EncryptedPackage` stream). Which application wrote it shows only in the
  /// summary property sets, which libmagic reads: its answer picks the OOXML type.
  static func encryptedPackage(libmagic mimeType: String) -> Detection? {
    let note = "encrypted OOXML package; libmagic: \(mimeType)"
    switch mimeType {
    case "application/vnd.ms-excel":
      return Detection(
        "org.openxmlformats.spreadsheetml.sheet",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", note: note)
    case "application/msword":
      return Detection(
        "org.openxmlformats.wordprocessingml.document",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        note: note)
    case "application/vnd.ms-powerpoint":
      return Detection(
        "org.openxmlformats.presentationml.presentation",
        mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        note: note)
    default:
      return nil
    }
  }

  /// The root CLSIDs of StarImpress 3.0, 4.0 and 5.0 presentations, as stored (the first
  /// three fields little-endian): their document stream is `StarDrawDocument3`, as a StarDraw
  /// drawing's is, so the class tells them apart.
  static let starImpressCLSIDs: [[UInt8]] = [
    [
      0xE0, 0xAA, 0x10, 0xAF, 0x6D, 0xB3, 0x1B, 0x10, 0x99, 0x61, 0x04, 0x02, 0x1C, 0x00, 0x70,
      0x02,
    ],
    [
      0xC0, 0x3C, 0x2D, 0x01, 0x16, 0x42, 0xD0, 0x11, 0x89, 0xCB, 0x00, 0x80, 0x29, 0xE4, 0xB0,
      0xB1,
    ],
    [
      0x21, 0x72, 0x5C, 0x56, 0xBC, 0x85, 0xD1, 0x11, 0x89, 0xD0, 0x00, 0x80, 0x29, 0xE4, 0xB0,
      0xB1,
    ],
  ]

  /// StarOffice 3 to 5 documents (`.sdw`, `.sdc`, `.sdd`, `.sda`, `.smf`): Compound Files whose
  /// document stream names the application, which Apple's legacy OpenOffice types declare by
  /// their `application/vnd.stardivision.*` MIME types.
  private static func starOffice(names: Set<String>, rootCLSID: [UInt8]) -> Detection? {
    func note(_ stream: String) -> String { "Compound File with stream '\(stream)' (StarOffice)" }
    if names.contains("StarWriterDocument") {
      return Detection(
        "org.openoffice.text", mimeType: "application/vnd.stardivision.writer",
        note: note("StarWriterDocument"))
    }
    if names.contains("StarCalcDocument") {
      return Detection(
        "org.openoffice.spreadsheet", mimeType: "application/vnd.stardivision.calc",
        note: note("StarCalcDocument"))
    }
    if names.contains("StarImpressDocument")
      || (names.contains("StarDrawDocument3") && starImpressCLSIDs.contains(rootCLSID))
    {
      return Detection(
        "org.openoffice.presentation", mimeType: "application/vnd.stardivision.impress",
        note: note(
          names.contains("StarImpressDocument") ? "StarImpressDocument" : "StarDrawDocument3")
          + ", StarImpress class")
    }
    if names.contains("StarDrawDocument3") || names.contains("StarDrawDocument") {
      return Detection(
        "org.openoffice.graphics", mimeType: "application/vnd.stardivision.draw",
        note: note("StarDrawDocument3"))
    }
    if names.contains("StarMathDocument") {
      return Detection(
        "org.openoffice.formula", mimeType: "application/vnd.stardivision.math",
        note: note("StarMathDocument"))
    }
    return nil
  }

  private static func kind(names: Set<String>, rootCLSID: [UInt8]) -> Detection? {
    func note(_ stream: String) -> String { "Compound File with stream '\(stream)'" }
    if names.contains("WordDocument") {
      return Detection(
        "com.microsoft.word.doc", mimeType: "application/msword", note: note("WordDocument"))
    }
    if names.contains("Workbook") || names.contains("Book") {
      return Detection(
        "com.microsoft.excel.xls", mimeType: "application/vnd.ms-excel", note: note("Workbook"))
    }
    if names.contains("PowerPoint Document") {
      return Detection(
        "com.microsoft.powerpoint.ppt", mimeType: "application/vnd.ms-powerpoint",
        note: note("PowerPoint Document"))
    }
    if names.contains("VisioDocument") {
      return Detection([], mimeType: "application/vnd.visio", note: note("VisioDocument"))
    }
    if let star = starOffice(names: names, rootCLSID: rootCLSID) { return star }
    if names.contains("EncryptedPackage") {
      return Detection([], mimeType: encryptedPackageMIMEType, note: note("EncryptedPackage"))
    }
    if names.contains(where: { $0.hasPrefix("__substg1.0_") }) {
      return Detection([], mimeType: "application/vnd.ms-outlook", note: note("__substg1.0_"))
    }
    // Windows Installer databases carry the CLSID {000C1084-0000-0000-C000-000000000046}.
    if rootCLSID.matches([0x84, 0x10, 0x0C, 0x00, 0x00, 0x00, 0x00, 0x00, 0xC0, 0x00]) {
      return Detection([], mimeType: "application/x-msi", note: "Compound File, installer CLSID")
    }
    return nil
  }
}
