import Foundation
import Ingest

/// Shares claimed together (`InboxReader.claimGroup(upTo:excluding:)`): the claims, and the
/// shares found but not handed over, each with why.
public struct ClaimedShares: Sendable {
  /// A share found but not handed over: it stays in the inbox, with the reason recorded where
  /// the inbox records reasons.
  public struct Refusal: Sendable {
    /// The share.
    public var shareID: UUID
    /// Why (a `ManifestError` for a manifest that cannot be read).
    public var error: any Error

    /// A refusal.
    public init(shareID: UUID, error: any Error) {
      self.shareID = shareID
      self.error = error
    }
  }

  /// The shares claimed, oldest first.
  public var claims: [any InboxClaim] = []
  /// The shares found but not handed over.
  public var refused: [Refusal] = []

  /// No claims.
  public init() {}

  /// How many shares were found: claimed and refused.
  public var count: Int { claims.count + refused.count }
}
