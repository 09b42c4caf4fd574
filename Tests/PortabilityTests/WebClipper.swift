// PORTABILITY PROOF — a clipping extension that loads objects by class, in the three ways iOS
// code calls `loadObject(ofClass:)`, compiled here with one line added:
//
//   #if os(Linux)
//     import ItemProvider
//   #endif
//
// `loadObject(ofClass: URL.self)` hands the completion a `URL?` (Apple's Swift overlay bridges
// through NSURL); `loadObject(ofClass: SharedNote.self)` and `loadObject(ofClass: NSString.self)`
// hand it `(any NSItemProviderReading)?`, which the code casts (`object as? SharedNote`) without
// a warning. `canLoadObject(ofClass:)` picks the way.

import Foundation
import Synchronization

#if os(Linux)
  import ItemProvider
#endif

/// What the clipper kept from a share.
struct Clipping: Sendable, Equatable {
  var links: [String] = []
  var notes: [String] = []
}

/// Keeps the links and notes a share holds, then ends the request.
final class WebClipper: Sendable {
  enum ClipError: Error {
    case nothingToClip
  }

  func clip(_ context: NSExtensionContext, completion: @escaping @Sendable (Clipping) -> Void) {
    let clipping = Mutex(Clipping())
    let group = DispatchGroup()
    for item in context.inputItems.compactMap({ $0 as? NSExtensionItem }) {
      for provider in item.attachments ?? [] {
        if provider.canLoadObject(ofClass: URL.self) {
          group.enter()
          _ = provider.loadObject(ofClass: URL.self) { url, _ in
            if let url { clipping.withLock { $0.links.append(url.absoluteString) } }
            group.leave()
          }
        } else if provider.canLoadObject(ofClass: SharedNote.self) {
          group.enter()
          _ = provider.loadObject(ofClass: SharedNote.self) { object, _ in
            if let note = object as? SharedNote {
              clipping.withLock { $0.notes.append(note.title) }
            }
            group.leave()
          }
        } else if provider.canLoadObject(ofClass: NSString.self) {
          group.enter()
          _ = provider.loadObject(ofClass: NSString.self) { object, _ in
            if let text = object as? NSString {
              clipping.withLock { $0.notes.append(text as String) }
            }
            group.leave()
          }
        }
      }
    }
    group.notify(queue: .global()) {
      let kept = clipping.withLock { $0 }
      if kept.links.isEmpty && kept.notes.isEmpty {
        context.cancelRequest(withError: ClipError.nothingToClip)
      } else {
        context.completeRequest(returningItems: nil, completionHandler: nil)
      }
      completion(kept)
    }
  }
}
