import ItemProvider

/// What the contract decided for one attachment before anything is loaded.
public struct AttachmentDecision: Sendable {
  /// Where the attachment is.
  public var position: AttachmentPosition
  /// Its registered types, in fidelity order.
  public var offeredTypes: [String]
  /// The source's suggested name, kept for the manifest (never used as a path, never logged).
  public var suggestedName: String?
  /// The representation to take, or why none is taken.
  public var verdict: Verdict
  /// The provider to load from.
  let provider: NSItemProvider

  /// Take a representation, or not.
  public enum Verdict: Sendable {
    /// Load this representation.
    case take(RepresentationChoice)
    /// Leave the attachment out (the contract's policy is to skip).
    case skip(ContractViolation)
    /// The whole share is rejected because of this attachment.
    case reject(ContractViolation)
  }

  /// The choice, when the attachment is taken.
  public var choice: RepresentationChoice? {
    if case .take(let choice) = verdict { return choice }
    return nil
  }
}
