import UTI

/// What one check concluded about the content: candidate type identifiers in order of
/// preference, the MIME type to report, and a short note saying what was seen.
///
/// Identifiers are resolved in the sniffer's type registry at the end, so a detection names the
/// type Apple declares (`public.avif`) and works as soon as the catalogue declares it; until then
/// the next candidate, or the MIME type (which may yield a dynamic type), stands in.
struct Detection: Sendable, Equatable {
  var identifiers: [String]
  var mimeType: String?
  var note: String

  init(_ identifiers: [String], mimeType: String?, note: String) {
    self.identifiers = identifiers
    self.mimeType = mimeType
    self.note = note
  }

  init(_ identifier: String, mimeType: String?, note: String) {
    self.init([identifier], mimeType: mimeType, note: note)
  }

  /// The first candidate `registry` declares as a kind of data; else the type of the MIME type
  /// (declared or dynamic, conforming to data); else `public.data`.
  ///
  /// Sniffed content is a byte stream, so only types conforming to `public.data` qualify: a
  /// package type (a directory, such as `com.apple.pkpass`) is never the answer for a file.
  func type(in registry: UTTypeRegistry) -> UTType {
    for identifier in identifiers {
      if let type = registry.type(withIdentifier: identifier), type.isDeclared,
        type.conforms(to: .data)
      {
        return type
      }
    }
    if let mimeType,
      let type = registry.preferredType(tag: mimeType, tagClass: .mimeType, conformingTo: .data)
    {
      return type
    }
    return .data
  }
}
