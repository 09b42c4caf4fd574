/// What became of one attachment.
public struct AttachmentOutcome: Sendable {
  /// What became of it.
  public enum Result: Sendable {
    /// It is in the share (for a committed share) as this manifest item.
    case accepted(ShareManifest.Item)
    /// The contract left it out.
    case skipped(ContractViolation)
    /// Loading it failed.
    case failed(AttachmentFailure)
    /// It loaded, but the share did not commit, so its file was removed.
    case rolledBack(ShareManifest.Item)
    /// It was not loaded: the share was rejected or failed first.
    case notLoaded
  }

  /// Where the attachment is.
  public var position: AttachmentPosition
  /// Its registered types, in fidelity order.
  public var offeredTypes: [String]
  /// The representation taken, and why; nil when none was.
  public var choice: RepresentationChoice?
  /// What became of it.
  public var result: Result
  /// How long loading and copying it took.
  public var duration: Duration?
}
