// PORTABILITY PROOF — a read-later share extension with a JavaScript preprocessing file,
// compiled here with only its imports changed (`#if os(Linux) import ItemProvider #endif`).
//
// Its script (`Action.js`) passes `{url, title, selection}` to `completionFunction`; Safari
// hands that object over under `NSExtensionJavaScriptPreprocessingResultsKey` in the
// `com.apple.property-list` attachment, and the extension reads its own keys from it. The keys
// are the script's, not Safari's: a script returning others gives this code nothing.

import Foundation
import UniformTypeIdentifiers

#if os(Linux)
  import ItemProvider
#endif

/// What the extension saves for a page.
struct PreprocessedPage: Sendable, Equatable {
  var url: String
  var title: String
  var excerpt: String
}

/// Reads what the extension's script returned for the page.
final class PagePreprocessingReader: Sendable {
  func read(
    _ context: NSExtensionContext, completion: @escaping @Sendable (PreprocessedPage?) -> Void
  ) {
    let item = context.inputItems.first as? NSExtensionItem
    guard
      let provider = item?.attachments?.first(where: {
        $0.hasItemConformingToTypeIdentifier(UTType.propertyList.identifier)
      })
    else {
      completion(nil)
      return
    }
    provider.loadItem(forTypeIdentifier: UTType.propertyList.identifier, options: nil) {
      item, _ in
      guard let dictionary = item as? NSDictionary,
        let results = dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as? [String: Any],
        let url = results["url"] as? String
      else {
        completion(nil)
        return
      }
      completion(
        PreprocessedPage(
          url: url, title: results["title"] as? String ?? url,
          excerpt: results["selection"] as? String ?? ""))
    }
  }
}
