/// ZIP archives and the formats that live inside them, named by what the package says of
/// itself where it says it, and by its layout otherwise: Office Open XML, Visio and 3MF (by the
/// main part's content type in `[Content_Types].xml`), OpenDocument, OpenOffice 1.x, EPUB and
/// ASiC (by the `mimetype` entry wherever it is and however stored, by the manifest's root
/// entry, the OpenOffice content's class, the EPUB container, the ASiC signature files), iWork
/// (2013 and later, iWork '09 by the root element of its `index.xml`, and document packages
/// zipped as folders), Wallet passes, Android packages, web application and Java archives,
/// browser extensions, USDZ.
///
/// Entry names come from the central directory at the end of the file (its end record is found
/// in the last 64 KiB, the directory itself read up to 1 MiB) or, when there is none (a
/// truncated or streamed archive), from the local headers in the prefix. A few small entries
/// are decompressed, each only at its start: `[Content_Types].xml` (64 KiB), `mimetype`,
/// `META-INF/manifest.xml`, `content.xml`, `META-INF/container.xml` and iWork's `index.xml`
/// (a few KiB each), and only while the names alone have not decided.
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

    // OpenDocument, EPUB and ASiC put an uncompressed `mimetype` entry first.
    if bytes.matches([0x50, 0x4B, 0x03, 0x04]), let declared = storedMIMEType(bytes) {
      return declaredMIMEType(declared, "ZIP with mimetype entry")
    }
    var entries = try centralDirectory(source)
    if entries.isEmpty { entries = localHeaders(bytes) }
    guard !entries.isEmpty else { return zip }
    let names = Set(entries.map(\.name))

    // OPC part names are case-insensitive; only names of the right length are compared.
    if names.contains(where: { $0.utf8.count == 16 && $0.lowercased() == "3d/3dmodel.model" }) {
      return Detection([], mimeType: "model/3mf", note: "ZIP with 3D/3dmodel.model")
    }
    if let types = entries.first(where: { $0.name == "[Content_Types].xml" }) {
      return try officeOpenXML(source, contentTypes: types, names: names)
    }
    // Java and Android archives first: the commonest large ZIPs, known by a lookup or two.
    if let found = javaOrAndroid(names) { return found }
    if let found = try declaredPackage(source, entries: entries, names: names) { return found }
    if let found = try iWork(source, entries: entries, names: names) { return found }
    if names.contains("pass.json"), names.contains("manifest.json") {
      // A pass as a file is com.apple.pkpass-data; com.apple.pkpass is the directory (package)
      // form, which does not conform to public.data.
      return Detection(
        "com.apple.pkpass-data", mimeType: "application/vnd.apple.pkpass",
        note: "ZIP with pass.json")
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

  /// Android packages, web applications and other Java archives.
  private static func javaOrAndroid(_ names: Set<String>) -> Detection? {
    // An APK holds its binary manifest and compiled code or resources (a resource-only APK
    // has no classes.dex).
    if names.contains("AndroidManifest.xml"),
      names.contains("classes.dex") || names.contains("resources.arsc")
    {
      return Detection(
        [], mimeType: "application/vnd.android.package-archive", note: "ZIP, Android package")
    }
    // A web application archive (Java Servlet specification, "Web Application Archive
    // File"): a JAR whose WEB-INF directory holds the application's classes and web.xml.
    let isJAR = names.contains("META-INF/MANIFEST.MF")
    if isJAR || names.contains("WEB-INF/web.xml"),
      names.contains(where: { $0.hasPrefix("WEB-INF/") })
    {
      return Detection(
        "com.sun.web-application-archive", mimeType: "application/java-archive",
        note: "ZIP with WEB-INF/ (web application archive)")
    }
    guard isJAR else { return nil }
    return Detection(
      "com.sun.java-archive", mimeType: "application/java-archive",
      note: "ZIP with META-INF/MANIFEST.MF")
  }

  // MARK: Entries

  /// The MIME type stored in a first entry named `mimetype`, as ODF and EPUB require.
  static func storedMIMEType(_ bytes: [UInt8]) -> String? {
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

  /// The detection for a MIME type a package declares for itself (`how` says where).
  static func declaredMIMEType(_ mimeType: String, _ how: String) -> Detection {
    let note = "\(how) \(mimeType)"
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

  /// The first bytes of an entry's data (at most `limit` of them, read and decompressed),
  /// decompressed if it is deflated.
  static func contents(_ source: ByteSource, of entry: Entry, limit: Int = entryLimit)
    throws(SniffError) -> [UInt8]?
  {
    let header = try source.read(at: entry.localHeaderOffset, count: 30)
    guard header.matches([0x50, 0x4B, 0x03, 0x04]), let nameLength = header.leUInt16(at: 26),
      let extraLength = header.leUInt16(at: 28)
    else { return nil }
    let start = entry.localHeaderOffset + 30 + Int(nameLength) + Int(extraLength)
    let length = entry.compressedSize > 0 ? min(entry.compressedSize, limit) : limit
    let data = try source.read(at: start, count: length)
    switch entry.method {
    case 0: return data
    case 8: return try? Inflate.decompress(data, limit: limit)
    default: return nil
    }
  }
}
