import Foundation
import Testing

@testable import ActivationRules

@Suite("Predicate evaluation")
struct PredicateEvaluationTests {
  static let object = PredicateValue.dictionary([
    "name": .string("Crème Brûlée"),
    "count": .number(3),
    "flag": .bool(true),
    "nothing": .null,
    "tags": .array([.string("alpha"), .string("beta"), .string("gamma")]),
    "numbers": .array([.number(1), .number(5), .number(9)]),
    "empty": .array([]),
    "items": .array([
      .dictionary(["price": .number(2), "kind": .string("a")]),
      .dictionary(["price": .number(4), "kind": .string("b")]),
    ]),
    "groups": .array([.array([.number(1), .number(2)]), .array([.number(2), .number(3)])]),
    "types": .array([
      .typeIdentifier(PredicateTypeIdentifier("public.heic")), .string("public.url"),
    ]),
    "uti": .string("public.jpeg"),
    "lookup": .dictionary(["key": .string("value")]),
  ])

  struct Case: CustomTestStringConvertible, Sendable {
    var format: String
    var expected: Bool
    var testDescription: String { format }
  }

  @Test(
    "Operators, options, modifiers and key paths",
    arguments: [
      Case(format: "count == 3", expected: true),
      Case(format: "count = 3.0", expected: true),
      Case(format: "flag == YES AND flag == 1", expected: true),
      Case(format: "count != 3", expected: false),
      Case(format: "count BETWEEN {1, 3}", expected: true),
      Case(format: "count BETWEEN {4, 9}", expected: false),
      Case(format: "count IN {1, 2, 3}", expected: true),
      Case(format: "'beta' IN tags", expected: true),
      Case(format: "'et' IN 'beta'", expected: true),
      Case(format: "tags CONTAINS 'beta'", expected: true),
      Case(format: "tags CONTAINS 'bet'", expected: false),
      Case(format: "name CONTAINS 'Brûl'", expected: true),
      Case(format: "name CONTAINS 'brul'", expected: false),
      Case(format: "name CONTAINS[c] 'BRÛL'", expected: true),
      Case(format: "name CONTAINS[d] 'Brul'", expected: true),
      Case(format: "name CONTAINS[cd] 'creme brulee'", expected: true),
      Case(format: "name BEGINSWITH 'Crè'", expected: true),
      Case(format: "name ENDSWITH[cd] 'LEE'", expected: true),
      Case(format: "name LIKE 'Cr?me*'", expected: true),
      Case(format: "name LIKE 'cr*'", expected: false),
      Case(format: "name LIKE[c] 'cr*'", expected: true),
      Case(format: "name MATCHES 'Cr.me .*'", expected: true),
      Case(format: "name MATCHES 'Cr'", expected: false),
      Case(format: "name MATCHES[c] 'crème brûlée'", expected: true),
      Case(format: "name MATCHES 'a|Crème Brûlée'", expected: true),
      Case(format: "ANY tags BEGINSWITH 'g'", expected: true),
      Case(format: "SOME tags == 'delta'", expected: false),
      Case(format: "ALL tags.length >= 4", expected: true),
      Case(format: "ALL numbers > 1", expected: false),
      Case(format: "NONE numbers > 9", expected: true),
      Case(format: "ANY empty == 1", expected: false),
      Case(format: "ALL empty == 1", expected: true),
      Case(format: "NONE empty == 1", expected: true),
      Case(format: "tags.@count == 3", expected: true),
      Case(format: "numbers.@sum == 15", expected: true),
      Case(format: "numbers.@avg == 5", expected: true),
      Case(format: "numbers.@min == 1 AND numbers.@max == 9", expected: true),
      Case(format: "items.@sum.price == 6", expected: true),
      Case(format: "items.price CONTAINS 4", expected: true),
      Case(format: "groups.@unionOfArrays.#self == {1, 2, 2, 3}", expected: true),
      Case(format: "groups.@distinctUnionOfArrays.#self == {1, 2, 3}", expected: true),
      Case(format: "groups.@sum.@count == 4", expected: true),
      Case(format: "tags[0] == 'alpha' AND tags[FIRST] == 'alpha'", expected: true),
      Case(format: "tags[LAST] == 'gamma' AND tags[SIZE] == 3", expected: true),
      Case(format: "lookup['key'] == 'value'", expected: true),
      Case(format: "nothing == nil AND nothing == NULL", expected: true),
      Case(format: "missing == nil", expected: true),
      Case(format: "nothing < 1", expected: false),
      Case(format: "SELF.count == 3", expected: true),
      Case(format: "SUBQUERY(items, $i, $i.price > 3).@count == 1", expected: true),
      Case(format: "SUBQUERY(items, $i, $i.price > 1).@count == 2", expected: true),
      Case(format: "SUBQUERY(items, $i, $i.kind == 'a')[FIRST].price == 2", expected: true),
      // Only $i is bound: SELF and key paths without a variable are the SUBQUERY's own object.
      Case(format: "SUBQUERY(items, $i, count == 3).@count == 2", expected: true),
      Case(
        format: "SUBQUERY(items, $i, SELF.count == 3 AND $i.price < count + 2).@count == 2",
        expected: true),
      Case(
        format: "SUBQUERY(items, $i, SUBQUERY(tags, $t, count == 3).@count == 3).@count == 2",
        expected: true),
      Case(format: "1 + 2 * 3 == 7 AND (1 + 2) * 3 == 9 AND 2 ** 3 ** 2 == 512", expected: true),
      Case(format: "-count == -3 AND 10 / 4 == 2.5", expected: true),
      Case(format: "sum(numbers) == 15 AND count(tags) == 3 AND max({1, 7}) == 7", expected: true),
      Case(format: "average({2, 4}) == 3 AND median({1, 9, 2}) == 2", expected: true),
      Case(format: "modulus:by:(7, 2) == 1 AND raise:toPower:(2, 10) == 1024", expected: true),
      Case(format: "uppercase('ab') == 'AB' AND lowercase(name) BEGINSWITH 'crè'", expected: true),
      Case(
        format: "bitwiseAnd:with:(6, 3) == 2 AND abs(-4) == 4 AND sqrt(16) == 4", expected: true),
      Case(format: "CAST('5', 'NSNumber') == 5 AND CAST(5, 'NSString') == '5'", expected: true),
      Case(format: "uti UTI-CONFORMS-TO 'public.image'", expected: true),
      Case(format: "uti UTI-CONFORMS-TO 'public.movie'", expected: false),
      Case(format: "uti UTI-EQUALS 'PUBLIC.JPEG'", expected: true),
      Case(format: "ANY types UTI-CONFORMS-TO 'public.image'", expected: true),
      Case(format: "ANY types UTI-CONFORMS-TO 'public.data'", expected: true),
      Case(format: "ALL types UTI-CONFORMS-TO 'public.image'", expected: false),
      Case(format: "ANY types UTI-EQUALS 'public.url'", expected: true),
      Case(format: "uti UTI-CONFORMS-TO 'com.example.unknown'", expected: false),
      Case(format: "'com.example.unknown' UTI-CONFORMS-TO 'com.example.UNKNOWN'", expected: true),
      Case(format: "TRUEPREDICATE AND NOT FALSEPREDICATE", expected: true),
    ])
  func evaluates(_ example: Case) throws {
    let predicate = try FormatPredicate(format: example.format)
    #expect(try predicate.evaluateThrowing(with: Self.object) == example.expected)
  }

  @Test("Substitution variables supply $names no subquery binds")
  func substitutions() throws {
    let predicate = try FormatPredicate(format: "count == $wanted")
    #expect(predicate.evaluate(with: Self.object, substitutionVariables: ["wanted": .number(3)]))
    let error = #expect(throws: PredicateEvaluationError.self) {
      try predicate.evaluateThrowing(with: Self.object)
    }
    #expect(error?.underlying == .unboundVariable("wanted"))
    #expect(!predicate.evaluate(with: Self.object))
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    var format: String
    var messageContains: String
    var testDescription: String { format }
  }

  @Test(
    "Evaluation errors say what failed and in which clause",
    arguments: [
      Failure(format: "ANY count == 1", messageContains: "needs a collection"),
      Failure(format: "name BEGINSWITH 1", messageContains: "compares strings"),
      Failure(format: "types UTI-CONFORMS-TO 'public.image'", messageContains: "write ANY"),
      Failure(format: "count < 'x'", messageContains: "cannot order"),
      Failure(format: "tags[7] == 1", messageContains: "outside a list of 3"),
      Failure(format: "name MATCHES '('", messageContains: "MATCHES pattern"),
      Failure(format: "SUBQUERY(count, $x, $x == 1).@count == 0", messageContains: "SUBQUERY"),
      Failure(format: "count BETWEEN 3", messageContains: "list of two bounds"),
    ])
  func failures(_ example: Failure) throws {
    let predicate = try FormatPredicate(format: example.format)
    do {
      _ = try predicate.evaluateThrowing(with: Self.object)
      Issue.record("expected an evaluation error")
    } catch {
      #expect("\(error)".contains(example.messageContains))
      #expect("\(error)".contains("in `"))
    }
    #expect(!predicate.evaluate(with: Self.object))
  }

  @Test("Objects raise on undefined keys, as valueForUndefinedKey: does")
  func undefinedKey() throws {
    let input = RuleFixtures.input(["public.jpeg"])
    let predicate = try FormatPredicate(
      format: "SUBQUERY(extensionItems, $e, $e.attachment.@count == 1).@count == 1")
    let error = #expect(throws: PredicateEvaluationError.self) {
      try predicate.evaluateThrowing(with: input.predicateValue)
    }
    guard case .undefinedKey(let key, let type, let known)? = error?.underlying else {
      Issue.record("expected undefinedKey, got \(String(describing: error))")
      return
    }
    #expect(key == "attachment")
    #expect(type == "NSExtensionItem")
    #expect(known.contains("attachments"))
  }

  @Test("The activation input exposes Apple's key paths")
  func activationKeyPaths() throws {
    let input = ActivationInput(extensionItems: [
      ActivationItem(
        attributedTitle: "Title", attributedContentText: "Body",
        attachments: [RuleFixtures.photo, RuleFixtures.webURL])
    ])
    let checks = [
      "extensionItems.@count == 1",
      "extensionItems[0].attachments.@count == 2",
      "extensionItems[0].attributedContentText.string == 'Body'",
      "extensionItems[0].attributedTitle.length == 5",
      "ANY extensionItems[0].attachments[1].registeredTypeIdentifiers == 'public.url'",
      "extensionItems.@sum.attachments.@count == 2",
      "SUBQUERY(extensionItems.@unionOfArrays.attachments, $a, TRUEPREDICATE).@count == 2",
      "extensionItems.attachments.@count == 1",
    ]
    for check in checks {
      #expect(
        try FormatPredicate(format: check).evaluateThrowing(with: input.predicateValue), "\(check)")
    }
  }
}
