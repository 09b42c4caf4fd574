// PORTABILITY PROOF — a SwiftUI-era share extension that loads everything through
// Transferable, compiled here with its imports changed: `import SwiftUI` (which re-exports
// CoreTransferable on iOS) becomes `import CoreTransferable`, and
//
//   #if os(Linux)
//     import ItemProvider
//   #endif
//
// is added. It declares its own Transferable types as apps do (a Codable link with a
// ProxyRepresentation to its URL; a movie as a FileRepresentation that copies the received file
// inside its importing closure) and loads the standard ones (URL, String, Data).

import CoreTransferable
import Foundation
import Synchronization
import UniformTypeIdentifiers

#if os(Linux)
  import ItemProvider
#endif

extension UTType {
  static let sharedLink = UTType(exportedAs: "com.example.shared-link")
}

/// A link as the app shares it between its own processes; others get the URL.
struct SharedLink: Codable, Transferable {
  var url: URL
  var title: String

  static var transferRepresentation: some TransferRepresentation {
    CodableRepresentation(contentType: .sharedLink)
    ProxyRepresentation(exporting: \.url)
  }
}

/// A movie the extension keeps: a copy of the received file, made inside the importing
/// closure (the received file is deleted when it returns).
struct ReceivedMovie: Transferable {
  var url: URL
  /// Where the system had put the received file.
  var receivedAt: URL

  static var transferRepresentation: some TransferRepresentation {
    FileRepresentation(contentType: .movie) { movie in
      SentTransferredFile(movie.url)
    } importing: { received in
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("ReceivedMovies-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let copy = folder.appendingPathComponent(received.file.lastPathComponent)
      try FileManager.default.copyItem(at: received.file, to: copy)
      return Self(url: copy, receivedAt: received.file)
    }
  }
}

/// What the extension took from a share.
struct TransferredContent: Sendable {
  var links: [String] = []
  var texts: [String] = []
  var images: [Data] = []
  var movies: [(copy: URL, receivedAt: URL)] = []
  var sharedLinks: [String] = []
}

/// Loads each attachment as the first of its kinds it has.
final class TransferableReceiver: Sendable {
  func receive(
    _ context: NSExtensionContext, completion: @escaping @Sendable (TransferredContent) -> Void
  ) {
    let content = Mutex(TransferredContent())
    let group = DispatchGroup()
    for item in context.inputItems as? [NSExtensionItem] ?? [] {
      for provider in item.attachments ?? [] {
        group.enter()
        if provider.hasItemConformingToTypeIdentifier(UTType.sharedLink.identifier) {
          provider.loadTransferable(type: SharedLink.self) { result in
            if case .success(let link) = result {
              content.withLock { $0.sharedLinks.append(link.title) }
            }
            group.leave()
          }
        } else if provider.hasItemConformingToTypeIdentifier(UTType.movie.identifier) {
          provider.loadTransferable(type: ReceivedMovie.self) { result in
            if case .success(let movie) = result {
              content.withLock { $0.movies.append((movie.url, movie.receivedAt)) }
            }
            group.leave()
          }
        } else if provider.hasItemConformingToTypeIdentifier(UTType.url.identifier) {
          provider.loadTransferable(type: URL.self) { result in
            if case .success(let url) = result {
              content.withLock { $0.links.append(url.absoluteString) }
            }
            group.leave()
          }
        } else if provider.hasItemConformingToTypeIdentifier(UTType.image.identifier) {
          provider.loadTransferable(type: Data.self) { result in
            if case .success(let data) = result { content.withLock { $0.images.append(data) } }
            group.leave()
          }
        } else if provider.hasItemConformingToTypeIdentifier(UTType.plainText.identifier) {
          provider.loadTransferable(type: String.self) { result in
            if case .success(let text) = result { content.withLock { $0.texts.append(text) } }
            group.leave()
          }
        } else {
          group.leave()
        }
      }
    }
    group.notify(queue: .global()) {
      context.completeRequest(returningItems: [], completionHandler: nil)
      completion(content.withLock { $0 })
    }
  }
}
