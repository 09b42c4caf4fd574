import Foundation
import Ingest
import ItemProvider
import TestSupport
import Testing
import UTI

/// A Web Share Target form wrapped as the "web share" source: the browser's declared types
/// first where the content agrees, then the content's own.
@Suite("Web share: a browser's form as an extension item", .onIOExecutor)
struct WebShareTests {
  static func file(_ name: String) -> URL {
    ProjectPaths.corpus.appendingPathComponent("files/" + name)
  }

  @Test(
    "Each file registers the declared type when the content agrees, then its own",
    arguments: [
      ("photo.heic", "image/heic", ["public.heic"]),
      ("photo.heic", "image/*", ["public.heic"]),
      ("photo.jpg", "image/jpeg; charset=binary", ["public.jpeg"]),
      ("screenshot.png", "image/jpeg", ["public.png"]),
      ("screenshot.png", "application/octet-stream", ["public.png"]),
      ("screenshot.png", "application/x-made-up-by-a-client", ["public.png"]),
      ("screenshot.png", nil, ["public.png"]),
      (
        "document.docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ["org.openxmlformats.wordprocessingml.document"]
      ),
      ("photo.heic", "image/heif", ["public.heic"]),
    ] as [(String, String?, [String])])
  func registersDeclaredThenContent(name: String, declared: String?, expected: [String])
    throws
  {
    let share = try LocalShare(
      webShareFiles: [.init(url: Self.file(name), declaredMIMEType: declared)])
    let provider = try #require(share.items.first?.attachments?.first)
    #expect(provider.registeredTypeIdentifiers == expected)
    #expect(share.source == "web-share")
  }

  @Test("Content nothing recognizes is offered as the declared type first, then as data")
  func unknownContentTakesTheDeclaredType() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.file(
      "bytes", contents: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }))
    let share = try LocalShare(webShareFiles: [.init(url: file, declaredMIMEType: "image/heic")])
    let provider = try #require(share.items.first?.attachments?.first)
    #expect(provider.registeredTypeIdentifiers == ["public.heic", "public.data"])
  }

  @Test("The title is the item's title; the url and the text follow the files")
  func titleTextAndURL() throws {
    let share = try LocalShare(
      webShareFiles: [.init(url: Self.file("photo.heic"), declaredMIMEType: "image/heic")],
      title: "A title", text: "Saturday?", url: URL(string: "https://example.com/"))
    let item = try #require(share.items.first)
    #expect(share.items.count == 1)
    #expect(item.attributedTitle?.string == "A title")
    let types = (item.attachments ?? []).map(\.registeredTypeIdentifiers)
    #expect(
      types == [["public.heic"], ["public.url", "public.plain-text"], ["public.plain-text"]])
  }
}
