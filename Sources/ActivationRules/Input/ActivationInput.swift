import UTI

/// What an activation rule is evaluated over: the extension items of one share.
///
/// Apple evaluates `NSExtensionActivationRule` over an object whose `extensionItems` key holds
/// the `NSExtensionItem`s; each has `attachments` (`NSItemProvider`s) with
/// `registeredTypeIdentifiers`. ``predicateValue`` is exactly that object graph, built once when
/// the input is made, so evaluating a rule allocates nothing for the input (unless the rule
/// resolves types in another registry than the input's, and resolves the input again there).
///
/// Keys: the root has `extensionItems`; an item has `attachments`, `attributedTitle`,
/// `attributedContentText` (each an attributed string with `string` and `length`, or null) and
/// `userInfo`; an attachment has `registeredTypeIdentifiers` and `suggestedName`.
public struct ActivationInput: Sendable {
  /// The extension items, in order.
  public let extensionItems: [ActivationItem]
  /// The key-value view a predicate is evaluated over.
  public let predicateValue: PredicateValue
  /// The registry the attachments' identifiers are resolved in.
  public let registry: UTTypeRegistry

  /// Creates an input from its items, resolved in the registry of the first attachment (any
  /// attachment resolved elsewhere is resolved again there).
  public init(extensionItems: [ActivationItem]) {
    let registry = extensionItems.lazy.flatMap(\.attachments).first?.registry ?? .shared
    self.init(extensionItems: extensionItems, registry: registry)
  }

  /// Creates an input from its items, their identifiers resolved in `registry`.
  public init(extensionItems: [ActivationItem], registry: UTTypeRegistry) {
    let extensionItems = extensionItems.map { $0.resolved(in: registry) }
    self.registry = registry
    self.extensionItems = extensionItems
    let single = extensionItems.count == 1
    var items: [PredicateValue] = []
    for (itemIndex, item) in extensionItems.enumerated() {
      var attachments: [PredicateValue] = []
      for (attachmentIndex, attachment) in item.attachments.enumerated() {
        let label = Self.label(
          item: itemIndex, attachment: attachmentIndex, single: single,
          summary: attachment.summary)
        attachments.append(
          .object(
            PredicateObject(
              typeName: "NSItemProvider", label: label,
              values: [
                ActivationKeys.registeredTypeIdentifiers: .array(
                  attachment.resolvedTypes.map(PredicateValue.typeIdentifier)),
                ActivationKeys.suggestedName: attachment.suggestedName.map(PredicateValue.string)
                  ?? .null,
              ])))
      }
      items.append(
        .object(
          PredicateObject(
            typeName: "NSExtensionItem", label: "item \(itemIndex + 1)",
            values: [
              ActivationKeys.attachments: .array(attachments),
              ActivationKeys.attributedTitle: Self.attributedString(item.attributedTitle),
              ActivationKeys.attributedContentText: Self.attributedString(
                item.attributedContentText),
              ActivationKeys.userInfo: .dictionary([:]),
            ])))
    }
    predicateValue = .object(
      PredicateObject(
        typeName: "NSExtensionContext", label: "the share",
        values: [ActivationKeys.extensionItems: .array(items)]))
  }

  /// A single item holding `attachments`.
  public init(attachments: [ActivationAttachment]) {
    self.init(extensionItems: [ActivationItem(attachments: attachments)])
  }

  /// The same input with its identifiers resolved in `registry` (itself when they are): a rule
  /// resolves its input in its own registry before evaluating it.
  public func resolved(in registry: UTTypeRegistry) -> ActivationInput {
    registry === self.registry
      ? self : ActivationInput(extensionItems: extensionItems, registry: registry)
  }

  /// Every attachment with where it sits, in order.
  public var attachments: [(item: Int, index: Int, attachment: ActivationAttachment)] {
    extensionItems.enumerated().flatMap { itemIndex, item in
      item.attachments.enumerated().map { (itemIndex, $0.offset, $0.element) }
    }
  }

  /// Names an attachment for explanations: `attachment 2 (public.url)`, with the item when the
  /// share has several.
  static func label(item: Int, attachment: Int, single: Bool, summary: String) -> String {
    (single ? "" : "item \(item + 1), ") + "attachment \(attachment + 1) (\(summary))"
  }

  /// The label of an attachment in this input.
  func label(item: Int, attachment: Int) -> String {
    Self.label(
      item: item, attachment: attachment, single: extensionItems.count == 1,
      summary: extensionItems[item].attachments[attachment].summary)
  }

  private static func attributedString(_ text: String?) -> PredicateValue {
    guard let text else { return .null }
    return .object(
      PredicateObject(
        typeName: "NSAttributedString",
        values: [
          ActivationKeys.string: .string(text),
          ActivationKeys.length: .number(Double(text.utf16.count)),
        ]))
  }
}
