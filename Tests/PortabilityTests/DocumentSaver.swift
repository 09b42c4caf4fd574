// PORTABILITY PROOF — a share extension that saves documents into the app's container, with
// security-scoped access as Apple asks for it, compiled here with one line added:
//
//   #if os(Linux)
//     import ItemProvider
//   #endif
//
// A file shared from Files or Notes arrives as a `public.file-url` pointing into another app's
// storage: the URL from `loadItem` is security-scoped, so the code brackets its read with
// `startAccessingSecurityScopedResource()` and, only when that returned true,
// `stopAccessingSecurityScopedResource()`. Anything else is loaded with `loadFileRepresentation`,
// whose copy lives in the extension's own temporary directory (no scope: start returns false).

import Foundation
import Synchronization
import UniformTypeIdentifiers

#if os(Linux)
  import ItemProvider
#endif

/// What the saver did with one attachment.
struct SavedDocument: Sendable, Equatable {
  var name: String
  var bytes: Data
  /// What `startAccessingSecurityScopedResource()` answered.
  var wasSecurityScoped: Bool
  /// The URL it was handed, to check the access was relinquished.
  var sourceURL: URL
}

/// Saves each shared document (a PDF, or any file URL) into the App Group's `Documents/`.
final class DocumentSaver: Sendable {
  enum SaveError: Error {
    case nothingToSave
  }

  func save(
    _ context: NSExtensionContext, completion: @escaping @Sendable ([SavedDocument]) -> Void
  ) {
    let saved = Mutex<[SavedDocument]>([])
    let group = DispatchGroup()
    for item in context.inputItems as? [NSExtensionItem] ?? [] {
      for provider in item.attachments ?? [] {
        if provider.hasItemConformingToTypeIdentifier(UTType.fileURL.identifier) {
          group.enter()
          provider.loadItem(forTypeIdentifier: UTType.fileURL.identifier, options: nil) {
            item, _ in
            defer { group.leave() }
            guard let url = item as? URL else { return }
            let scoped = url.startAccessingSecurityScopedResource()
            defer { if scoped { url.stopAccessingSecurityScopedResource() } }
            guard let bytes = try? Data(contentsOf: url) else { return }
            saved.withLock {
              $0.append(
                SavedDocument(
                  name: url.lastPathComponent, bytes: bytes, wasSecurityScoped: scoped,
                  sourceURL: url))
            }
          }
        } else if provider.hasItemConformingToTypeIdentifier(UTType.pdf.identifier) {
          group.enter()
          provider.loadFileRepresentation(forTypeIdentifier: UTType.pdf.identifier) { url, _ in
            defer { group.leave() }
            guard let url else { return }
            let scoped = url.startAccessingSecurityScopedResource()
            defer { if scoped { url.stopAccessingSecurityScopedResource() } }
            guard let bytes = try? Data(contentsOf: url) else { return }
            saved.withLock {
              $0.append(
                SavedDocument(
                  name: url.lastPathComponent, bytes: bytes, wasSecurityScoped: scoped,
                  sourceURL: url))
            }
          }
        }
      }
    }
    group.notify(queue: .global()) {
      let documents = saved.withLock { $0 }
      if documents.isEmpty {
        context.cancelRequest(withError: SaveError.nothingToSave)
      } else {
        context.completeRequest(returningItems: [], completionHandler: nil)
      }
      completion(documents)
    }
  }
}
