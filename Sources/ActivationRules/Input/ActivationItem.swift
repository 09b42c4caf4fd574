import UTI

/// One `NSExtensionItem` of a share as an activation rule sees it.
public struct ActivationItem: Sendable {
  /// The item's title (`attributedTitle.string`), when it has one.
  public let attributedTitle: String?
  /// The item's text (`attributedContentText.string`), when it has one.
  public let attributedContentText: String?
  /// The item's attachments, in order.
  public let attachments: [ActivationAttachment]

  /// Creates an item.
  public init(
    attributedTitle: String? = nil, attributedContentText: String? = nil,
    attachments: [ActivationAttachment]
  ) {
    self.attributedTitle = attributedTitle
    self.attributedContentText = attributedContentText
    self.attachments = attachments
  }

  /// The same item with its attachments' identifiers resolved in `registry`.
  func resolved(in registry: UTTypeRegistry) -> ActivationItem {
    ActivationItem(
      attributedTitle: attributedTitle, attributedContentText: attributedContentText,
      attachments: attachments.map { $0.resolved(in: registry) })
  }
}
