import Foundation
import TestSupport
import Testing

@testable import Ingest

/// A JavaScript preprocessing result read as the page the script described.
@Suite("JavaScript preprocessing results read as a page: URL, title, selection", .onIOExecutor)
struct JavaScriptPageTests {
  static func propertyList(_ results: [String: Any]) throws -> Data {
    try PropertyListSerialization.data(
      fromPropertyList: ["NSExtensionJavaScriptPreprocessingResultsKey": results],
      format: .binary, options: 0)
  }

  @Test("URL, title and selection are read; an empty selection is none")
  func page() throws {
    let page = try #require(
      JavaScriptPage(
        propertyList: Self.propertyList([
          "URL": "https://example.com/article", "title": "Example Article", "selection": "",
        ]), contract: .default))
    #expect(page == JavaScriptPage(url: "https://example.com/article", title: "Example Article"))
    let selected = try #require(
      JavaScriptPage(
        propertyList: Self.propertyList(["href": "https://e.com/", "selectedText": "words"]),
        contract: .default))
    #expect(selected.selection == "words")
    #expect(selected.title == nil)
  }

  @Test("No URL, a URL the contract does not take, or no results: not a page")
  func notAPage() throws {
    #expect(
      JavaScriptPage(propertyList: try Self.propertyList(["title": "x"]), contract: .default) == nil
    )
    #expect(
      JavaScriptPage(
        propertyList: try Self.propertyList(["URL": "javascript:alert(1)"]), contract: .default)
        == nil)
    let other = try PropertyListSerialization.data(
      fromPropertyList: ["a": 1], format: .binary, options: 0)
    #expect(JavaScriptPage(propertyList: other, contract: .default) == nil)
    #expect(JavaScriptPage(propertyList: Data("not a plist".utf8), contract: .default) == nil)
  }
}
