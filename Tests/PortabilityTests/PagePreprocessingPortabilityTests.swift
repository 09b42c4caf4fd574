import Foundation
import Ingest
import TestSupport
import Testing

#if os(Linux)
  import ItemProvider
#endif

/// Runs `PagePreprocessingReader.swift` against Safari's page with the script results the
/// extension's own script would return, and with the profile's example, whose keys differ.
@Suite("Portability: JavaScript preprocessing results are whatever the script returns")
struct PagePreprocessingPortabilityTests {
  static func read(_ results: JavaScriptPreprocessingResults?) async throws -> PreprocessedPage? {
    let work = try TemporaryDirectory(prefix: "PagePreprocessingTests")
    defer { work.remove() }
    let profile = try #require(try SourceProfile.shipped(named: "safari-page-javascript"))
    let share = try LocalShare(
      profile: profile, files: [], javaScriptResults: results, corpus: PortabilityTests.corpus,
      workDirectory: work.url)
    let context = NSExtensionContext(inputItems: share.items)
    return await withCheckedContinuation { continuation in
      PagePreprocessingReader().read(context) { continuation.resume(returning: $0) }
    }
  }

  @Test("The extension reads its script's keys")
  func scriptKeys() async throws {
    let results = try JavaScriptPreprocessingResults(
      json: Data(
        #"""
        {"url": "https://example.com/long-read", "title": "A long read", "selection": "the quote"}
        """#
        .utf8))
    #expect(
      try await Self.read(results)
        == PreprocessedPage(
          url: "https://example.com/long-read", title: "A long read", excerpt: "the quote"))
  }

  @Test("Another script's keys (the profile's example: URL, not url) give this code nothing")
  func otherKeys() async throws {
    #expect(try await Self.read(nil) == nil)
  }
}
