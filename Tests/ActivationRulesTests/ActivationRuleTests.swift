import Foundation
import SystemCalls
import TestSupport
import Testing

@testable import ActivationRules

@Suite("Activation rules from files")
struct ActivationRuleTests {
  @Test("An evaluation error hides the extension and says where")
  func evaluationError() throws {
    let rule = try ActivationRule(
      predicateFormat: "SUBQUERY(extensionItems, $e, $e.attachment.@count > 0).@count == 1")
    #expect(rule.warnings.contains { $0.code == .unknownInputKey })
    let decision = rule.evaluate(RuleFixtures.input(["public.jpeg"]))
    #expect(!decision.isShown)
    #expect(decision.evaluationError?.contains("NSExtensionItem has no key 'attachment'") == true)
    #expect(decision.reason.contains("extension is hidden"))
  }

  @Test("Info.plist and rule plists, XML and binary, are read where Apple keeps the rule")
  func loading() throws {
    let xml = try ActivationRule(contentsOf: RuleFixtures.rule("exactly-one-image"))
    #expect(xml.origin.hasSuffix("(NSExtension/NSExtensionAttributes/NSExtensionActivationRule)"))
    guard case .predicate(let predicate) = xml.form else {
      Issue.record("expected a predicate")
      return
    }
    #expect(predicate.predicateFormat.contains("UTI-CONFORMS-TO \"public.image\""))

    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Binary Info.plist, written by the real PropertyListSerialization.
    let info: [String: Any] = [
      "NSExtension": [
        "NSExtensionAttributes": [
          "NSExtensionActivationRule": [
            "NSExtensionActivationSupportsImageWithMaxCount": 1
          ]
        ]
      ]
    ]
    let binary = directory.url.appendingPathComponent("Info.plist")
    try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0)
      .write(to: binary)
    let binaryRule = try ActivationRule(contentsOf: binary)
    guard case .dictionary(let dictionary) = binaryRule.form else {
      Issue.record("expected a dictionary")
      return
    }
    #expect(dictionary.maximumCounts == [.image: 1])

    // A plist that is only the rule's string.
    let stringPlist = directory.url.appendingPathComponent("rule.plist")
    try PropertyListSerialization.data(
      fromPropertyList: "extensionItems.@count == 1", format: .xml, options: 0
    ).write(to: stringPlist)
    #expect(try ActivationRule(contentsOf: stringPlist).matches(RuleFixtures.input(["a.b"])))

    // A text file holding a predicate copied from raw XML.
    let text = directory.url.appendingPathComponent("rule.txt")
    try Data("extensionItems.@count &gt;= 1 &amp;&amp; TRUEPREDICATE".utf8).write(to: text)
    #expect(try ActivationRule(contentsOf: text).matches(RuleFixtures.input(["a.b"])))

    let rulePlist = try ActivationRule(contentsOf: RuleFixtures.rule("rule-only"))
    #expect(rulePlist.origin.hasSuffix("(NSExtensionActivationRule)"))
  }

  @Test("Missing, malformed and rule-less files are clear errors")
  func loadingErrors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.url.appendingPathComponent("nope.plist")
    #expect(
      throws: ActivationRuleError.file(
        IOError(operation: .openForReading, path: missing.path, errno: .noSuchFileOrDirectory))
    ) {
      try ActivationRule(contentsOf: missing)
    }
    let notRegular = #expect(throws: ActivationRuleError.self) {
      try ActivationRule(contentsOf: directory.url)
    }
    #expect(
      notRegular
        == .file(
          IOError(.notRegularFile, operation: .read, path: directory.path, fileKind: .directory)))
    let empty = try directory.file("empty.plist", contents: Data())
    #expect(throws: ActivationRuleError.emptyFile(path: empty.path)) {
      try ActivationRule(contentsOf: empty)
    }
    let malformed = directory.url.appendingPathComponent("bad.plist")
    try Data("<?xml version=\"1.0\"?><plist><dict><key>a</key>".utf8).write(to: malformed)
    let malformedError = #expect(throws: ActivationRuleError.self) {
      try ActivationRule(contentsOf: malformed)
    }
    guard case .malformedPropertyList(let path, let reason)? = malformedError else {
      Issue.record("expected malformedPropertyList, got \(String(describing: malformedError))")
      return
    }
    #expect(path == malformed.path)
    #expect(!reason.contains("Error Domain="), "the parser's message, not an NSError dump")
    let ruleless = directory.url.appendingPathComponent("Info.plist")
    try PropertyListSerialization.data(
      fromPropertyList: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.share-services"]],
      format: .xml, options: 0
    ).write(to: ruleless)
    #expect(
      throws: ActivationRuleError.ruleNotFound(
        path: ruleless.path, lookedAt: ActivationRule.infoPlistKeyPath)
    ) {
      try ActivationRule(contentsOf: ruleless)
    }
    let syntaxError = #expect(throws: ActivationRuleError.self) {
      try ActivationRule(contentsOf: RuleFixtures.rule("broken-predicate"))
    }
    guard case .syntax(let syntax, _)? = syntaxError else {
      Issue.record("expected a syntax error, got \(String(describing: syntaxError))")
      return
    }
    #expect(syntax.location.line == 7 && syntax.location.column == 51)
    #expect(
      throws: ActivationRuleError.invalidRule(found: "an array", origin: "the rule")
    ) {
      try ActivationRule(propertyListValue: [1, 2])
    }
  }

  @Test("Warnings for keys beside the rule, TRUEPREDICATE, web pages, typos")
  func contextWarnings() throws {
    let misplaced = try ActivationRule(contentsOf: RuleFixtures.rule("misplaced-keys"))
    let codes = Set(misplaced.warnings.map(\.code))
    #expect(
      codes == [.keyBesideRule, .unknownKey, .valueReading, .webPageWithoutPreprocessing])
    let always = try ActivationRule(contentsOf: RuleFixtures.rule("true-predicate"))
    #expect(always.warnings.map(\.code) == [.truePredicate])
    let typo = try ActivationRule(
      predicateFormat:
        "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers"
        + " UTI-CONFORMS-TO \"public.peg-2000\" OR $a.registeredTypeIdentifiers UTI-CONFORMS-TO"
        + " \"public.png\").@count > 0).@count > 0")
    #expect(Set(typo.warnings.map(\.code)) == [.unknownTypeIdentifier, .missingModifier])
    let withScript = try ActivationRule(
      propertyListValue: ["NSExtensionActivationSupportsWebPageWithMaxCount": 1],
      attributes: ["NSExtensionJavaScriptPreprocessingFile": "Action"])
    #expect(withScript.warnings.isEmpty)
  }

  @Test("explain writes a dictionary as its predicate and a predicate normalized")
  func explanations() throws {
    let dictionary = try ActivationRule(contentsOf: RuleFixtures.rule("url-text-explicit-zeros-v2"))
    let explained = dictionary.explanation()
    #expect(explained.form == "dictionary")
    #expect(explained.summary.first?.hasPrefix("fuzzy matching") == true)
    #expect(explained.predicateFormat.contains("== 0"))
    #expect(explained.notes.contains { $0.hasPrefix("web URL:") })
    let rule = try ActivationRule(contentsOf: RuleFixtures.rule("images-or-one-movie"))
    let normalized = rule.explanation(width: 60)
    #expect(normalized.form == "predicate")
    #expect(normalized.indentedFormat.split(separator: "\n").allSatisfy { $0.count <= 90 })
    #expect(
      try FormatPredicate(format: normalized.indentedFormat).predicateFormat
        == normalized.predicateFormat)
  }
}
