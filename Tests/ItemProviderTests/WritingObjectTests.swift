import Foundation
import ItemProvider
import Synchronization
import TestSupport
import Testing

/// A type of this test's own that writes two representations, one of them kept to its process.
struct Note: NSItemProviderWriting {
  var text: String

  static let privateType = "com.example.note"

  static var writableTypeIdentifiersForItemProvider: [String] {
    [privateType, "public.utf8-plain-text"]
  }

  static func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
    -> NSItemProviderRepresentationVisibility
  {
    typeIdentifier == privateType ? .ownProcess : .all
  }

  func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler:
      @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    let body = typeIdentifier == Self.privateType ? "{\"text\":\"\(text)\"}" : text
    completionHandler(Data(body.utf8), nil)
    return nil
  }
}

@Suite("NSItemProviderWriting: objects registered now or produced on demand", .onIOExecutor)
struct WritingObjectTests {
  @Test("registerObject(ofClass:) asks for the object only when a load needs it, every load")
  func lazyObjectIsProducedPerLoad() async throws {
    let provider = NSItemProvider()
    let calls = Mutex(0)
    provider.registerObject(ofClass: URL.self, visibility: .all) { completion in
      calls.withLock { $0 += 1 }
      completion(URL(string: "https://example.com/lazy"), nil)
      return nil
    }
    #expect(provider.registeredTypeIdentifiers == ["public.url"])
    #expect(calls.withLock { $0 } == 0)

    let (item, error) = await Loads.item(provider, "public.url") { ($0 as? NSURL)?.absoluteString }
    #expect(error == nil)
    #expect(item == "https://example.com/lazy")
    let object = await withCheckedContinuation { continuation in
      _ = provider.loadObject(ofClass: URL.self) { url, _ in continuation.resume(returning: url) }
    }
    #expect(object?.absoluteString == "https://example.com/lazy")
    let (data, _) = await Loads.data(provider, "public.url")
    #expect(data?.starts(with: Array("bplist".utf8)) == true)
    #expect(calls.withLock { $0 } == 3)
  }

  @Test("A lazily produced object writes only its own types; other classes and failures fail")
  func lazyObjectFailures() async throws {
    let png = try Corpus.bytes("screenshot.png")
    let images = NSItemProvider()
    images.registerObject(ofClass: ItemProviderImage.self, visibility: .all) { completion in
      completion(ItemProviderImage(data: png), nil)
      return nil
    }
    #expect(images.registeredTypeIdentifiers == ["public.png", "public.jpeg", "public.heic"])
    let (bytes, _) = await Loads.data(images, "public.png")
    #expect(bytes == png)
    let (_, notJPEG) = await Loads.data(images, "public.jpeg")
    #expect(notJPEG?.code == -1000)

    let wrong = NSItemProvider()
    wrong.registerObject(ofClass: ItemProviderImage.self, visibility: .all) { completion in
      completion("not an image", nil)
      return nil
    }
    let (_, error) = await Loads.data(wrong, "public.png")
    #expect(error?.code == -1000)
    #expect(error?.underlying?.localizedDescription.contains("registerObject(ofClass:)") == true)

    let failing = NSItemProvider()
    failing.registerObject(ofClass: String.self, visibility: .all) { completion in
      completion(nil, NSError(domain: "com.example.source", code: 4))
      return nil
    }
    let (_, failure) = await Loads.item(failing, "public.utf8-plain-text") { $0 as? String }
    #expect(failure?.code == -1000)
    #expect(failure?.underlying?.domain == "com.example.source")
  }

  @Test("An object's own visibility narrows the one it is registered with")
  func perTypeVisibility() {
    let provider = NSItemProvider(object: Note(text: "hi"))
    #expect(provider.registeredTypeIdentifiers == [Note.privateType, "public.utf8-plain-text"])
    #expect(provider.visibility(forTypeIdentifier: Note.privateType) == .ownProcess)
    #expect(provider.visibility(forTypeIdentifier: "public.utf8-plain-text") == .all)
    let team = NSItemProvider()
    team.registerObject(Note(text: "hi"), visibility: .team)
    #expect(team.visibility(forTypeIdentifier: Note.privateType) == .ownProcess)
    #expect(team.visibility(forTypeIdentifier: "public.utf8-plain-text") == .team)
    let lazy = NSItemProvider()
    lazy.registerObject(ofClass: Note.self, visibility: .all) { completion in
      completion(Note(text: "later"), nil)
      return nil
    }
    #expect(lazy.visibility(forTypeIdentifier: Note.privateType) == .ownProcess)
  }

  @Test("NSURL writes as URL does, so NSItemProvider(object: url as NSURL) works")
  func nsurlWrites() async throws {
    let url = try #require(URL(string: "https://example.com/a"))
    let provider = NSItemProvider(object: url as NSURL)
    #expect(provider.registeredTypeIdentifiers == ["public.url"])
    let (item, _) = await Loads.item(provider, "public.url") { ($0 as? NSURL)?.absoluteString }
    #expect(item == "https://example.com/a")
    let file = NSItemProvider(object: NSURL(fileURLWithPath: "/tmp/a.txt"))
    #expect(file.registeredTypeIdentifiers == ["public.file-url", "public.url"])
  }
}
