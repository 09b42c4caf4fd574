import Testing

@testable import UTI

@Suite("Tag lookups")
struct TagLookupTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var tag: String
    var tagClass: UTTagClass
    var expected: String
    var testDescription: String {
      "\(tagClass == .mimeType ? "MIME" : "ext") \(tag) -> \(expected)"
    }
  }

  /// What a real Mac answers, plus case and parameter variants.
  static let cases: [Case] = [
    Case(tag: "mp4", tagClass: .filenameExtension, expected: "public.mpeg-4"),
    Case(tag: "xml", tagClass: .filenameExtension, expected: "public.xml"),
    Case(tag: "jpg", tagClass: .filenameExtension, expected: "public.jpeg"),
    Case(tag: "JPG", tagClass: .filenameExtension, expected: "public.jpeg"),
    Case(tag: "yaml", tagClass: .filenameExtension, expected: "public.yaml"),
    Case(tag: "heic", tagClass: .filenameExtension, expected: "public.heic"),
    Case(tag: "HEIC", tagClass: .filenameExtension, expected: "public.heic"),
    Case(tag: "m4a", tagClass: .filenameExtension, expected: "com.apple.m4a-audio"),
    Case(tag: "plist", tagClass: .filenameExtension, expected: "com.apple.property-list"),
    Case(tag: "pdf", tagClass: .filenameExtension, expected: "com.adobe.pdf"),
    Case(tag: "txt", tagClass: .filenameExtension, expected: "public.plain-text"),
    Case(tag: "image/heic", tagClass: .mimeType, expected: "public.heic"),
    Case(tag: "IMAGE/JPEG", tagClass: .mimeType, expected: "public.jpeg"),
    Case(tag: "text/plain; charset=utf-8", tagClass: .mimeType, expected: "public.plain-text"),
    Case(tag: " application/pdf ", tagClass: .mimeType, expected: "com.adobe.pdf"),
    Case(tag: "video/quicktime", tagClass: .mimeType, expected: "com.apple.quicktime-movie"),
    Case(tag: "audio/x-m4a", tagClass: .mimeType, expected: "com.apple.m4a-audio"),
  ]

  @Test("The preferred type for a tag", arguments: cases)
  func preferred(_ testCase: Case) throws {
    let type = try #require(
      UTType(tag: testCase.tag, tagClass: testCase.tagClass, conformingTo: .data))
    #expect(type.identifier == testCase.expected)
  }

  @Test("The extension and MIME initializers match the tag initializer")
  func conveniences() {
    #expect(UTType(filenameExtension: "heic") == .heic)
    #expect(UTType(mimeType: "image/png") == .png)
  }

  @Test("conformingTo filters the candidates")
  func filters() throws {
    // "mp4" is both public.mpeg-4 (a movie) and public.mpeg-4-audio.
    let audio = try #require(UTType(filenameExtension: "mp4", conformingTo: .audio))
    #expect(audio.identifier == "public.mpeg-4-audio")
    // "app" names a bundle (a directory) and an application file (data).
    let bundle = try #require(UTType(filenameExtension: "app", conformingTo: .directory))
    #expect(bundle.identifier == "com.apple.application-bundle")
    let file = try #require(UTType(filenameExtension: "app"))
    #expect(file.conforms(to: .data))
  }

  @Test("types(tag:) lists every candidate in order")
  func allCandidates() {
    let all = UTType.types(tag: "plist", tagClass: .filenameExtension, conformingTo: nil)
    #expect(
      all.map(\.identifier) == [
        "com.apple.property-list", "com.apple.xml-property-list",
        "com.apple.binary-property-list", "com.apple.ascii-property-list",
      ])
    let movies = UTType.types(tag: "mp4", tagClass: .filenameExtension, conformingTo: .movie)
    #expect(movies.map(\.identifier) == ["public.mpeg-4"])
  }

  @Test("public types come before the others")
  func publicFirst() {
    let xml = UTType.types(tag: "xml", tagClass: .filenameExtension, conformingTo: nil)
    #expect(xml.first?.identifier == "public.xml")
    #expect(xml.map(\.identifier).contains("com.microsoft.word.wordml"))
  }

  @Test("Unknown tags give dynamic types")
  func dynamic() throws {
    let type = try #require(UTType(filenameExtension: "jfif"))
    #expect(type.identifier == "dyn.ah62d4rv4ge80y3xmq2")
    #expect(type.isDynamic)
    #expect(type.conforms(to: .data))
    #expect(type.conforms(to: .item))
    #expect(!type.conforms(to: .content))
    #expect(type.preferredFilenameExtension == "jfif")
    let mime = try #require(UTType(mimeType: "application/x-foo"))
    #expect(mime.identifier == "dyn.ah62d4rv4gq80c6durvy0g2pyrf106p52fzxg852")
    #expect(mime.preferredMIMEType == "application/x-foo")
    let listed = UTType.types(tag: "jfif", tagClass: .filenameExtension, conformingTo: .data)
    #expect(listed.map(\.identifier) == ["dyn.ah62d4rv4ge80y3xmq2"])
  }

  @Test("Empty tags give nil")
  func empty() {
    #expect(UTType(filenameExtension: "") == nil)
    #expect(UTType(mimeType: "") == nil)
  }

  @Test("A dynamic type conforms to the requested supertype")
  func dynamicSupertype() throws {
    let type = try #require(UTType(filenameExtension: "zzimg", conformingTo: .image))
    #expect(type.isDynamic)
    #expect(type.conforms(to: .image))
    #expect(
      type.supertypes.map(\.identifier) == [
        "public.image", "public.data", "public.item", "public.content",
      ])
  }
}
