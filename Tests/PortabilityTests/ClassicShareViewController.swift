// PORTABILITY PROOF — the ingestion part of a classic (pre-iOS 14) share extension, compiled
// here with one line added and nothing else changed:
//
//   #if os(Linux)
//     import ItemProvider
//   #endif
//
// `import MobileCoreServices` stays as on iOS: on Linux this package ships a module of that name
// with UTType and the `kUTType…` constants (as `String`, so `kUTTypeURL as String` compiles as
// it does against `CFString`). `item as? URL` compiles without the Linux "cast always fails"
// warning because ItemProvider declares URL secure-coding where Foundation has no bridging.
//
// On iOS this body sits in `ShareViewController: SLComposeServiceViewController`, whose
// `extensionContext` comes from UIViewController; UIKit and Social do not exist on Linux, so
// this class declares that one property itself. It is `Sendable` with `let`s where the view
// controller is main-actor isolated: the load's completion handler is `@Sendable` in Swift 6.

import Foundation
import MobileCoreServices

#if os(Linux)
  import ItemProvider
#endif

/// The ingestion half of a classic share extension's view controller: save the shared URL in
/// the App Group, then end the request.
final class ClassicShareViewController: Sendable {
  let extensionContext: NSExtensionContext?
  let appGroupIdentifier: String

  init(extensionContext: NSExtensionContext?, appGroupIdentifier: String) {
    self.extensionContext = extensionContext
    self.appGroupIdentifier = appGroupIdentifier
  }

  /// What `didSelectPost()` does with what was shared.
  func didSelectPost() {
    if let item = extensionContext?.inputItems.first as? NSExtensionItem {
      for attachment in item.attachments ?? [] {
        if attachment.hasItemConformingToTypeIdentifier(kUTTypeURL as String) {
          attachment.loadItem(forTypeIdentifier: kUTTypeURL as String, options: nil) {
            item, error in
            if let url = item as? URL {
              self.save(url)
            }
            self.extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
          }
          return
        }
      }
    }
    extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
  }

  private func save(_ url: URL) {
    guard
      let container = FileManager.default.containerURL(
        forSecurityApplicationGroupIdentifier: appGroupIdentifier)
    else { return }
    try? url.absoluteString.write(
      to: container.appendingPathComponent("shared-url.txt"), atomically: true, encoding: .utf8)
  }
}
