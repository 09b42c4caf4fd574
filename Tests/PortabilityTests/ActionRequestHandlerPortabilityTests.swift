import Foundation
import TestSupport
import Testing

#if os(Linux)
  import ItemProvider
#endif

/// Runs the action extension of `ActionRequestHandler.swift` as the system does: an instance of
/// the principal class, `beginRequest(with:)` with the request's context, against every
/// source-app profile.
@Suite("Portability: an action extension's principal class handles its request")
struct ActionRequestHandlerPortabilityTests {
  /// What Safari would pass to the script's `finalize`, for the profiles that carry a
  /// JavaScript preprocessing result; every other profile ends with no items.
  static let finalizeArguments: [String: [String: String]] = [
    "safari-page-javascript": [
      "savedURL": "https://example.com/article", "savedTitle": "Example Article",
    ]
  ]

  @Test(
    "beginRequest(with:) ends each request as on a device", arguments: PortabilityTests.profileNames
  )
  func handlesRequest(_ name: String) async throws {
    let work = try TemporaryDirectory(prefix: "ActionRequestTests")
    defer { work.remove() }
    let context = NSExtensionContext(
      inputItems: try PortabilityTests.extensionItems(name, work: work.url))
    let handler: any NSExtensionRequestHandling = ActionRequestHandler()
    handler.beginRequest(with: context)
    let outcome = try #require(await context.waitForRequestToEnd(), "\(name): never ended")
    guard case .completed(let returned) = outcome else {
      Issue.record("\(name): \(outcome)")
      return
    }
    guard let expected = Self.finalizeArguments[name] else {
      #expect(returned.isEmpty, "\(name)")
      return
    }
    // What Safari reads back: the property list under the finalize key.
    let provider = try #require(returned.first?.attachments?.first)
    #expect(provider.registeredTypeIdentifiers == ["com.apple.property-list"])
    let item = try await provider.loadItem(forTypeIdentifier: "com.apple.property-list")
    let dictionary = try #require(item as? [String: Any])
    let arguments = try #require(
      dictionary[NSExtensionJavaScriptFinalizeArgumentKey] as? [String: Any])
    #expect(arguments["saved"] as? Bool == true)
    for (key, value) in expected {
      #expect(arguments[key] as? String == value, "\(name): \(key)")
    }
  }
}
