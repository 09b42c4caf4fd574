import Foundation

/// This package's own content checks, in the order they run before libmagic.
///
/// Checks anchored at offset 0 come first (cheap, and none can mistake another's magic; FDF
/// before the PDF checks, as its body is PDF objects), then a PDF header after leading junk,
/// then a PDF whose header is damaged (by its structure), then the binary formats whose
/// signature is a structure rather than leading magic (DER certificates and keys, binary STL
/// by its size, PICT after its 512-byte header), then text (a binary file fails the text test
/// at its first control byte), and MPEG audio frames last: their sync word has no magic
/// number, and a UTF-16 byte-order mark looks like one.
enum SignatureScanner {
  /// What the checks concluded.
  enum Outcome {
    /// The content is this.
    case detected(Detection)
    /// The content is at least this, and libmagic, given the first `libmagicLength` bytes, may
    /// say more: `refine` turns its MIME type into a better detection, or nil to keep this one.
    case provisional(Detection, libmagicLength: Int, refine: @Sendable (String) -> Detection?)
  }

  /// How far into the file a PDF header may sit (Adobe's readers accept it within 1024 bytes).
  static let pdfHeaderWindow = 1024

  static func scan(_ source: ByteSource) throws(SniffError) -> Outcome? {
    let bytes = source.prefix
    if let found = ImageSignatures.detect(bytes, fileSize: source.size) { return .detected(found) }
    if let found = try ISOMediaInspector.detect(source) { return .detected(found) }
    if let found = try TIFFInspector.detect(source) { return .detected(found) }
    if let found = MediaSignatures.detect(bytes) { return .detected(found) }
    if let found = try ExecutableSignatures.detect(source) { return .detected(found) }
    if let found = try ZipInspector.detect(source) { return .detected(found) }
    if let found = try CompoundFileInspector.detect(source) {
      guard found.mimeType == CompoundFileInspector.encryptedPackageMIMEType else {
        return .detected(found)
      }
      return .provisional(
        found, libmagicLength: bytes.count,
        refine: CompoundFileInspector.encryptedPackage(libmagic:))
    }
    // Before the archives: a disk image's first chunk may be bzip2 data.
    if let found = try DiskImageSignatures.detect(source) { return .detected(found) }
    if let found = ArchiveSignatures.detect(bytes) { return .detected(found) }
    if let found = try FontSignatures.detect(source) { return .detected(found) }
    // Before the PDF checks: an FDF's body is PDF objects.
    if let found = DocumentSignatures.detect(bytes) { return .detected(found) }
    if let found = try BinaryPropertyListInspector.detect(source) { return .detected(found) }
    if bytes.matches(ascii: "{\\rtf") {
      // Before the text test: RTF writers leave NULs and other binary at the end.
      return .detected(Detection("public.rtf", mimeType: "text/rtf", note: "{\\rtf header"))
    }
    if let found = pdf(bytes) { return .detected(found) }
    if let found = try PDFStructure.detect(source) { return .detected(found) }
    // Formats whose signature is a structure rather than leading magic; none can be text.
    if bytes.first == DERElement.sequence,
      let found = CertificateSignatures.der(bytes, fileSize: source.size)
    {
      return .detected(found)
    }
    if let found = ModelSignatures.binarySTL(bytes, fileSize: source.size) {
      return .detected(found)
    }
    if let found = ImageSignatures.pict(bytes, fileSize: source.size) { return .detected(found) }
    if let verdict = TextClassifier.detect(source) {
      guard verdict.isPlain else { return .detected(verdict.detection) }
      // Plain text of no kind we know: libmagic knows hundreds of text formats. Its markup
      // guesses are checked: it calls text HTML that merely mentions `<meta>`.
      let sample = Array(bytes.prefix(TextClassifier.sampleLength))
      return .provisional(
        verdict.detection, libmagicLength: TextClassifier.sampleLength,
        refine: { MagicMIMETypes.plainTextRefinement(for: $0, text: sample) })
    }
    // After text: a UTF-16 byte-order mark (FF FE) is also an MPEG audio sync word.
    if let found = try MPEGAudioFrames.detect(source) { return .detected(found) }
    return nil
  }

  /// `%PDF-` followed by a version, at the start or after junk within the first 1024 bytes.
  static func pdf(_ bytes: [UInt8]) -> Detection? {
    guard let at = bytes.firstIndex(of: Array("%PDF-".utf8), before: pdfHeaderWindow + 5),
      at + 7 < bytes.count, (0x30...0x39).contains(bytes[at + 5]), bytes[at + 6] == 0x2E
    else { return nil }
    return Detection(
      "com.adobe.pdf", mimeType: "application/pdf",
      note: at == 0 ? "%PDF- header" : "%PDF- header after \(at) bytes of junk")
  }
}
