import UTI

/// When a sniffed type agrees with a file's label (its extension).
///
/// Agreement: the sniffed type equals or conforms to a type that declares the label's
/// extension (all of them count: `mp4` is declared by both `public.mpeg-4` and
/// `public.mpeg-4-audio`, so an audio-only `.mp4` sniffed as M4A audio agrees), or to a type
/// in the short equivalence table below, for labels that name a family of formats rather than
/// one. Each entry says why.
enum LabelAgreement {
  struct Equivalence {
    var identifiers: [String]
    var reason: String
  }

  static let equivalences: [String: Equivalence] = [
    "heic": Equivalence(
      identifiers: ["public.heif-standard"],
      reason:
        "encoders (libheif, cameras) write HEIF image sequences (brand msf1/hevc, public.heics)"
        + " with the .heic extension too; the label names the HEIF family"),
    "heif": Equivalence(
      identifiers: ["public.heif-standard"],
      reason: "as heic: .heif is used for HEIF stills and sequences of any codec"),
    "aif": Equivalence(
      identifiers: ["public.aifc-audio"],
      reason:
        "Apple's own audio tools write AIFF-C (FORM AIFC, often 'sowt') into .aif files, and"
        + " Apple declares public.aiff-audio as a subtype of public.aifc-audio"),
    "aiff": Equivalence(
      identifiers: ["public.aifc-audio"], reason: "as aif"),
    "avif": Equivalence(
      identifiers: ["public.avif", "public.avis"],
      reason: "AVIF image sequences (brand avis) carry the .avif extension; there is no other"),
  ]

  /// Whether `sniffed` agrees with `label`.
  static func agrees(_ sniffed: UTType, label: String) -> Bool {
    let declaring = UTType.types(tag: label, tagClass: .filenameExtension, conformingTo: nil)
    if declaring.contains(where: { sniffed.conforms(to: $0) }) { return true }
    guard let equivalence = equivalences[label.lowercased()] else { return false }
    return equivalence.identifiers.contains { identifier in
      UTType(identifier).map { sniffed.conforms(to: $0) } ?? false
    }
  }
}
