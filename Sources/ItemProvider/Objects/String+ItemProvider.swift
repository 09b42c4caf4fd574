import Foundation

extension String: NSItemProviderReading {
  /// Strings are read from plain text.
  public static var readableTypeIdentifiersForItemProvider: [String] {
    ["public.utf8-plain-text", "public.plain-text"]
  }

  /// Reads UTF-8 text (UTF-16 with a byte-order mark is accepted too); throws for bytes that
  /// are not valid text.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws
    -> String
  {
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]),
      let text = String(data: data, encoding: .utf16)
    {
      return text
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ItemProviderError.cannotDecodeObject(
        className: "NSString", typeIdentifier: typeIdentifier)
    }
    return text
  }
}

extension String: NSItemProviderWriting {
  /// Strings provide UTF-8 plain text.
  public static var writableTypeIdentifiersForItemProvider: [String] {
    ["public.utf8-plain-text"]
  }

  /// Delivers the string's UTF-8 bytes.
  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler:
      @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    completionHandler(Data(utf8), nil)
    return nil
  }
}
