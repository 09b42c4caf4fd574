#if os(Linux)
  import Foundation
  import ImageCodecs
  import ItemProvider

  extension ItemProviderImage {
    /// The image as JPEG, or nil when it cannot be decoded here (see `encodedJPEG`).
    ///
    /// As ImageIO writes it: the stored pixels with the orientation as an EXIF `Orientation`
    /// tag, transparent pixels laid on black.
    /// - Parameter compressionQuality: From 0 (smallest) to 1 (best).
    public func jpegData(compressionQuality: CGFloat) -> Data? {
      try? encodedJPEG(compressionQuality: compressionQuality)
    }

    /// The image as PNG, or nil when it cannot be decoded here (see `encodedPNG`).
    ///
    /// As ImageIO writes it: the stored pixels, with transparency; PNG has no orientation, so
    /// an image not stored upright (a portrait JPEG from a camera) comes out as stored.
    public func pngData() -> Data? {
      try? encodedPNG()
    }

    /// The image as JPEG, throwing why it cannot be made.
    ///
    /// Memory: one decoded image (3 or 4 bytes per pixel) beside the encoded input and output.
    /// - Throws: `ImageCodecError`: the image is not PNG, JPEG, HEIF or AVIF, is damaged or too
    ///   large, or the encoder failed.
    public func encodedJPEG(compressionQuality: CGFloat) throws(ImageCodecError) -> Data {
      try ImageEncoder.jpeg(ImageDecoder.decode(data), quality: Double(compressionQuality))
    }

    /// The image as PNG, throwing why it cannot be made.
    ///
    /// - Throws: `ImageCodecError`, as `encodedJPEG(compressionQuality:)`.
    public func encodedPNG() throws(ImageCodecError) -> Data {
      try ImageEncoder.png(ImageDecoder.decode(data))
    }
  }
#endif
