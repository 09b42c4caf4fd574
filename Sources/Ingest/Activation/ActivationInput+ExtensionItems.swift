import ActivationRules
import Foundation
import ItemProvider
import UTI

extension ActivationInput {
  /// The share as an activation rule sees it, from the extension items a host hands over:
  /// each attachment's registered types in order, whether one is delivered as a file, and the
  /// URL of a `public.url` representation (loaded, as the system reads it to tell web pages
  /// from files).
  public init(extensionItems items: [NSExtensionItem]) async {
    var activationItems: [ActivationItem] = []
    for item in items {
      var attachments: [ActivationAttachment] = []
      for provider in item.attachments ?? [] {
        let types = provider.registeredTypeIdentifiers
        let url = await Self.url(of: provider)
        attachments.append(
          ActivationAttachment(
            registeredTypeIdentifiers: types, url: url,
            hasFileRepresentation: types.contains {
              provider.registeredDelivery(forTypeIdentifier: $0) == .file
            },
            suggestedName: provider.suggestedName))
      }
      activationItems.append(
        ActivationItem(
          attributedTitle: item.attributedTitle?.string,
          attributedContentText: item.attributedContentText?.string,
          attachments: attachments))
    }
    self.init(extensionItems: activationItems)
  }

  /// The URL a provider's URL representation holds, if it has one that loads as a URL.
  private static func url(of provider: NSItemProvider) async -> URL? {
    guard
      let type = provider.registeredTypeIdentifiers.first(where: {
        UTType($0)?.conforms(to: .url) == true
      })
    else { return nil }
    return await withCheckedContinuation { continuation in
      provider.loadItem(forTypeIdentifier: type, options: nil) { item, _ in
        let object: Any? = item
        let url = (object as? URL) ?? (object as? NSURL)?.absoluteURL
        continuation.resume(returning: url)
      }
    }
  }
}
