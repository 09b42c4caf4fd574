extension UTType {
  /// Creates the preferred type for a filename extension that conforms to `supertype`.
  ///
  /// Pass the extension without its leading period. An unknown extension gives a dynamic type
  /// (`dyn.…`) conforming to `supertype`; an empty one gives nil.
  public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
    self.init(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype)
  }

  /// Creates the preferred type for a MIME type that conforms to `supertype`.
  ///
  /// Case and parameters are ignored: `TEXT/plain; charset=utf-8` gives `public.plain-text`.
  public init?(mimeType: String, conformingTo supertype: UTType = .data) {
    self.init(tag: mimeType, tagClass: .mimeType, conformingTo: supertype)
  }

  /// Creates the preferred type for a tag of the given class.
  ///
  /// Candidates are ordered `public.*` first, exported before imported, system before
  /// application, then by declaration order; the first one conforming to `supertype` wins.
  public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
    guard
      let type = UTTypeRegistry.shared.preferredType(
        tag: tag,
        tagClass: tagClass,
        conformingTo: supertype
      )
    else { return nil }
    self = type
  }

  /// All types carrying a tag and conforming to `supertype`, best first, or one dynamic type
  /// when no declared type matches.
  public static func types(
    tag: String,
    tagClass: UTTagClass,
    conformingTo supertype: UTType?
  ) -> [UTType] {
    UTTypeRegistry.shared.types(tag: tag, tagClass: tagClass, conformingTo: supertype)
  }
}
