internal import CPNG
import Foundation

/// Every libpng call, through its simplified API (`png_image_*`), which reports errors in the
/// `png_image` it is given instead of jumping out of the caller.
enum LibPNG {
  /// The stored size and whether the image has transparency.
  static func header(_ data: Data) throws(ImageCodecError) -> (Int, Int, Bool) {
    try withImage(data) { image throws(ImageCodecError) in
      (Int(image.width), Int(image.height), image.format & PNG_FORMAT_FLAG_ALPHA != 0)
    }
  }

  /// Decodes to 8-bit RGB, or RGBA when the image has transparency (an alpha channel or a
  /// `tRNS` chunk); grey and palette images are expanded, 16-bit samples reduced.
  static func decode(_ data: Data, maximumPixels: Int) throws(ImageCodecError) -> PixelImage {
    try withImage(data) { image throws(ImageCodecError) in
      let width = Int(image.width)
      let height = Int(image.height)
      try ImageDecoder.checkSize(
        width: width, height: height, format: .png, maximumPixels: maximumPixels)
      let layout: PixelImage.Layout =
        image.format & PNG_FORMAT_FLAG_ALPHA != 0 ? .rgba : .rgb
      image.format = layout == .rgba ? PNG_FORMAT_RGB | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_RGB
      var samples = [UInt8](repeating: 0, count: width * height * layout.rawValue)
      let finished = samples.withUnsafeMutableBytes { buffer in
        png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
      }
      guard finished != 0 else { throw .corrupt(format: "PNG", reason: message(image)) }
      return PixelImage(width: width, height: height, layout: layout, samples: samples)
    }
  }

  /// Encodes 8-bit RGB or RGBA samples.
  static func encode(_ pixels: PixelImage) throws(ImageCodecError) -> Data {
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    image.width = png_uint_32(pixels.width)
    image.height = png_uint_32(pixels.height)
    image.format = pixels.hasAlpha ? PNG_FORMAT_RGB | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_RGB
    // Room for the samples stored uncompressed, one filter byte per row and zlib's and the
    // chunks' overhead, so one pass always fits (libpng says so when it would not).
    let raw = pixels.samples.count
    var capacity = raw + pixels.height + raw / 1024 + 65_536
    var output = [UInt8](repeating: 0, count: capacity)
    let written = output.withUnsafeMutableBytes { buffer in
      pixels.samples.withUnsafeBytes { samples in
        png_image_write_to_memory(
          &image, buffer.baseAddress, &capacity, 0, samples.baseAddress,
          png_int_32(pixels.rowBytes), nil)
      }
    }
    defer { png_image_free(&image) }
    guard written != 0, capacity <= output.count else {
      throw .encodingFailed(format: "PNG", reason: message(image))
    }
    return Data(output[..<capacity])
  }

  /// Opens `data` with `png_image_begin_read_from_memory`, runs `body` while the bytes are
  /// pinned, and frees libpng's state afterwards.
  private static func withImage<T>(
    _ data: Data, _ body: (inout png_image) throws(ImageCodecError) -> T
  ) throws(ImageCodecError) -> T {
    let result: Result<T, ImageCodecError> = data.withUnsafeBytes { bytes in
      var image = png_image()
      image.version = png_uint_32(PNG_IMAGE_VERSION)
      defer { png_image_free(&image) }
      guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
        return .failure(.corrupt(format: "PNG", reason: message(image)))
      }
      do throws(ImageCodecError) {
        return .success(try body(&image))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The message libpng left in the image's fixed-size buffer.
  private static func message(_ image: png_image) -> String {
    withUnsafeBytes(of: image.message) { bytes in
      let text = bytes.prefix { $0 != 0 }
      return text.isEmpty ? "libpng gave no reason" : String(decoding: text, as: UTF8.self)
    }
  }
}
