import Foundation
import TestSupport
import Testing
import UTI

@testable import ActivationRules

/// Shapes that turned up in rules shipped by public apps and broke or misled the reader: each
/// test writes its own rule in that shape.
@Suite("Rule shapes seen in public apps")
struct RealWorldRuleShapeTests {
  static let anyImage =
    "SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $file,"
    + " ANY $file.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count >= 1"
    + ").@count >= 1"

  @Test("A predicate text file saved with a UTF-8 byte order mark reads as its predicate")
  func byteOrderMarkInTextFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("rule.predicate")
    try Data([0xEF, 0xBB, 0xBF] + Array((Self.anyImage + "\r\n").utf8)).write(to: file)
    let rule = try ActivationRule(contentsOf: file)
    #expect(rule.matches(ActivationInput(attachments: [RuleFixtures.photo])))
    #expect(!rule.matches(ActivationInput(attachments: [RuleFixtures.text])))
    // A byte order mark inside the predicate itself is still an error, and says what it is.
    let error = #expect(throws: PredicateSyntaxError.self) {
      _ = try FormatPredicate(format: "\u{FEFF}" + Self.anyImage)
    }
    #expect(error?.message.contains("byte order mark") == true)
    #expect(error?.location.column == 1)
  }

  @Test("Rule keys written straight into NSExtensionAttributes are named in the error")
  func ruleKeysOutsideTheRule() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let info: [String: Any] = [
      "NSExtension": [
        "NSExtensionPointIdentifier": "com.apple.share-services",
        "NSExtensionAttributes": [
          "NSExtensionActivationSupportsMovieWithMaxCount": 2,
          "NSExtensionActivationSupportsText": true,
          "NSExtensionServiceAllowsFinderPreviewItem": true,
        ],
      ]
    ]
    let file = directory.file("Info.plist")
    try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
      .write(to: file)
    let expected = ActivationRuleError.ruleKeysOutsideRule(
      path: file.path,
      keys: ["NSExtensionActivationSupportsMovieWithMaxCount", "NSExtensionActivationSupportsText"])
    #expect(throws: expected) { try ActivationRule(contentsOf: file) }
    #expect(expected.description.contains("move them into an NSExtensionActivationRule dictionary"))
  }

  /// Writes `info` as an XML Info.plist in `directory` and returns its URL.
  static func write(_ info: [String: Any], in directory: TemporaryDirectory) throws -> URL {
    let file = directory.file("Info.plist")
    try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
      .write(to: file)
    return file
  }

  @Test("Rule keys written into NSExtension itself are warned about beside a rule")
  func ruleKeysInExtensionBesideARule() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try Self.write(
      [
        "NSExtension": [
          "NSExtensionPointIdentifier": "com.apple.share-services",
          "NSExtensionActivationUsesStrictMatching": true,
          "NSExtensionActivationDictionaryVersion": 2,
          "NSExtensionActivationRule": "TRUEPREDICATE",
          "NSExtensionAttributes": [
            "NSExtensionActivationRule": ["NSExtensionActivationSupportsImageWithMaxCount": 1]
          ],
        ]
      ], in: directory)
    let rule = try ActivationRule(contentsOf: file)
    let messages = rule.warnings.filter { $0.code == .keyBesideRule }.map(\.message)
    #expect(messages.count == 3, "\(messages)")
    #expect(
      messages.contains {
        $0.hasPrefix("NSExtensionActivationUsesStrictMatching is in NSExtension itself")
      })
    #expect(
      messages.contains {
        $0.hasPrefix("NSExtensionActivationDictionaryVersion is in NSExtension itself")
      })
    #expect(messages.contains { $0.hasPrefix("NSExtensionActivationRule is also in NSExtension") })
    // Ignored as Apple ignores them: still strict (no version inside the rule), one image.
    #expect(!rule.matches(ActivationInput(attachments: [RuleFixtures.photo, RuleFixtures.text])))
  }

  @Test("A rule or its keys written into NSExtension instead of its attributes is an error")
  func ruleKeysInExtensionWithoutARule() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let keys = try Self.write(
      [
        "NSExtension": [
          "NSExtensionActivationSupportsImageWithMaxCount": 1,
          "NSExtensionAttributes": ["NSExtensionServiceAllowsFinderPreviewItem": true],
        ]
      ], in: directory)
    let expected = ActivationRuleError.ruleKeysOutsideRule(
      path: keys.path, keys: ["NSExtensionActivationSupportsImageWithMaxCount"],
      container: "NSExtension")
    #expect(throws: expected) { try ActivationRule(contentsOf: keys) }
    #expect(expected.description.contains("and NSExtension holds"))

    let rule = try Self.write(
      ["NSExtension": ["NSExtensionActivationRule": "TRUEPREDICATE"]], in: directory)
    #expect {
      try ActivationRule(contentsOf: rule)
    } throws: { error in
      "\(error)".contains("NSExtension holds NSExtensionActivationRule directly")
        && "\(error)".contains("move it into NSExtension/NSExtensionAttributes")
    }
  }

  struct TextValueCase: CustomTestStringConvertible, Sendable {
    var value: String
    var count: Int
    var advice: String
    var testDescription: String { "Text as the string \"\(value)\"" }
  }

  @Test(
    "NSExtensionActivationSupportsText as a string: read with intValue, advice matches intent",
    arguments: [
      TextValueCase(value: "YES", count: 0, advice: "text is not accepted (write <true/>)"),
      TextValueCase(value: "true", count: 0, advice: "text is not accepted (write <true/>)"),
      TextValueCase(value: "1", count: 1, advice: "text is accepted (write <true/>)"),
      TextValueCase(value: "NO", count: 0, advice: "text is not accepted (write <false/>)"),
    ])
  func textAsString(_ example: TextValueCase) throws {
    let rule = try ActivationRuleDictionary(propertyList: [
      "NSExtensionActivationSupportsText": example.value,
      "NSExtensionActivationSupportsImageWithMaxCount": 3,
    ])
    #expect(rule.maximumCounts[.text] == example.count)
    let textWarnings = rule.warnings.filter {
      $0.message.hasPrefix("NSExtensionActivationSupportsText")
    }
    #expect(textWarnings.count == 1)
    #expect(textWarnings.first?.code == .valueReading)
    #expect(textWarnings.first?.message.contains(example.advice) == true)
    #expect(textWarnings.first?.message.contains("<integer>") == false)
    let note = ActivationAttachment(registeredTypeIdentifiers: ["public.utf8-plain-text"])
    #expect(rule.matches(ActivationInput(attachments: [note])) == (example.count > 0))
  }

  struct SyntaxHintCase: CustomTestStringConvertible, Sendable {
    var input: String
    var column: Int
    var hint: String
    var testDescription: String { hint }
  }

  @Test(
    "Characters pasted from documents and class names get a hint in the syntax error",
    arguments: [
      // A string opened by a straight quote and closed by a typographic one runs on to the next
      // straight quote; the parser stops at the next typographic quote.
      SyntaxHintCase(
        input: "ANY $a.types UTI-CONFORMS-TO \"public.png\u{201D} OR ANY $a.types UTI-CONFORMS-TO"
          + " \"public.gif\u{201D}",
        column: 86, hint: "a typographic quote, where strings need \" or '"),
      SyntaxHintCase(
        input: "extensionItems.@count == \u{2018}1\u{2019}", column: 26,
        hint: "typographic quote"),
      SyntaxHintCase(
        input: "extensionItems.@count\u{00A0}== 1", column: 22, hint: "(write a plain space)"),
      SyntaxHintCase(
        input: "NSFalsePredicate", column: 17,
        hint: "NSFalsePredicate is a class name: the predicate is written FALSEPREDICATE"),
      SyntaxHintCase(
        input: "nstruepredicate", column: 16, hint: "the predicate is written TRUEPREDICATE"),
    ])
  func syntaxHints(_ example: SyntaxHintCase) {
    let error = #expect(throws: PredicateSyntaxError.self) {
      _ = try FormatPredicate(format: example.input)
    }
    #expect(error?.location.line == 1)
    #expect(error?.location.column == example.column)
    #expect(error?.message.contains(example.hint) == true, "\(String(describing: error))")
  }

  @Test("A rule built from many document types gives a short reason and keeps the full trace")
  func longAlternativeLists() throws {
    // Generators that turn CFBundleDocumentTypes into a rule OR one clause per extension.
    let extensions = (1...40).map { "org.example.format-\($0)" }
    let clauses = extensions.map { "ANY $file.registeredTypeIdentifiers UTI-CONFORMS-TO \"\($0)\"" }
    let rule = try ActivationRule(
      predicateFormat: "SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $file, "
        + clauses.joined(separator: " || ") + ").@count > 0).@count > 0")
    let decision = rule.evaluate(ActivationInput(attachments: [RuleFixtures.photo]))
    #expect(!decision.isShown)
    #expect(decision.reason.contains("each of 40 clauses is false"))
    #expect(decision.reason.contains("\"org.example.format-4\""))
    #expect(!decision.reason.contains("\"org.example.format-5\""))
    // The deciding clauses lead; the rule's own comparison comes last.
    #expect(decision.reason.hasPrefix("attachment 1 (public.heic, public.jpeg; file): each of 40"))
    #expect(decision.reason.contains("… and 36 more (see the trace); so "))
    // The trace keeps every clause.
    func traced(_ trace: ActivationTrace) -> [String] {
      [trace.clause] + trace.children.flatMap(traced)
    }
    let clauseText = traced(decision.trace).joined(separator: "\n")
    #expect(extensions.allSatisfy { clauseText.contains("\"\($0)\"") })
    // Five or fewer are all named.
    let few = try ActivationRule(
      predicateFormat: "SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $file, "
        + clauses.prefix(5).joined(separator: " OR ") + ").@count > 0).@count > 0")
    let reason = few.evaluate(ActivationInput(attachments: [RuleFixtures.photo])).reason
    #expect(reason.contains("\"org.example.format-5\""))
    #expect(!reason.contains("more (see the trace)"))
  }

  @Test("A plist rule escaped twice fails to parse, as on a device; raw XML text still reads")
  func doubleEscapedPlistRule() throws {
    // What a generator that escapes already-escaped text writes into the Info.plist.
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>NSExtensionActivationRule</key>
      <string>extensionItems.@count &amp;gt; 0 &amp;amp;&amp;amp; TRUEPREDICATE</string>
      </dict></plist>
      """
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("Rule.plist")
    try Data(xml.utf8).write(to: file)
    let error = #expect(throws: ActivationRuleError.self) {
      try ActivationRule(contentsOf: file)
    }
    guard case .syntax(let syntax, _)? = error else {
      Issue.record("expected a syntax error, got \(String(describing: error))")
      return
    }
    #expect(syntax.location.column == 23)
    #expect(syntax.message.contains("the XML character reference '&gt;'"))
    #expect(syntax.message.contains("Apple's parser does not decode it (write '>')"))
    // The same text pasted from the raw XML (a text file, the command line) is read as meant.
    let pasted = try FormatPredicate(
      format: "extensionItems.@count &gt; 0 &amp;&amp; TRUEPREDICATE")
    #expect(pasted.evaluate(with: ActivationInput(attachments: [RuleFixtures.text]).predicateValue))
    // In a plist string, a reference inside a quoted string is text, as Apple reads it.
    let literal = try ActivationRule(
      propertyListValue: "ANY extensionItems.attributedTitle.string == 'Tom &amp; Jerry'")
    let titled = ActivationInput(extensionItems: [
      ActivationItem(attributedTitle: "Tom &amp; Jerry", attachments: [RuleFixtures.text])
    ])
    #expect(literal.matches(titled))
  }

  @Test("A reason decided under NOT says so")
  func negationInReasons() throws {
    // "A link, but not a file's location": the shape apps use to keep out of Files.
    let rule = try ActivationRule(
      predicateFormat:
        "SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $link,"
        + " ANY $link.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.url'"
        + " && !(ANY $link.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.file-url')"
        + ").@count == 1).@count == 1")
    let decision = rule.evaluate(ActivationInput(attachments: [RuleFixtures.fileURL]))
    #expect(!decision.isShown)
    // What decided leads: the attachment's clause, then the NOT it is under, then upward.
    #expect(
      decision.reason.hasPrefix(
        "attachment 1 (public.file-url; file: URL): `ANY $link.registeredTypeIdentifiers"
          + " UTI-CONFORMS-TO \"public.file-url\"` is true (public.file-url conforms to"
          + " public.file-url); so `NOT ANY $link.registeredTypeIdentifiers UTI-CONFORMS-TO"
          + " \"public.file-url\"` is false; so "))
    #expect(rule.evaluate(ActivationInput(attachments: [RuleFixtures.webURL])).isShown)
    // A negated compound keeps its parentheses.
    let either = try ActivationRule(
      predicateFormat: "NOT (extensionItems.@count == 2 OR extensionItems.@count == 1)")
    #expect(
      either.evaluate(ActivationInput(attachments: [RuleFixtures.text])).reason.hasSuffix(
        "; so `NOT (extensionItems.@count == 2 OR extensionItems.@count == 1)` is false"))
  }

  @Test("String tests on the attributed title or text are flagged; on .string they are not")
  func attributedTextComparisons() throws {
    let onTitle = try ActivationRule(
      predicateFormat:
        "SUBQUERY(extensionItems, $item, $item.attributedTitle BEGINSWITH[c] 'recipe').@count > 0")
    let warning = try #require(onTitle.warnings.first { $0.code == .attributedText })
    #expect(warning.message.contains("BEGINSWITH raises an exception"))
    #expect(warning.message.contains("compare attributedTitle.string"))
    // What the warning says happens does: a set title makes the evaluation fail.
    let titled = ActivationInput(extensionItems: [
      ActivationItem(
        attributedTitle: "Recipe: bread", attributedContentText: nil,
        attachments: [RuleFixtures.webURL])
    ])
    #expect(onTitle.evaluate(titled).evaluationError != nil)
    let equal = try ActivationRule(
      predicateFormat: "ANY extensionItems.attributedContentText == 'Recipe: bread'")
    #expect(equal.warnings.map(\.code) == [.attributedText])
    let onString = try ActivationRule(
      predicateFormat:
        "SUBQUERY(extensionItems, $item, $item.attributedTitle.string BEGINSWITH[c] 'recipe')"
        + ".@count > 0")
    #expect(onString.warnings.isEmpty)
    #expect(onString.matches(titled))
  }

  @Test("A type the app declares is no longer called a typo once registered, and conforms")
  func declaredCustomType() throws {
    // A registry of the test's own: the shared one is never changed.
    let registry = UTTypeRegistry()
    let identifier = "org.example.rules.ledger"
    let format =
      "SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $file,"
      + " ANY $file.registeredTypeIdentifiers UTI-CONFORMS-TO \"\(identifier)\""
      + " OR ANY $file.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.spreadsheet\""
      + ").@count == 1).@count == 1"
    let before = try ActivationRule(predicateFormat: format, registry: registry)
    let typo = try #require(before.warnings.first { $0.code == .unknownTypeIdentifier })
    #expect(typo.message.contains("UTExportedTypeDeclarations or UTImportedTypeDeclarations"))

    try registry.register([
      UTTypeDeclaration(identifier: identifier, conformsTo: ["public.spreadsheet"])
    ])
    let after = try ActivationRule(predicateFormat: format, registry: registry)
    #expect(!after.warnings.contains { $0.code == .unknownTypeIdentifier })
    // The shared file is of the declared type only; it matches through the declaration, also
    // when the attachment was made in the shared registry (the rule resolves it again).
    let ledger = ActivationAttachment(
      registeredTypeIdentifiers: [identifier], hasFileRepresentation: true)
    #expect(after.matches(ActivationInput(attachments: [ledger])))
    let spreadsheetRule = try ActivationRule(
      predicateFormat:
        "SUBQUERY(extensionItems, $i, SUBQUERY($i.attachments, $f, ANY $f.registeredTypeIdentifiers"
        + " UTI-CONFORMS-TO \"public.spreadsheet\").@count > 0).@count > 0", registry: registry)
    #expect(spreadsheetRule.matches(ActivationInput(attachments: [ledger])))
    #expect(
      !(try ActivationRule(predicateFormat: spreadsheetRule.explanation().predicateFormat))
        .matches(ActivationInput(attachments: [ledger])),
      "in the shared registry the type is unknown")
    #expect(UTTypeRegistry.shared.type(withIdentifier: identifier) == nil)
  }
}
