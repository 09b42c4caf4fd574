// PORTABILITY PROOF — a share extension that imports photos and videos by file, compiled here
// with one line added:
//
//   #if os(Linux)
//     import ItemProvider
//   #endif
//
// It asks for the abstract type (`loadFileRepresentation(forTypeIdentifier:
// UTType.image.identifier)`, `UTType.movie`), then, like every app that hands files to a media
// pipeline, types the file it got by its extension and refuses what it cannot parse ("could not
// parse image"). That works only because a device names the delivered file after the item with
// the extension of the representation delivered (`IMG_0412.heic`, `IMG_0420.mov`). It keeps each
// file under that name in the App Group's `Media/` folder, copying inside the completion handler.

import Foundation
import Synchronization
import UniformTypeIdentifiers

#if os(Linux)
  import ItemProvider
#endif

/// Copies the photos and videos a share holds into the App Group, under their own names.
final class MediaImporter: Sendable {
  enum ImportError: Error {
    case noMedia
    case noAppGroupContainer
    case couldNotParse(String)
    case loadFailed(any Error)
  }

  let appGroupIdentifier: String

  init(appGroupIdentifier: String) {
    self.appGroupIdentifier = appGroupIdentifier
  }

  func importMedia(from context: NSExtensionContext) {
    guard
      let container = FileManager.default.containerURL(
        forSecurityApplicationGroupIdentifier: appGroupIdentifier)
    else {
      context.cancelRequest(withError: ImportError.noAppGroupContainer)
      return
    }
    let media = container.appendingPathComponent("Media", isDirectory: true)
    let failure = Mutex<ImportError?>(nil)
    let group = DispatchGroup()
    var found = false
    for item in context.inputItems as? [NSExtensionItem] ?? [] {
      for provider in item.attachments ?? [] {
        guard
          let kind = [UTType.image, UTType.movie].first(where: {
            provider.hasItemConformingToTypeIdentifier($0.identifier)
          })
        else { continue }
        found = true
        group.enter()
        provider.loadFileRepresentation(forTypeIdentifier: kind.identifier) { url, error in
          defer { group.leave() }
          do {
            guard let url else {
              throw ImportError.loadFailed(error ?? CocoaError(.fileNoSuchFile))
            }
            guard let type = UTType(filenameExtension: url.pathExtension), type.conforms(to: kind)
            else { throw ImportError.couldNotParse(url.lastPathComponent) }
            try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
              at: url, to: media.appendingPathComponent(url.lastPathComponent))
          } catch let error as ImportError {
            failure.withLock { $0 = $0 ?? error }
          } catch {
            failure.withLock { $0 = $0 ?? .loadFailed(error) }
          }
        }
      }
    }
    guard found else {
      context.cancelRequest(withError: ImportError.noMedia)
      return
    }
    group.notify(queue: .global()) {
      if let error = failure.withLock({ $0 }) {
        context.cancelRequest(withError: error)
      } else {
        context.completeRequest(returningItems: [], completionHandler: nil)
      }
    }
  }
}
