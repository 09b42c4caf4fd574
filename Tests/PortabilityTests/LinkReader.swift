// PORTABILITY PROOF — iOS share-extension code in the modern async style, compiled here with
// one line added: `#if os(Linux) import ItemProvider #endif` (on iOS, NSItemProvider,
// NSExtensionItem and NSExtensionContext come with Foundation). `import UniformTypeIdentifiers`
// stays: on Linux this package ships a module of that name.
//
// What read-later and bookmark extensions do: find the first attachment that has a URL, load it
// with `try await loadItem(forTypeIdentifier:)` (an NSURL, or a string holding one), take the
// page title from the item's attributedContentText, and complete the request with `await`.
//
// The loaded item is cast straight to `URL` / `String`, as iOS code does. Linux has no
// Objective-C bridging, so the compiler would warn that such a cast "always fails" (and CI
// builds with warnings as errors); ItemProvider declares those value types secure-coding on
// Linux, which makes the cast valid to the compiler, and the runtime performs it as on iOS.

import Foundation
import UniformTypeIdentifiers

#if os(Linux)
  import ItemProvider
#endif

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
          let url = loaded as? URL ?? (loaded as? String).flatMap({ URL(string: $0) }),
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
