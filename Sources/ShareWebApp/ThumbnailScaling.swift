import ImageCodecs

/// Making a decoded image small and upright, for thumbnails: an area average (each small
/// pixel the mean of the block of pixels it covers), then the EXIF orientation applied to the
/// small image, where it costs nothing.
enum ThumbnailScaling {
  /// `image` scaled down (never up) so that its longer side is at most `side` pixels.
  static func shrink(_ image: PixelImage, toFit side: Int) -> PixelImage {
    let longer = max(image.width, image.height)
    guard longer > side else { return image }
    let width = max(1, image.width * side / longer)
    let height = max(1, image.height * side / longer)
    let channels = image.layout.rawValue
    var sums = [UInt32](repeating: 0, count: width * height * channels)
    var counts = [UInt32](repeating: 0, count: width * height)
    let columns = (0..<image.width).map { $0 * width / image.width }
    image.samples.withUnsafeBufferPointer { samples in
      for y in 0..<image.height {
        let row = (y * height / image.height) * width
        var source = y * image.rowBytes
        for x in 0..<image.width {
          let target = row + columns[x]
          counts[target] += 1
          for channel in 0..<channels {
            sums[target * channels + channel] += UInt32(samples[source + channel])
          }
          source += channels
        }
      }
    }
    var samples = [UInt8](repeating: 0, count: sums.count)
    for pixel in 0..<counts.count {
      let count = max(counts[pixel], 1)
      for channel in 0..<channels {
        let index = pixel * channels + channel
        samples[index] = UInt8((sums[index] + count / 2) / count)
      }
    }
    return PixelImage(
      width: width, height: height, layout: image.layout, samples: samples,
      orientation: image.orientation)
  }

  /// `image` with its orientation applied: its pixels as they are shown, `.up`.
  static func upright(_ image: PixelImage) -> PixelImage {
    let orientation = image.orientation
    guard orientation != .up else { return image }
    let width = orientation.swapsDimensions ? image.height : image.width
    let height = orientation.swapsDimensions ? image.width : image.height
    let channels = image.layout.rawValue
    var samples = [UInt8](repeating: 0, count: image.samples.count)
    let (w, h) = (image.width, image.height)
    for y in 0..<height {
      for x in 0..<width {
        // The stored pixel shown at (x, y).
        let (sx, sy): (Int, Int) =
          switch orientation {
          case .up: (x, y)
          case .upMirrored: (w - 1 - x, y)
          case .down: (w - 1 - x, h - 1 - y)
          case .downMirrored: (x, h - 1 - y)
          case .leftMirrored: (y, x)
          case .right: (y, h - 1 - x)
          case .rightMirrored: (w - 1 - y, h - 1 - x)
          case .left: (w - 1 - y, x)
          }
        let target = (y * width + x) * channels
        let source = (sy * w + sx) * channels
        for channel in 0..<channels { samples[target + channel] = image.samples[source + channel] }
      }
    }
    return PixelImage(width: width, height: height, layout: image.layout, samples: samples)
  }
}
