// `import UIKit` on Linux: only what item-provider code needs of UIKit, under Apple's module
// name, so share-extension files keep their imports. It holds `UIImage` (the in-memory image a
// screenshot or markup arrives as) with the members such code calls: `size`, `scale`,
// `imageOrientation`, `jpegData(compressionQuality:)`, `pngData()`, `init?(data:)`,
// `init?(data:scale:)` and `init?(contentsOfFile:)`, decoded and encoded with libpng,
// libjpeg-turbo and libheif through `ImageCodecs`. No views, no view controllers, no drawing.
//
// Apple's UIKit brings Foundation and with it NSItemProvider, NSExtensionItem and
// NSExtensionContext; this module brings Foundation and ItemProvider. Declared in Package.swift
// on Linux only; on Apple platforms the SDK's UIKit is used.
#if os(Linux)
  @_exported import Foundation
  @_exported import ItemProvider
#endif
