import ActivationRules

/// `--attachments-key-caps-only` and `--media-not-files`: how the dictionary keys Apple leaves
/// open are read (see ``ActivationRule/Semantics``), by every `rule` action and `matrix run`.
struct SemanticsOptions: ParsableOptions {
  /// `--attachments-key-caps-only`.
  var attachmentsKeyCapsOnly: Bool
  /// `--media-not-files`.
  var mediaNotFiles: Bool

  init(from reader: inout OptionReader) {
    attachmentsKeyCapsOnly = reader.read(
      Flag(
        "--attachments-key-caps-only",
        help: "read NSExtensionActivationSupportsAttachmentsWithMaxCount as a cap on the number"
          + " of attachments only (default: it also accepts an attachment of any kind); Apple's"
          + " documentation leaves this open"))
    mediaNotFiles = reader.read(
      Flag(
        "--media-not-files",
        help: "do not count images and movies delivered as files toward"
          + " NSExtensionActivationSupportsFileWithMaxCount (default: they count)"))
  }

  /// The reading the flags choose.
  var semantics: ActivationRule.Semantics {
    ActivationRule.Semantics(
      attachmentsMaximum: attachmentsKeyCapsOnly ? .capsCountOnly : .acceptsAnyKind,
      countsMediaAsFiles: !mediaNotFiles)
  }
}
