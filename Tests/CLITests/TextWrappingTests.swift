import ActivationRules
import Testing

@testable import ingest_cli

/// Wrapping is the command line's: the libraries give reasons and traces as plain strings and
/// structured values.
@Suite("Wrapping reasons to a terminal")
struct TextWrappingTests {
  static let reason =
    "every attachment is accepted: attachment 1 (public.url; https: URL) by"
    + " NSExtensionActivationSupportsAttachmentsWithMaxCount; every count is within its limit"
    + " (1 attachment of at most 5, 0 images of at most 10)"

  @Test("Lines fit the width, continuation lines are indented, and no word is lost or cut")
  func fitsAndKeepsWords() {
    for width in [20, 33, 40, 60, 80, 200] {
      let wrapped = TextWrapping.wrap(Self.reason, width: width, prefix: "reason: ", indent: 2)
      let lines = wrapped.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.first?.hasPrefix("reason: ") == true)
      for line in lines.dropFirst() { #expect(line.hasPrefix("  ") && !line.hasPrefix("   ")) }
      for line in lines where line.count > width {
        // Only a word longer than a line may overflow it, alone on its line.
        #expect(line.split(separator: " ").count == 1 || line.hasPrefix("reason: "), "\(line)")
      }
      for line in lines { #expect(!line.hasSuffix(" "), "\(line)") }
      let words = wrapped.split(whereSeparator: \.isWhitespace).map(String.init)
      #expect(words == ("reason: " + Self.reason).split(separator: " ").map(String.init))
    }
  }

  @Test("Short text stays on one line; line breaks in the text are kept")
  func shortAndMultiline() {
    #expect(TextWrapping.wrap("shown", width: 80) == "shown")
    #expect(TextWrapping.wrap("a\nb", width: 80, indent: 4) == "a\n    b")
    #expect(TextWrapping.wrap("", width: 80, prefix: "reason: ") == "reason: ")
  }

  @Test("A trace renders wrapped, each clause's continuation indented under its text")
  func traceWraps() throws {
    let rule = try ActivationRuleDictionary(propertyList: [
      "NSExtensionActivationSupportsImageWithMaxCount": 10
    ])
    let photo = ActivationAttachment(
      registeredTypeIdentifiers: ["public.heic", "public.jpeg"], hasFileRepresentation: true)
    let decision = rule.evaluate(ActivationInput(attachments: [photo]))
    let rendered = decision.trace.rendered(indent: 1, width: 50)
    #expect(
      rendered.split(separator: "\n").count
        > decision.trace.rendered(indent: 1).split(separator: "\n").count)
    for line in rendered.split(separator: "\n") where line.count > 50 {
      // Only a word longer than a line overflows, after the clause's mark at most.
      #expect(line.split(separator: " ").count <= 2, "\(line)")
    }
    #expect(rendered.contains("\n    ✓ attachment 1 (public.heic,"))
    #expect(rendered.contains("\n        NSExtensionActivationSupportsImageWithMaxCount"))
  }
}
