import Foundation

// Apple's NSString adopts NSItemProviderReading, and Swift code loads text with
// `loadObject(ofClass: String.self)`, which bridges through it. String provides text as
// NSItemProviderWriting here (NSString cannot: Linux Foundation does not make it Sendable, which
// the provider's storage needs).

extension NSString: NSItemProviderReading {
  /// Strings are read from plain text.
  public static var readableTypeIdentifiersForItemProvider: [String] {
    ["public.utf8-plain-text", "public.plain-text"]
  }

  /// Reads UTF-8 text (UTF-16 with a byte-order mark is accepted too); throws for bytes that
  /// are not valid text, or when called on a subclass.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws
    -> Self
  {
    var text: String?
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
      text = String(data: data, encoding: .utf16)
    }
    guard let text = text ?? String(data: data, encoding: .utf8),
      let string = NSString(string: text) as? Self
    else {
      throw ItemProviderError.cannotDecodeObject(
        className: "NSString", typeIdentifier: typeIdentifier)
    }
    return string
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

extension NSItemProvider {
  /// Creates a provider offering a text given as an `NSString`, as iOS code writes it
  /// (`NSItemProvider(object: text as NSString)`): Apple's `NSString` adopts
  /// `NSItemProviderWriting`; here the provider keeps its value as a `String`.
  public convenience init(object: NSString) {
    self.init(object: object as String)
  }

  /// Registers a text given as an `NSString` (see `init(object:)`).
  public func registerObject(_ object: NSString, visibility: NSItemProviderRepresentationVisibility)
  {
    registerObject(object as String, visibility: visibility)
  }
}
