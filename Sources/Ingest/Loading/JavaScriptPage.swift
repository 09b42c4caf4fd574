import Foundation
import PropertyLists
import UTI

/// A web page as a share extension's JavaScript preprocessing file returned it: what Safari
/// hands over under `NSExtensionJavaScriptPreprocessingResultsKey` in a property list, read for
/// the page's URL, title and selected text instead of being kept as an opaque file.
///
/// The script's keys are the app's own; the URL is the first of `URL`, `url`, `href`,
/// `baseURI` and `documentURL` that the contract takes as a URL, the title is `title`, the
/// selection `selection` or `selectedText` (empty counts as none). A result without such a URL
/// is not a page, and is kept as the property list it is.
struct JavaScriptPage: Sendable, Equatable {
  /// The key Safari puts the script's result under.
  static let resultsKey = "NSExtensionJavaScriptPreprocessingResultsKey"
  static let urlKeys = ["URL", "url", "href", "baseURI", "documentURL"]
  static let selectionKeys = ["selection", "selectedText"]

  var url: String
  var title: String?
  var selection: String?

  /// A page.
  init(url: String, title: String? = nil, selection: String? = nil) {
    self.url = url
    self.title = title
    self.selection = selection
  }

  /// The page in `propertyList` (the bytes of the representation loaded), or nil when it holds
  /// no script result with a URL the contract takes. Texts over the contract's limit are
  /// left out rather than cut.
  init?(propertyList data: Data, contract: InputContract) {
    guard data.count <= 1 << 20,
      let root = try? PropertyListReader(limits: .infoPlist).propertyList(from: data)
        as? [String: Any],
      let results = root[Self.resultsKey] as? [String: Any]
    else { return nil }
    guard
      let url = Self.urlKeys.lazy.compactMap({ results[$0] as? String }).compactMap({ text in
        try? contract.check(url: text.trimmingCharacters(in: .whitespacesAndNewlines))
      }).first
    else { return nil }
    func text(_ keys: [String]) -> String? {
      guard let value = keys.lazy.compactMap({ results[$0] as? String }).first,
        !value.isEmpty, (try? contract.check(text: value)) != nil
      else { return nil }
      return value
    }
    self.url = url
    title = text(["title"])
    selection = text(Self.selectionKeys)
  }
}
