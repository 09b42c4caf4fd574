extension ActivationRule {
  /// How the dictionary form reads the two keys whose meaning Apple's documentation leaves open.
  ///
  /// This is the one place these choices are made; `README.md` (Activation rules) states them
  /// too, and `ingest-cli rule check` / `matrix` / `explain` switch them with
  /// `--attachments-key-caps-only` and `--media-not-files`. Apple documents each key in one
  /// line:
  ///
  /// - `NSExtensionActivationSupportsAttachmentsWithMaxCount`: "The maximum number of
  ///   attachments that the app extension supports." Whether the key alone makes an attachment
  ///   of any kind acceptable, or only caps how many attachments a share may have (so that some
  ///   kind key must still accept each one), is not said. The default,
  ///   ``AttachmentsMaximum/acceptsAnyKind``, takes "attachments that the app extension
  ///   supports" at its word (any attachment is one); ``AttachmentsMaximum/capsCountOnly`` is
  ///   the other reading. No device observation in this project decides between them.
  /// - `NSExtensionActivationSupportsFileWithMaxCount`: "The maximum number of all types of
  ///   files that the app extension supports." Whether a photo or movie delivered as a file
  ///   (Photos, Files) is also one of those files is not said. The default counts it
  ///   (``countsMediaAsFiles`` true: "all types of files"); false counts as files only the
  ///   attachments that are neither an image nor a movie. Here too no device observation in this
  ///   project decides; both defaults keep what earlier versions of this package did.
  ///
  /// Predicates are not affected: they say what they mean.
  public struct Semantics: Sendable, Hashable, Codable {
    /// What `NSExtensionActivationSupportsAttachmentsWithMaxCount` does.
    public enum AttachmentsMaximum: String, Sendable, Hashable, Codable, CaseIterable {
      /// A count above 0 accepts an attachment of any kind, up to that many (the default).
      case acceptsAnyKind = "accepts-any-kind"
      /// The key only caps the number of attachments; each must still be of a kind another key
      /// accepts.
      case capsCountOnly = "caps-count-only"
    }

    /// What `NSExtensionActivationSupportsAttachmentsWithMaxCount` does.
    public var attachmentsMaximum: AttachmentsMaximum
    /// Whether an image or movie delivered as a file also counts toward
    /// `NSExtensionActivationSupportsFileWithMaxCount` (and is accepted by it).
    public var countsMediaAsFiles: Bool

    /// Creates a reading; the defaults are this package's choices.
    public init(
      attachmentsMaximum: AttachmentsMaximum = .acceptsAnyKind, countsMediaAsFiles: Bool = true
    ) {
      self.attachmentsMaximum = attachmentsMaximum
      self.countsMediaAsFiles = countsMediaAsFiles
    }

    /// This package's reading: the attachments key accepts any kind, and media delivered as
    /// files count as files.
    public static let `default` = Semantics()

    /// The choices in a few words, for explanations.
    public var summary: String {
      let attachments =
        attachmentsMaximum == .acceptsAnyKind
        ? "NSExtensionActivationSupportsAttachmentsWithMaxCount accepts any kind"
        : "NSExtensionActivationSupportsAttachmentsWithMaxCount only caps the count"
      let files =
        countsMediaAsFiles
        ? "images and movies delivered as files count as files"
        : "images and movies never count as files"
      return attachments + "; " + files
    }
  }
}
