import ActivationRules
import Foundation
import ItemProvider
import SystemCalls
import UTI

extension ActivationInput {
  /// The share as an activation rule sees it, from the extension items a host hands over:
  /// each attachment's registered types in order, whether one is delivered as a file, and the
  /// URL of a `public.url` representation (loaded, as the system reads it to tell web pages
  /// from files).
  ///
  /// - Parameter urlTimeout: How long to wait for a URL to load; a source that has not
  ///   answered by then is taken to share no URL value (the host, on a device, knows the URL
  ///   without asking the source).
  public init(extensionItems items: [NSExtensionItem], urlTimeout: Duration = .seconds(2)) async {
    var activationItems: [ActivationItem] = []
    for item in items {
      var attachments: [ActivationAttachment] = []
      for provider in item.attachments ?? [] {
        let types = provider.registeredTypeIdentifiers
        let url = await Self.url(of: provider, timeout: urlTimeout)
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
  private static func url(of provider: NSItemProvider, timeout: Duration) async -> URL? {
    guard
      let type = provider.registeredTypeIdentifiers.first(where: {
        UTType($0)?.conforms(to: .url) == true
      })
    else { return nil }
    return await withCheckedContinuation { continuation in
      let answer = OneAnswer<URL?>(continuation)
      let timer = IOExecutor.shared.schedule(after: timeout) { answer.resume(nil) }
      provider.loadItem(forTypeIdentifier: type, options: nil) { item, _ in
        IOExecutor.shared.cancel(timer)
        let object: Any? = item
        answer.resume((object as? URL) ?? (object as? NSURL)?.absoluteURL)
      }
    }
  }
}
