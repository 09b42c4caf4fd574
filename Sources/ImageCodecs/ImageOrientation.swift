/// How an image's stored pixels must be turned to be shown upright: the EXIF `Orientation`
/// tag, with the names (and raw values) of ImageIO's `CGImagePropertyOrientation`.
public enum ImageOrientation: UInt16, Sendable, CaseIterable {
  /// Shown as stored.
  case up = 1
  /// Mirrored left to right.
  case upMirrored = 2
  /// Turned 180°.
  case down = 3
  /// Mirrored top to bottom.
  case downMirrored = 4
  /// Mirrored, then turned 90° counter-clockwise (EXIF "transpose").
  case leftMirrored = 5
  /// Stored turned 90° counter-clockwise: shown turned 90° clockwise (a portrait photo taken
  /// with the phone upright).
  case right = 6
  /// Mirrored, then turned 90° clockwise (EXIF "transverse").
  case rightMirrored = 7
  /// Stored turned 90° clockwise: shown turned 90° counter-clockwise.
  case left = 8

  /// Whether the image is shown with its width and height swapped.
  public var swapsDimensions: Bool {
    switch self {
    case .leftMirrored, .right, .rightMirrored, .left: true
    default: false
    }
  }
}
