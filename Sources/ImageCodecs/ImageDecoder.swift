import Foundation

/// Decodes PNG, JPEG, HEIF (HEIC) and AVIF images with the system's libraries: libpng,
/// libjpeg-turbo and libheif.
///
/// Every call into those libraries lives in `Internals/`, one file per library. Sizes are
/// checked before any pixel buffer is allocated, so a hostile header cannot ask for more than
/// `maximumPixels`.
public enum ImageDecoder {
  /// The most pixels decoded (256 Mi, 1 GiB of RGBA: beyond every phone camera).
  public static let maximumPixels = 1 << 28

  /// What the image's header says (format, stored size, orientation), without decoding it.
  ///
  /// JPEG orientation comes from the EXIF `Orientation` tag; PNG has none (`.up`); HEIF and
  /// AVIF sizes are those libheif reports with the image's rotation and mirroring applied, and
  /// their orientation is `.up`, since decoding applies them.
  public static func header(of data: Data) throws(ImageCodecError) -> ImageHeader {
    let format = try format(of: data)
    switch format {
    case .png:
      let (width, height, _) = try LibPNG.header(data)
      return ImageHeader(format: .png, width: width, height: height, orientation: .up)
    case .jpeg:
      let (width, height) = try TurboJPEG.header(data)
      return ImageHeader(
        format: .jpeg, width: width, height: height,
        orientation: ExifOrientationReader.orientation(ofJPEG: data))
    case .heif, .avif:
      let (width, height) = try LibHeif.header(data, format: format)
      return ImageHeader(format: format, width: width, height: height, orientation: .up)
    }
  }

  /// Decodes the image: RGB, or RGBA when it has transparency, with its orientation.
  public static func decode(_ data: Data) throws(ImageCodecError) -> PixelImage {
    let format = try format(of: data)
    switch format {
    case .png:
      return try LibPNG.decode(data)
    case .jpeg:
      var image = try TurboJPEG.decode(data)
      image.orientation = ExifOrientationReader.orientation(ofJPEG: data)
      return image
    case .heif, .avif:
      return try LibHeif.decode(data, format: format)
    }
  }

  private static func format(of data: Data) throws(ImageCodecError) -> ImageFormat {
    guard let format = ImageFormat.detect(data) else {
      throw .unsupportedFormat(ImageFormat.describe(data))
    }
    return format
  }

  /// Checks a size read from a header before anything is allocated for it.
  static func checkSize(width: Int, height: Int, format: ImageFormat) throws(ImageCodecError) {
    guard width > 0, height > 0 else {
      throw .corrupt(format: format.rawValue, reason: "its size is \(width)x\(height)")
    }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= maximumPixels else {
      throw .tooLarge(width: width, height: height)
    }
  }
}
