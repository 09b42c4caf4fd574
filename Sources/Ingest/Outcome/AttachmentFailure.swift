import Foundation
import ItemProvider
import SystemCalls

/// Why an attachment the contract took could not be loaded into the group directory.
public struct AttachmentFailure: Error, Sendable, NameQuotingDescription {
  /// Where a load fails.
  public enum Stage: String, Sendable, Hashable, Codable {
    /// Waiting for the source: the provider's load failed (its error is in Apple's
    /// `NSItemProviderErrorDomain`).
    case loading
    /// Copying the delivered file into the group directory.
    case copying
    /// Reading a text or URL from what was delivered.
    case reading
    /// The share's deadline passed while it was still loading.
    case deadline
  }

  /// The attachment.
  public var position: AttachmentPosition
  /// The type being loaded.
  public var typeIdentifier: String
  /// Where it failed.
  public var stage: Stage
  /// The error: an `NSError` from the provider, an `IOError`, or a `ContractViolation` found
  /// while copying (a file over the limit).
  public var error: any Error

  /// Creates a failure.
  public init(
    position: AttachmentPosition, typeIdentifier: String, stage: Stage, error: any Error
  ) {
    self.position = position
    self.typeIdentifier = typeIdentifier
    self.stage = stage
    self.error = error
  }

  /// The contract violation that stopped the load, if that is what happened.
  public var violation: ContractViolation? { error as? ContractViolation }

  /// The description for a terminal: each name quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// `item 1, attachment 2 (public.jpeg): copying failed: <error>`, each name in the error
  /// written by `quoting`.
  public func description(quoting: NameQuoting) -> String {
    let cause: String
    let bridged = error as NSError
    if bridged.domain == NSItemProviderErrorDomain {
      cause = "\(bridged.localizedDescription) (\(bridged.domain) \(bridged.code))"
      if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? any Error {
        return "\(position) (\(typeIdentifier)): \(stage.rawValue) failed: \(cause):"
          + " \(quoting.describe(underlying))"
      }
    } else {
      cause = quoting.describe(error)
    }
    return "\(position) (\(typeIdentifier)): \(stage.rawValue) failed: \(cause)"
  }
}
