import Foundation
import SystemCalls

/// Why a share did not reach the inbox: what the extension hands `cancelRequest(withError:)`,
/// naming the attachment that failed where one did.
public enum ShareError: Error, Sendable, NameQuotingDescription {
  /// The App Group directory is not available or cannot be written.
  case groupUnavailable(any Error)
  /// The activation rule hides the extension for this share: a host would not have offered it.
  case hidden(reason: String)
  /// The contract rejects the share.
  case rejected(ContractDecision.Rejection)
  /// An attachment the contract took failed to load (all-or-nothing: the share rolled back).
  case attachmentFailed(AttachmentFailure)
  /// The share's deadline passed; these attachments were still loading.
  case deadlineExceeded(seconds: Double, stillLoading: [AttachmentPosition: String])
  /// Committing the share to the inbox failed (it rolled back).
  case commitFailed(any Error)

  /// The description for a terminal: each name quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// What happened, which attachment, and what to do where that helps, each name in a cause
  /// written by `quoting`.
  public func description(quoting: NameQuoting) -> String {
    switch self {
    case .groupUnavailable(let error):
      "the App Group directory is not available: \(quoting.describe(error))"
    case .hidden(let reason):
      "the extension would not be offered for this share: \(reason)"
    case .rejected(let rejection):
      "the share was not accepted: \(rejection)"
    case .attachmentFailed(let failure):
      "the share was not saved, because \(failure.description(quoting: quoting))"
    case .deadlineExceeded(let seconds, let loading) where loading.isEmpty:
      "the share was not saved: its deadline of \(Self.seconds(seconds)) passed after every"
        + " attachment had loaded, before it was saved"
    case .deadlineExceeded(let seconds, let loading):
      "the share was not saved: after \(Self.seconds(seconds)) "
        + Self.list(loading) + " still loading"
    case .commitFailed(let error):
      "the share could not be saved to the inbox: \(quoting.describe(error))"
    }
  }

  /// The description without anything that could be user content (paths, names), for logs.
  public var redactedDescription: String {
    switch self {
    case .groupUnavailable(let error): "group unavailable: \(LogRedaction.describe(error))"
    case .hidden: "hidden by the activation rule"
    case .rejected(let rejection): "rejected: \(rejection)"
    case .attachmentFailed(let failure):
      "\(failure.position) (\(failure.typeIdentifier)): \(failure.stage.rawValue) failed: "
        + LogRedaction.describe(failure.error)
    case .deadlineExceeded(let seconds, let loading) where loading.isEmpty:
      "deadline of \(Self.seconds(seconds)) passed before the share was saved"
    case .deadlineExceeded(let seconds, let loading):
      "deadline of \(Self.seconds(seconds)) passed; " + Self.list(loading) + " still loading"
    case .commitFailed(let error): "commit failed: \(LogRedaction.describe(error))"
    }
  }

  private static func seconds(_ value: Double) -> String {
    if value == value.rounded() { return "\(Int(value)) s" }
    return value < 0.1 ? String(format: "%.0f ms", value * 1000) : String(format: "%.1f s", value)
  }

  private static func list(_ loading: [AttachmentPosition: String]) -> String {
    let parts = loading.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
    return parts.joined(separator: ", ") + (parts.count == 1 ? " was" : " were")
  }
}

extension ShareError: CustomNSError {
  /// The domain these errors have as `NSError`s.
  public static var errorDomain: String { "ShareError" }

  /// A distinct code per case.
  public var errorCode: Int {
    switch self {
    case .groupUnavailable: 1
    case .hidden: 2
    case .rejected: 3
    case .attachmentFailed: 4
    case .deadlineExceeded: 5
    case .commitFailed: 6
    }
  }

  /// The description, as the `NSError`'s localized description.
  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
}
