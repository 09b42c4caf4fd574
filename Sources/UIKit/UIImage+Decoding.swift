#if os(Linux)
  import Foundation
  import ImageCodecs
  import ItemProvider

  extension ItemProviderImage {
    /// Makes an image from the file at `path`; nil when it cannot be read or is not an image.
    ///
    /// UIKit also reads a scale from an `@2x`/`@3x` suffix of the name; here the scale is 1.
    public convenience init?(contentsOfFile path: String) {
      guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
      self.init(data: data)
    }

    /// The size in points: the pixel size, with width and height swapped when the orientation
    /// turns the image a quarter, divided by `scale`; zero when the image is not decoded here.
    public var size: CGSize {
      guard let header = try? header() else { return .zero }
      let (width, height) =
        header.orientation.swapsDimensions
        ? (header.height, header.width) : (header.width, header.height)
      return CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale)
    }

    /// What the image's header says: format, stored pixel size and orientation.
    ///
    /// - Throws: `ImageCodecError` when the image is not PNG, JPEG, HEIF or AVIF, or its header is
    ///   damaged.
    public func header() throws(ImageCodecError) -> ImageHeader {
      try ImageDecoder.header(of: data)
    }
  }
#endif
