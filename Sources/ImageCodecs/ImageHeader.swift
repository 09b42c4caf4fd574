/// What an image's header says, without decoding its pixels.
public struct ImageHeader: Sendable, Equatable {
  /// The encoding.
  public var format: ImageFormat
  /// Pixels per row, as stored.
  public var width: Int
  /// Rows, as stored.
  public var height: Int
  /// How the stored pixels are turned to be shown upright.
  public var orientation: ImageOrientation

  /// Creates a header's facts.
  public init(format: ImageFormat, width: Int, height: Int, orientation: ImageOrientation) {
    self.format = format
    self.width = width
    self.height = height
    self.orientation = orientation
  }
}
