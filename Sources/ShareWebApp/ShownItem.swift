import Foundation
import Importer
import Ingest
import UTI

/// One item of a share as the library page shows it, whether the inbox's manifest or the
/// library's record holds it.
struct ShownItem {
  var kind: ShareManifest.Item.Kind
  var typeIdentifier: String
  var text: String?
  var url: String?
  var name: String?
  var byteCount: Int64?

  init(_ item: ShareManifest.Item) {
    kind = item.kind
    typeIdentifier = item.typeIdentifier
    text = item.text
    url = item.url
    name = item.suggestedName
    byteCount = item.byteCount
  }

  init(_ item: LibraryItem) {
    kind = item.kind
    typeIdentifier = item.typeIdentifier
    text = item.text
    url = item.url
    name = item.suggestedName
    byteCount = item.byteCount
  }

  /// What the item is, in words: its type's description in the catalogue ("PDF document",
  /// "JPEG image"), else its identifier.
  var kindText: String {
    UTType(typeIdentifier)?.localizedDescription ?? typeIdentifier
  }

  /// The item's `<li>`, with a thumbnail of image `index` of share `shareID` when it is an
  /// image: a file by its name (the name its source gave, never the server's), its size as
  /// `ingest-cli` prints sizes and its kind in words; the type identifier as the kind's
  /// tooltip. Every string of the share is escaped; a URL is a link only when it is `http` or
  /// `https`.
  func html(shareID: UUID, index: Int) -> String {
    let type =
      "<span class=\"meta kind\" title=\"\(HTML.escape(typeIdentifier))\">"
      + "\(HTML.escape(kindText))</span>"
    switch kind {
    case .text:
      return "<li class=\"item item-text\">\(HTML.escape(text ?? "")) \(type)</li>"
    case .url:
      let address = url ?? ""
      let scheme = URL(string: address)?.scheme?.lowercased()
      let shown =
        scheme == "http" || scheme == "https"
        ? "<a href=\"\(HTML.escape(address))\" rel=\"noreferrer noopener\">"
          + "\(HTML.escape(address))</a>"
        : HTML.escape(address)
      let title = name.map { "<span class=\"name\">\(HTML.escape($0))</span> " } ?? ""
      return "<li class=\"item item-url\">\(title)\(shown) \(type)</li>"
    case .file:
      let label = name ?? "Unnamed \(kindText)"
      var line = "<li class=\"item item-file\">"
      if Thumbnails.hasThumbnail(typeIdentifier) {
        line +=
          "<img class=\"thumbnail\" src=\"/thumbnail/\(shareID.uuidString)/\(index)\""
          + " alt=\"\(HTML.escape(label))\" loading=\"lazy\">"
      }
      line += "<span class=\"name\">\(HTML.escape(label))</span>"
      if let byteCount {
        line += " <span class=\"meta size\">\(HTML.escape(ByteCount(byteCount).description))</span>"
      }
      return line + " \(type)</li>"
    }
  }
}
