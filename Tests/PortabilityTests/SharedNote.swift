// PORTABILITY PROOF — an app's own model class adopting NSItemProviderReading, as apps write
// them for drag and drop and share extensions, compiled here with one line added:
//
//   #if os(Linux)
//     import ItemProvider
//   #endif
//
// The file imports only UniformTypeIdentifiers, which brings Foundation with it on iOS (and
// here): `NSObject`, `Data` and `String(decoding:as:)` come from there. The class has mutable
// state and is not Sendable, which NSItemProviderReading does not ask of it (it would be an
// error in the Swift 6 language mode if it did). A final class satisfies the protocol's
// `-> Self` with its own type.

import UniformTypeIdentifiers

#if os(Linux)
  import ItemProvider
#endif

/// A note the app keeps: a title and the text under it.
final class SharedNote: NSObject, NSItemProviderReading {
  var title: String
  var body: String

  init(title: String, body: String) {
    self.title = title
    self.body = body
  }

  static var readableTypeIdentifiersForItemProvider: [String] {
    [UTType.utf8PlainText.identifier, UTType.plainText.identifier]
  }

  /// The first line is the title, the rest the body.
  static func object(withItemProviderData data: Data, typeIdentifier: String) throws
    -> SharedNote
  {
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    return SharedNote(
      title: lines.first.map(String.init) ?? "",
      body: lines.count > 1 ? String(lines[1]) : "")
  }
}
