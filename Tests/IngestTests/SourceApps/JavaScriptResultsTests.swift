import Foundation
import Ingest
import ItemProvider
import TestSupport
import Testing

@Suite("JavaScript preprocessing results: whatever the extension's script returns", .onIOExecutor)
struct JavaScriptResultsTests {
  static func results(_ json: String) throws -> JavaScriptPreprocessingResults {
    try JavaScriptPreprocessingResults(json: Data(json.utf8))
  }

  /// What the profile's property-list attachment hands an extension under the results key.
  static func delivered(_ items: [NSExtensionItem]) async throws -> [String: Any]? {
    let provider = try #require(items.first?.attachments?.first)
    let item = try await provider.loadItem(forTypeIdentifier: "com.apple.property-list")
    let dictionary = try #require(item as? [String: Any])
    return dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as? [String: Any]
  }

  @Test("The script's own keys reach the extension in place of the profile's example")
  func replacesTheExample() async throws {
    let work = try TemporaryDirectory(prefix: "JavaScriptResultsTests")
    defer { work.remove() }
    let profile = try #require(try SourceProfile.shipped(named: "safari-page-javascript"))
    let share = try LocalShare(
      profile: profile, files: [],
      javaScriptResults: try Self.results(
        #"""
        {"url": "https://example.com/b", "pageTitle": "B", "wordCount": 1200, "tags": ["a", true]}
        """#
      ),
      corpus: ProjectPaths.corpus, workDirectory: work.url)
    let results = try #require(try await Self.delivered(share.items))
    #expect(results["url"] as? String == "https://example.com/b")
    #expect(results["pageTitle"] as? String == "B")
    #expect(results["wordCount"] as? Int == 1200)
    #expect((results["tags"] as? [Any])?.count == 2)
    #expect(results["URL"] == nil, "the profile's example keys are gone")
    // Without results, the profile's example is what arrives.
    let plain = try LocalShare(
      profile: profile, files: [], corpus: ProjectPaths.corpus, workDirectory: work.url)
    #expect(
      try await Self.delivered(plain.items)?["URL"] as? String == "https://example.com/article")
  }

  @Test("Results that cannot cross as a property list, or a profile without them, say so")
  func refusals() throws {
    #expect(throws: JavaScriptResultsError.null(at: "results.author.name")) {
      try Self.results(#"{"title": "x", "author": {"name": null}}"#)
    }
    #expect(throws: JavaScriptResultsError.null(at: "results.tags[1]")) {
      try Self.results(#"{"tags": ["a", null]}"#)
    }
    #expect(throws: (any Error).self) { try Self.results("{not json") }
    var page = try #require(try SourceProfile.shipped(named: "safari-page"))
    #expect(throws: JavaScriptResultsError.noPreprocessingResult(profile: "safari-page")) {
      try page.replaceJavaScriptResults(with: try Self.results(#"{"a": 1}"#))
    }
  }

  @Test("Results decode from and encode to their JSON value, refusing null")
  func coding() throws {
    let results = try Self.results(#"{"a": [1, "b"]}"#)
    let data = try JSONEncoder().encode(results)
    #expect(try JSONDecoder().decode(JavaScriptPreprocessingResults.self, from: data) == results)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(JavaScriptPreprocessingResults.self, from: Data("null".utf8))
    }
  }
}
