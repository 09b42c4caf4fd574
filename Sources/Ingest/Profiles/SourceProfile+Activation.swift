import ActivationRules
import Foundation

extension SourceProfile {
  /// The share as an activation rule sees it: each item's attachments with their registered
  /// types in order, the http(s) value of an `NSURL` object, and whether a representation is
  /// delivered as a file or folder.
  public var activationInput: ActivationInput {
    ActivationInput(
      extensionItems: items.map { item in
        ActivationItem(
          attributedTitle: item.attributedTitle,
          attributedContentText: item.attributedContentText,
          attachments: item.attachments.map(\.activationAttachment))
      })
  }
}

extension SourceProfile.Attachment {
  /// The attachment as an activation rule sees it.
  var activationAttachment: ActivationAttachment {
    let url = representations.lazy.compactMap { representation -> URL? in
      guard let object = representation.object, object.className == "NSURL",
        let text = object.value?.stringValue
      else { return nil }
      return URL(string: text)
    }.first
    return ActivationAttachment(
      registeredTypeIdentifiers: representations.map(\.typeIdentifier),
      url: url,
      hasFileRepresentation: representations.contains {
        $0.delivery == .file || $0.delivery == .directory
      },
      suggestedName: suggestedName)
  }
}
