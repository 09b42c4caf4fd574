/// An inbox's error that can say it refused a commit because a share with the same id is
/// committed already (see `PreparedManifest.commit()`): for a share whose id a client's
/// idempotency key made, the share a retry was meant to make is there.
public protocol ShareConflictError: Error {
  /// Whether a share with this id was committed already.
  var isAlreadyCommitted: Bool { get }
}

extension CommitOutcomeUnknown: RedactableError, TemporaryInboxError {
  /// `whether the share was committed is not known: <the cause, redacted>`.
  public var redactedDescription: String {
    "whether the share was committed is not known: \(LogRedaction.describe(underlying))"
  }

  /// Whether the cause is temporary (a connection lost as the commit was on its way): a
  /// retry with the same idempotency key is then safe.
  public var isTemporary: Bool {
    (underlying as? any TemporaryInboxError)?.isTemporary ?? false
  }
}
