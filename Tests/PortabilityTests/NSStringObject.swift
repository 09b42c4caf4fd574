import Foundation
import Testing
import UniformTypeIdentifiers

#if os(Linux)
  import ItemProvider
#endif

/// An app's own provider of text, as iOS code writes it: `NSItemProvider(object: text as
/// NSString)`, then read back as a `String`.
@Suite("Portability: NSString objects in an item provider")
struct NSStringObjectTests {
  @Test("NSItemProvider(object: text as NSString) offers the text, read back as a String")
  func stringObject() async throws {
    let text = "Saturday at the park?"
    let provider = NSItemProvider(object: text as NSString)
    #expect(provider.canLoadObject(ofClass: String.self))
    let loaded: String? = await withCheckedContinuation { continuation in
      _ = provider.loadObject(ofClass: String.self) { value, _ in
        continuation.resume(returning: value)
      }
    }
    #expect(loaded == text)
    let registered = NSItemProvider()
    registered.registerObject(text as NSString, visibility: .all)
    #expect(registered.hasItemConformingToTypeIdentifier(UTType.plainText.identifier))
  }
}
