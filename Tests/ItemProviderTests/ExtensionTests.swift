import Foundation
import ItemProvider
import TestSupport
import Testing

@Suite("NSExtensionItem and NSExtensionContext", .onIOExecutor)
struct ExtensionTests {
  @Test("Properties are reflected in userInfo under Apple's keys")
  func userInfoKeys() throws {
    let item = NSExtensionItem()
    #expect(item.userInfo == nil)
    let provider = NSItemProvider(object: "text")
    item.attributedTitle = NSAttributedString(string: "A title")
    item.attributedContentText = NSAttributedString(string: "Some text")
    item.attachments = [provider]
    let info = try #require(item.userInfo)
    #expect((info[NSExtensionItemAttributedTitleKey] as? NSAttributedString)?.string == "A title")
    #expect(
      (info[NSExtensionItemAttributedContentTextKey] as? NSAttributedString)?.string
        == "Some text")
    #expect((info[NSExtensionItemAttachmentsKey] as? [NSItemProvider])?.first === provider)
    #expect(NSExtensionItemAttributedTitleKey == "NSExtensionItemAttributedTitleKey")
  }

  @Test("Setting userInfo overrides the properties")
  func userInfoOverrides() throws {
    let item = NSExtensionItem()
    item.attributedTitle = NSAttributedString(string: "Old")
    item.attachments = [NSItemProvider()]
    let replacement = NSItemProvider(object: "new")
    item.userInfo = [
      NSExtensionItemAttributedContentTextKey: "Plain string text",
      NSExtensionItemAttachmentsKey: [replacement],
      "com.example.source": "Safari",
    ]
    #expect(item.attributedTitle == nil)
    #expect(item.attributedContentText?.string == "Plain string text")
    #expect(item.attachments?.count == 1)
    #expect(item.attachments?.first === replacement)
    #expect(item.userInfo?["com.example.source"] as? String == "Safari")
  }

  @Test("Entries that cannot cross a process are refused by the throwing setter")
  func throwingSetter() {
    let item = NSExtensionItem()
    #expect(throws: ItemProviderError.self) {
      try item.setUserInfo(["handle": FileHandle.standardInput])
    }
  }

  @Test("Completing records the returned items and calls back, not expired")
  func complete() async throws {
    let input = NSExtensionItem()
    input.attachments = [NSItemProvider(object: "x")]
    let context = NSExtensionContext(inputItems: [input])
    #expect(context.inputItems.count == 1)
    #expect((context.inputItems.first as? NSExtensionItem) === input)
    #expect(context.requestOutcome == nil)

    let expired = await withCheckedContinuation { continuation in
      context.completeRequest(returningItems: [NSExtensionItem(), "not an item"]) { expired in
        continuation.resume(returning: expired)
      }
    }
    #expect(!expired)
    guard case .completed(let returned) = context.requestOutcome else {
      Issue.record("the request did not complete: \(String(describing: context.requestOutcome))")
      return
    }
    #expect(returned.count == 1)
    context.cancelRequest(withError: CocoaError(.userCancelled))
    #expect(context.requestOutcome?.isCompleted == true)
    #expect(context.redundantEndingCount == 1)
  }

  // Waiting for an ending that comes later, from another thread, is what every portability
  // test does (their extension code declares the context Sendable, as iOS apps do; here it is
  // not, as on iOS).
  @Test("Cancelling records the error")
  func cancel() async throws {
    let context = NSExtensionContext()
    context.cancelRequest(withError: NSError(domain: "com.example.share", code: 7))
    let outcome = await context.waitForRequestToEnd()
    let error = try #require(outcome?.error) as NSError
    #expect(error.domain == "com.example.share")
    #expect(error.code == 7)
    #expect(outcome?.isCompleted == false)
  }

  @Test("Waiting for a request that never ends gives up")
  func neverEnds() async {
    let context = NSExtensionContext()
    let outcome = await context.waitForRequestToEnd(timeout: .milliseconds(20))
    #expect(outcome == nil)
  }
}
