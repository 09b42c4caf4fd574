import Foundation
import Testing

@testable import ActivationRules

@Suite("Predicate format parsing")
struct PredicateParserTests {
  struct Normalization: CustomTestStringConvertible, Sendable {
    var input: String
    var normalized: String
    var testDescription: String { input }
  }

  @Test(
    "Every spelling reads as Apple's grammar and normalizes to one",
    arguments: [
      Normalization(input: "a = 1", normalized: "a == 1"),
      Normalization(input: "a == 1", normalized: "a == 1"),
      Normalization(input: "a != 1", normalized: "a != 1"),
      Normalization(input: "a <> 1", normalized: "a != 1"),
      Normalization(input: "a < 1", normalized: "a < 1"),
      Normalization(input: "a <= 1", normalized: "a <= 1"),
      Normalization(input: "a =< 1", normalized: "a <= 1"),
      Normalization(input: "a > 1", normalized: "a > 1"),
      Normalization(input: "a >= 1", normalized: "a >= 1"),
      Normalization(input: "a => 1", normalized: "a >= 1"),
      Normalization(input: "a between {1, 2}", normalized: "a BETWEEN {1, 2}"),
      Normalization(input: "a in {'x', \"y\"}", normalized: "a IN {\"x\", \"y\"}"),
      Normalization(input: "a contains[c] 'x'", normalized: "a CONTAINS[c] \"x\""),
      Normalization(input: "a BeginsWith[cd] 'x'", normalized: "a BEGINSWITH[cd] \"x\""),
      Normalization(input: "a endswith[d] 'x'", normalized: "a ENDSWITH[d] \"x\""),
      Normalization(input: "a like 'x*'", normalized: "a LIKE \"x*\""),
      Normalization(input: "a matches '[a-z]+'", normalized: "a MATCHES \"[a-z]+\""),
      Normalization(
        input: "ANY t uti-conforms-to 'public.image'",
        normalized: "ANY t UTI-CONFORMS-TO \"public.image\""),
      Normalization(
        input: "some t UTI-EQUALS 'public.jpeg'", normalized: "ANY t UTI-EQUALS \"public.jpeg\""),
      Normalization(input: "all t > 1", normalized: "ALL t > 1"),
      Normalization(input: "none t > 1", normalized: "NONE t > 1"),
      Normalization(input: "a > 1 && b > 1 || c > 1", normalized: "(a > 1 AND b > 1) OR c > 1"),
      Normalization(input: "a > 1 or b > 1 and c > 1", normalized: "a > 1 OR (b > 1 AND c > 1)"),
      Normalization(input: "(a > 1 or b > 1) and c > 1", normalized: "(a > 1 OR b > 1) AND c > 1"),
      Normalization(input: "!a > 1", normalized: "NOT a > 1"),
      Normalization(input: "not (a > 1 and b > 1)", normalized: "NOT (a > 1 AND b > 1)"),
      Normalization(input: "truepredicate", normalized: "TRUEPREDICATE"),
      Normalization(input: "FalsePredicate", normalized: "FALSEPREDICATE"),
      Normalization(input: "a == yes AND b == true", normalized: "a == YES AND b == YES"),
      Normalization(input: "a == no OR b == FALSE", normalized: "a == NO OR b == NO"),
      Normalization(input: "a == nil OR b == NULL", normalized: "a == NULL OR b == NULL"),
      Normalization(input: "SELF == 'x'", normalized: "SELF == \"x\""),
      Normalization(input: "a == 0x1F", normalized: "a == 31"),
      Normalization(input: "a == 0o17", normalized: "a == 15"),
      Normalization(input: "a == 0b101", normalized: "a == 5"),
      Normalization(input: "a == 1.5e3", normalized: "a == 1500"),
      Normalization(input: "a == 2.5E-1", normalized: "a == 0.25"),
      Normalization(input: "a == -3", normalized: "a == -3"),
      Normalization(input: "a == 'it\\'s'", normalized: "a == \"it's\""),
      Normalization(input: "a == \"tab\\there\"", normalized: "a == \"tab\\there\""),
      Normalization(input: "a == '\\x41\\u00e9\\101'", normalized: "a == \"AéA\""),
      Normalization(input: "items.@count > 2", normalized: "items.@count > 2"),
      Normalization(input: "items.@sum.price > 2", normalized: "items.@sum.price > 2"),
      Normalization(input: "items[FIRST] == 1", normalized: "items[FIRST] == 1"),
      Normalization(
        input: "items[last] == 1 and items[size] == 2",
        normalized: "items[LAST] == 1 AND items[SIZE] == 2"),
      Normalization(input: "items[0].name == 'a'", normalized: "items[0].name == \"a\""),
      Normalization(input: "$x.name == $y", normalized: "$x.name == $y"),
      Normalization(input: "#size == 1", normalized: "#size == 1"),
      Normalization(input: "1 + 2 * 3 == a", normalized: "1 + 2 * 3 == a"),
      Normalization(input: "(1 + 2) * 3 == a", normalized: "(1 + 2) * 3 == a"),
      Normalization(input: "2 ** 3 ** 2 == a", normalized: "2 ** 3 ** 2 == a"),
      Normalization(input: "sum({1, 2}) == 3", normalized: "sum({1, 2}) == 3"),
      Normalization(input: "modulus:by:(7, 2) == 1", normalized: "modulus:by:(7, 2) == 1"),
      Normalization(
        input: "CAST('5', 'NSNumber') == 5", normalized: "CAST(\"5\", \"NSNumber\") == 5"),
      Normalization(
        input: "SUBQUERY(items, $i, $i.x > 1).@count == 0",
        normalized: "SUBQUERY(items, $i, $i.x > 1).@count == 0"),
      Normalization(input: "a\n\t==\r\n  1", normalized: "a == 1"),
      Normalization(input: "a &lt; 1 &amp;&amp; b &gt;= 2", normalized: "a < 1 AND b >= 2"),
      Normalization(input: "a == &quot;x&amp;y&quot;", normalized: "a == \"x&y\""),
      Normalization(input: "a &#60;&#x3D; 1", normalized: "a <= 1"),
    ])
  func normalizes(_ example: Normalization) throws {
    let predicate = try FormatPredicate(format: example.input)
    #expect(predicate.predicateFormat == example.normalized)
    // The normalized text parses back to itself.
    #expect(
      try FormatPredicate(format: predicate.predicateFormat).predicateFormat == example.normalized)
  }

  @Test("AND binds tighter than OR, as the common reading of Apple's grammar")
  func precedence() throws {
    let object = PredicateValue.dictionary(["a": .number(1), "b": .number(0), "c": .number(0)])
    // a OR (b AND c) is true; (a OR b) AND c would be false.
    #expect(try FormatPredicate(format: "a == 1 OR b == 1 AND c == 1").evaluate(with: object))
    #expect(!(try FormatPredicate(format: "(a == 1 OR b == 1) AND c == 1").evaluate(with: object)))
  }

  @Test("XML references inside strings are decoded when asked")
  func entitiesInStrings() throws {
    let raw = try FormatPredicate(format: "a == \"x&amp;y\"")
    #expect(raw.predicateFormat == "a == \"x&amp;y\"")
    let decoded = try FormatPredicate(
      format: "a == \"x&amp;y\"", options: [.decodesXMLEntitiesInStrings])
    #expect(decoded.predicateFormat == "a == \"x&y\"")
  }

  struct SyntaxCase: CustomTestStringConvertible, Sendable {
    var input: String
    var line: Int
    var column: Int
    var messageContains: String
    var testDescription: String { input.replacingOccurrences(of: "\n", with: "⏎") }
  }

  @Test(
    "Syntax errors say where and what was expected",
    arguments: [
      SyntaxCase(input: "a ==", line: 1, column: 5, messageContains: "expected a value"),
      SyntaxCase(input: "a == 'x", line: 1, column: 6, messageContains: "no closing quote"),
      SyntaxCase(
        input:
          "SUBQUERY(\n  extensionItems,\n  $e,\n  ANY $e.types \"public.image\"\n).@count == 1",
        line: 4, column: 16, messageContains: "expected a comparison operator"),
      SyntaxCase(input: "(a > 1", line: 1, column: 7, messageContains: "')' to close the '('"),
      SyntaxCase(input: "a NOT IN {1}", line: 1, column: 3, messageContains: "NOT (a IN b)"),
      SyntaxCase(input: "a == 1 b == 2", line: 1, column: 8, messageContains: "AND, OR"),
      SyntaxCase(input: "a ? 1", line: 1, column: 3, messageContains: "'?'"),
      SyntaxCase(input: "a & b", line: 1, column: 3, messageContains: "single '&'"),
      SyntaxCase(input: "a == 0x", line: 1, column: 6, messageContains: "malformed number"),
      SyntaxCase(input: "a == 12abc", line: 1, column: 6, messageContains: "malformed number"),
      SyntaxCase(input: "a == %@", line: 1, column: 6, messageContains: "format argument"),
      SyntaxCase(
        input: "a.@bogus == 1", line: 1, column: 3, messageContains: "collection operator"),
      SyntaxCase(input: "a ==[x] 1", line: 1, column: 6, messageContains: "comparison options"),
      SyntaxCase(input: "a.size == 1", line: 1, column: 3, messageContains: "#size"),
      SyntaxCase(input: "nosuch(1) == 1", line: 1, column: 1, messageContains: "known function"),
      SyntaxCase(input: "now() == 1", line: 1, column: 1, messageContains: "clock"),
      SyntaxCase(
        input: "FUNCTION(a, 'b') == 1", line: 1, column: 1, messageContains: "Objective-C"),
      SyntaxCase(input: "a + 1", line: 1, column: 6, messageContains: "comparison operator"),
      SyntaxCase(
        input: "(a == 1) + 1 == 2", line: 1, column: 1, messageContains: "expected a value"),
      SyntaxCase(
        input: "SUBQUERY(a, b, c == 1).@count == 0", line: 1, column: 13,
        messageContains: "$variable"),
      SyntaxCase(input: "", line: 1, column: 1, messageContains: "the rule ends here"),
      SyntaxCase(input: "a == 1 \u{00A0}", line: 1, column: 8, messageContains: "U+00A0"),
    ])
  func syntaxErrors(_ example: SyntaxCase) {
    let error = #expect(throws: PredicateSyntaxError.self) {
      _ = try FormatPredicate(format: example.input)
    }
    #expect(error?.location.line == example.line)
    #expect(error?.location.column == example.column)
    #expect(
      error?.message.contains(example.messageContains) == true, "\(String(describing: error))")
    #expect(
      error?.description.contains("line \(example.line), column \(example.column)") == true)
  }

  @Test("The error shows the line with a caret under the column")
  func excerpt() {
    do {
      _ = try FormatPredicate(format: "a == 1 AND\n  b === 2")
      Issue.record("expected a syntax error")
    } catch {
      #expect(error.location.line == 2)
      #expect(error.description.hasSuffix("    b === 2\n        ^"))
    }
  }

  @Test("Nesting is capped, so no input exhausts the stack")
  func nestingLimit() {
    let depth = PredicateParser.maximumDepth
    let fine =
      String(repeating: "(", count: depth - 2) + "a == 1" + String(repeating: ")", count: depth - 2)
    #expect(throws: Never.self) { try FormatPredicate(format: fine) }
    for opener in ["(", "NOT ", "!", "-", "{", "SUBQUERY(a, $x, "] {
      let deep = String(repeating: opener, count: 5_000)
      #expect(throws: PredicateSyntaxError.self) { try FormatPredicate(format: deep) }
    }
  }

  @Test("Long flat chains stay flat")
  func longChains() throws {
    let clauses = (0..<5000).map { "a\($0) == \($0)" }
    let predicate = try FormatPredicate(format: clauses.joined(separator: " AND "))
    #expect(predicate.evaluate(with: .dictionary(["a0": .number(0)])) == false)
    let sum = Array(repeating: "1", count: 5000).joined(separator: " + ") + " == 5000"
    #expect(try FormatPredicate(format: sum).evaluate(with: .null))
  }
}
