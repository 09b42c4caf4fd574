import Foundation

/// What became of a share: committed to the inbox, or not, and why, attachment by attachment.
public struct ShareOutcome: Sendable {
  /// The share's id (also the manifest's name when committed).
  public var shareID: UUID
  /// The error when the share did not commit; nil when it did.
  public var error: ShareError?
  /// Every attachment, in order.
  public var attachments: [AttachmentOutcome]
  /// The committed manifest.
  public var manifest: ShareManifest?
  /// The manifest's absolute path, when the inbox keeps manifests as files.
  public var manifestPath: String?
  /// Things that did not stop the share but that someone should know.
  public var warnings: [String]
  /// How long the share took, from the first decision to the commit or rollback.
  public var duration: Duration

  /// Whether the share is in the inbox.
  public var isCommitted: Bool { error == nil }
}
