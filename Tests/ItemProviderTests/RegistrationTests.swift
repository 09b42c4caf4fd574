import Foundation
import ItemProvider
import TestSupport
import Testing
import UTI

@Suite("NSItemProvider registration and queries", .onIOExecutor)
struct RegistrationTests {
  private func dataHandler(_ bytes: Data = Data([1]))
    -> @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
  {
    { completion in
      completion(bytes, nil)
      return nil
    }
  }

  @Test("Registration order is fidelity order, and duplicates are ignored")
  func order() async {
    let provider = NSItemProvider()
    provider.registerDataRepresentation(
      forTypeIdentifier: "public.heic", visibility: .all, loadHandler: dataHandler(Data([1])))
    provider.registerDataRepresentation(
      forTypeIdentifier: "public.jpeg", visibility: .ownProcess, loadHandler: dataHandler())
    provider.registerDataRepresentation(
      forTypeIdentifier: "public.heic", visibility: .all, loadHandler: dataHandler(Data([2])))
    #expect(provider.registeredTypeIdentifiers == ["public.heic", "public.jpeg"])
    #expect(provider.visibility(forTypeIdentifier: "public.jpeg") == .ownProcess)
    // The first registration of public.heic is the one that loads.
    let (data, error) = await Loads.data(provider, "public.heic")
    #expect(error == nil)
    #expect(data == Data([1]))
  }

  struct ConformanceCase: CustomTestStringConvertible, Sendable {
    var registered: [String]
    var asked: String
    var expected: Bool
    var testDescription: String { "\(registered) has \(asked): \(expected)" }
  }

  @Test(
    "hasItemConformingToTypeIdentifier uses conformance",
    arguments: [
      ConformanceCase(registered: ["public.jpeg"], asked: "public.image", expected: true),
      ConformanceCase(registered: ["public.jpeg"], asked: "public.data", expected: true),
      ConformanceCase(registered: ["public.jpeg"], asked: "public.jpeg", expected: true),
      ConformanceCase(registered: ["public.jpeg"], asked: "PUBLIC.JPEG", expected: true),
      ConformanceCase(registered: ["public.jpeg"], asked: "public.movie", expected: false),
      ConformanceCase(registered: ["public.image"], asked: "public.jpeg", expected: false),
      ConformanceCase(registered: ["public.heic"], asked: "public.heif-standard", expected: true),
      ConformanceCase(registered: ["public.file-url"], asked: "public.url", expected: true),
      ConformanceCase(registered: ["public.url"], asked: "public.file-url", expected: false),
      ConformanceCase(
        registered: ["com.example.undeclared"], asked: "public.data", expected: false),
      ConformanceCase(
        registered: ["com.example.undeclared"], asked: "com.example.undeclared", expected: true),
    ])
  func conformance(_ test: ConformanceCase) {
    let provider = NSItemProvider()
    for type in test.registered {
      provider.registerDataRepresentation(
        forTypeIdentifier: type, visibility: .all, loadHandler: dataHandler())
    }
    #expect(provider.hasItemConformingToTypeIdentifier(test.asked) == test.expected)
    #expect(provider.hasRepresentationConforming(toTypeIdentifier: test.asked) == test.expected)
  }

  @Test("File options filter open-in-place representations")
  func openInPlace() {
    let provider = NSItemProvider()
    provider.registerFileRepresentation(
      forTypeIdentifier: "com.adobe.pdf", fileOptions: [.openInPlace], visibility: .all
    ) { _ in nil }
    provider.registerFileRepresentation(
      forTypeIdentifier: "public.jpeg", fileOptions: [], visibility: .all
    ) { _ in nil }
    provider.registerDataRepresentation(
      forTypeIdentifier: "public.png", visibility: .all, loadHandler: dataHandler())
    #expect(provider.registeredTypeIdentifiers(fileOptions: []).count == 3)
    #expect(provider.registeredTypeIdentifiers(fileOptions: [.openInPlace]) == ["com.adobe.pdf"])
    #expect(
      provider.hasRepresentationConforming(
        toTypeIdentifier: "public.data", fileOptions: [.openInPlace]))
    #expect(
      !provider.hasRepresentationConforming(
        toTypeIdentifier: "public.image", fileOptions: [.openInPlace]))
    #expect(provider.registeredContentTypesForOpenInPlace.map(\.identifier) == ["com.adobe.pdf"])
    #expect(
      provider.registeredContentTypes(conformingTo: .image).map(\.identifier)
        == ["public.jpeg", "public.png"])
  }

  struct ContentsOfCase: CustomTestStringConvertible, Sendable {
    var fileName: String
    var expectedType: String
    var testDescription: String { "\(fileName) -> \(expectedType)" }
  }

  @Test(
    "contentsOf: types a file by its extension",
    arguments: [
      ContentsOfCase(fileName: "IMG_0001.JPG", expectedType: "public.jpeg"),
      ContentsOfCase(fileName: "Report.pdf", expectedType: "com.adobe.pdf"),
      ContentsOfCase(fileName: "clip.mov", expectedType: "com.apple.quicktime-movie"),
      ContentsOfCase(fileName: "notes.unknownextension", expectedType: "public.data"),
      ContentsOfCase(fileName: "no-extension", expectedType: "public.data"),
    ])
  func contentsOf(_ test: ContentsOfCase) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.file(test.fileName, contents: Data("x".utf8))
    let provider = try #require(NSItemProvider(contentsOf: file))
    #expect(provider.registeredTypeIdentifiers == [test.expectedType])
    #expect(provider.suggestedName == test.fileName)
  }

  @Test("contentsOf: a missing file is nil")
  func contentsOfMissing() {
    #expect(NSItemProvider(contentsOf: URL(fileURLWithPath: "/nonexistent/\(UUID()).jpg")) == nil)
    #expect(NSItemProvider(contentsOf: URL(string: "https://example.com/a.jpg")) == nil)
    #expect(NSItemProvider(contentsOf: nil) == nil)
  }

  @Test("A copy keeps the representations and the name")
  func copy() async throws {
    let provider = NSItemProvider(item: "hello" as NSString, typeIdentifier: "public.plain-text")
    provider.suggestedName = "Greeting"
    let copy = try #require(provider.copy() as? NSItemProvider)
    #expect(copy !== provider)
    #expect(copy.registeredTypeIdentifiers == ["public.plain-text"])
    #expect(copy.suggestedName == "Greeting")
    let (text, error) = await Loads.item(copy, "public.plain-text") { ($0 as? NSString) as String? }
    #expect(error == nil)
    #expect(text == "hello")
  }
}
