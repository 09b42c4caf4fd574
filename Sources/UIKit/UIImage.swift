#if os(Linux)
  import ItemProvider

  /// An image, as share-extension code receives and sends it.
  ///
  /// On Linux `UIImage` is `ItemProviderImage`, the class in which item providers carry
  /// in-memory images, so what iOS code writes works as on a device: `item as? UIImage` on what
  /// `loadItem` delivers for a screenshot, `loadObject(ofClass: UIImage.self)` and
  /// `canLoadObject(ofClass: UIImage.self)`, `NSItemProvider(object: image)`. It keeps the
  /// encoded bytes and decodes on demand: `size` and `imageOrientation` read the header,
  /// `jpegData(compressionQuality:)` and `pngData()` decode and encode (PNG, JPEG, HEIF and
  /// AVIF in; JPEG and PNG out). GIF, TIFF, BMP and WebP images load and travel but are not
  /// decoded: their `size` is zero and their encodings nil (the throwing `encodedJPEG` and
  /// `encodedPNG` say why).
  public typealias UIImage = ItemProviderImage
#endif
