/// A kind of tag that identifies a type outside the type system: a filename extension or a
/// MIME type.
///
/// Mirrors `UniformTypeIdentifiers.UTTagClass`. The raw values are Apple's.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The tag class identifier, such as `public.filename-extension`.
  public let rawValue: String

  /// Creates a tag class from its identifier.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Filename extensions such as `jpg`, written without the leading period.
  public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")

  /// MIME types such as `image/jpeg`.
  public static let mimeType = UTTagClass(rawValue: "public.mime-type")

  /// The raw identifier of the tag class.
  public var description: String { rawValue }
}
