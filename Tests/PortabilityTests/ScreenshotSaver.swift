// PORTABILITY PROOF — the image handling of a share extension that must work from the
// screenshot editor, as the fix for react-native-share-menu#76 wrote it (the editor shares an
// in-memory UIImage, not a file), compiled here with only its imports changed:
//
//   #if os(Linux)
//     import ItemProvider
//   #endif
//
// `import UIKit` stays: on Linux this package ships a UIKit module holding UIImage. The code
// loads `public.image` through the coercing interface and takes what comes: a file URL
// (Photos, Messages), data (Safari), or a UIImage (a screenshot); it makes a UIImage of it and
// saves `jpegData(compressionQuality: 0.8)` into the App Group, with the image's size and scale.

import Foundation
import MobileCoreServices
import Synchronization
import UIKit

#if os(Linux)
  import ItemProvider
#endif

/// One image the extension saved.
struct SavedImage: Sendable {
  var file: URL
  var size: CGSize
  var scale: CGFloat
}

/// Saves every image of a share as a JPEG in the App Group's `Images/` folder.
final class ScreenshotSaver: Sendable {
  enum SaveError: Error {
    case noImages
    case noAppGroup
  }

  let appGroupIdentifier: String

  init(appGroupIdentifier: String) {
    self.appGroupIdentifier = appGroupIdentifier
  }

  func save(_ context: NSExtensionContext, completion: @escaping @Sendable ([SavedImage]) -> Void) {
    guard
      let folder = FileManager.default.containerURL(
        forSecurityApplicationGroupIdentifier: appGroupIdentifier)?
        .appendingPathComponent("Images", isDirectory: true)
    else {
      context.cancelRequest(withError: SaveError.noAppGroup)
      completion([])
      return
    }
    let saved = Mutex<[SavedImage]>([])
    let group = DispatchGroup()
    for item in context.inputItems as? [NSExtensionItem] ?? [] {
      for attachment in item.attachments ?? []
      where attachment.hasItemConformingToTypeIdentifier(kUTTypeImage as String) {
        group.enter()
        attachment.loadItem(forTypeIdentifier: kUTTypeImage as String, options: nil) {
          item, _ in
          defer { group.leave() }
          var image: UIImage?
          if let url = item as? URL {
            image = UIImage(contentsOfFile: url.path)
          } else if let data = item as? Data {
            image = UIImage(data: data)
          } else if let shared = item as? UIImage {
            image = shared
          }
          guard let image, let jpeg = image.jpegData(compressionQuality: 0.8) else { return }
          let file = folder.appendingPathComponent(UUID().uuidString).appendingPathExtension("jpg")
          do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try jpeg.write(to: file)
          } catch {
            return
          }
          saved.withLock { $0.append(SavedImage(file: file, size: image.size, scale: image.scale)) }
        }
      }
    }
    group.notify(queue: .global()) {
      let images = saved.withLock { $0 }
      if images.isEmpty {
        context.cancelRequest(withError: SaveError.noImages)
      } else {
        context.completeRequest(returningItems: [], completionHandler: nil)
      }
      completion(images)
    }
  }
}
