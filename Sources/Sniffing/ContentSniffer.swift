import Foundation
import UTI

/// Decides what a file is, as a `UTType`, from its content first and its name second.
///
/// The content is read in bounded pieces: a prefix (64 KiB by default) and, for some formats,
/// a few small reads elsewhere (the central directory at the end of a ZIP, box headers of a
/// movie, the directory of a compound file). The package's own signature checks run first;
/// libmagic answers for the formats they do not know. The file name's extension is the last
/// resort, and a cross-check: a name that claims a type the content contradicts is reported as
/// a mismatch, and the content wins.
///
/// Types resolve in a `UTTypeRegistry`: `.shared` by default, or one passed in (an app's own
/// declarations, say, whose extensions then name their types).
///
/// A sniffer is safe to share between threads; its libmagic handles sit in a pool.
public final class ContentSniffer: Sendable {
  /// How a sniffer reads and decides.
  public struct Configuration: Sendable, Hashable {
    /// How many bytes to read from the start of a file (at least 4096).
    public var prefixLength: Int
    /// Whether the file name's extension takes part: as the last resort, to refine a generic
    /// content type, and for the mismatch check. Turn off to judge content alone.
    public var usesFilename: Bool
    /// Whether libmagic is asked about content the package's own checks do not recognize.
    public var usesLibmagic: Bool

    /// Creates a configuration; the defaults read 64 KiB and use both name and libmagic.
    public init(prefixLength: Int = 64 * 1024, usesFilename: Bool = true, usesLibmagic: Bool = true)
    {
      self.prefixLength = max(4096, prefixLength)
      self.usesFilename = usesFilename
      self.usesLibmagic = usesLibmagic
    }
  }

  /// The configuration this sniffer was created with.
  public let configuration: Configuration
  /// The registry types resolve in: what content and names are reported as.
  public let registry: UTTypeRegistry
  private let magic: LibMagic

  /// Creates a sniffer. libmagic's database loads on first need, or at `prepare()`.
  /// - Parameters:
  ///   - configuration: How the sniffer reads and decides.
  ///   - registry: Where identifiers, extensions and MIME types resolve.
  public init(configuration: Configuration = Configuration(), registry: UTTypeRegistry = .shared) {
    self.configuration = configuration
    self.registry = registry
    self.magic = LibMagic()
  }

  /// Loads libmagic's database now rather than on the first file that needs it.
  ///
  /// - Throws: `SniffError` with reason `.libmagic` when the database cannot be loaded.
  public func prepare() throws(SniffError) {
    guard configuration.usesLibmagic else { return }
    do {
      try magic.warmUp()
    } catch {
      throw SniffError(
        path: "<libmagic>", reason: .libmagic(operation: error.operation, message: error.message))
    }
  }

  /// Sniffs the regular file at `url`, using its last path component as the name.
  ///
  /// A symbolic link is refused, not followed: resolve the links a user names first.
  /// - Throws: `SniffError`: `.io` when the file cannot be opened or read or is not a regular
  ///   file, `.libmagic` when libmagic fails on it.
  public func sniff(fileAt url: URL) throws(SniffError) -> SniffResult {
    let source = try ByteSource(fileAtPath: url.path, prefixLength: configuration.prefixLength)
    return try sniff(source, filename: url.lastPathComponent)
  }

  /// Sniffs the regular file at `path`, using its last component as the name: what
  /// `sniff(fileAt:)` does, without making a `URL` (whose first path operations in a process
  /// cost more than sniffing a file does).
  ///
  /// - Throws: `SniffError`, as `sniff(fileAt:)` does.
  public func sniff(fileAtPath path: String) throws(SniffError) -> SniffResult {
    let source = try ByteSource(fileAtPath: path, prefixLength: configuration.prefixLength)
    let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
    return try sniff(source, filename: name)
  }

  /// Sniffs bytes already in memory, with the name they would have as a file, if any.
  ///
  /// Only the same bounded pieces of `data` are examined as for a file.
  /// - Throws: `SniffError` (path: the file name or `<data>`) when libmagic fails.
  public func sniff(data: Data, filename: String? = nil) throws(SniffError) -> SniffResult {
    let name = filename.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
    let source = ByteSource(
      data: data, name: name ?? "<data>", prefixLength: configuration.prefixLength)
    return try sniff(source, filename: name)
  }

  // MARK: Deciding

  private func sniff(_ source: ByteSource, filename: String?) throws(SniffError) -> SniffResult {
    let nameType = configuration.usesFilename ? filename.flatMap(type(forFilename:)) : nil
    var content: Detection?
    var evidence = SniffResult.Evidence.signature
    if source.size > 0 {
      switch try SignatureScanner.scan(source) {
      case .detected(let detection):
        content = detection
      case .provisional(let detection, let length, let refine):
        content = detection
        if let mimeType = try libmagicMIMEType(Array(source.prefix.prefix(length)), source.path),
          let better = refine(mimeType)
        {
          content = better
          evidence = .libmagic
        }
      case nil:
        content = try libmagicMIMEType(source.prefix, source.path).flatMap(
          MagicMIMETypes.detection(for:))
        evidence = .libmagic
      }
    }
    return decide(
      content: content, contentEvidence: evidence, nameType: nameType,
      filename: filename, source: source)
  }

  private func libmagicMIMEType(_ bytes: [UInt8], _ path: String) throws(SniffError) -> String? {
    guard configuration.usesLibmagic else { return nil }
    do {
      return try magic.mimeType(of: bytes)
    } catch {
      throw SniffError(
        path: path, reason: .libmagic(operation: error.operation, message: error.message))
    }
  }

  private func decide(
    content: Detection?, contentEvidence: SniffResult.Evidence, nameType: UTType?,
    filename: String?, source: ByteSource
  ) -> SniffResult {
    let contentType = content.map { $0.type(in: registry) }.flatMap { $0 == .data ? nil : $0 }
    let declaredName = nameType.flatMap { $0.isDeclared ? $0 : nil }
    func result(
      _ type: UTType, _ mimeType: String?, _ evidence: SniffResult.Evidence, _ note: String,
      mismatch: Bool = false
    ) -> SniffResult {
      SniffResult(
        type: type, mimeType: mimeType, evidence: evidence, contentType: contentType,
        nameType: nameType, isMismatch: mismatch, explanation: note, byteCount: source.size,
        bytesRead: source.bytesRead)
    }
    let emptyNote = source.size == 0 ? "empty file" : "content not recognized"

    guard let content, let contentType else {
      if let nameType {
        return result(
          nameType, nameType.preferredMIMEType, .extension, "\(emptyNote); type from the name")
      }
      return result(.data, nil, .unidentified, emptyNote)
    }
    if let name = declaredName, name != contentType, self.name(name, refines: contentType) {
      return result(
        name, name.preferredMIMEType ?? content.mimeType, .extension,
        "\(content.note); the name makes it more specific")
    }
    let mismatch =
      declaredName.map { name in
        !isCompatible(content: contentType, name: name, filename: filename)
      } ?? false
    return result(
      contentType, content.mimeType ?? contentType.preferredMIMEType, contentEvidence, content.note,
      mismatch: mismatch)
  }

  // MARK: Names

  /// The type for a file name's extension, or nil when the name has none.
  func type(forFilename filename: String) -> UTType? {
    guard let ext = Self.filenameExtension(of: filename) else { return nil }
    return registry.preferredType(tag: ext, tagClass: .filenameExtension, conformingTo: .data)
  }

  /// The extension of a file name: what follows its last period, if something precedes it.
  static func filenameExtension(of filename: String) -> String? {
    guard let dot = filename.lastIndex(of: "."), dot != filename.startIndex else { return nil }
    let ext = filename[filename.index(after: dot)...]
    return ext.isEmpty ? nil : String(ext)
  }

  /// Whether the name's type is a more specific kind of what the content showed: a subtype of
  /// it (`.jar` for a ZIP), any text type for plain text (`.vtt` for UTF-8 text), or a camera
  /// raw type for a TIFF whose maker could not be seen (raw formats are TIFF containers).
  func name(_ name: UTType, refines content: UTType) -> Bool {
    if content.conforms(to: name) { return false }  // the content is already as specific
    if name.conforms(to: content) { return true }
    if content.conforms(to: .plainText), name.conforms(to: .text) { return true }
    if content == .tiff, let raw = registry.type(withIdentifier: "public.camera-raw-image"),
      name.conforms(to: raw)
    {
      return true
    }
    return false
  }

  /// Container families whose members share one extension in practice: `.heif` and `.heic`
  /// files hold HEVC, AV1 or AVC images and sequences alike.
  static let familyIdentifiers = ["public.heif-standard"]

  /// Whether content and name agree: one conforms to the other, both belong to one container
  /// family, or the content conforms to some type that declares the name's extension (an
  /// audio-only `.mp4` is `public.mpeg-4-audio`, which declares `mp4` too).
  func isCompatible(content: UTType, name: UTType, filename: String?) -> Bool {
    if content.conforms(to: name) || name.conforms(to: content) { return true }
    for identifier in Self.familyIdentifiers {
      if let family = registry.type(withIdentifier: identifier), content.conforms(to: family),
        name.conforms(to: family)
      {
        return true
      }
    }
    guard let filename, let ext = Self.filenameExtension(of: filename) else { return false }
    return registry.types(tag: ext, tagClass: .filenameExtension, conformingTo: nil)
      .contains { $0.isDeclared && content.conforms(to: $0) }
  }
}
