import Foundation
import TestSupport
import Testing

@testable import Ingest

@Suite("Activation rules from files, against source-app profiles")
struct ActivationRuleTests {
  struct Expectation: CustomTestStringConvertible, Sendable {
    var rule: String
    var shownFor: Set<String>
    var testDescription: String { rule }
  }

  static let profileNames = [
    "browser-page-with-text", "files-pdf", "notes-text", "photos-live-photo", "photos-photo",
    "photos-three-photos", "photos-video", "safari-page",
  ]

  @Test(
    "Realistic rules decide as written for every profile",
    arguments: [
      Expectation(rule: "exactly-one-image", shownFor: ["photos-photo", "photos-live-photo"]),
      Expectation(
        rule: "images-or-one-movie",
        shownFor: ["photos-photo", "photos-live-photo", "photos-three-photos", "photos-video"]),
      Expectation(
        rule: "images-or-one-movie-dictionary",
        shownFor: ["photos-photo", "photos-live-photo", "photos-three-photos", "photos-video"]),
      // public.file-url conforms to public.url, so a file URL counts as a URL here.
      Expectation(
        rule: "url-or-text",
        shownFor: ["browser-page-with-text", "files-pdf", "notes-text", "safari-page"]),
      Expectation(
        rule: "web-url-not-file-url", shownFor: ["browser-page-with-text", "safari-page"]),
      Expectation(
        rule: "images-or-pdf-or",
        shownFor: ["files-pdf", "photos-photo", "photos-live-photo", "photos-three-photos"]),
      Expectation(rule: "two-jpegs-equals", shownFor: ["photos-three-photos"]),
      Expectation(
        rule: "url-text-explicit-zeros-v2",
        shownFor: ["browser-page-with-text", "notes-text", "safari-page"]),
      Expectation(
        rule: "rule-only", shownFor: ["browser-page-with-text", "notes-text", "safari-page"]),
      Expectation(rule: "misplaced-keys", shownFor: ["photos-photo", "photos-live-photo"]),
      Expectation(rule: "true-predicate", shownFor: Set(profileNames)),
    ])
  func matrix(_ expectation: Expectation) throws {
    let rule = try ActivationRule(contentsOf: RuleFixtures.rule(expectation.rule))
    let profiles = try RuleFixtures.profiles()
    #expect(profiles.map(\.name) == Self.profileNames)
    for profile in profiles {
      let decision = rule.evaluate(profile.activationInput)
      #expect(
        decision.isShown == expectation.shownFor.contains(profile.name),
        "\(profile.name): \(decision.reason)")
      #expect(rule.matches(profile.activationInput) == decision.isShown)
      #expect(!decision.reason.isEmpty)
    }
  }

  @Test("The reason names the clause and the attachment that decided")
  func reasons() throws {
    let rule = try ActivationRule(contentsOf: RuleFixtures.rule("exactly-one-image"))
    let safari = try RuleFixtures.profile("safari-page")
    let decision = rule.evaluate(safari.activationInput)
    #expect(!decision.isShown)
    #expect(decision.reason.contains("attachment 1 (public.url; https: URL)"))
    #expect(
      decision.reason.contains(
        "`ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\"` is false"
          + " (none of public.url conforms to public.image)"))
    let three = try RuleFixtures.profile("photos-three-photos")
    #expect(rule.evaluate(three.activationInput).reason.contains("is false (3 == 1)"))
    let photo = try RuleFixtures.profile("photos-photo")
    let shown = rule.evaluate(photo.activationInput)
    #expect(shown.isShown)
    #expect(shown.trace.children.first?.children.first?.subject == "item 1")
  }

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
    #expect {
      try ActivationRule(contentsOf: missing)
    } throws: { error in
      guard case .file(let fileError) = error as? ActivationRuleError else { return false }
      return fileError.isMissing && fileError.path == missing.path
    }
    let malformed = directory.url.appendingPathComponent("bad.plist")
    try Data("<?xml version=\"1.0\"?><plist><dict><key>a</key>".utf8).write(to: malformed)
    #expect {
      try ActivationRule(contentsOf: malformed)
    } throws: { error in
      if case .malformedPropertyList(let path, _) = error as? ActivationRuleError {
        return path == malformed.path
      }
      return false
    }
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
    #expect {
      try ActivationRule(contentsOf: RuleFixtures.rule("broken-predicate"))
    } throws: { error in
      guard case .syntax(let syntax, _) = error as? ActivationRuleError else { return false }
      return syntax.location.line == 7 && syntax.location.column == 51
    }
    #expect(throws: ActivationRuleError.self) {
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
    // The explained predicate parses and decides every profile as the dictionary does, where
    // the notes do not apply (these profiles' URLs are http(s) and their files are file URLs
    // or images, which the zeros reject either way).
    let predicate = try FormatPredicate(format: explained.predicateFormat)
    for profile in try RuleFixtures.profiles() {
      #expect(
        predicate.evaluate(with: profile.activationInput.predicateValue)
          == dictionary.matches(profile.activationInput),
        "\(profile.name)")
    }
    let rule = try ActivationRule(contentsOf: RuleFixtures.rule("images-or-one-movie"))
    let normalized = rule.explanation(width: 60)
    #expect(normalized.form == "predicate")
    #expect(normalized.indentedFormat.split(separator: "\n").allSatisfy { $0.count <= 90 })
    #expect(
      try FormatPredicate(format: normalized.indentedFormat).predicateFormat
        == normalized.predicateFormat)
  }
}
