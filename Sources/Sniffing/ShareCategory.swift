import UTI

/// The kinds of file people share, each defined by the declared types it covers.
///
/// This is the package's explicit definition of "share-relevant": a type is share-relevant when
/// it conforms to one of a category's root types. The accuracy and speed goals of content
/// sniffing are measured on these categories; anything else (fonts, executables, 3D models,
/// databases) is the long tail. Disk images count as archives: Apple declares
/// `public.disk-image` a kind of `public.archive`.
public enum ShareCategory: String, Sendable, Hashable, Codable, CaseIterable {
  /// PDF documents.
  case pdf
  /// Contact cards (vCard).
  case contact
  /// Link files: `.webloc`, `.url`, and URLs themselves.
  case link
  /// Still images, including camera raw, SVG, HEIF and AVIF.
  case image
  /// Audio.
  case audio
  /// Movies and other audiovisual content that is not audio alone.
  case movie
  /// Office and iWork documents, OpenDocument, EPUB.
  case document
  /// Archives and compressed files.
  case archive
  /// Text of any kind: plain, rich, markup, JSON, source code, calendars, subtitles; and
  /// property lists.
  case text

  /// The identifiers of the types whose subtypes make up the category.
  public var rootIdentifiers: [String] {
    switch self {
    case .pdf: ["com.adobe.pdf"]
    case .contact: ["public.contact", "public.vcard"]
    case .link: ["public.url", "public.stored-url", "com.apple.internet-location"]
    case .image: ["public.image"]
    case .movie: ["public.movie", "public.video", "public.audiovisual-content"]
    case .audio: ["public.audio"]
    case .document:
      [
        "org.openxmlformats.openxml", "org.oasis-open.opendocument", "com.microsoft.word.doc",
        "com.microsoft.excel.xls", "com.microsoft.powerpoint.ppt", "public.spreadsheet",
        "public.presentation", "com.apple.iwork.pages.sffpages", "com.apple.iwork.pages.pages",
        "org.idpf.epub-container",
      ]
    case .archive: ["public.archive"]
    case .text: ["public.text", "com.apple.property-list"]
    }
  }

  /// The category of a type, or nil when it is not share-relevant. Categories are tried in
  /// declaration order, so a vCard is a contact before it is text, and audio (which Apple files
  /// under audiovisual content) is audio before it could count as a movie.
  public init?(_ type: UTType) {
    guard let category = Self.allCases.first(where: { $0.contains(type) }) else { return nil }
    self = category
  }

  /// Whether `type` conforms to one of the category's roots.
  public func contains(_ type: UTType) -> Bool {
    rootIdentifiers.contains { identifier in
      UTType(identifier).map { type.conforms(to: $0) } ?? false
    }
  }
}
