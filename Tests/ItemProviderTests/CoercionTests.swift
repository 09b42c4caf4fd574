import Foundation
import ItemProvider
import TestSupport
import Testing

@Suite("loadItem coercions and loadObject", .onIOExecutor)
struct CoercionTests {
  @Test("Swift callers get the item as the source holds it")
  func asHeld() async throws {
    let provider = NSItemProvider()
    provider.registerJPEGBytesAndCorpusPDF()
    let (data, dataError) = await Loads.item(provider, "public.jpeg") { ($0 as? NSData) as Data? }
    #expect(dataError == nil)
    #expect(data == Data([0xFF, 0xD8, 0xFF]))
    // A file representation comes as the source's file URL.
    let (path, fileError) = await Loads.item(provider, "com.adobe.pdf") { ($0 as? NSURL)?.path }
    #expect(fileError == nil)
    #expect(path == Corpus.file("document.pdf").path)
  }

  @Test("A file URL is read when data is expected")
  func fileURLAsData() async throws {
    let provider = NSItemProvider(
      item: NSURL(fileURLWithPath: Corpus.file("document.pdf").path),
      typeIdentifier: "public.file-url")
    let (bytes, error) = await Loads.item(provider, "public.file-url", expecting: NSData.self) {
      ($0 as? NSData) as Data?
    }
    #expect(error == nil)
    #expect(bytes == (try Corpus.bytes("document.pdf")))
  }

  @Test("An in-memory image cannot be loaded as a URL")
  func imageAsURL() async throws {
    let image = try #require(ItemProviderImage(data: try Corpus.bytes("screenshot.png")))
    #expect(image.contentType == "public.png")
    let provider = NSItemProvider(item: image, typeIdentifier: "public.png")
    let (url, error) = await Loads.item(provider, "public.png", expecting: NSURL.self) {
      ($0 as? NSURL)?.absoluteString
    }
    #expect(url == nil)
    #expect(error?.domain == "NSItemProviderErrorDomain")
    #expect(error?.code == -1100)
    #expect(error?.localizedDescription == "Cannot load an object of class NSURL")
    // As data it gives its bytes, through both interfaces.
    let (bytes, dataError) = await Loads.item(provider, "public.png", expecting: NSData.self) {
      ($0 as? NSData) as Data?
    }
    #expect(dataError == nil)
    #expect(bytes == (try Corpus.bytes("screenshot.png")))
    let (_, file, fileError) = await Loads.file(provider, "public.png") { try Data(contentsOf: $0) }
    #expect(fileError == nil)
    #expect(file == (try Corpus.bytes("screenshot.png")))
  }

  @Test("Data becomes an image when an image is expected")
  func dataAsImage() async throws {
    let provider = NSItemProvider(
      item: try Corpus.bytes("photo.jpg") as NSData, typeIdentifier: "public.jpeg")
    let (type, error) = await Loads.item(
      provider, "public.jpeg", expecting: ItemProviderImage.self
    ) { ($0 as? ItemProviderImage)?.contentType }
    #expect(error == nil)
    #expect(type == "public.jpeg")
    let text = NSItemProvider(
      item: Data("not an image".utf8) as NSData, typeIdentifier: "public.data")
    let (none, textError) = await Loads.item(text, "public.data", expecting: ItemProviderImage.self)
    { ($0 as? ItemProviderImage)?.contentType }
    #expect(none == nil)
    #expect(textError?.code == -1100)
  }

  @Test("Items are fresh copies of what was given")
  func freshCopies() async throws {
    let original = NSMutableString(string: "before")
    let provider = NSItemProvider(item: original, typeIdentifier: "public.plain-text")
    original.setString("after")
    let (text, _) = await Loads.item(provider, "public.plain-text") { ($0 as? NSString) as String? }
    #expect(text == "before")

    let results: NSDictionary = ["title": "A page", "count": 3]
    let plist = NSItemProvider(
      item: [NSExtensionJavaScriptPreprocessingResultsKey: results] as NSDictionary,
      typeIdentifier: "com.apple.property-list")
    let (title, error) = await Loads.item(plist, "com.apple.property-list") { item in
      let dictionary = item as? NSDictionary
      let inner = dictionary?[NSExtensionJavaScriptPreprocessingResultsKey] as? [String: Any]
      return inner?["title"] as? String
    }
    #expect(error == nil)
    #expect(title == "A page")
  }

  @Test("An unsupported item class fails, naming it")
  func unsupportedClass() async {
    let provider = NSItemProvider(item: NSUUID(), typeIdentifier: "com.example.uuid")
    let (value, error) = await Loads.item(provider, "com.example.uuid") { $0.map { "\($0)" } }
    #expect(value == nil)
    #expect(error?.code == -1000)
    #expect(error?.underlying?.localizedDescription.contains("NSUUID") == true)
  }

  @Test("registerItem handlers see the expected class and options")
  func handlerArguments() async throws {
    let provider = NSItemProvider()
    provider.registerItem(forTypeIdentifier: "public.url") { completion, expected, options in
      let name = expected.map { String(describing: $0) } ?? "nil"
      let size = options?["size"] as? Int ?? -1
      completion?("\(name) \(size)" as NSString, nil)
    }
    let described = await withCheckedContinuation { continuation in
      provider.loadItem(
        forTypeIdentifier: "public.url", options: ["size": 64], expectedValueClass: NSString.self
      ) { item, _ in
        continuation.resume(returning: (item as? NSString) as String?)
      }
    }
    #expect(described == "NSString 64")
  }

  @Test("URL and string objects round-trip")
  func roundTrip() async throws {
    let page = try #require(URL(string: "https://example.com/article?id=7"))
    let provider = NSItemProvider(object: page)
    #expect(provider.registeredTypeIdentifiers == ["public.url"])
    #expect(provider.canLoadObject(ofClass: URL.self))
    #expect(!provider.canLoadObject(ofClass: String.self))
    let loaded = await withCheckedContinuation { continuation in
      provider.loadObject(ofClass: URL.self) { url, _ in continuation.resume(returning: url) }
    }
    #expect(loaded == page)
    // As data, a URL is a keyed archive (a binary property list), as on iOS.
    let (data, _) = await Loads.data(provider, "public.url")
    #expect(data?.starts(with: Array("bplist".utf8)) == true)

    let text = NSItemProvider(object: "Saturday at the park?")
    let string = await withCheckedContinuation { continuation in
      text.loadObject(ofClass: String.self) { value, _ in continuation.resume(returning: value) }
    }
    #expect(string == "Saturday at the park?")
  }

  @Test("Loading a class nothing coerces to fails with unavailable coercion")
  func noCoercion() async throws {
    let image = try #require(ItemProviderImage(data: try Corpus.bytes("screenshot.png")))
    let provider = NSItemProvider(object: image)
    #expect(!provider.canLoadObject(ofClass: URL.self))
    let error = await withCheckedContinuation { continuation in
      provider.loadObject(ofClass: URL.self) { _, error in
        continuation.resume(returning: error.map { $0 as NSError })
      }
    }
    #expect(error?.domain == "NSItemProviderErrorDomain")
    #expect(error?.code == -1200)
    #expect(error?.localizedDescription == "Could not coerce an item to class NSURL")
    #expect(provider.canLoadObject(ofClass: ItemProviderImage.self))
  }
}
