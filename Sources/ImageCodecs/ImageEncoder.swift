import Foundation

/// Encodes decoded images as JPEG (libjpeg-turbo) and PNG (libpng), as UIKit's
/// `jpegData(compressionQuality:)` and `pngData()` do.
public enum ImageEncoder {
  /// A baseline JPEG of the stored pixels, with the orientation kept as an EXIF `Orientation`
  /// tag when it is not `.up` (ImageIO keeps it the same way).
  ///
  /// Transparency cannot be kept: transparent pixels are laid on black, as ImageIO does when
  /// it writes the premultiplied pixels of an image with alpha. Chroma is subsampled 4:2:0, as
  /// `cjpeg` does by default.
  /// - Parameters:
  ///   - image: The image, consumed so its samples can be premultiplied in place.
  ///   - quality: From 0 (smallest) to 1 (best), mapped to libjpeg's 1...100 scale.
  public static func jpeg(_ image: consuming PixelImage, quality: Double) throws(ImageCodecError)
    -> Data
  {
    if image.hasAlpha { premultiply(&image.samples) }
    let scaled = (quality.isFinite ? quality : 1) * 100
    let level = Int(min(max(scaled.rounded(), 1), 100))
    let orientation = image.orientation
    var jpeg = try TurboJPEG.encode(image, quality: level)
    if orientation != .up {
      jpeg = ExifOrientationWriter.inserting(orientation, intoJPEG: jpeg)
    }
    return jpeg
  }

  /// A PNG of the stored pixels, with transparency. PNG carries no orientation, so an image not
  /// stored upright comes out as stored (ImageIO's `pngData()` loses it the same way).
  public static func png(_ image: PixelImage) throws(ImageCodecError) -> Data {
    try LibPNG.encode(image)
  }

  /// Lays RGBA samples on black: each color multiplied by its alpha.
  static func premultiply(_ samples: inout [UInt8]) {
    samples.withUnsafeMutableBufferPointer { buffer in
      var index = 0
      while index + 3 < buffer.count {
        let alpha = UInt16(buffer[index + 3])
        if alpha != 255 {
          for channel in 0..<3 {
            buffer[index + channel] = UInt8((UInt16(buffer[index + channel]) * alpha + 127) / 255)
          }
        }
        index += 4
      }
    }
  }
}
