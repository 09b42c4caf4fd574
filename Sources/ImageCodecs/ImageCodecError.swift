import SystemCalls

/// Why an image could not be decoded or encoded.
public enum ImageCodecError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bytes are not an image this package decodes: it decodes PNG, JPEG, HEIF (HEIC) and
  /// AVIF;
  /// the associated value names what the bytes are, as far as their signature tells.
  case unsupportedFormat(String)
  /// The image's header or data is damaged: the format and what its library said.
  case corrupt(format: String, reason: String)
  /// The image decodes to more pixels than are decoded (`ImageDecoder.maximumPixels`, or the
  /// caller's smaller limit), so it is not decoded.
  case tooLarge(width: Int, height: Int)
  /// Decoding the image would take more work than is allowed, whatever its size: a
  /// progressive JPEG of more than `ImageDecoder.maximumScans` scans, a HEIF grid of more than
  /// `ImageDecoder.maximumTiles` tiles. The format and what was over the limit.
  case exceedsLimit(format: String, reason: String)
  /// The encoder failed: the format and what its library said.
  case encodingFailed(format: String, reason: String)
  /// The library that reads the format could not be loaded (libheif, loaded on first use).
  case libraryUnavailable(SharedLibraryError)

  /// A sentence saying what failed and what can be done.
  public var description: String {
    switch self {
    case .unsupportedFormat(let what):
      "cannot decode \(what): only PNG, JPEG, HEIF (HEIC) and AVIF images are decoded here"
    case .corrupt(let format, let reason):
      "the \(format) image is damaged: \(reason)"
    case .tooLarge(let width, let height):
      "the image is \(width)x\(height) pixels, more than are decoded here"
    case .exceedsLimit(let format, let reason):
      "the \(format) image would take too long to decode: \(reason)"
    case .encodingFailed(let format, let reason):
      "\(format) encoding failed: \(reason)"
    case .libraryUnavailable(let error):
      "\(error)"
    }
  }
}
