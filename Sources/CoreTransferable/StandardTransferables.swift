#if os(Linux)
  import Foundation
  import ItemProvider
  import UniformTypeIdentifiers

  // The conformances CoreTransferable gives Foundation's types, with the same content types
  // and the same bytes item providers use for them.

  extension Data: Transferable {
    /// Any data, as it is.
    public static var transferRepresentation: some TransferRepresentation {
      DataRepresentation(contentType: .data, exporting: { $0 }, importing: { $0 })
    }
  }

  extension String: Transferable {
    /// UTF-8 plain text out; plain text in (UTF-8, or UTF-16 with a byte-order mark).
    public static var transferRepresentation: some TransferRepresentation {
      DataRepresentation(
        contentType: .utf8PlainText, exporting: { Data($0.utf8) },
        importing: { try String.decoding(plainText: $0, type: .utf8PlainText) })
      DataRepresentation(importedContentType: .plainText) {
        try String.decoding(plainText: $0, type: .plainText)
      }
    }

    static func decoding(plainText data: Data, type: UTType) throws -> String {
      try NSString.object(withItemProviderData: data, typeIdentifier: type.identifier) as String
    }
  }

  extension URL: Transferable {
    /// A URL, as item providers carry one: a keyed archive of an `NSURL` (or its text, on
    /// import). File URLs conform to `public.url` too, so they are read the same way.
    public static var transferRepresentation: some TransferRepresentation {
      DataRepresentation(
        contentType: .url,
        exporting: {
          try NSKeyedArchiver.archivedData(withRootObject: $0 as NSURL, requiringSecureCoding: true)
        },
        importing: {
          try NSURL.object(withItemProviderData: $0, typeIdentifier: UTType.url.identifier) as URL
        })
    }
  }

  extension AttributedString: Transferable {
    /// Its characters, as plain text. Attributes do not travel: Apple's rich-text
    /// representation needs `NSAttributedString`'s RTF support, which Linux Foundation lacks.
    public static var transferRepresentation: some TransferRepresentation {
      ProxyRepresentation(
        exporting: { String($0.characters) }, importing: { AttributedString($0) })
    }
  }
#endif
