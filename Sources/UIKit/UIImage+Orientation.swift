#if os(Linux)
  import ImageCodecs
  import ItemProvider

  extension ItemProviderImage {
    /// How the image's stored pixels are turned to be shown upright: UIKit's
    /// `UIImage.Orientation`, with its raw values.
    public enum Orientation: Int, Sendable, CaseIterable {
      /// Shown as stored.
      case up = 0
      /// Turned 180°.
      case down = 1
      /// Shown turned 90° counter-clockwise.
      case left = 2
      /// Shown turned 90° clockwise (a portrait photo's JPEG).
      case right = 3
      /// Mirrored left to right.
      case upMirrored = 4
      /// Mirrored top to bottom.
      case downMirrored = 5
      /// Mirrored, then turned 90° counter-clockwise.
      case leftMirrored = 6
      /// Mirrored, then turned 90° clockwise.
      case rightMirrored = 7

      /// The orientation an EXIF `Orientation` value gives, as UIKit maps
      /// `CGImagePropertyOrientation`.
      init(_ orientation: ImageOrientation) {
        switch orientation {
        case .up: self = .up
        case .upMirrored: self = .upMirrored
        case .down: self = .down
        case .downMirrored: self = .downMirrored
        case .leftMirrored: self = .leftMirrored
        case .right: self = .right
        case .rightMirrored: self = .rightMirrored
        case .left: self = .left
        }
      }
    }

    /// How the stored pixels are shown: a JPEG's EXIF orientation; `.up` for PNG, for HEIF and
    /// AVIF (libheif applies their rotation while decoding) and for images not decoded here.
    public var imageOrientation: Orientation {
      (try? header()).map { Orientation($0.orientation) } ?? .up
    }
  }
#endif
