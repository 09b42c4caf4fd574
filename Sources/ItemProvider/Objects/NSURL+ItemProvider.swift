import Foundation

// Apple's NSURL conforms to NSItemProviderWriting, so iOS code writes
// `NSItemProvider(object: url as NSURL)`; it writes what URL writes. (Apple's NSString conforms
// too, but NSString is not Sendable in Linux Foundation, which the provider's storage needs:
// register the String instead, which conforms.)

extension NSURL: NSItemProviderWriting {
  /// URLs provide `public.url`.
  public static var writableTypeIdentifiersForItemProvider: [String] {
    URL.writableTypeIdentifiersForItemProvider
  }

  /// A file URL provides `public.file-url` first, then `public.url`.
  public var writableTypeIdentifiersForItemProvider: [String] {
    (self as URL).writableTypeIdentifiersForItemProvider
  }

  /// Delivers the URL as a keyed archive of an `NSURL`, as `URL` does.
  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler:
      @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    (self as URL).loadData(
      withTypeIdentifier: typeIdentifier, forItemProviderCompletionHandler: completionHandler)
  }
}
