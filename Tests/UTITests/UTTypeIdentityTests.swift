import Foundation
import Testing

@testable import UTI

@Suite("UTType identity and properties")
struct UTTypeIdentityTests {
  @Test("Identifiers compare ignoring case")
  func caseInsensitive() throws {
    let lower = try #require(UTType("public.jpeg"))
    let upper = try #require(UTType("PUBLIC.JPEG"))
    #expect(lower == upper)
    #expect(lower.hashValue == upper.hashValue)
    #expect(upper.identifier == "public.jpeg", "declared spelling, not the query's")
    #expect(Set([lower, upper, .jpeg]).count == 1)
  }

  @Test("An undeclared identifier gives nil")
  func undeclared() {
    #expect(UTType("com.example.nothing-here") == nil)
    #expect(UTType("") == nil)
    #expect(UTType("dyn.not-base32!") == nil)
  }

  @Test("Undeclared types equal declared ones by identifier")
  func equality() {
    let adHoc = UTType(importedAs: "PUBLIC.PNG")
    #expect(adHoc == .png)
    #expect(adHoc.isDeclared)
    let unknown = UTType(exportedAs: "com.example.note", conformingTo: .plainText)
    #expect(!unknown.isDeclared)
    #expect(unknown == UTType(importedAs: "COM.EXAMPLE.NOTE"))
    #expect(unknown.hashValue == UTType(importedAs: "com.example.note").hashValue)
  }

  @Test("Every constant is declared")
  func constants() {
    let constants: [UTType] = [
      .item, .content, .compositeContent, .diskImage, .data, .directory, .resolvable,
      .symbolicLink, .executable, .mountPoint, .aliasFile, .urlBookmarkData, .url, .fileURL,
      .text, .plainText, .utf8PlainText, .utf16ExternalPlainText, .utf16PlainText,
      .delimitedText, .commaSeparatedText, .tabSeparatedText, .utf8TabSeparatedText, .rtf,
      .html, .xml, .yaml, .sourceCode, .swiftSource, .json, .propertyList, .pdf, .image,
      .jpeg, .tiff, .gif, .png, .rawImage, .svg, .livePhoto, .heif, .heic, .webP, .movie,
      .video, .audio, .quickTimeMovie, .mpeg4Movie, .mpeg4Audio, .mp3, .zip, .archive,
      .vCard, .folder, .package, .bundle, .application, .spreadsheet, .presentation,
      .contact, .message, .emailMessage, .epub,
    ]
    for constant in constants {
      #expect(constant.isDeclared, "\(constant.identifier) is not in the catalogue")
    }
  }

  @Test("The public, declared and dynamic flags")
  func flags() throws {
    #expect(UTType.jpeg.isPublic)
    #expect(!UTType.pdf.isPublic, "com.adobe.pdf is not in the public domain")
    #expect(UTType.pdf.isDeclared)
    #expect(!UTType.pdf.isDynamic)
    let dynamic = try #require(UTType(filenameExtension: "jfif-unknown-ext"))
    #expect(dynamic.isDynamic)
    #expect(!dynamic.isDeclared)
    #expect(!dynamic.isPublic)
  }

  @Test("The preferred tags are the first declared")
  func preferredTags() {
    #expect(UTType.jpeg.preferredFilenameExtension == "jpeg")
    #expect(UTType.jpeg.preferredMIMEType == "image/jpeg")
    #expect(UTType.jpeg.tags[.filenameExtension] == ["jpeg", "jpg", "jpe"])
    #expect(UTType.heic.preferredFilenameExtension == "heic")
    #expect(UTType.item.preferredFilenameExtension == nil)
    #expect(UTType.item.tags.isEmpty)
  }

  @Test("Codable round-trips the identifier")
  func codable() throws {
    let data = try JSONEncoder().encode([UTType.heic, UTType.pdf])
    #expect(String(decoding: data, as: UTF8.self) == #"["public.heic","com.adobe.pdf"]"#)
    let decoded = try JSONDecoder().decode([UTType].self, from: data)
    #expect(decoded == [.heic, .pdf])
    let unknown = try JSONDecoder().decode(UTType.self, from: Data(#""com.example.x""#.utf8))
    #expect(unknown.identifier == "com.example.x")
    #expect(!unknown.isDeclared)
  }

  @Test("The description is the identifier")
  func descriptionText() {
    #expect("\(UTType.png)" == "public.png")
  }
}
