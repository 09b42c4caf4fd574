import Foundation
import Testing

@testable import ActivationRules

/// `ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "…"` is tested where the
/// attachment holds its identifiers. It must answer exactly as the syntax-tree evaluator does,
/// including where it hands back to the general path: undeclared identifiers, other modifiers,
/// a missing key.
@Suite("Type tests on attachments: the in-place path and the general evaluator agree")
struct TypeTestFastPathTests {
  static let lists: [[String]] = [
    ["public.heic", "public.jpeg"],
    ["com.example.undeclared", "public.jpeg"],
    ["public.plain-text", "COM.EXAMPLE.Undeclared"],
    ["com.example.undeclared"],
    ["PUBLIC.JPEG"],
    [],
  ]

  static let rules = [
    "ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.image'",
    "ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO 'com.example.undeclared'",
    "ANY $a.registeredTypeIdentifiers UTI-EQUALS 'public.jpeg'",
    "ANY $a.registeredTypeIdentifiers UTI-EQUALS 'com.example.undeclared'",
    "ALL $a.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.image'",
    "NONE $a.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.text'",
    "NOT ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.data'",
    "ANY $a.registeredTypeIdentifier UTI-CONFORMS-TO 'public.image'",
  ]

  @Test("The compiled type test agrees with the syntax evaluator", arguments: rules)
  func agreesWithSyntax(_ clause: String) throws {
    let predicate = try FormatPredicate(
      format: "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, \(clause)).@count >= 1)"
        + ".@count == 1")
    for list in Self.lists {
      let input = RuleFixtures.input(list).predicateValue
      if let disagreement = EvaluatorAgreement.disagreement(predicate, over: input) {
        Issue.record("\(clause) over \(list): \(disagreement)")
      }
    }
  }

  @Test("The type-test shortcut gives the right answers")
  func shortcutAnswers() throws {
    let rule = try FormatPredicate(
      format: "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a,"
        + " ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.image').@count >= 1)"
        + ".@count == 1")
    #expect(
      rule.evaluate(with: RuleFixtures.input(["public.plain-text", "public.heic"]).predicateValue))
    #expect(!rule.evaluate(with: RuleFixtures.input(["public.plain-text"]).predicateValue))
    #expect(!rule.evaluate(with: RuleFixtures.input([]).predicateValue))
    // An undeclared identifier before a declared image still finds the image.
    #expect(
      rule.evaluate(with: RuleFixtures.input(["com.example.x", "public.png"]).predicateValue))
  }
}
