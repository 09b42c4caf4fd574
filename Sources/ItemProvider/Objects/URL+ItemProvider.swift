import Foundation

extension URL: NSItemProviderReading {
  /// URLs are read from `public.url` and `public.file-url` representations.
  public static var readableTypeIdentifiersForItemProvider: [String] {
    ["public.url", "public.file-url"]
  }

  /// Reads a URL from a keyed archive of an `NSURL` (what `NSURL` writes, a binary property
  /// list) or from its UTF-8 string.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws
    -> URL
  {
    if data.starts(with: Array("bplist".utf8)),
      let url = try? NSKeyedUnarchiver.unarchivedObject(ofClass: NSURL.self, from: data)
    {
      return url as URL
    }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty, let url = URL(string: text), url.scheme != nil else {
      throw ItemProviderError.cannotDecodeObject(className: "NSURL", typeIdentifier: typeIdentifier)
    }
    return url
  }
}

extension URL: NSItemProviderWriting {
  /// URLs provide `public.url`.
  public static var writableTypeIdentifiersForItemProvider: [String] { ["public.url"] }

  /// A file URL provides `public.file-url` first, then `public.url`.
  public var writableTypeIdentifiersForItemProvider: [String] {
    isFileURL ? ["public.file-url", "public.url"] : ["public.url"]
  }

  /// Delivers the URL as a keyed archive of an `NSURL`, a binary property list, which is how
  /// iOS hands a URL to a consumer that loads it as data or as a file (a 207-byte plist for a
  /// file URL was observed in keybase/client#29549).
  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler:
      @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    do {
      completionHandler(
        try NSKeyedArchiver.archivedData(
          withRootObject: self as NSURL, requiringSecureCoding: true),
        nil)
    } catch {
      completionHandler(nil, error)
    }
    return nil
  }
}
