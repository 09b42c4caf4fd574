// PORTABILITY PROOF — both sides of sharing an article, as iOS code writes them, compiled here
// with one line added (`#if os(Linux) import ItemProvider #endif`).
//
// The app side registers what it shares: the article's link as an NSURL produced only when a
// consumer asks (`registerObject(ofClass:visibility:loadHandler:)`), its own JSON for itself
// (`.ownProcess`: iOS never hands it to another process), and a preview image made at the size
// the consumer prefers (`previewImageHandler`). The extension side loads the preview with
// `NSItemProviderPreferredImageSizeKey` (an `NSValue(cgSize:)`, as UIKit makes it) and the
// link with `loadObject(ofClass: URL.self)`.

import Foundation
import UniformTypeIdentifiers

#if os(Linux)
  import ItemProvider
#endif

/// The app that shares an article.
struct ArticleSharer {
  static let articleType = "com.example.article"

  let link: URL
  let json: Data
  /// A PNG preview; a real app would draw one at the requested size.
  let previewPNG: Data

  func itemProvider() -> NSItemProvider {
    let provider = NSItemProvider()
    let link = self.link
    provider.registerObject(ofClass: NSURL.self, visibility: .all) { completion in
      completion(link as NSURL, nil)
      return nil
    }
    let json = self.json
    provider.registerDataRepresentation(
      forTypeIdentifier: Self.articleType, visibility: .ownProcess
    ) { completion in
      completion(json, nil)
      return nil
    }
    let previewPNG = self.previewPNG
    provider.previewImageHandler = { completion, _, options in
      let size = (options?[NSItemProviderPreferredImageSizeKey] as? NSValue)?.cgSizeValue
      guard let size, size.width > 0 else {
        completion?(nil, CocoaError(.featureUnsupported))
        return
      }
      completion?(previewPNG as NSData, nil)
    }
    return provider
  }
}

/// The extension that receives it.
struct ArticleReceiver {
  struct Received {
    var link: URL?
    var preview: Data?
    var sawPrivateType: Bool
  }

  func receive(_ extensionContext: NSExtensionContext) async -> Received {
    let item = extensionContext.inputItems.first as? NSExtensionItem
    guard let provider = item?.attachments?.first else {
      return Received(link: nil, preview: nil, sawPrivateType: false)
    }
    let preview: Data? = await withCheckedContinuation { continuation in
      provider.loadPreviewImage(options: [
        NSItemProviderPreferredImageSizeKey: NSValue(cgSize: CGSize(width: 60, height: 60))
      ]) { image, _ in
        continuation.resume(returning: image as? Data)
      }
    }
    let link: URL? = await withCheckedContinuation { continuation in
      _ = provider.loadObject(ofClass: URL.self) { url, _ in
        continuation.resume(returning: url)
      }
    }
    let sawPrivateType = provider.hasItemConformingToTypeIdentifier(ArticleSharer.articleType)
    extensionContext.completeRequest(returningItems: [], completionHandler: nil)
    return Received(link: link, preview: preview, sawPrivateType: sawPrivateType)
  }
}
