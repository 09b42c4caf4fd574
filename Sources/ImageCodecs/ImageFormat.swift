import Foundation

/// The image encodings decoded here, told apart by their leading bytes.
public enum ImageFormat: String, Sendable, CaseIterable {
  /// Portable Network Graphics (libpng).
  case png = "PNG"
  /// JPEG (libjpeg-turbo).
  case jpeg = "JPEG"
  /// HEIF, HEIC included (libheif, HEVC through libde265).
  case heif = "HEIF"
  /// AVIF: AV1 in the HEIF container (libheif, AV1 through dav1d or libaom).
  case avif = "AVIF"

  /// The format `data` starts with; nil when it is none of these.
  public static func detect(_ data: Data) -> ImageFormat? {
    let head = [UInt8](data.prefix(12))
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) {
      let brand = String(decoding: head[8..<12], as: UTF8.self)
      if ["heic", "heix", "heim", "heis", "mif1", "msf1", "heif"].contains(brand) { return .heif }
      if ["avif", "avis"].contains(brand) { return .avif }
    }
    return nil
  }

  /// What the bytes are, for an error message when they are none of the decoded formats.
  static func describe(_ data: Data) -> String {
    let head = [UInt8](data.prefix(12))
    if head.starts(with: Array("GIF8".utf8)) { return "a GIF image" }
    if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
      return "a TIFF image"
    }
    if head.starts(with: Array("BM".utf8)) { return "a BMP image" }
    if head.starts(with: Array("RIFF".utf8)), head.count >= 12,
      Array(head[8..<12]) == Array("WEBP".utf8)
    {
      return "a WebP image"
    }
    return data.isEmpty ? "empty data" : "data that is not an image"
  }
}
