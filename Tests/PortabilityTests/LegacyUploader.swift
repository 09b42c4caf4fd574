// PORTABILITY PROOF — the share extension of an uploader written before iOS 14, compiled here
// with one line added and nothing else changed:
//
//   #if os(Linux)
//     import ItemProvider
//   #endif
//
// It types what it receives with the C functions of `UTType.h`, as MobileCoreServices code
// does: `UTTypeConformsTo` on `identifier as CFString` against `kUTType…` constants held as a
// `[CFString]`, the MIME type from `UTTypeCopyPreferredTagWithClass(…, kUTTagClassMIMEType)`
// and the type of a file from its extension with `UTTypeCreatePreferredIdentifierForTag`, each
// with `takeRetainedValue()` and `as String`. For each attachment it sends the first image,
// movie or PDF it finds (a file URL is followed to its file), then completes the request, or
// cancels it when there was nothing to send.

import Foundation
import MobileCoreServices
import Synchronization

#if os(Linux)
  import ItemProvider
#endif

/// One file the uploader sends: its name, MIME type and bytes.
struct Upload: Sendable, Equatable {
  var fileName: String
  var mimeType: String
  var bytes: Data
}

/// The ingestion half of the uploader's share view controller.
final class LegacyUploader: Sendable {
  enum UploadError: Error {
    case nothingToUpload
  }

  let extensionContext: NSExtensionContext?
  /// Where uploads go (the app's network queue; a test collects them).
  let send: @Sendable (Upload) -> Void

  init(extensionContext: NSExtensionContext?, send: @escaping @Sendable (Upload) -> Void) {
    self.extensionContext = extensionContext
    self.send = send
  }

  /// Sends what was shared, then ends the request.
  func didSelectPost() {
    let items = extensionContext?.inputItems as? [NSExtensionItem] ?? []
    let group = DispatchGroup()
    let sent = Mutex(0)
    for provider in items.flatMap({ $0.attachments ?? [] }) {
      if let identifier = uploadableType(of: provider) {
        group.enter()
        provider.loadFileRepresentation(forTypeIdentifier: identifier) { url, _ in
          defer { group.leave() }
          guard let url, let bytes = try? Data(contentsOf: url) else { return }
          let mimeType =
            self.mimeType(ofType: identifier as CFString) ?? self.mimeType(ofFile: url)
          self.send(Upload(fileName: url.lastPathComponent, mimeType: mimeType, bytes: bytes))
          sent.withLock { $0 += 1 }
        }
      } else if provider.hasItemConformingToTypeIdentifier(kUTTypeFileURL as String) {
        group.enter()
        provider.loadItem(forTypeIdentifier: kUTTypeFileURL as String, options: nil) { item, _ in
          defer { group.leave() }
          guard let url = item as? URL, self.isUploadable(file: url),
            let bytes = try? Data(contentsOf: url)
          else { return }
          self.send(
            Upload(
              fileName: url.lastPathComponent, mimeType: self.mimeType(ofFile: url), bytes: bytes))
          sent.withLock { $0 += 1 }
        }
      }
    }
    group.notify(queue: .global()) {
      if sent.withLock({ $0 }) == 0 {
        self.extensionContext?.cancelRequest(withError: UploadError.nothingToUpload)
      } else {
        self.extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
      }
    }
  }

  /// The first registered type that is an image, a movie or a PDF.
  private func uploadableType(of provider: NSItemProvider) -> String? {
    let uploadable: [CFString] = [kUTTypeImage, kUTTypeMovie, kUTTypePDF]
    for identifier in provider.registeredTypeIdentifiers {
      for type in uploadable where UTTypeConformsTo(identifier as CFString, type) {
        return identifier
      }
    }
    return nil
  }

  private func isUploadable(file url: URL) -> Bool {
    guard let type = fileType(url) else { return false }
    return UTTypeConformsTo(type, kUTTypeImage) || UTTypeConformsTo(type, kUTTypeMovie)
      || UTTypeConformsTo(type, kUTTypePDF)
  }

  private func fileType(_ url: URL) -> CFString? {
    UTTypeCreatePreferredIdentifierForTag(
      kUTTagClassFilenameExtension, url.pathExtension as CFString, nil)?.takeRetainedValue()
  }

  private func mimeType(ofType type: CFString) -> String? {
    guard
      let mimeType = UTTypeCopyPreferredTagWithClass(type, kUTTagClassMIMEType)?
        .takeRetainedValue()
    else { return nil }
    return mimeType as String
  }

  private func mimeType(ofFile url: URL) -> String {
    fileType(url).flatMap { mimeType(ofType: $0) } ?? "application/octet-stream"
  }
}
