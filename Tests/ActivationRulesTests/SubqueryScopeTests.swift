import Foundation
import Testing

@testable import ActivationRules

/// `SUBQUERY(collection, $x, p)` binds only `$x` to each element; a key path in `p` that does not
/// start with a variable is read from the object the SUBQUERY is evaluated on.
@Suite("SUBQUERY scope")
struct SubqueryScopeTests {
  /// A share of `items` extension items, each holding `attachments` photos.
  static func share(items: Int, attachments: Int) -> ActivationInput {
    ActivationInput(
      extensionItems: (0..<items).map { _ in
        ActivationItem(attachments: Array(repeating: RuleFixtures.photo, count: attachments))
      })
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var format: String
    var items: Int
    var attachments: Int
    var shown: Bool
    var testDescription: String { name }
  }

  static let cappedBoth =
    "SUBQUERY(extensionItems, $item, $item.attachments.@count <= 20 AND"
    + " extensionItems.@count <= 20).@count >= 1"

  @Test(
    "Key paths without a variable read the whole share, at every depth",
    arguments: [
      Case(
        name: "the issue's rule, within both caps", format: cappedBoth, items: 2, attachments: 3,
        shown: true),
      Case(
        name: "the issue's rule, too many items", format: cappedBoth, items: 21, attachments: 1,
        shown: false),
      Case(
        name: "the issue's rule, too many attachments", format: cappedBoth, items: 1,
        attachments: 21, shown: false),
      Case(
        name: "SELF inside a subquery is the share",
        format: "SUBQUERY(extensionItems, $item, SELF.extensionItems.@count == 2).@count == 2",
        items: 2, attachments: 1, shown: true),
      Case(
        name: "nested: the inner body reads the share and both variables",
        format: "SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $file,"
          + " ANY $file.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.image'"
          + " AND extensionItems.@count == 1 AND $item.attachments.@count == 2).@count == 2"
          + ").@count == 1",
        items: 1, attachments: 2, shown: true),
      Case(
        name: "nested: the outer body reads the share, the inner only its variable",
        format: "SUBQUERY(extensionItems, $item, extensionItems.@count == 1 AND"
          + " SUBQUERY($item.attachments, $file, ANY $file.registeredTypeIdentifiers"
          + " UTI-CONFORMS-TO 'public.image').@count == 3).@count == 1",
        items: 1, attachments: 3, shown: true),
      Case(
        name: "nested: a collection without a variable is the share's",
        format: "SUBQUERY(extensionItems, $item, SUBQUERY(extensionItems, $other,"
          + " $other.attachments.@count == $item.attachments.@count).@count == 3).@count == 3",
        items: 3, attachments: 1, shown: true),
      Case(
        name: "an element's key without the variable fails (the share has no attachments)",
        format: "SUBQUERY(extensionItems, $item, attachments.@count > 0).@count == 1",
        items: 1, attachments: 1, shown: false),
    ])
  func scope(_ example: Case) throws {
    let rule = try ActivationRule(predicateFormat: example.format)
    let input = Self.share(items: example.items, attachments: example.attachments)
    let decision = rule.evaluate(input)
    #expect(decision.isShown == example.shown, "\(decision.reason)")
    #expect(rule.matches(input) == example.shown)
    guard case .predicate(let predicate) = rule.form else {
      Issue.record("not a predicate")
      return
    }
    #expect(EvaluatorAgreement.disagreement(predicate, over: input.predicateValue) == nil)
  }

  @Test("The issue's rule evaluates without an error and names the clause that hid it")
  func reasonNamesTheShareWideClause() throws {
    let rule = try ActivationRule(predicateFormat: Self.cappedBoth)
    let shown = rule.evaluate(Self.share(items: 1, attachments: 1))
    #expect(shown.isShown)
    #expect(shown.evaluationError == nil)
    let hidden = rule.evaluate(Self.share(items: 21, attachments: 1))
    #expect(!hidden.isShown)
    #expect(hidden.evaluationError == nil)
    #expect(hidden.reason.contains("extensionItems.@count <= 20"), "\(hidden.reason)")
  }

  @Test("An element's key read without its variable fails as Apple's does, naming the share")
  func elementKeyOnTheShare() throws {
    let rule = try ActivationRule(
      predicateFormat: "SUBQUERY(extensionItems, $item, attachments.@count > 0).@count == 1")
    let decision = rule.evaluate(Self.share(items: 1, attachments: 1))
    #expect(!decision.isShown)
    #expect(decision.evaluationError?.contains("'attachments'") == true)
    #expect(decision.evaluationError?.contains("NSExtensionContext") == true)
  }

  struct LintCase: CustomTestStringConvertible, Sendable {
    var format: String
    /// A fragment of the one expected warning; nil when none is expected.
    var warning: String?
    var testDescription: String { format }
  }

  @Test(
    "Key warnings follow the scope: valid share-wide key paths pass, misplaced keys are named",
    arguments: [
      LintCase(format: cappedBoth, warning: nil),
      LintCase(
        format: "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a,"
          + " ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.image'"
          + " AND extensionItems.@count == 1).@count >= 1).@count == 1",
        warning: nil),
      LintCase(
        format: "extensionItems.@sum.attachments.@count <= 3 AND SUBQUERY("
          + "extensionItems.@unionOfArrays.attachments, $a, $a.suggestedName.length > 0"
          + ").@count == 1",
        warning: nil),
      LintCase(
        format: "SUBQUERY(extensionItems, $e, $e.attributedContentText.string CONTAINS 'x'"
          + " OR $e.userInfo.anything == 1).@count == 1",
        warning: nil),
      LintCase(
        format: "SUBQUERY(extensionItems, $item, attachments.@count > 0).@count == 1",
        warning: "write $item.attachments"),
      LintCase(
        format: "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a,"
          + " ANY registeredTypeIdentifiers UTI-CONFORMS-TO 'public.image').@count > 0).@count > 0",
        warning: "write $a.registeredTypeIdentifiers"),
      LintCase(
        format: "SUBQUERY(extensionItems, $e, $e.attachment.@count > 0).@count == 1",
        warning: "'attachment' (in `$e.attachment.@count`) is not a key of NSExtensionItem"),
      LintCase(
        format: "ANY extensionItems.attachments.registeredTypeIdentifiers.kind == 'x'",
        warning: "is not a key of NSString"),
    ])
  func keyWarnings(_ example: LintCase) throws {
    let rule = try ActivationRule(predicateFormat: example.format)
    let messages = rule.warnings.filter { $0.code == .unknownInputKey }.map(\.message)
    guard let expected = example.warning else {
      #expect(messages.isEmpty, "\(messages)")
      return
    }
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains(expected) == true, "\(messages)")
  }
}
