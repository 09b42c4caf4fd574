/// iWork documents as ZIP files: the single-file format of iWork 2013 and later (`Index/*.iwa`
/// entries), iWork '09 (an XML `index.xml`, often gzip-compressed, or Keynote's
/// `index.apxl`), and a document package (`Talk.key/`, a folder on a Mac) zipped as a folder,
/// as it arrives from a Mac or through mail.
///
/// The 2013 format's kind shows in its entry names (slides, tables). An iWork '09 document
/// names its kind in the root element of `index.xml`: `sl:document` for Pages, `ls:document`
/// for Numbers, `key:presentation` for Keynote, in the `http://developer.apple.com/namespaces/`
/// namespaces (sl, ls, keynote2); its first 8 KiB are read, and a gzip member in it inflated
/// to 4 KiB. A zipped package, whose own `Index.zip` is not opened, is named by its folder's
/// extension when its names do not say more.
extension ZipInspector {
  enum IWorkKind {
    case pages, numbers, keynote

    var detection: (identifier: String, mimeType: String) {
      switch self {
      case .pages: ("com.apple.iwork.pages.sffpages", "application/x-iwork-pages-sffpages")
      case .numbers:
        ("com.apple.iwork.numbers.sffnumbers", "application/x-iwork-numbers-sffnumbers")
      case .keynote: ("com.apple.iwork.keynote.sffkey", "application/x-iwork-keynote-sffkey")
      }
    }

    /// The kind a package folder's extension names.
    init?(folder: String) {
      let lower = folder.lowercased()
      if lower.hasSuffix(".pages/") {
        self = .pages
      } else if lower.hasSuffix(".numbers/") {
        self = .numbers
      } else if lower.hasSuffix(".key/") {
        self = .keynote
      } else {
        return nil
      }
    }
  }

  static func iWork(_ source: ByteSource, entries: [Entry], names: Set<String>)
    throws(SniffError) -> Detection?
  {
    // A zipped package: every entry but the Finder's own (__MACOSX/, .DS_Store) in one folder.
    var folder = ""
    var folderKind: IWorkKind?
    let meaningful = names.filter { !$0.hasPrefix("__MACOSX/") && !$0.hasSuffix(".DS_Store") }
    if let first = meaningful.first, let slash = first.firstIndex(of: "/") {
      let candidate = String(first[...slash])
      if let kind = IWorkKind(folder: candidate), meaningful.allSatisfy({ $0.hasPrefix(candidate) })
      {
        folder = candidate
        folderKind = kind
      }
    }
    let inner = Set(meaningful.map { String($0.dropFirst(folder.count)) })
    let place = folder.isEmpty ? "iWork archive" : "iWork package zipped as folder \(folder)"
    func found(_ kind: IWorkKind, _ why: String) -> Detection {
      Detection(
        kind.detection.identifier, mimeType: kind.detection.mimeType, note: "\(place), \(why)")
    }

    if inner.contains("Index/Document.iwa") || inner.contains("Index.zip") {
      if inner.contains(where: { $0.hasPrefix("Index/Slide") || $0.hasPrefix("Index/MasterSlide") })
      {
        return found(.keynote, "with slides")
      }
      if inner.contains(where: { $0.hasPrefix("Index/Tables/") }) {
        return found(.numbers, "with tables")
      }
      if let folderKind { return found(folderKind, "named by its folder") }
      return found(.pages, "without slides or tables")
    }
    if inner.contains("index.apxl") || inner.contains("index.apxl.gz") {
      return found(.keynote, "iWork '09 index.apxl")
    }
    for name in ["index.xml", "index.xml.gz"] where inner.contains(name) {
      guard let entry = entries.first(where: { $0.name == folder + name }) else { continue }
      if let kind = try iWork09Kind(source, entry: entry, isGzip: name.hasSuffix(".gz")) {
        return found(kind, "iWork '09 \(name) root element")
      }
    }
    return nil
  }

  /// The kind an iWork '09 `index.xml` names in its root element.
  private static func iWork09Kind(_ source: ByteSource, entry: Entry, isGzip: Bool)
    throws(SniffError) -> IWorkKind?
  {
    guard var xml = try contents(source, of: entry, limit: 8 * 1024) else { return nil }
    if isGzip {
      guard xml.matches([0x1F, 0x8B, 0x08]), let start = ArchiveSignatures.gzipPayloadOffset(xml),
        let inflated = try? Inflate.decompress(Array(xml[start...]), limit: 4 * 1024)
      else { return nil }
      xml = inflated
    }
    // The root: the first start tag that is not a declaration, instruction or comment.
    var index = 0
    while let open = xml.firstIndex(of: [0x3C], from: index) {
      guard open + 1 < xml.count else { return nil }
      let next = xml[open + 1]
      guard next == 0x3F || next == 0x21 else {
        let end = xml.firstIndex(of: [0x3E], from: open) ?? xml.count
        return kind(ofRoot: Array(xml[open..<end]))
      }
      index = open + 1
    }
    return nil
  }

  private static func kind(ofRoot tag: [UInt8]) -> IWorkKind? {
    var nameEnd = 1
    while nameEnd < tag.count, ![0x20, 0x09, 0x0A, 0x0D, 0x2F].contains(tag[nameEnd]) {
      nameEnd += 1
    }
    let qualified = String(decoding: tag[1..<nameEnd], as: UTF8.self)
    let parts = qualified.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2, let namespace = attribute("xmlns:" + parts[0], in: tag) else {
      return nil
    }
    let base = "http://developer.apple.com/namespaces/"
    switch (namespace, parts[1]) {
    case (base + "sl", "document"): return .pages
    case (base + "ls", "document"): return .numbers
    case (base + "keynote2", "presentation"): return .keynote
    default: return nil
    }
  }
}
