import Foundation

/// An image held in memory as its encoded bytes: what `UIImage` is on Linux.
///
/// Screenshots and markup on iOS are shared as an in-memory `UIImage` rather than a file; this
/// class plays that part so the same coercions and failures happen here: loading it as data or
/// a file gives its bytes, loading it as a URL fails with -1100 ("Cannot load an object of
/// class NSURL"), and data or a file URL holding an image can be coerced into one. The bytes
/// must start with a known image signature (PNG, JPEG, GIF, TIFF, BMP, WebP, HEIF/AVIF).
///
/// The Linux `UIKit` module names this class `UIImage` (`item as? UIImage`,
/// `loadObject(ofClass: UIImage.self)`) and adds what decoding needs (`size`,
/// `imageOrientation`, `jpegData(compressionQuality:)`, `pngData()`) with the system's image
/// libraries; this module stays free of them.
public final class ItemProviderImage: NSObject, NSSecureCoding, Sendable {
  /// The encoded image.
  public let data: Data
  /// The image's type identifier, read from its signature, such as `public.png`.
  public let contentType: String
  /// Pixels per point: 1 unless given (`UIImage(data:scale:)`); `size` is in points.
  public let scale: CGFloat

  /// Creates an image from encoded bytes; nil when they do not start like an image.
  ///
  /// - Parameters:
  ///   - data: The encoded image.
  ///   - scale: Pixels per point (a 3x screenshot is 3); not positive is taken as 1.
  public init?(data: Data, scale: CGFloat = 1) {
    guard let type = Self.imageType(of: data) else { return nil }
    self.data = data
    self.contentType = type
    self.scale = scale > 0 ? scale : 1
    super.init()
  }

  /// Secure coding is supported.
  public static var supportsSecureCoding: Bool { true }

  /// Encodes the image's bytes and scale.
  public func encode(with coder: NSCoder) {
    coder.encode(data as NSData, forKey: "data")
    coder.encode(Double(scale), forKey: "scale")
  }

  /// Decodes an image encoded by `encode(with:)`; nil when the bytes are not an image.
  public required init?(coder: NSCoder) {
    guard let bytes = coder.decodeObject(of: NSData.self, forKey: "data"),
      let type = Self.imageType(of: bytes as Data)
    else { return nil }
    self.data = bytes as Data
    self.contentType = type
    let scale = coder.containsValue(forKey: "scale") ? coder.decodeDouble(forKey: "scale") : 1
    self.scale = scale > 0 ? CGFloat(scale) : 1
    super.init()
  }

  /// The type identifier an image's leading bytes announce, or nil.
  public static func imageType(of data: Data) -> String? {
    let head = [UInt8](data.prefix(16))
    func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "public.png" }
    if starts([0xFF, 0xD8, 0xFF]) { return "public.jpeg" }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
      return "com.compuserve.gif"
    }
    if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
      return "public.tiff"
    }
    if starts(Array("BM".utf8)) { return "com.microsoft.bmp" }
    if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
      return "org.webmproject.webp"
    }
    if starts(Array("ftyp".utf8), at: 4) {
      let brand = String(decoding: head.count >= 12 ? head[8..<12] : [], as: UTF8.self)
      switch brand {
      case "heic", "heix", "heim", "heis": return "public.heic"
      case "mif1", "msf1", "heif": return "public.heif"
      case "avif", "avis": return "public.avif"
      default: return nil
      }
    }
    return nil
  }
}

extension ItemProviderImage: NSItemProviderWriting {
  /// An image can be written as PNG, JPEG or HEIC; each instance offers its own type.
  public static var writableTypeIdentifiersForItemProvider: [String] {
    ["public.png", "public.jpeg", "public.heic"]
  }

  /// The image's own type, the only one its bytes are.
  public var writableTypeIdentifiersForItemProvider: [String] { [contentType] }

  /// Delivers the encoded bytes when `typeIdentifier` is the image's type; fails with -1000
  /// for any other type, since no transcoding happens here.
  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler:
      @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    if typeIdentifier.caseInsensitiveCompare(contentType) == .orderedSame {
      completionHandler(data, nil)
    } else {
      completionHandler(nil, NSItemProvider.itemUnavailable(typeIdentifier))
    }
    return nil
  }
}

extension ItemProviderImage: NSItemProviderReading {
  /// Any image type.
  public static var readableTypeIdentifiersForItemProvider: [String] { ["public.image"] }

  /// Makes an image from its encoded bytes; throws when they are not an image.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws
    -> Self
  {
    guard let image = Self(data: data) else {
      throw ItemProviderError.cannotDecodeObject(
        className: "ItemProviderImage", typeIdentifier: typeIdentifier)
    }
    return image
  }
}
