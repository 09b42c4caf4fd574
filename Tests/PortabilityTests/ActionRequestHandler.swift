// PORTABILITY PROOF — an action extension without a user interface, as Xcode's "Action
// Extension" template writes its principal class, compiled here with one line added:
//
//   #if os(Linux)
//     import ItemProvider
//   #endif
//
// The system makes an instance of the class named by `NSExtensionPrincipalClass` and calls
// `beginRequest(with:)`. Run from Safari, the attachment holds `com.apple.property-list`: a
// dictionary with what the extension's JavaScript `run` passed to `completionFunction` under
// `NSExtensionJavaScriptPreprocessingResultsKey`. The extension answers with a dictionary under
// `NSExtensionJavaScriptFinalizeArgumentKey`, which Safari hands to the script's `finalize`;
// anywhere else it ends the request with no items.
//
// One change from the template, which Swift 6 needs on iOS too: the template keeps the context
// in a `var` of a non-final class and reaches it through `self` from the load's `@Sendable`
// completion; this class has no state (final, `Sendable`) and passes the context along instead.

import Foundation
import UniformTypeIdentifiers

#if os(Linux)
  import ItemProvider
#endif

/// Saves the page Safari shows for later and tells the page's script so.
final class ActionRequestHandler: NSObject, NSExtensionRequestHandling, Sendable {
  func beginRequest(with context: NSExtensionContext) {
    for item in context.inputItems as? [NSExtensionItem] ?? [] {
      for itemProvider in item.attachments ?? []
      where itemProvider.hasItemConformingToTypeIdentifier(UTType.propertyList.identifier) {
        itemProvider.loadItem(forTypeIdentifier: UTType.propertyList.identifier, options: nil) {
          item, _ in
          guard let dictionary = item as? [String: Any],
            let results = dictionary[NSExtensionJavaScriptPreprocessingResultsKey]
              as? [String: Any]
          else {
            self.done(context, finalizeArguments: nil)
            return
          }
          self.itemLoadCompleted(context, javaScriptPreprocessingResults: results)
        }
        return
      }
    }
    done(context, finalizeArguments: nil)
  }

  private func itemLoadCompleted(
    _ context: NSExtensionContext, javaScriptPreprocessingResults results: [String: Any]
  ) {
    guard let page = results["URL"] as? String, URL(string: page) != nil else {
      done(context, finalizeArguments: ["saved": false])
      return
    }
    let title = results["title"] as? String ?? page
    done(context, finalizeArguments: ["saved": true, "savedURL": page, "savedTitle": title])
  }

  private func done(_ context: NSExtensionContext, finalizeArguments: [String: Any]?) {
    guard let finalizeArguments else {
      context.completeRequest(returningItems: [], completionHandler: nil)
      return
    }
    let resultsDictionary = [NSExtensionJavaScriptFinalizeArgumentKey: finalizeArguments]
    let resultsProvider = NSItemProvider(
      item: resultsDictionary as NSDictionary, typeIdentifier: UTType.propertyList.identifier)
    let resultsItem = NSExtensionItem()
    resultsItem.attachments = [resultsProvider]
    context.completeRequest(returningItems: [resultsItem], completionHandler: nil)
  }
}
