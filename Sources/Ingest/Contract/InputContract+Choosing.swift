import Foundation
import ItemProvider
import UTI

extension InputContract {
  /// The representation to take from `provider`: the earliest registered type, in fidelity
  /// order, that is or conforms to an accepted type; folders only when the contract accepts
  /// them.
  ///
  /// Never simply the first registered type (a Live Photo registers a folder first), and never
  /// decided by which app is the source.
  public func choose(from provider: NSItemProvider)
    -> Result<RepresentationChoice, ContractViolation>
  {
    let accepted = resolvedAcceptedTypes
    var passedOver: [RepresentationChoice.PassedOver] = []
    for identifier in provider.registeredTypeIdentifiers {
      let type = UTType(identifier)
      if let type, type.conforms(to: .directory), !acceptsDirectories {
        passedOver.append(.init(typeIdentifier: identifier, reason: "a folder"))
        continue
      }
      if let type, type.conforms(to: .fileURL), !urlSchemes.contains("file") {
        // Its scheme is known from its type: no need to load it to refuse it.
        passedOver.append(
          .init(
            typeIdentifier: identifier,
            reason: "a file: URL, and only \(urlSchemes.map { "\($0):" }.joined(separator: ", "))"
              + " URLs are taken"))
        continue
      }
      let match =
        acceptedTypes.first { $0.isSameIdentifier(as: identifier) }
        ?? type.flatMap { type in accepted.first { type.conforms(to: $0) }?.identifier }
      guard let match else {
        passedOver.append(.init(typeIdentifier: identifier, reason: "not accepted"))
        continue
      }
      guard let delivery = provider.registeredDelivery(forTypeIdentifier: identifier) else {
        continue
      }
      return .success(
        RepresentationChoice(
          typeIdentifier: identifier, acceptedAs: match, delivery: delivery,
          kind: Self.kind(of: type), passedOver: passedOver))
    }
    return .failure(
      .unsupportedType(
        offered: provider.registeredTypeIdentifiers, accepted: acceptedTypes,
        notes: Dictionary(
          passedOver.filter { $0.reason != "not accepted" }.map { ($0.typeIdentifier, $0.reason) },
          uniquingKeysWith: { first, _ in first })))
  }

  /// What a taken type becomes in the manifest: URLs and plain text travel in the manifest,
  /// everything else as a file.
  static func kind(of type: UTType?) -> ShareManifest.Item.Kind {
    guard let type else { return .file }
    if type.conforms(to: .url) { return .url }
    if type.conforms(to: .plainText) { return .text }
    return .file
  }

  /// Decides every attachment of a share before anything is loaded: which representation to
  /// take from each, which to skip, or that the share is rejected.
  public func decide(_ items: [NSExtensionItem]) -> ContractDecision {
    var decisions: [AttachmentDecision] = []
    for (itemIndex, item) in items.enumerated() {
      for (index, provider) in (item.attachments ?? []).enumerated() {
        let position = AttachmentPosition(item: itemIndex + 1, attachment: index + 1)
        let verdict: AttachmentDecision.Verdict =
          switch choose(from: provider) {
          case .success(let choice): .take(choice)
          case .failure(let violation):
            unsupported == .skipAttachment ? .skip(violation) : .reject(violation)
          }
        decisions.append(
          AttachmentDecision(
            position: position, offeredTypes: provider.registeredTypeIdentifiers,
            suggestedName: provider.suggestedName, verdict: verdict, provider: provider))
      }
    }
    var rejection: ContractDecision.Rejection?
    if decisions.isEmpty {
      rejection = .init(position: nil, violation: .noAttachments)
    } else if decisions.count > maximumAttachmentCount {
      rejection = .init(
        position: nil,
        violation: .tooManyAttachments(count: decisions.count, maximum: maximumAttachmentCount))
    } else if let first = decisions.first(where: {
      if case .reject = $0.verdict { return true }
      return false
    }), case .reject(let violation) = first.verdict {
      rejection = .init(position: first.position, violation: violation)
    } else if !decisions.contains(where: { $0.choice != nil }) {
      // Everything was skipped: nothing is left to share.
      let first = decisions[0]
      if case .skip(let violation) = first.verdict {
        rejection = .init(position: first.position, violation: violation)
      }
    }
    return ContractDecision(attachments: decisions, rejection: rejection)
  }
}

/// The contract's decision for a whole share.
public struct ContractDecision: Sendable {
  /// Why the share is rejected, and because of which attachment (nil for the share as a
  /// whole).
  public struct Rejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// The attachment that caused it, if one did.
    public var position: AttachmentPosition?
    /// What is wrong.
    public var violation: ContractViolation

    /// `item 1, attachment 2: <violation>`.
    public var description: String {
      position.map { "\($0): \(violation)" } ?? "\(violation)"
    }
  }

  /// Every attachment, in order.
  public var attachments: [AttachmentDecision]
  /// Why the share is rejected before loading, or nil when loading may start.
  public var rejection: Rejection?
}
