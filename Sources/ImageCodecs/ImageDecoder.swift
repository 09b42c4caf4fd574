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
  /// The most scans of a progressive JPEG decoded (each scan is a pass over the whole image:
  /// libjpeg's default progression has 10, and 100 thousand empty ones cost minutes).
  public static let maximumScans = 100
  /// The most tiles of a HEIF grid decoded (a 48-megapixel phone photo has 192).
  public static let maximumTiles = 1024

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
    try decode(data, maximumPixels: maximumPixels)
  }

  /// Decodes the image when it decodes to at most `maximumPixels` (and
  /// `ImageDecoder.maximumPixels`), judged on what the decoder would allocate, before it does:
  /// a HEIF grid's size from its own data, not from the size its properties claim.
  ///
  /// Every decode is bounded by what is decoded, not by what a header says: pixels (this
  /// limit), the scans of a progressive JPEG (`maximumScans`, counted in the bytes before
  /// decoding, and libjpeg-turbo's own scan limit besides), the tiles of a HEIF grid
  /// (`maximumTiles`), and libheif's threads (tiles are decoded on the calling thread).
  /// Processor time and memory beyond that are bounded by running the decode in a process of
  /// its own, with limits, as `ingest-cli serve` does for its thumbnails.
  /// - Throws: `ImageCodecError.tooLarge`, `.exceedsLimit`, `.corrupt`, `.unsupportedFormat`,
  ///   `.libraryUnavailable`.
  public static func decode(_ data: Data, maximumPixels limit: Int) throws(ImageCodecError)
    -> PixelImage
  {
    let format = try format(of: data)
    let limit = min(limit, maximumPixels)
    switch format {
    case .png:
      return try LibPNG.decode(data, maximumPixels: limit)
    case .jpeg:
      let scans = JPEGScans.upperBound(in: data, stoppingAfter: maximumScans)
      guard scans <= maximumScans else {
        throw .exceedsLimit(
          format: "JPEG", reason: "more than \(maximumScans) scans, the most decoded")
      }
      var image = try TurboJPEG.decode(data, maximumPixels: limit)
      image.orientation = ExifOrientationReader.orientation(ofJPEG: data)
      return image
    case .heif, .avif:
      return try LibHeif.decode(data, format: format, maximumPixels: limit)
    }
  }

  private static func format(of data: Data) throws(ImageCodecError) -> ImageFormat {
    guard let format = ImageFormat.detect(data) else {
      throw .unsupportedFormat(ImageFormat.describe(data))
    }
    return format
  }

  /// Checks a size read from a header before anything is allocated for it.
  static func checkSize(
    width: Int, height: Int, format: ImageFormat, maximumPixels: Int = maximumPixels
  ) throws(ImageCodecError) {
    guard width > 0, height > 0 else {
      throw .corrupt(format: format.rawValue, reason: "its size is \(width)x\(height)")
    }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= maximumPixels else {
      throw .tooLarge(width: width, height: height)
    }
  }
}
