import Foundation

#if os(Linux)
  extension NSValue {
    /// A value holding a size, as UIKit's `NSValue(cgSize:)` makes one; iOS code passes it as
    /// `NSItemProviderPreferredImageSizeKey` (Linux Foundation spells it `NSValue(size:)`).
    public convenience init(cgSize size: CGSize) {
      self.init(size: size)
    }

    /// The size the value holds, as UIKit's `cgSizeValue` reads it.
    public var cgSizeValue: CGSize { sizeValue }
  }
#endif
