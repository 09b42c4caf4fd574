/// ZIP packages that declare their own type inside: OpenDocument and OpenOffice 1.x (the
/// `mimetype` entry, the manifest's root entry, or the content's document class), EPUB (the
/// `mimetype` entry or the OCF container's package document) and ASiC signature containers
/// (the `mimetype` entry, or the signature files ETSI places in `META-INF/`).
///
/// The formats' specifications put a stored `mimetype` entry first, which the fast path of
/// `detect` reads from the prefix; these are the packages that do not: the entry compressed or
/// not first (written by tools that do not know the rule), or missing (OpenOffice 1.x writers,
/// ASiC-S). Each entry read here is read at its start only.
extension ZipInspector {
  static let manifestLimit = 16 * 1024
  static let smallEntryLimit = 4 * 1024

  static func declaredPackage(_ source: ByteSource, entries: [Entry], names: Set<String>)
    throws(SniffError) -> Detection?
  {
    func entry(_ name: String) -> Entry? {
      names.contains(name) ? entries.first(where: { $0.name == name }) : nil
    }
    if let entry = entry("mimetype"),
      let data = try contents(source, of: entry, limit: 256),
      let mimeType = trimmedMIMEType(data)
    {
      let how =
        entry.method == 0
        ? "ZIP with a mimetype entry (not first)" : "ZIP with a compressed mimetype entry"
      return declaredMIMEType(mimeType, how)
    }
    if let entry = entry("META-INF/manifest.xml"),
      let xml = try contents(source, of: entry, limit: manifestLimit),
      let mimeType = manifestRootMediaType(xml)
    {
      return declaredMIMEType(mimeType, "ZIP whose META-INF/manifest.xml declares")
    }
    if let entry = entry("content.xml"),
      let xml = try contents(source, of: entry, limit: smallEntryLimit),
      let found = openOffice1(xml)
    {
      return found
    }
    if let entry = entry("META-INF/container.xml"),
      let xml = try contents(source, of: entry, limit: smallEntryLimit),
      xml.firstIndex(of: Array("application/oebps-package+xml".utf8)) != nil
    {
      return Detection(
        "org.idpf.epub-container", mimeType: "application/epub+zip",
        note: "ZIP whose META-INF/container.xml names an OPF package document")
    }
    return asic(names)
  }

  /// A `mimetype` entry's text, without the line end some writers add.
  private static func trimmedMIMEType(_ data: [UInt8]) -> String? {
    var end = data.count
    while end > 0, [0x0A, 0x0D, 0x20, 0x00].contains(data[end - 1]) { end -= 1 }
    guard end > 0, end < 200, let text = data.printableASCII(at: 0, length: end),
      text.contains("/")
    else { return nil }
    return text
  }

  /// The media type of the manifest's entry for the package itself (`full-path="/"`), as
  /// ODF 1.2 part 3 and the OpenOffice 1.x manifest write it:
  /// `<manifest:file-entry manifest:media-type="..." manifest:full-path="/"/>`.
  static func manifestRootMediaType(_ xml: [UInt8]) -> String? {
    var index = 0
    let open = Array("file-entry".utf8)
    while let found = xml.firstIndex(of: open, from: index) {
      guard let end = xml.firstIndex(of: [0x3E], from: found) else { return nil }
      let tag = Array(xml[found..<end])
      index = end
      guard attribute("full-path", in: tag) == "/", let type = attribute("media-type", in: tag),
        type.contains("/")
      else { continue }
      return type
    }
    return nil
  }

  /// The value of the attribute whose (unprefixed) name is `name` in a start tag.
  static func attribute(_ name: String, in tag: [UInt8]) -> String? {
    let key = Array((name + "=").utf8)
    var index = 0
    while let found = tag.firstIndex(of: key, from: index) {
      index = found + key.count
      // Only a whole attribute name: preceded by white space or a namespace prefix's colon.
      guard found > 0, [0x20, 0x09, 0x0A, 0x0D, 0x3A].contains(tag[found - 1]),
        index < tag.count, tag[index] == 0x22 || tag[index] == 0x27,
        let close = tag.firstIndex(of: [tag[index]], from: index + 1)
      else { continue }
      return String(decoding: tag[(index + 1)..<close], as: UTF8.self)
    }
    return nil
  }

  /// The MIME types of OpenOffice 1.x (StarOffice 6 and 7) documents by the `office:class`
  /// of their content, for packages written without a `mimetype` entry or manifest.
  static let openOffice1Classes: [String: String] = [
    "text": "application/vnd.sun.xml.writer",
    "spreadsheet": "application/vnd.sun.xml.calc",
    "drawing": "application/vnd.sun.xml.draw",
    "presentation": "application/vnd.sun.xml.impress",
  ]

  /// An OpenOffice 1.x `content.xml`: the `office:document-content` root in the
  /// `http://openoffice.org/2000/office` namespace, with its `office:class`.
  private static func openOffice1(_ xml: [UInt8]) -> Detection? {
    guard let root = xml.firstIndex(of: Array("<office:document-content".utf8)),
      let end = xml.firstIndex(of: [0x3E], from: root)
    else { return nil }
    let tag = Array(xml[root..<end])
    guard tag.firstIndex(of: Array("http://openoffice.org/2000/office".utf8)) != nil,
      let kind = attribute("class", in: tag), let mimeType = openOffice1Classes[kind]
    else { return nil }
    return Detection(
      [], mimeType: mimeType, note: "ZIP with OpenOffice 1.x content.xml, office:class \(kind)")
  }

  /// An Associated Signature Container without a `mimetype` entry (ETSI EN 319 162-1): the
  /// signature or time-stamp files its `META-INF/` holds. ASiC-S signs one file (the only one
  /// outside `META-INF/`, with `signature.p7s`, `signatures.xml` or `timestamp.tst`); ASiC-E
  /// signs several, with `ASiCManifest*.xml`, `signatures*.xml` or `signature*.p7s`.
  static func asic(_ names: Set<String>) -> Detection? {
    // One pass: the signature files in META-INF/, and how many data files there are.
    var signatures: [String] = []
    var dataCount = 0
    for name in names {
      guard name.hasPrefix("META-INF/") else {
        if name != "mimetype", !name.hasSuffix("/") { dataCount += 1 }
        continue
      }
      let file = name.dropFirst(9)
      if (file.hasPrefix("signatures") && file.hasSuffix(".xml"))
        || (file.hasPrefix("signature") && file.hasSuffix(".p7s"))
        || (file.hasPrefix("ASiCManifest") && file.hasSuffix(".xml")) || file == "timestamp.tst"
      {
        signatures.append(String(file))
      }
    }
    guard !signatures.isEmpty else { return nil }
    let simple: Set<String> = ["signature.p7s", "signatures.xml", "timestamp.tst"]
    if dataCount == 1, signatures.allSatisfy({ simple.contains($0) }) {
      return Detection(
        [], mimeType: "application/vnd.etsi.asic-s+zip",
        note: "ZIP with one signed file and META-INF/\(signatures.sorted()[0]) (ASiC-S)")
    }
    return Detection(
      [], mimeType: "application/vnd.etsi.asic-e+zip",
      note: "ZIP with META-INF/\(signatures.sorted()[0]) (ASiC-E)")
  }
}
