// PORTABILITY PROOF — a posting extension that takes images as objects, compiled here with only
// its imports changed (`#if os(Linux) import ItemProvider #endif`):
//
// `canLoadObject(ofClass: UIImage.self)`, then `loadObject(ofClass: UIImage.self)` with
// `object as? UIImage` (Apple's completion hands an `NSItemProviderReading?`), then `pngData()`
// for the upload, with the image's `size` and `imageOrientation` for the post's layout.

import Foundation
import Synchronization
import UIKit

#if os(Linux)
  import ItemProvider
#endif

/// One image the poster would upload.
struct PostedImage: Sendable {
  var png: Data
  var size: CGSize
  var orientation: UIImage.Orientation
}

/// Collects the images of a share as PNGs.
final class ImagePoster: Sendable {
  func images(
    in context: NSExtensionContext, completion: @escaping @Sendable ([PostedImage]) -> Void
  ) {
    let posted = Mutex<[PostedImage]>([])
    let group = DispatchGroup()
    let providers = (context.inputItems as? [NSExtensionItem] ?? []).flatMap {
      $0.attachments ?? []
    }
    for provider in providers where provider.canLoadObject(ofClass: UIImage.self) {
      group.enter()
      provider.loadObject(ofClass: UIImage.self) { object, _ in
        defer { group.leave() }
        guard let image = object as? UIImage, let png = image.pngData() else { return }
        posted.withLock {
          $0.append(PostedImage(png: png, size: image.size, orientation: image.imageOrientation))
        }
      }
    }
    group.notify(queue: .global()) {
      context.completeRequest(returningItems: [], completionHandler: nil)
      completion(posted.withLock { $0 })
    }
  }
}
