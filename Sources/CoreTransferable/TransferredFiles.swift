#if os(Linux)
  import Foundation

  /// A file an exporter hands over: CoreTransferable's `SentTransferredFile`.
  public struct SentTransferredFile: Sendable {
    /// The file.
    public let file: URL
    /// Whether the receiver may open the original file in place rather than a copy.
    public let allowAccessingOriginalFile: Bool

    /// A file to send; by default the receiver gets a copy.
    public init(_ file: URL, allowAccessingOriginalFile: Bool = false) {
      self.file = file
      self.allowAccessingOriginalFile = allowAccessingOriginalFile
    }
  }

  /// A file an importer is handed: CoreTransferable's `ReceivedTransferredFile`.
  ///
  /// Unless it is the original file (opened in place), it is a temporary copy that is deleted
  /// when the importing closure returns, as Apple's is: copy or move it inside the closure.
  public struct ReceivedTransferredFile: Sendable {
    /// The file.
    public let file: URL
    /// Whether this is the sender's original file (opened in place) rather than a copy.
    public let isOriginalFile: Bool
  }
#endif
