import Foundation
import TestSupport
import Testing

#if os(Linux)
  import ItemProvider
#endif

/// Runs `DocumentSaver.swift` (security-scoped access around a file URL) against every
/// source-app profile.
@Suite("Portability: security-scoped access answers as on a device")
struct DocumentSaverPortabilityTests {
  @Test(
    "A file URL from Files or Notes is security-scoped; nothing else is",
    arguments: PortabilityTests.profileNames)
  func savesProfile(_ name: String) async throws {
    let work = try TemporaryDirectory(prefix: "DocumentSaverTests")
    defer { work.remove() }
    let context = NSExtensionContext(
      inputItems: try PortabilityTests.extensionItems(name, work: work.url))
    let saved: [SavedDocument] = await withCheckedContinuation { continuation in
      DocumentSaver().save(context) { continuation.resume(returning: $0) }
    }
    let outcome = try #require(await context.waitForRequestToEnd(), "\(name): never ended")
    let pdf = try Data(
      contentsOf: PortabilityTests.corpus.appendingPathComponent("files/document.pdf"))
    switch name {
    case "files-pdf", "notes-scanned-pdf":
      // Both hand over the document's own file URL, which a device scopes.
      #expect(outcome.isCompleted)
      let document = try #require(saved.first)
      #expect(saved.count == 1)
      #expect(document.name == "document.pdf")
      #expect(document.bytes == pdf)
      #expect(document.wasSecurityScoped, "\(name)")
      // The code relinquished what it started.
      #expect(document.sourceURL.unbalancedSecurityScopedAccessCount == 0)
    default:
      #expect(!outcome.isCompleted, "\(name): \(outcome)")
      #expect(saved.isEmpty, "\(name)")
    }
  }

  @Test("The copy of a file load is not security-scoped; neither is a URL the code made")
  func copiesAreNotScoped() async throws {
    let provider = try #require(
      NSItemProvider(
        contentsOf: PortabilityTests.corpus.appendingPathComponent("files/document.pdf")))
    let scoped: Bool? = await withCheckedContinuation { continuation in
      _ = provider.loadFileRepresentation(forTypeIdentifier: "com.adobe.pdf") { url, _ in
        continuation.resume(returning: url?.startAccessingSecurityScopedResource())
      }
    }
    #expect(scoped == false)
    let made = URL(fileURLWithPath: "/tmp/made-by-the-extension.pdf")
    #expect(!made.startAccessingSecurityScopedResource())
    #expect(made.unbalancedSecurityScopedAccessCount == nil)
    let web = try #require(URL(string: "https://example.com/"))
    #expect(!web.startAccessingSecurityScopedResource())
  }

  @Test("A file opened in place is security-scoped, and access is counted until stopped")
  func inPlaceIsScoped() async throws {
    let work = try TemporaryDirectory(prefix: "DocumentSaverTests")
    defer { work.remove() }
    let file = try work.file("Notes.pdf", contents: Data("%PDF-1.7\n".utf8))
    let provider = NSItemProvider()
    provider.registerFileRepresentation(
      forTypeIdentifier: "com.adobe.pdf", fileOptions: [.openInPlace], visibility: .all
    ) { completion in
      completion(file, true, nil)
      return nil
    }
    let (url, inPlace): (URL?, Bool) = await withCheckedContinuation { continuation in
      _ = provider.loadInPlaceFileRepresentation(forTypeIdentifier: "com.adobe.pdf") {
        url, inPlace, _ in
        continuation.resume(returning: (url, inPlace))
      }
    }
    #expect(inPlace)
    let opened = try #require(url)
    #expect(opened.startAccessingSecurityScopedResource())
    #expect(opened.startAccessingSecurityScopedResource())
    #expect(opened.unbalancedSecurityScopedAccessCount == 2)
    opened.stopAccessingSecurityScopedResource()
    opened.stopAccessingSecurityScopedResource()
    opened.stopAccessingSecurityScopedResource()
    #expect(opened.unbalancedSecurityScopedAccessCount == 0)
  }
}
