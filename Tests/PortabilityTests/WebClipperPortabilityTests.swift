import Foundation
import TestSupport
import Testing

#if os(Linux)
  import ItemProvider
#endif

/// Runs `WebClipper.swift` (objects loaded by class: bridged, the app's own, Foundation's)
/// against every source-app profile.
@Suite("Portability: objects loaded by class, the app's own class included")
struct WebClipperPortabilityTests {
  /// What each profile must yield; a profile not listed yields nothing (photos, a screenshot)
  /// and the request is cancelled.
  static let clippings: [String: Clipping] = [
    "safari-page": Clipping(links: ["https://example.com/article"]),
    "safari-page-javascript": Clipping(links: ["https://example.com/article"]),
    "firefox-page": Clipping(links: ["https://example.com/article"], notes: ["Example Article"]),
    "safari-two-items": Clipping(
      links: ["https://example.com/article"], notes: ["Example Article"]),
  ]

  /// Profiles whose only link is a file URL (the document itself).
  static let fileLinks: [String: String] = [
    "files-pdf": "/files/document.pdf", "notes-scanned-pdf": "/files/document.pdf",
  ]

  @Test("The clipper keeps what a device would keep", arguments: PortabilityTests.profileNames)
  func clipsProfile(_ name: String) async throws {
    let work = try TemporaryDirectory(prefix: "WebClipperTests")
    defer { work.remove() }
    let context = NSExtensionContext(
      inputItems: try PortabilityTests.extensionItems(name, work: work.url))
    let clipping: Clipping = await withCheckedContinuation { continuation in
      WebClipper().clip(context) { continuation.resume(returning: $0) }
    }
    let outcome = try #require(await context.waitForRequestToEnd(), "\(name): never ended")
    if let suffix = Self.fileLinks[name] {
      #expect(clipping.links.count == 1, "\(name)")
      #expect(clipping.links.first?.hasPrefix("file://") == true, "\(name)")
      #expect(clipping.links.first?.hasSuffix(suffix) == true, "\(name): \(clipping.links)")
      #expect(outcome.isCompleted)
      return
    }
    let expected = Self.clippings[name] ?? Clipping()
    #expect(clipping == expected, "\(name)")
    #expect(outcome.isCompleted == (expected != Clipping()), "\(name): \(outcome)")
  }

  @Test("NSURL and NSString read what they wrote; a subclass or junk is refused")
  func foundationClassesRead() throws {
    let url = try NSURL.object(
      withItemProviderData: Data("https://example.com/a".utf8), typeIdentifier: "public.url")
    #expect(url.absoluteString == "https://example.com/a")
    let text = try NSString.object(
      withItemProviderData: Data("words".utf8), typeIdentifier: "public.plain-text")
    #expect(text as String == "words")
    #expect(throws: (any Error).self) {
      try NSURL.object(withItemProviderData: Data("not a url".utf8), typeIdentifier: "public.url")
    }
    #expect(throws: (any Error).self) {
      try NSString.object(withItemProviderData: Data([0xFF, 0xFF, 0xC0]), typeIdentifier: "x")
    }
  }
}
