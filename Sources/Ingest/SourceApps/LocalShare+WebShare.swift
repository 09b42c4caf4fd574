import Foundation
import ItemProvider
import Sniffing
import UTI

extension LocalShare {
  /// The source name of a share that arrived as a Web Share Target form (an Android or
  /// ChromeOS share sheet handing a browser's share to an installed web app).
  public static let webShareSource = "web-share"

  /// One file of a web share: where its bytes are, and the MIME type the browser declared for
  /// it (the client's word, from its part's `Content-Type`).
  public struct WebShareFile: Sendable {
    /// The file on this machine.
    public var url: URL
    /// The part's declared MIME type, if any (`image/jpeg`; parameters are ignored).
    public var declaredMIMEType: String?
    /// The part's file name, as the attachment's `suggestedName` (display-only, never a
    /// path); nil when the part gave none.
    public var suggestedName: String?

    /// A file, the MIME type declared for it and the name its part gave.
    public init(url: URL, declaredMIMEType: String?, suggestedName: String? = nil) {
      self.url = url
      self.declaredMIMEType = declaredMIMEType
      self.suggestedName = suggestedName
    }
  }

  /// Wraps a Web Share Target form as the "web share" source: one `NSExtensionItem` whose
  /// `attributedTitle` is the form's `title`, with an attachment per file (its `suggestedName`
  /// the part's file name), then the `url`
  /// (`public.url` and `public.plain-text`, as Safari shares a page), then the `text`
  /// (`public.plain-text`); `source` is `web-share`.
  ///
  /// Each file's attachment registers the type its browser declared, then the type its
  /// content is, as a source app registers its types best first. The declared type is the
  /// client's word, so it is registered only when it is in the type catalogue (never a
  /// dynamic type spelled from a header), says more than `public.data`, and agrees with the
  /// content: the content is unknown (`public.data`), or one type conforms to the other (a
  /// declared `public.image` for a PNG, a declared `org.openxmlformats.wordprocessingml.document`
  /// for a ZIP archive). A declaration the content contradicts (`image/jpeg` for a PNG) is
  /// dropped, and the file is offered as what it is.
  ///
  /// - Throws: `SniffError` for a file that cannot be read.
  public init(
    webShareFiles files: [WebShareFile], title: String? = nil, text: String? = nil,
    url: URL? = nil, sniffer: ContentSniffer = ContentSniffer(),
    registry: UTTypeRegistry = .shared
  ) throws {
    var attachments: [NSItemProvider] = []
    var sniffed: [SniffResult] = []
    for file in files {
      let result = try sniffer.sniff(fileAt: file.url)
      sniffed.append(result)
      let declared = file.declaredMIMEType.flatMap {
        Self.agreeingDeclaredType($0, content: result.type, registry: registry)
      }
      let provider = NSItemProvider()
      provider.suggestedName = file.suggestedName
      var types = [result.type.identifier]
      if let declared, declared != result.type { types.insert(declared.identifier, at: 0) }
      for type in types {
        let location = file.url
        provider.registerFileRepresentation(
          forTypeIdentifier: type, fileOptions: [.openInPlace], visibility: .all
        ) { completion in
          completion(location, false, nil)
          return nil
        }
      }
      attachments.append(provider)
    }
    if let url { attachments.append(Self.urlProvider(url)) }
    if let text { attachments.append(Self.textProvider(text)) }
    let item = NSExtensionItem()
    if let title { item.attributedTitle = NSAttributedString(string: title) }
    item.attachments = attachments
    self.items = [item]
    self.source = Self.webShareSource
    self.sniffed = sniffed
  }

  /// The catalogue's type for a declared MIME type, when it says more than `public.data` and
  /// the content does not contradict it (see
  /// `init(webShareFiles:title:text:url:sniffer:registry:)`).
  static func agreeingDeclaredType(
    _ mimeType: String, content: UTType, registry: UTTypeRegistry
  ) -> UTType? {
    let base = mimeType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    let media = base.trimmingCharacters(in: .whitespaces).lowercased()
    guard let declared = registry.preferredType(tag: media, tagClass: .mimeType),
      !declared.isDynamic, declared != .data
    else { return nil }
    guard content == .data || content.conforms(to: declared) || declared.conforms(to: content)
    else { return nil }
    return declared
  }
}
