internal import CTurboJPEG
import Foundation

/// Every libjpeg-turbo call, through its TurboJPEG API, which returns error codes instead of
/// jumping out of the caller. A handle is made per call (they are cheap and not shared between
/// threads).
enum TurboJPEG {
  /// The stored size.
  static func header(_ data: Data) throws(ImageCodecError) -> (Int, Int) {
    try withDecompressor { handle throws(ImageCodecError) in
      let (width, height, _) = try readHeader(handle, data)
      return (width, height)
    }
  }

  /// Decodes to 8-bit RGB (grey is expanded; CMYK is refused), with libjpeg-turbo's own
  /// limit on progressive scans (`TJFLAG_LIMITSCANS`: libjpeg's progress monitor stops the
  /// decode past 500 scans, as `djpeg -maxscans` does).
  static func decode(_ data: Data, maximumPixels: Int) throws(ImageCodecError) -> PixelImage {
    try withDecompressor { handle throws(ImageCodecError) in
      let (width, height, colorspace) = try readHeader(handle, data)
      guard colorspace != Int32(TJCS_CMYK.rawValue), colorspace != Int32(TJCS_YCCK.rawValue) else {
        throw .unsupportedFormat("a CMYK JPEG image")
      }
      try ImageDecoder.checkSize(
        width: width, height: height, format: .jpeg, maximumPixels: maximumPixels)
      var samples = [UInt8](repeating: 0, count: width * height * 3)
      let status = data.withUnsafeBytes { source in
        samples.withUnsafeMutableBufferPointer { destination in
          tjDecompress2(
            handle, source.bindMemory(to: UInt8.self).baseAddress, UInt(source.count),
            destination.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
            TJFLAG_LIMITSCANS)
        }
      }
      // A warning (a truncated or slightly damaged file) still gives a whole image, grey where
      // data was missing, as ImageIO shows one.
      if status != 0, tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
        throw .corrupt(format: "JPEG", reason: errorMessage(handle))
      }
      return PixelImage(width: width, height: height, layout: .rgb, samples: samples)
    }
  }

  /// Encodes RGB or RGBA samples (alpha ignored) as a baseline JPEG, 4:2:0.
  static func encode(_ image: PixelImage, quality: Int) throws(ImageCodecError) -> Data {
    guard let handle = tjInitCompress() else {
      throw .encodingFailed(format: "JPEG", reason: "tjInitCompress failed")
    }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    defer { if let output { tjFree(output) } }
    let format = image.hasAlpha ? TJPF_RGBX : TJPF_RGB
    let status = image.samples.withUnsafeBufferPointer { samples in
      tjCompress2(
        handle, samples.baseAddress, Int32(image.width), Int32(image.rowBytes),
        Int32(image.height), Int32(format.rawValue), &output, &size, Int32(TJSAMP_420.rawValue),
        Int32(quality), 0)
    }
    guard status == 0, let output else {
      throw .encodingFailed(format: "JPEG", reason: errorMessage(handle))
    }
    return Data(bytes: output, count: Int(size))
  }

  private static func withDecompressor<T>(
    _ body: (tjhandle) throws(ImageCodecError) -> T
  ) throws(ImageCodecError) -> T {
    guard let handle = tjInitDecompress() else {
      throw .corrupt(format: "JPEG", reason: "tjInitDecompress failed")
    }
    defer { tjDestroy(handle) }
    return try body(handle)
  }

  /// Width, height and colorspace from the frame header.
  private static func readHeader(_ handle: tjhandle, _ data: Data) throws(ImageCodecError)
    -> (Int, Int, Int32)
  {
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let status = data.withUnsafeBytes { source in
      tjDecompressHeader3(
        handle, source.bindMemory(to: UInt8.self).baseAddress, UInt(source.count), &width,
        &height, &subsampling, &colorspace)
    }
    guard status == 0 else { throw .corrupt(format: "JPEG", reason: errorMessage(handle)) }
    return (Int(width), Int(height), colorspace)
  }

  private static func errorMessage(_ handle: tjhandle) -> String {
    guard let message = tjGetErrorStr2(handle) else { return "libjpeg-turbo gave no reason" }
    return String(cString: message)
  }
}
