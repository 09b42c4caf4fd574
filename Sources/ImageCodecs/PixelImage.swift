/// A decoded image: 8-bit samples, interleaved, rows top to bottom without padding.
public struct PixelImage: Sendable {
  /// The samples of one pixel.
  public enum Layout: Int, Sendable {
    /// Red, green, blue.
    case rgb = 3
    /// Red, green, blue, then alpha (not premultiplied).
    case rgba = 4
  }

  /// Pixels per row, as stored.
  public var width: Int
  /// Rows, as stored.
  public var height: Int
  /// The samples of each pixel.
  public var layout: Layout
  /// `width * height * layout.rawValue` samples.
  public var samples: [UInt8]
  /// How the stored pixels are turned to be shown upright.
  public var orientation: ImageOrientation

  /// Creates an image from its samples.
  ///
  /// - Precondition: `samples.count == width * height * layout.rawValue`.
  public init(
    width: Int, height: Int, layout: Layout, samples: [UInt8], orientation: ImageOrientation = .up
  ) {
    precondition(samples.count == width * height * layout.rawValue, "sample count")
    self.width = width
    self.height = height
    self.layout = layout
    self.samples = samples
    self.orientation = orientation
  }

  /// Bytes from one row to the next.
  public var rowBytes: Int { width * layout.rawValue }

  /// Whether the image has an alpha channel.
  public var hasAlpha: Bool { layout == .rgba }
}
