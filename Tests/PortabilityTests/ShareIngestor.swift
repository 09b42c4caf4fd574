// PORTABILITY PROOF — iOS share-extension code, compiled here with one line added.
//
// The one change: `#if os(Linux) import ItemProvider #endif` was added. On iOS, NSItemProvider,
// NSExtensionItem, NSExtensionContext and
// FileManager.containerURL(forSecurityApplicationGroupIdentifier:) come with Foundation; on Linux
// they come from ItemProvider. `import UniformTypeIdentifiers` stays: on Linux this package ships
// a module of that name re-exporting its UTI module.
//
// The code follows Apple's documentation: look at each attachment, pick the first registered
// type that conforms to UTType.image, load it with loadFileRepresentation, copy the file inside
// the completion handler (Apple: "This file will be deleted when the completion handler
// returns") into the App Group's Incoming/ folder under a UUID name with the type's preferred
// extension, then complete the request, or cancel it with the error.

import Foundation
import Synchronization
import UniformTypeIdentifiers

#if os(Linux)
  import ItemProvider
#endif

/// Copies every image a share hands over into the App Group container.
final class ShareIngestor: Sendable {
  enum IngestError: Error {
    case noImageAttachment
    case noAppGroupContainer(String)
    case loadFailed(typeIdentifier: String)
  }

  let appGroupIdentifier: String

  init(appGroupIdentifier: String) {
    self.appGroupIdentifier = appGroupIdentifier
  }

  /// Handles the request of `extensionContext`: completes it once every image is copied, or
  /// cancels it with the first error.
  func handle(_ extensionContext: NSExtensionContext) {
    let items = extensionContext.inputItems.compactMap { $0 as? NSExtensionItem }
    let providers = items.flatMap { $0.attachments ?? [] }

    var loads: [(NSItemProvider, String)] = []
    for provider in providers {
      let imageType = provider.registeredTypeIdentifiers.first { identifier in
        UTType(identifier)?.conforms(to: .image) ?? false
      }
      if let imageType {
        loads.append((provider, imageType))
      }
    }
    guard !loads.isEmpty else {
      extensionContext.cancelRequest(withError: IngestError.noImageAttachment)
      return
    }
    guard
      let container = FileManager.default.containerURL(
        forSecurityApplicationGroupIdentifier: appGroupIdentifier)
    else {
      extensionContext.cancelRequest(
        withError: IngestError.noAppGroupContainer(appGroupIdentifier))
      return
    }
    let incoming = container.appendingPathComponent("Incoming", isDirectory: true)

    let group = DispatchGroup()
    let firstError = Mutex<(any Error)?>(nil)
    for (provider, typeIdentifier) in loads {
      group.enter()
      provider.loadFileRepresentation(forTypeIdentifier: typeIdentifier) { url, error in
        defer { group.leave() }
        guard let url else {
          let failure = error ?? IngestError.loadFailed(typeIdentifier: typeIdentifier)
          firstError.withLock { if $0 == nil { $0 = failure } }
          return
        }
        // Copy now: the file is deleted when this handler returns.
        do {
          try FileManager.default.createDirectory(
            at: incoming, withIntermediateDirectories: true)
          let fileExtension =
            UTType(typeIdentifier)?.preferredFilenameExtension ?? url.pathExtension
          let destination = incoming.appendingPathComponent(UUID().uuidString)
            .appendingPathExtension(fileExtension)
          try FileManager.default.copyItem(at: url, to: destination)
        } catch {
          firstError.withLock { if $0 == nil { $0 = error } }
        }
      }
    }
    group.notify(queue: .global()) {
      if let error = firstError.withLock({ $0 }) {
        extensionContext.cancelRequest(withError: error)
      } else {
        extensionContext.completeRequest(returningItems: [], completionHandler: nil)
      }
    }
  }
}
