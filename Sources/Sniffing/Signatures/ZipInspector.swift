/// ZIP archives and the formats that live inside them: Office Open XML (by the main part's
/// content type in `[Content_Types].xml`), OpenDocument and EPUB (by the stored `mimetype`
/// entry), iWork, Wallet passes, Java and Android archives, USDZ, 3MF.
///
/// Entry names come from the central directory at the end of the file (its end record is found
/// in the last 64 KiB, the directory itself read up to 1 MiB) or, when there is none (a
/// truncated or streamed archive), from the local headers in the prefix. Only
/// `[Content_Types].xml` is ever decompressed, and only its first 64 KiB.
enum ZipInspector {
  struct Entry: Equatable {
    var name: String
    var method: Int
    var compressedSize: Int
    var localHeaderOffset: Int
  }

  static let centralDirectoryLimit = 1 << 20
  static let entryLimit = 64 * 1024

  static func detect(_ source: ByteSource) throws(SniffError) -> Detection? {
    let bytes = source.prefix
    guard
      bytes.matches([0x50, 0x4B, 0x03, 0x04]) || bytes.matches([0x50, 0x4B, 0x05, 0x06])
        || bytes.matches([0x50, 0x4B, 0x07, 0x08])
    else { return nil }
    let zip = Detection("public.zip-archive", mimeType: "application/zip", note: "ZIP")

    // OpenDocument and EPUB put an uncompressed `mimetype` entry first.
    if bytes.matches([0x50, 0x4B, 0x03, 0x04]), let declared = storedMIMEType(bytes) {
      return declaredMIMEType(declared)
    }
    var entries = try centralDirectory(source)
    if entries.isEmpty { entries = localHeaders(bytes) }
    guard !entries.isEmpty else { return zip }
    let names = Set(entries.map(\.name))

    if names.contains("3D/3dmodel.model") {
      return Detection([], mimeType: "model/3mf", note: "ZIP with 3D/3dmodel.model")
    }
    if let types = entries.first(where: { $0.name == "[Content_Types].xml" }) {
      return try officeOpenXML(source, contentTypes: types, names: names)
    }
    if let iWork = iWork(names) { return iWork }
    if names.contains("pass.json"), names.contains("manifest.json") {
      // A pass as a file is com.apple.pkpass-data; com.apple.pkpass is the directory (package)
      // form, which does not conform to public.data.
      return Detection(
        "com.apple.pkpass-data", mimeType: "application/vnd.apple.pkpass",
        note: "ZIP with pass.json")
    }
    if names.contains("AndroidManifest.xml"), names.contains("classes.dex") {
      return Detection(
        [], mimeType: "application/vnd.android.package-archive", note: "ZIP, Android package")
    }
    if names.contains("META-INF/MANIFEST.MF") {
      return Detection(
        "com.sun.java-archive", mimeType: "application/java-archive",
        note: "ZIP with META-INF/MANIFEST.MF")
    }
    if names.contains("install.rdf")
      || (names.contains("manifest.json") && names.contains("META-INF/mozilla.rsa"))
    {
      return Detection([], mimeType: "application/x-xpinstall", note: "ZIP, browser extension")
    }
    if let first = entries.first?.name.lowercased(),
      first.hasSuffix(".usdc") || first.hasSuffix(".usda") || first.hasSuffix(".usd")
    {
      return Detection(
        "com.pixar.universal-scene-description-mobile", mimeType: "model/vnd.usdz+zip",
        note: "ZIP whose first entry is a USD layer")
    }
    return zip
  }

  // MARK: Entries

  /// The MIME type stored in a first entry named `mimetype`, as ODF and EPUB require.
  private static func storedMIMEType(_ bytes: [UInt8]) -> String? {
    guard let method = bytes.leUInt16(at: 8), method == 0, let nameLength = bytes.leUInt16(at: 26),
      let extraLength = bytes.leUInt16(at: 28), nameLength == 8,
      bytes.matches(ascii: "mimetype", at: 30), let size = bytes.leUInt32(at: 18),
      size > 0, size < 200
    else { return nil }
    let start = 30 + 8 + Int(extraLength)
    var end = min(bytes.count, start + Int(size))
    // Some writers end the MIME type with a newline.
    while end > start, [0x0A, 0x0D, 0x20, 0x00].contains(bytes[end - 1]) { end -= 1 }
    return bytes.printableASCII(at: start, length: end - start)
  }

  private static func declaredMIMEType(_ mimeType: String) -> Detection {
    let note = "ZIP with mimetype entry \(mimeType)"
    if mimeType == "application/epub+zip" {
      return Detection("org.idpf.epub-container", mimeType: mimeType, note: note)
    }
    return Detection([], mimeType: mimeType, note: note)
  }

  /// Entries of the central directory, or none when the end record is missing or broken.
  static func centralDirectory(_ source: ByteSource) throws(SniffError) -> [Entry] {
    let tailLength = min(source.size, 65_535 + 22)
    let tailStart = source.size - tailLength
    let tail = try source.read(at: tailStart, count: tailLength)
    var end = tail.count - 22
    while end >= 0, !tail.matches([0x50, 0x4B, 0x05, 0x06], at: end) { end -= 1 }
    guard end >= 0, var size = tail.leUInt32(at: end + 12).map(Int.init),
      var offset = tail.leUInt32(at: end + 16).map(Int.init)
    else { return [] }
    if size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF,
      tail.matches([0x50, 0x4B, 0x06, 0x07], at: end - 20),
      let zip64End = tail.leUInt64(at: end - 20 + 8)
    {
      let record = try source.read(at: Int(clamping: zip64End), count: 56)
      guard record.matches([0x50, 0x4B, 0x06, 0x06]), let size64 = record.leUInt64(at: 40),
        let offset64 = record.leUInt64(at: 48)
      else { return [] }
      size = Int(clamping: size64)
      offset = Int(clamping: offset64)
    }
    // Data prepended to the archive (a self-extractor) shifts every offset.
    let directoryEnd = tailStart + end
    guard size <= directoryEnd, offset <= directoryEnd else { return [] }
    let shift = directoryEnd - size - offset
    if shift > 0 { offset += shift }
    let directory = try source.read(at: offset, count: min(size, centralDirectoryLimit))
    var entries: [Entry] = []
    var position = 0
    while directory.matches([0x50, 0x4B, 0x01, 0x02], at: position),
      let method = directory.leUInt16(at: position + 10),
      let compressed = directory.leUInt32(at: position + 20),
      let nameLength = directory.leUInt16(at: position + 28),
      let extraLength = directory.leUInt16(at: position + 30),
      let commentLength = directory.leUInt16(at: position + 32),
      let local = directory.leUInt32(at: position + 42),
      position + 46 + Int(nameLength) <= directory.count
    {
      let name = String(
        decoding: directory[(position + 46)..<(position + 46 + Int(nameLength))], as: UTF8.self)
      entries.append(
        Entry(
          name: name, method: Int(method), compressedSize: Int(compressed),
          localHeaderOffset: Int(local) + max(shift, 0)))
      position += 46 + Int(nameLength) + Int(extraLength) + Int(commentLength)
    }
    return entries
  }

  /// Entries found by walking local headers through the prefix.
  static func localHeaders(_ bytes: [UInt8]) -> [Entry] {
    var entries: [Entry] = []
    var position = 0
    while position + 30 <= bytes.count, entries.count < 4096 {
      guard bytes.matches([0x50, 0x4B, 0x03, 0x04], at: position),
        let flags = bytes.leUInt16(at: position + 6), let method = bytes.leUInt16(at: position + 8),
        let compressed = bytes.leUInt32(at: position + 18),
        let nameLength = bytes.leUInt16(at: position + 26),
        let extraLength = bytes.leUInt16(at: position + 28),
        position + 30 + Int(nameLength) <= bytes.count
      else { break }
      let nameStart = position + 30
      let name = String(
        decoding: bytes[nameStart..<(nameStart + Int(nameLength))], as: UTF8.self)
      entries.append(
        Entry(
          name: name, method: Int(method), compressedSize: Int(compressed),
          localHeaderOffset: position))
      let dataStart = nameStart + Int(nameLength) + Int(extraLength)
      if flags & 0x08 != 0 && compressed == 0 {
        // Sizes follow the data: find the next local header instead.
        guard let next = bytes.firstIndex(of: [0x50, 0x4B, 0x03, 0x04], from: dataStart) else {
          break
        }
        position = next
      } else {
        position = dataStart + Int(compressed)
      }
    }
    return entries
  }

  /// The first bytes of an entry's data, decompressed if it is deflated.
  static func contents(_ source: ByteSource, of entry: Entry) throws(SniffError) -> [UInt8]? {
    let header = try source.read(at: entry.localHeaderOffset, count: 30)
    guard header.matches([0x50, 0x4B, 0x03, 0x04]), let nameLength = header.leUInt16(at: 26),
      let extraLength = header.leUInt16(at: 28)
    else { return nil }
    let start = entry.localHeaderOffset + 30 + Int(nameLength) + Int(extraLength)
    let length = entry.compressedSize > 0 ? min(entry.compressedSize, entryLimit) : entryLimit
    let data = try source.read(at: start, count: length)
    switch entry.method {
    case 0: return data
    case 8: return try? Inflate.decompress(data, limit: entryLimit)
    default: return nil
    }
  }

  // MARK: Formats inside

  /// Main-part content types of Office Open XML packages (lower-cased), the package types
  /// they make, and the packages' MIME types. Word, Excel and PowerPoint come in that order,
  /// the document kind first (the folder fallback below relies on it).
  private static let officeParts: [(contentType: String, identifier: String, mimeType: String)] = [
    (
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
      "org.openxmlformats.wordprocessingml.document",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    ),
    (
      "application/vnd.ms-word.document.macroenabled.main+xml",
      "org.openxmlformats.wordprocessingml.document.macroenabled",
      "application/vnd.ms-word.document.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
      "org.openxmlformats.wordprocessingml.template",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.template"
    ),
    (
      "application/vnd.ms-word.template.macroenabledtemplate.main+xml",
      "org.openxmlformats.wordprocessingml.template.macroenabled",
      "application/vnd.ms-word.template.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
      "org.openxmlformats.spreadsheetml.sheet",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    ),
    (
      "application/vnd.ms-excel.sheet.macroenabled.main+xml",
      "org.openxmlformats.spreadsheetml.sheet.macroenabled",
      "application/vnd.ms-excel.sheet.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
      "org.openxmlformats.spreadsheetml.template",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.template"
    ),
    (
      "application/vnd.ms-excel.template.macroenabled.main+xml",
      "org.openxmlformats.spreadsheetml.template.macroenabled",
      "application/vnd.ms-excel.template.macroenabled.12"
    ),
    (
      "application/vnd.ms-excel.sheet.binary.macroenabled.main",
      "com.microsoft.excel.sheet.binary.macroenabled",
      "application/vnd.ms-excel.sheet.binary.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
      "org.openxmlformats.presentationml.presentation",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation"
    ),
    (
      "application/vnd.ms-powerpoint.presentation.macroenabled.main+xml",
      "org.openxmlformats.presentationml.presentation.macroenabled",
      "application/vnd.ms-powerpoint.presentation.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
      "org.openxmlformats.presentationml.slideshow",
      "application/vnd.openxmlformats-officedocument.presentationml.slideshow"
    ),
    (
      "application/vnd.ms-powerpoint.slideshow.macroenabled.main+xml",
      "org.openxmlformats.presentationml.slideshow.macroenabled",
      "application/vnd.ms-powerpoint.slideshow.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
      "org.openxmlformats.presentationml.template",
      "application/vnd.openxmlformats-officedocument.presentationml.template"
    ),
    (
      "application/vnd.ms-powerpoint.template.macroenabled.main+xml",
      "org.openxmlformats.presentationml.template.macroenabled",
      "application/vnd.ms-powerpoint.template.macroenabled.12"
    ),
    (
      "application/vnd.ms-visio.drawing.main+xml",
      "com.microsoft.visio.vsdx",
      "application/vnd.ms-visio.drawing"
    ),
    (
      "application/vnd.ms-visio.template.main+xml",
      "com.microsoft.visio.vstx",
      "application/vnd.ms-visio.template"
    ),
  ]

  /// The parts by their lower-cased main-part content type.
  private static let officePartsByContentType = Dictionary(
    officeParts.map { ($0.contentType, $0) }, uniquingKeysWith: { first, _ in first })

  private static func officeOpenXML(
    _ source: ByteSource, contentTypes: Entry, names: Set<String>
  ) throws(SniffError) -> Detection {
    if let xml = try contents(source, of: contentTypes) {
      // One pass over the bytes: every ContentType="..." value, looked up as a whole.
      let lower = xml.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
      let attribute = Array("contenttype=".utf8)
      var index = 0
      while let found = lower.firstIndex(of: attribute, from: index) {
        let quote = found + attribute.count
        guard quote < lower.count, lower[quote] == 0x22 || lower[quote] == 0x27 else {
          index = quote
          continue
        }
        let end = lower[(quote + 1)...].firstIndex(of: lower[quote]) ?? lower.count
        let value = String(decoding: lower[(quote + 1)..<end], as: UTF8.self)
        if let part = officePartsByContentType[value] {
          return Detection(
            [part.identifier], mimeType: part.mimeType,
            note: "OOXML main part \(part.contentType) in [Content_Types].xml")
        }
        index = end
      }
    }
    // The content types could not be read: fall back on the folder of the main part.
    let byFolder: [(folder: String, index: Int)] = [("word/", 0), ("xl/", 4), ("ppt/", 9)]
    for candidate in byFolder where names.contains(where: { $0.hasPrefix(candidate.folder) }) {
      let part = officeParts[candidate.index]
      return Detection(
        [part.identifier], mimeType: part.mimeType, note: "OOXML package with \(candidate.folder)")
    }
    // Some other Open Packaging Conventions format (XPS, NuGet...): a ZIP as far as we know.
    return Detection(
      "public.zip-archive", mimeType: "application/zip",
      note: "ZIP with [Content_Types].xml of no Office kind")
  }

  private static func iWork(_ names: Set<String>) -> Detection? {
    let indexed = names.contains("Index/Document.iwa") || names.contains("Index.zip")
    let legacyKeynote = names.contains("index.apxl") || names.contains("index.apxl.gz")
    guard indexed || legacyKeynote else { return nil }
    if legacyKeynote
      || names.contains(where: { $0.hasPrefix("Index/Slide") || $0.hasPrefix("Index/MasterSlide") })
    {
      return Detection(
        "com.apple.iwork.keynote.sffkey", mimeType: "application/x-iwork-keynote-sffkey",
        note: "iWork archive with slides")
    }
    if names.contains(where: { $0.hasPrefix("Index/Tables/") }) {
      return Detection(
        "com.apple.iwork.numbers.sffnumbers", mimeType: "application/x-iwork-numbers-sffnumbers",
        note: "iWork archive with tables")
    }
    return Detection(
      "com.apple.iwork.pages.sffpages", mimeType: "application/x-iwork-pages-sffpages",
      note: "iWork archive without slides or tables")
  }
}
