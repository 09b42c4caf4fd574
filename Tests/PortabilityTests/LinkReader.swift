// PORTABILITY PROOF — iOS share-extension code in the modern async style, compiled here with
// only its imports changed.
//
// Imports changed, and nothing else in this file:
//   on iOS:   import Foundation / import UniformTypeIdentifiers
//   here:     import Foundation / import ItemProvider / import UTI
//   - `import UniformTypeIdentifiers` became `import UTI` (UTType).
//   - `import ItemProvider` was added: on iOS, NSItemProvider, NSExtensionItem and
//     NSExtensionContext come with Foundation.
//
// What read-later and bookmark extensions do: find the first attachment that has a URL, load it
// with `try await loadItem(forTypeIdentifier:)` (an NSURL, or a string holding one), take the
// page title from the item's attributedContentText, and complete the request with `await`.
//
// The loaded item is cast to NSURL / NSString, which works on both platforms. The shorter
// `loaded as? URL` also works at run time here, but the Linux compiler, having no Objective-C
// bridging, warns that the cast "always fails", and CI builds with warnings as errors
// (see `bridgingCasts` in PortabilityTests.swift).

import Foundation
import ItemProvider
import UTI

/// Reads the web link a share carries.
struct LinkReader {
  struct Link: Equatable {
    var url: URL
    var title: String?
  }

  enum LinkError: Error {
    case noLink
  }

  /// The first web link among the context's items; completes the request when one is found,
  /// cancels it otherwise.
  func read(_ extensionContext: NSExtensionContext) async -> Link? {
    let items = extensionContext.inputItems.compactMap { $0 as? NSExtensionItem }
    for item in items {
      for provider in item.attachments ?? []
      where provider.hasItemConformingToTypeIdentifier(UTType.url.identifier) {
        guard
          let loaded = try? await provider.loadItem(forTypeIdentifier: UTType.url.identifier),
          let url = (loaded as? NSURL) as URL?
            ?? (loaded as? NSString).flatMap({ URL(string: $0 as String) }),
          url.scheme == "https" || url.scheme == "http"
        else { continue }
        _ = await extensionContext.completeRequest(returningItems: [])
        return Link(url: url, title: item.attributedContentText?.string)
      }
    }
    extensionContext.cancelRequest(withError: LinkError.noLink)
    return nil
  }
}
