import Foundation

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
