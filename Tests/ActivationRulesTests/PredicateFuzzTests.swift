import Foundation
import TestSupport
import Testing

@testable import ActivationRules

/// Feeds the parser 102,000 generated and mutated inputs: it must either parse them or throw a
/// syntax error with a real location — never crash, never hang. Generated predicates must also
/// print text that parses back to the same predicate, and evaluate alike in the compiled program
/// and the syntax-tree evaluator (SUBQUERY bodies get key paths with and without a variable,
/// `SELF` and nested subqueries, so both scopes are compared).
@Suite("Predicate parser fuzzing")
struct PredicateFuzzTests {
  static let generatedCount = 12_000
  static let mutatedCount = 90_000

  /// Random predicates from the grammar.
  struct Generator {
    var random: SplitMix64

    mutating func pick<T>(_ choices: [T]) -> T {
      choices[Int(random.next() % UInt64(choices.count))]
    }

    mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    mutating func predicate(_ depth: Int) -> String {
      if depth <= 0 || chance(35) { return comparison(depth) }
      switch random.next() % 5 {
      case 0: return predicate(depth - 1) + pick([" AND ", " && ", " and "]) + predicate(depth - 1)
      case 1: return predicate(depth - 1) + pick([" OR ", " || ", " or "]) + predicate(depth - 1)
      case 2: return pick(["NOT ", "!", "not "]) + "(" + predicate(depth - 1) + ")"
      case 3: return "(" + predicate(depth - 1) + ")"
      default: return pick(["TRUEPREDICATE", "FALSEPREDICATE", "truepredicate"])
      }
    }

    mutating func comparison(_ depth: Int) -> String {
      let modifier = pick(["", "", "ANY ", "SOME ", "ALL ", "NONE "])
      let operation = pick([
        "==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>", "IN", "CONTAINS", "BEGINSWITH",
        "ENDSWITH", "LIKE", "MATCHES", "UTI-CONFORMS-TO", "UTI-EQUALS", "BETWEEN", "contains[c]",
        "like[cd]", "beginswith[d]", "==[c]",
      ])
      return modifier + expression(depth - 1) + " " + operation + " " + expression(depth - 1)
    }

    mutating func expression(_ depth: Int) -> String {
      if depth <= 0 || chance(40) { return atom() }
      switch random.next() % 7 {
      case 0:
        return "SUBQUERY(" + keyPath() + ", $" + pick(["x", "item", "attachment"]) + ", "
          + predicate(depth - 1) + ")" + pick(["", ".@count", "[FIRST]"])
      case 1: return expression(depth - 1) + pick([" + ", " - ", " * ", " / ", " ** "]) + atom()
      case 2:
        return "{" + (0..<Int(random.next() % 4)).map { _ in atom() }.joined(separator: ", ") + "}"
      case 3:
        return pick(["sum", "count", "max", "lowercase", "abs"]) + "(" + expression(depth - 1) + ")"
      case 4: return "(" + expression(depth - 1) + ")"
      case 5: return "-" + atom()
      default: return keyPath() + "[" + pick(["0", "FIRST", "LAST", "SIZE", "'k'"]) + "]"
      }
    }

    mutating func keyPath() -> String {
      let base = pick(["", "", "$attachment.", "$extensionItem.", "SELF.", "$x."])
      let keys = (0...Int(random.next() % 3)).map { _ in
        pick(["extensionItems", "attachments", "registeredTypeIdentifiers", "name", "a", "#first"])
      }
      return base + keys.joined(separator: ".") + pick(["", "", ".@count", ".@sum.a", ".@avg"])
    }

    mutating func atom() -> String {
      switch random.next() % 9 {
      case 0, 1, 2: return keyPath()
      case 3: return pick(["0", "42", "-7", "3.25", "1e3", "0x1F", "0o17", "0b101", "2.5E-2"])
      case 4:
        return pick(["\"public.image\"", "'public.url'", "\"a\\\"b\"", "'it\\'s'", "\"\\u00e9\""])
      case 5: return pick(["TRUE", "YES", "FALSE", "NO", "NULL", "NIL", "SELF", "nil"])
      case 6: return "$" + pick(["x", "y", "attachment"])
      case 7: return "{" + atom() + ", " + atom() + "}"
      default: return pick(["\"com.adobe.pdf\"", "\"public.movie\"", "'*.jpg'", "'[a-z]+'"])
      }
    }
  }

  static let evaluationInput = ActivationInput(extensionItems: [
    ActivationItem(
      attributedContentText: "text",
      attachments: [RuleFixtures.photo, RuleFixtures.webURL, RuleFixtures.text])
  ]).predicateValue

  /// Parses one input; if it parses, checks the round trip and evaluates it. Returns whether it
  /// parsed.
  static func check(
    _ text: String, roundTrip: Bool, options: FormatPredicate.ParseOptions = []
  ) -> Bool {
    do {
      let predicate = try FormatPredicate(format: text, options: options)
      guard roundTrip else {
        _ = predicate.evaluate(with: evaluationInput)
        return true
      }
      let normalized = predicate.predicateFormat
      guard let again = try? FormatPredicate(format: normalized) else {
        Issue.record("normalized text does not parse: \(normalized) (from \(text))")
        return true
      }
      if again.predicateFormat != normalized {
        Issue.record("round trip changed \(normalized) into \(again.predicateFormat)")
      }
      // The compiled program and the syntax-tree evaluator (used for explanations) agree.
      if let disagreement = EvaluatorAgreement.disagreement(predicate, over: evaluationInput) {
        Issue.record("\(disagreement) for \(normalized)")
      }
      return true
    } catch {
      let location = error.location
      let lines = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1
      if location.line < 1 || location.line > lines || location.column < 1 {
        Issue.record("bad location \(location) for \(text.debugDescription)")
      }
      if error.message.isEmpty { Issue.record("empty message for \(text.debugDescription)") }
      return false
    }
  }

  @Test("Generated predicates parse, print and parse back to the same predicate")
  func generated() async {
    let parsed = await Self.inParallel(count: Self.generatedCount) { seed in
      var generator = Generator(random: SplitMix64(seed: seed))
      let text = generator.predicate(Int(seed % 3) + 1)
      return Self.check(text, roundTrip: true) ? 1 : 0
    }
    // The grammar only produces valid text except for operator/operand kinds it mixes freely
    // (such as `{…} BETWEEN …`), which still parse; every one must parse.
    #expect(parsed == Self.generatedCount)
  }

  static let seeds: [String] = {
    var seeds = [
      "SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment,"
        + " ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count =="
        + " $extensionItem.attachments.@count).@count == 1",
      // Key paths without a variable inside SUBQUERY read the share, not the element.
      "SUBQUERY(extensionItems, $item, $item.attachments.@count <= 20 AND extensionItems.@count"
        + " <= 20 AND SUBQUERY($item.attachments, $a, SELF.extensionItems.@count > 0).@count > 0"
        + ").@count >= 1",
      "a &lt; 1 &amp;&amp; b &gt;= 0x1F OR NOT (c IN {1, 'x', \"y\"})",
      "name MATCHES[cd] '^[a-z]+\\\\d$' AND tags[LAST] BEGINSWITH \"é\"",
      "modulus:by:(7, 2) == 1 AND CAST('5', 'NSNumber') == 5 AND sum({1, 2}) BETWEEN {0, 9}",
    ]
    var generator = Generator(random: SplitMix64(seed: 99))
    for _ in 0..<60 { seeds.append(generator.predicate(2)) }
    return seeds
  }()

  static let alphabet: [String] = [
    "(", ")", "[", "]", "{", "}", "\"", "'", "$", "@", "#", "%", "&", "|", "!", "=", "<", ">",
    ".", ",", ":", "*", "+", "-", "/", "\\", "?", "^", "~", ";", " ", "\n", "\t", "\r", "0",
    "9", "x", "e", "E", "_", "AND", "OR", "NOT", "ANY", "SUBQUERY(", "UTI-", "&lt;", "&amp;",
    "&#", "&#x", "é", "\u{00A0}", "\u{1F600}", "\u{0}", "@count", "[c]", "0x", "0b", "1e",
  ]

  @Test("Mutated predicates parse or fail with a located syntax error")
  func mutated() async {
    let parsed = await Self.inParallel(count: Self.mutatedCount) { seed in
      var random = SplitMix64(seed: seed &+ 1_000_003)
      var text = Array(Self.seeds[Int(random.next() % UInt64(Self.seeds.count))].unicodeScalars)
      for _ in 0...Int(random.next() % 4) {
        let position = text.isEmpty ? 0 : Int(random.next() % UInt64(text.count + 1))
        switch random.next() % 6 {
        case 0, 1:
          let insert = Array(
            Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))].unicodeScalars)
          text.insert(contentsOf: insert, at: position)
        case 2:
          let end = min(text.count, position + Int(random.next() % 8) + 1)
          if position < end { text.removeSubrange(position..<end) }
        case 3:
          let end = min(text.count, position + Int(random.next() % 12) + 1)
          if position < end { text.insert(contentsOf: text[position..<end], at: position) }
        case 4:
          text = Array(text.prefix(position))
        default:
          if position < text.count {
            text[position] = Unicode.Scalar(UInt8(truncatingIfNeeded: random.next() % 128))
          }
        }
      }
      var string = ""
      string.unicodeScalars.append(contentsOf: text)
      // Every third input is read as a property-list string: no character references decoded.
      let options: FormatPredicate.ParseOptions =
        seed % 3 == 0 ? [.propertyListString] : seed % 3 == 1 ? [.decodesXMLEntitiesInStrings] : []
      return Self.check(string, roundTrip: false, options: options) ? 1 : 0
    }
    // Mutations keep some inputs valid; most must be rejected.
    #expect(parsed > 0 && parsed < Self.mutatedCount)
  }

  /// Runs `body` for seeds 0..<count on every core and sums the results.
  static func inParallel(count: Int, _ body: @escaping @Sendable (UInt64) -> Int) async -> Int {
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    return await withTaskGroup(of: Int.self) { group in
      for worker in 0..<workers {
        group.addTask {
          var total = 0
          var seed = worker
          while seed < count {
            total += body(UInt64(seed))
            seed += workers
          }
          return total
        }
      }
      return await group.reduce(0, +)
    }
  }
}
