internal import CHeif
internal import CHeifGuard
import Foundation
import SystemCalls

/// Every libheif call, for HEIF (HEIC) and AVIF alike; those that can let a C++ exception out
/// (reading, the primary handle, decoding) go through CHeifGuard's try/catch, so none reaches
/// Swift. The primary image is decoded with its
/// rotation and mirroring applied (libheif's default), so what comes out is upright.
///
/// libheif is loaded on first use (`Library`): a process that decodes no HEIF or AVIF image
/// never maps it and the codecs it links.
enum LibHeif {
  /// The size the primary image decodes to, rotation applied: for a grid or an overlay, the
  /// size its own data gives (what libheif allocates), not its `ispe` property's claim.
  static func header(_ data: Data, format: ImageFormat) throws(ImageCodecError) -> (Int, Int) {
    let heif = try functions()
    let derived = HEIFDerivedImages(data)
    return try withPrimaryImage(data, format: format, heif) { handle throws(ImageCodecError) in
      decodedSize(handle, heif, derived)
    }
  }

  /// Decodes the primary image to 8-bit RGB, or RGBA when it has an alpha plane, once every
  /// size libheif would allocate is known to be at most `maximumPixels`: the primary's, and
  /// every grid's and overlay's in the file (an alpha plane may be one), each read from the
  /// image's own data; and a grid of at most `ImageDecoder.maximumTiles` tiles. Tiles are
  /// decoded on the calling thread (libheif would start a thread per tile otherwise).
  static func decode(_ data: Data, format: ImageFormat, maximumPixels: Int)
    throws(ImageCodecError) -> PixelImage
  {
    let heif = try functions()
    let derived = HEIFDerivedImages(data)
    guard derived.unreadable.isEmpty else {
      throw .corrupt(format: format.rawValue, reason: "a grid or overlay has no readable data")
    }
    for size in derived.sizes.values {
      try ImageDecoder.checkSize(
        width: size.width, height: size.height, format: format, maximumPixels: maximumPixels)
      guard size.tiles <= ImageDecoder.maximumTiles else {
        throw .exceedsLimit(
          format: format.rawValue,
          reason:
            "a grid of \(size.tiles) tiles, more than the \(ImageDecoder.maximumTiles) decoded")
      }
    }
    return try withPrimaryImage(data, format: format, heif) { handle throws(ImageCodecError) in
      let (decodedWidth, decodedHeight) = decodedSize(handle, heif, derived)
      try ImageDecoder.checkSize(
        width: decodedWidth, height: decodedHeight, format: format, maximumPixels: maximumPixels)
      let layout: PixelImage.Layout =
        heif.heif_image_handle_has_alpha_channel(handle) != 0 ? .rgba : .rgb
      var image: UnsafeMutableRawPointer?
      let chroma = layout == .rgba ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB
      try check(
        cheif_guard_decode_image(
          unsafeBitCast(heif.heif_decode_image, to: UnsafeMutableRawPointer.self),
          UnsafeRawPointer(handle), &image, Int32(heif_colorspace_RGB.rawValue),
          Int32(chroma.rawValue)),
        format: format)
      guard let decoded = image.map(OpaquePointer.init) else {
        throw .corrupt(format: format.rawValue, reason: "no image decoded")
      }
      defer { heif.heif_image_release(decoded) }
      let width = Int(heif.heif_image_get_width(decoded, heif_channel_interleaved))
      let height = Int(heif.heif_image_get_height(decoded, heif_channel_interleaved))
      try ImageDecoder.checkSize(
        width: width, height: height, format: format, maximumPixels: maximumPixels)
      var stride: Int32 = 0
      guard
        let plane = heif.heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride)
      else { throw .corrupt(format: format.rawValue, reason: "the decoded image has no pixels") }
      let rowBytes = width * layout.rawValue
      guard Int(stride) >= rowBytes else {
        throw .corrupt(
          format: format.rawValue, reason: "rows of \(stride) bytes for \(width) pixels")
      }
      var samples = [UInt8](repeating: 0, count: rowBytes * height)
      samples.withUnsafeMutableBytes { destination in
        guard let base = destination.baseAddress else { return }
        for row in 0..<height {
          let from = UnsafeRawPointer(plane + row * Int(stride))
          (base + row * rowBytes).copyMemory(from: from, byteCount: rowBytes)
        }
      }
      return PixelImage(width: width, height: height, layout: layout, samples: samples)
    }
  }

  /// The handle's size, or the derived image's own when the primary is one whose data says
  /// otherwise than its `ispe` (turned as the handle is turned).
  private static func decodedSize(
    _ handle: OpaquePointer, _ heif: cheif_api, _ derived: HEIFDerivedImages
  ) -> (Int, Int) {
    let width = Int(heif.heif_image_handle_get_width(handle))
    let height = Int(heif.heif_image_handle_get_height(handle))
    guard let size = derived.primarySize else { return (width, height) }
    let claimedWidth = Int(heif.heif_image_handle_get_ispe_width(handle))
    let claimedHeight = Int(heif.heif_image_handle_get_ispe_height(handle))
    if size.width == claimedWidth, size.height == claimedHeight { return (width, height) }
    let turned = width != height && width == claimedHeight && height == claimedWidth
    return turned ? (size.height, size.width) : (size.width, size.height)
  }

  /// Reads `data` into a context (without copying it) and runs `body` with the primary image's
  /// handle while the bytes are pinned.
  private static func withPrimaryImage<T>(
    _ data: Data, format: ImageFormat, _ heif: cheif_api,
    _ body: (OpaquePointer) throws(ImageCodecError) -> T
  ) throws(ImageCodecError) -> T {
    let result: Result<T, ImageCodecError> = data.withUnsafeBytes { bytes in
      guard let context = heif.heif_context_alloc() else {
        return .failure(.corrupt(format: format.rawValue, reason: "heif_context_alloc failed"))
      }
      defer { heif.heif_context_free(context) }
      // Tiles on this thread: no thread per tile (libheif 1.15 starts them with std::async,
      // whose failure under an address-space limit is an exception nothing catches).
      heif.heif_context_set_max_decoding_threads(context, 0)
      do throws(ImageCodecError) {
        try check(
          cheif_guard_read_from_memory_without_copy(
            unsafeBitCast(
              heif.heif_context_read_from_memory_without_copy, to: UnsafeMutableRawPointer.self),
            UnsafeMutableRawPointer(context), bytes.baseAddress, UInt(bytes.count)),
          format: format)
        var primary: UnsafeMutableRawPointer?
        try check(
          cheif_guard_get_primary_image_handle(
            unsafeBitCast(
              heif.heif_context_get_primary_image_handle, to: UnsafeMutableRawPointer.self),
            UnsafeMutableRawPointer(context), &primary),
          format: format)
        guard let handle = primary.map(OpaquePointer.init) else {
          throw .corrupt(format: format.rawValue, reason: "no primary image")
        }
        defer { heif.heif_image_handle_release(handle) }
        return .success(try body(handle))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Throws what libheif said (or the exception it let out, caught by CHeifGuard).
  private static func check(_ error: cheif_guard_error, format: ImageFormat)
    throws(ImageCodecError)
  {
    guard error.code != Int32(heif_error_Ok.rawValue) else { return }
    let message = error.message.map { String(cString: $0) } ?? "libheif gave no reason"
    throw .corrupt(format: format.rawValue, reason: message)
  }

  /// libheif's functions, loading the library on first use.
  private static func functions() throws(ImageCodecError) -> cheif_api {
    do {
      return try Library.loaded.result.get()
    } catch {
      throw .libraryUnavailable(error)
    }
  }

  /// libheif, loaded the first time a HEIF or AVIF image is read.
  private enum Library {
    static let loaded = LoadedLibrary<cheif_api>(.libheif) { handle in
      var missing: UnsafePointer<CChar>?
      guard let functions = cheif_resolve(handle, &missing)?.pointee else {
        return (nil, missing.map { String(cString: $0) })
      }
      return (functions, nil)
    }
  }
}
