import UTI

/// When a sniffed type agrees with a file's label (its extension).
///
/// Agreement, in order:
/// 1. The sniffed type equals or conforms to a type that declares the label's extension. All
///    declaring types count: `mp4` is declared by `public.mpeg-4` and by
///    `public.mpeg-4-audio`, so an audio-only `.mp4` sniffed as M4A audio agrees.
/// 2. The label names a family of formats rather than one: the equivalence table below, each
///    entry with its reason; and any camera raw label (`nef`, `cr2`, ...) when the sniffed type
///    is camera raw of no known maker, because a raw file names its maker only in its Make
///    tag, which a cut-down file may not reach.
/// 3. The label is a text format with no signature (CSV, source code, YAML, CSS, logs: any
///    subtype of `public.text` that is not one of the text formats content can identify), and
///    the sniffed type is plain text, which is all that content can show about such a file.
enum LabelAgreement {
  enum Basis: String, CaseIterable {
    case declaredExtension = "type declaring the extension"
    case familyEquivalence = "family equivalence"
    case signaturelessText = "signature-less text format"
  }

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
    "hif": Equivalence(
      identifiers: ["public.heif-standard"],
      reason:
        "as heif (public.heif declares .hif): Canon and Fujifilm cameras write 10-bit HEIC"
        + " (brand heix) into .HIF files"),
    "aif": Equivalence(
      identifiers: ["public.aifc-audio"],
      reason:
        "Apple's own audio tools write AIFF-C (FORM AIFC, often 'sowt') into .aif files, and"
        + " Apple declares public.aiff-audio as a subtype of public.aifc-audio"),
    "aiff": Equivalence(identifiers: ["public.aifc-audio"], reason: "as aif"),
    "avif": Equivalence(
      identifiers: ["public.avif", "public.avis"],
      reason: "AVIF image sequences (brand avis) carry the .avif extension; there is no other"),
    "mts": Equivalence(
      identifiers: ["public.mpeg-2-transport-stream"],
      reason:
        "public.avchd-mpeg-2-transport-stream declares .mts for AVCHD's 192-byte BDAV packets,"
        + " but converters write plain 188-byte transport streams under .mts too"),
    "m2ts": Equivalence(identifiers: ["public.mpeg-2-transport-stream"], reason: "as mts"),
  ]

  /// Text formats that content identifies (by a header, a root element or syntax): for these a
  /// plain-text answer is a miss.
  static let identifiableText = [
    "public.html", "public.xml", "public.json", "public.rtf", "public.vcard",
    "public.calendar-event", "org.w3.webvtt", "com.apple.property-list",
    "com.microsoft.internet-shortcut", "public.m3u-playlist",
  ]

  /// On what basis `sniffed` agrees with `label`, or nil when it does not.
  static func basis(_ sniffed: UTType, label: String) -> Basis? {
    let declaring = UTType.types(tag: label, tagClass: .filenameExtension, conformingTo: nil)
    if declaring.contains(where: { sniffed.conforms(to: $0) }) { return .declaredExtension }
    if let equivalence = equivalences[label.lowercased()],
      equivalence.identifiers.contains(where: { conforms(sniffed, to: $0) })
    {
      return .familyEquivalence
    }
    let labelled = declaring.filter(\.isDeclared)
    if let raw = UTType("public.camera-raw-image"), sniffed == raw, !labelled.isEmpty,
      labelled.allSatisfy({ $0.conforms(to: raw) })
    {
      return .familyEquivalence
    }
    if sniffed.conforms(to: .plainText), !labelled.isEmpty,
      labelled.allSatisfy({ type in
        type.conforms(to: .text) && !identifiableText.contains { conforms(type, to: $0) }
      })
    {
      return .signaturelessText
    }
    return nil
  }

  /// Whether `sniffed` agrees with `label`.
  static func agrees(_ sniffed: UTType, label: String) -> Bool {
    basis(sniffed, label: label) != nil
  }

  private static func conforms(_ type: UTType, to identifier: String) -> Bool {
    UTType(identifier).map { type.conforms(to: $0) } ?? false
  }
}
