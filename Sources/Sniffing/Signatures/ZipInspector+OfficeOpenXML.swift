/// Office Open XML and the other Open Packaging Conventions formats (ECMA-376 part 2) named by
/// the content type of their main part in `[Content_Types].xml`, the package's own catalogue:
/// Word, Excel, PowerPoint and Visio documents, templates and macro-enabled forms, and 3MF.
extension ZipInspector {
  /// Main-part content types (lower-cased), the types they make, and the packages' MIME
  /// types. Word, Excel and PowerPoint come in that order, the document kind first, then Visio
  /// (the folder fallback below relies on the order).
  static let officeParts: [(contentType: String, identifiers: [String], mimeType: String)] = [
    (
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
      ["org.openxmlformats.wordprocessingml.document"],
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    ),
    (
      "application/vnd.ms-word.document.macroenabled.main+xml",
      ["org.openxmlformats.wordprocessingml.document.macroenabled"],
      "application/vnd.ms-word.document.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
      ["org.openxmlformats.wordprocessingml.template"],
      "application/vnd.openxmlformats-officedocument.wordprocessingml.template"
    ),
    (
      "application/vnd.ms-word.template.macroenabledtemplate.main+xml",
      ["org.openxmlformats.wordprocessingml.template.macroenabled"],
      "application/vnd.ms-word.template.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
      ["org.openxmlformats.spreadsheetml.sheet"],
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    ),
    (
      "application/vnd.ms-excel.sheet.macroenabled.main+xml",
      ["org.openxmlformats.spreadsheetml.sheet.macroenabled"],
      "application/vnd.ms-excel.sheet.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
      ["org.openxmlformats.spreadsheetml.template"],
      "application/vnd.openxmlformats-officedocument.spreadsheetml.template"
    ),
    (
      "application/vnd.ms-excel.template.macroenabled.main+xml",
      ["org.openxmlformats.spreadsheetml.template.macroenabled"],
      "application/vnd.ms-excel.template.macroenabled.12"
    ),
    (
      "application/vnd.ms-excel.sheet.binary.macroenabled.main",
      ["com.microsoft.excel.sheet.binary.macroenabled"],
      "application/vnd.ms-excel.sheet.binary.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
      ["org.openxmlformats.presentationml.presentation"],
      "application/vnd.openxmlformats-officedocument.presentationml.presentation"
    ),
    (
      "application/vnd.ms-powerpoint.presentation.macroenabled.main+xml",
      ["org.openxmlformats.presentationml.presentation.macroenabled"],
      "application/vnd.ms-powerpoint.presentation.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
      ["org.openxmlformats.presentationml.slideshow"],
      "application/vnd.openxmlformats-officedocument.presentationml.slideshow"
    ),
    (
      "application/vnd.ms-powerpoint.slideshow.macroenabled.main+xml",
      ["org.openxmlformats.presentationml.slideshow.macroenabled"],
      "application/vnd.ms-powerpoint.slideshow.macroenabled.12"
    ),
    (
      "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
      ["org.openxmlformats.presentationml.template"],
      "application/vnd.openxmlformats-officedocument.presentationml.template"
    ),
    (
      "application/vnd.ms-powerpoint.template.macroenabled.main+xml",
      ["org.openxmlformats.presentationml.template.macroenabled"],
      "application/vnd.ms-powerpoint.template.macroenabled.12"
    ),
    (
      "application/vnd.ms-visio.drawing.main+xml",
      ["com.microsoft.visio.vsdx"],
      "application/vnd.ms-visio.drawing"
    ),
    (
      "application/vnd.ms-visio.template.main+xml",
      ["com.microsoft.visio.vstx"],
      "application/vnd.ms-visio.template"
    ),
    // The other Visio packages ([MS-VSDX] 2.1): no system type declares them, so they are
    // named by their MIME types.
    ("application/vnd.ms-visio.stencil.main+xml", [], "application/vnd.ms-visio.stencil"),
    (
      "application/vnd.ms-visio.drawing.macroenabled.main+xml", [],
      "application/vnd.ms-visio.drawing.macroenabled.12"
    ),
    (
      "application/vnd.ms-visio.stencil.macroenabled.main+xml", [],
      "application/vnd.ms-visio.stencil.macroenabled.12"
    ),
    (
      "application/vnd.ms-visio.template.macroenabled.main+xml", [],
      "application/vnd.ms-visio.template.macroenabled.12"
    ),
    // 3D Manufacturing Format (3MF Core Specification, part 2): an OPC package whose model
    // part has this content type (the part's name varies: 3D/3dmodel.model is only usual).
    ("application/vnd.ms-package.3dmanufacturing-3dmodel+xml", [], "model/3mf"),
  ]

  /// The parts by their lower-cased main-part content type.
  static let officePartsByContentType = Dictionary(
    officeParts.map { ($0.contentType, $0) }, uniquingKeysWith: { first, _ in first })

  static func officeOpenXML(
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
            part.identifiers, mimeType: part.mimeType,
            note: "OPC main part \(part.contentType) in [Content_Types].xml")
        }
        index = end
      }
    }
    // The content types could not be read: fall back on the folder of the main part.
    let byFolder: [(folder: String, index: Int)] = [
      ("word/", 0), ("xl/", 4), ("ppt/", 9), ("visio/", 15),
    ]
    for candidate in byFolder where names.contains(where: { $0.hasPrefix(candidate.folder) }) {
      let part = officeParts[candidate.index]
      return Detection(
        part.identifiers, mimeType: part.mimeType, note: "OOXML package with \(candidate.folder)")
    }
    // Some other Open Packaging Conventions format (XPS, NuGet...): a ZIP as far as we know.
    return Detection(
      "public.zip-archive", mimeType: "application/zip",
      note: "ZIP with [Content_Types].xml of no Office kind")
  }
}
