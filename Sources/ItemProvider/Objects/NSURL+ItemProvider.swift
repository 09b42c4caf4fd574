import Foundation

// Apple's NSURL adopts NSItemProviderReading and NSItemProviderWriting: iOS code writes
// `NSItemProvider(object: url as NSURL)` and `loadObject(ofClass: NSURL.self)`, and Swift's
// `loadObject(ofClass: URL.self)` bridges through NSURL. It writes what URL writes. (Apple's
// NSString writes too, but NSString is not Sendable in Linux Foundation, which the provider's
// storage needs: register the String instead, which conforms.)

extension NSURL: NSItemProviderReading {
  /// URLs are read from `public.url` and `public.file-url` representations.
  public static var readableTypeIdentifiersForItemProvider: [String] {
    ["public.url", "public.file-url"]
  }

  /// Reads a URL from a keyed archive of an `NSURL` (what `NSURL` writes, a binary property
  /// list) or from its UTF-8 string; throws for anything else, or when called on a subclass.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws
    -> Self
  {
    var url: NSURL?
    if data.starts(with: Array("bplist".utf8)) {
      url = try? NSKeyedUnarchiver.unarchivedObject(ofClass: NSURL.self, from: data)
    }
    if url == nil {
      let text = String(decoding: data, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      if !text.isEmpty, let parsed = URL(string: text), parsed.scheme != nil {
        url = parsed as NSURL
      }
    }
    guard let url = url as? Self else {
      throw ItemProviderError.cannotDecodeObject(className: "NSURL", typeIdentifier: typeIdentifier)
    }
    return url
  }
}

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
