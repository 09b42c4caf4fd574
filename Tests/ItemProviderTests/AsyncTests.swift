import Foundation
import ItemProvider
import TestSupport
import Testing

/// The async forms Swift derives from Apple's completion-handler methods, written the way
/// modern share extensions call them.
@Suite("async loadItem and completeRequest", .onIOExecutor)
struct AsyncTests {
  @Test("A Safari page URL loads with await")
  func safariURL() async throws {
    let page = try #require(URL(string: "https://example.com/article?id=7"))
    let provider = NSItemProvider(item: page as NSURL, typeIdentifier: "public.url")
    let item = try await provider.loadItem(forTypeIdentifier: "public.url")
    #expect((item as? NSURL) as URL? == page)
  }

  @Test("Text, data and file representations come as the source holds them")
  func representations() async throws {
    let provider = NSItemProvider(
      item: "shared words" as NSString, typeIdentifier: "public.plain-text")
    provider.registerJPEGBytesAndCorpusPDF()
    let text = try await provider.loadItem(forTypeIdentifier: "public.text")
    #expect(text as? NSString == "shared words")
    let data = try await provider.loadItem(forTypeIdentifier: "public.image", options: nil)
    #expect((data as? NSData) as Data? == Data([0xFF, 0xD8, 0xFF]))
    let file = try await provider.loadItem(forTypeIdentifier: "com.adobe.pdf")
    #expect((file as? NSURL)?.path == Corpus.file("document.pdf").path)
  }

  @Test("A missing type throws Apple's error")
  func missingType() async {
    let provider = NSItemProvider(item: "words" as NSString, typeIdentifier: "public.plain-text")
    let error = await #expect(throws: NSError.self) {
      _ = try await provider.loadItem(forTypeIdentifier: "public.jpeg")
    }
    #expect(error?.domain == NSItemProviderErrorDomain)
    #expect(error?.code == -1000)
    #expect(error?.localizedDescription == "Cannot load representation of type public.jpeg")
  }

  @Test("A failing source throws item-unavailable with its error underneath")
  func failingSource() async {
    struct Unreadable: Error {}
    let provider = NSItemProvider()
    provider.registerItem(forTypeIdentifier: "public.url") { completion, _, _ in
      completion?(nil, Unreadable())
    }
    let error = await #expect(throws: NSError.self) {
      _ = try await provider.loadItem(forTypeIdentifier: "public.url")
    }
    #expect(error?.domain == NSItemProviderErrorDomain)
    #expect(error?.code == -1000)
    let underlying = error?.userInfo[NSUnderlyingErrorKey] as? NSError
    #expect(underlying?.domain.hasSuffix(".Unreadable") == true, "the source's error, underneath")
  }

  @Test("Completing with await ends the request")
  func complete() async throws {
    let context = NSExtensionContext(inputItems: [NSExtensionItem()])
    let expired = await context.completeRequest(returningItems: [])
    #expect(!expired)
    guard case .completed(let returned)? = context.requestOutcome else {
      Issue.record(
        "the request did not end as completed: \(String(describing: context.requestOutcome))")
      return
    }
    #expect(returned.isEmpty)
  }
}
