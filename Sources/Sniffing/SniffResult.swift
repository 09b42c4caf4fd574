import UTI

/// What a file is, as decided by `ContentSniffer`: its type, the evidence that decided it, and
/// how its name compares with its content.
public struct SniffResult: Sendable, Hashable {
  /// What decided the type.
  public enum Evidence: String, Sendable, Hashable, Codable, CaseIterable {
    /// This package's own check of the content's structure (a magic number, ZIP entries, ISO
    /// base media brands, text analysis).
    case signature
    /// libmagic, for formats the package's own checks do not know.
    case libmagic
    /// The file name's extension: the content said nothing specific (an empty file, unknown
    /// bytes) or something the name makes more specific (plain text named `.csv`).
    case `extension`
    /// Nothing: neither content nor name says what it is; the type is `public.data`.
    case unidentified
  }

  /// The type of the file: the content's type, or the name's when the content said nothing or
  /// the name's type is a more specific kind of what the content showed.
  public var type: UTType
  /// The MIME type of the content, such as `image/heic`; the type's preferred MIME type when the
  /// name decided; nil when none is known.
  public var mimeType: String?
  /// What decided `type`.
  public var evidence: Evidence
  /// What the content alone showed, or nil when it showed nothing (empty or unknown bytes).
  public var contentType: UTType?
  /// What the file name's extension maps to (possibly a dynamic type), or nil without a name or
  /// extension, or when the sniffer was told to ignore names.
  public var nameType: UTType?
  /// Whether the name claims a declared type the content contradicts, as with a HEIC file named
  /// `photo.jpg`. The content wins: `type` is the content's.
  public var isMismatch: Bool
  /// A short account of what was seen, such as `ISO base media brand 'heic', HEIC`. Never
  /// contains the file's content.
  public var explanation: String
  /// The size of the file in bytes.
  public var byteCount: Int
  /// How many bytes were read to decide: the prefix plus any bounded reads elsewhere (the end
  /// of a ZIP, a box header in a movie). Never the whole of a large file.
  public var bytesRead: Int

  /// Creates a result; `ContentSniffer` is the usual source of results.
  public init(
    type: UTType, mimeType: String?, evidence: Evidence, contentType: UTType?, nameType: UTType?,
    isMismatch: Bool, explanation: String, byteCount: Int, bytesRead: Int
  ) {
    self.type = type
    self.mimeType = mimeType
    self.evidence = evidence
    self.contentType = contentType
    self.nameType = nameType
    self.isMismatch = isMismatch
    self.explanation = explanation
    self.byteCount = byteCount
    self.bytesRead = bytesRead
  }
}
