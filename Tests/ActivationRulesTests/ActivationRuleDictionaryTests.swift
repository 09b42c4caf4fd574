import Foundation
import TestSupport
import Testing

@testable import ActivationRules

@Suite("Activation rule dictionaries")
struct ActivationRuleDictionaryTests {
  typealias Kind = ActivationAttachmentKind

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var rule: [String: PlistValue]
    var attachments: [ActivationAttachment]
    var shown: Bool
    var reasonContains: String
    var testDescription: String { name }
  }

  /// Sendable stand-ins for property-list values.
  enum PlistValue: Sendable {
    case integer(Int)
    case string(String)
    case bool(Bool)
    case real(Double)

    var value: Any {
      switch self {
      case .integer(let value): value
      case .string(let value): value
      case .bool(let value): value
      case .real(let value): NSNumber(value: value)
      }
    }
  }

  static let image = "NSExtensionActivationSupportsImageWithMaxCount"
  static let movie = "NSExtensionActivationSupportsMovieWithMaxCount"
  static let text = "NSExtensionActivationSupportsText"
  static let webURL = "NSExtensionActivationSupportsWebURLWithMaxCount"
  static let webPage = "NSExtensionActivationSupportsWebPageWithMaxCount"
  static let file = "NSExtensionActivationSupportsFileWithMaxCount"
  static let attachmentsMax = "NSExtensionActivationSupportsAttachmentsWithMaxCount"
  static let attachmentsMin = "NSExtensionActivationSupportsAttachmentsWithMinCount"
  static let version = "NSExtensionActivationDictionaryVersion"
  static let strict = "NSExtensionActivationUsesStrictMatching"

  @Test(
    "Apple's strict and fuzzy matching",
    arguments: [
      Case(
        name: "strict (no version): one photo, images up to 1", rule: [image: .integer(1)],
        attachments: [RuleFixtures.photo], shown: true, reasonContains: "1 image of at most 1"),
      Case(
        name: "strict: two photos exceed images up to 1", rule: [image: .integer(1)],
        attachments: [RuleFixtures.photo, RuleFixtures.photo], shown: false,
        reasonContains: "ImageWithMaxCount is 1 but the share has 2 images"),
      Case(
        name: "strict: photo plus URL, URL not accepted", rule: [image: .integer(10)],
        attachments: [RuleFixtures.photo, RuleFixtures.webURL], shown: false,
        reasonContains: "attachment 2 (public.url; https: URL) is a web URL, which no key accepts"),
      Case(
        name: "fuzzy (version 2): photo plus URL, one accepted is enough",
        rule: [image: .integer(10), version: .integer(2)],
        attachments: [RuleFixtures.photo, RuleFixtures.webURL], shown: true,
        reasonContains:
          "1 of 2 attachments is accepted: attachment 1 (public.heic, public.jpeg; file) by"
          + " NSExtensionActivationSupportsImageWithMaxCount"),
      Case(
        name: "version 2 with strict matching requested",
        rule: [image: .integer(10), version: .integer(2), strict: .bool(true)],
        attachments: [RuleFixtures.photo, RuleFixtures.webURL], shown: false,
        reasonContains: "UsesStrictMatching is true"),
      Case(
        name: "fuzzy: explicit 0 rejects a kind",
        rule: [webURL: .integer(1), file: .integer(0), version: .integer(2)],
        attachments: [RuleFixtures.webURL, RuleFixtures.pdf], shown: false,
        reasonContains: "FileWithMaxCount is 0, which under fuzzy matching rejects any file"),
      Case(
        name: "fuzzy: an absent key leaves its kind alone",
        rule: [webURL: .integer(1), version: .integer(2)],
        attachments: [RuleFixtures.webURL, RuleFixtures.pdf], shown: true,
        reasonContains: "1 of 2 attachments"),
      Case(
        name: "strict: explicit 0 and absent both mean not accepted",
        rule: [image: .integer(1), movie: .integer(0)],
        attachments: [RuleFixtures.movie], shown: false,
        reasonContains: "is a movie and a file, and no key accepts either kind"),
      Case(
        name: "fuzzy: nothing accepted", rule: [image: .integer(1), version: .integer(2)],
        attachments: [RuleFixtures.text], shown: false,
        reasonContains: "no attachment is of a kind the rule accepts (images up to 1)"),
      Case(
        name: "string count reads as an integer", rule: [image: .string("2")],
        attachments: [RuleFixtures.photo, RuleFixtures.photo], shown: true,
        reasonContains: "2 images of at most 2"),
      Case(
        name: "<true/> reads as 1", rule: [image: .bool(true)],
        attachments: [RuleFixtures.photo, RuleFixtures.photo], shown: false,
        reasonContains: "ImageWithMaxCount is 1"),
      Case(
        name: "a real truncates", rule: [image: .real(2.9)],
        attachments: [RuleFixtures.photo, RuleFixtures.photo, RuleFixtures.photo], shown: false,
        reasonContains: "ImageWithMaxCount is 2"),
      Case(
        name: "text is a Boolean with no limit", rule: [text: .bool(true)],
        attachments: [RuleFixtures.text, RuleFixtures.text, RuleFixtures.text], shown: true,
        reasonContains:
          "every attachment is accepted: attachment 1 (public.plain-text) and 2 more by"
          + " NSExtensionActivationSupportsText"),
      Case(
        name: "web URL needs an http(s) value when known", rule: [webURL: .integer(1)],
        attachments: [RuleFixtures.mailtoURL], shown: false,
        reasonContains: "of no kind the dictionary keys count"),
      Case(
        name: "a file URL is a file, not a web URL", rule: [webURL: .integer(1)],
        attachments: [RuleFixtures.fileURL], shown: false,
        reasonContains: "is a file, which no key accepts"),
      Case(
        name: "web page is the preprocessing property list", rule: [webPage: .integer(1)],
        attachments: [RuleFixtures.webPage], shown: true,
        reasonContains: "1 web page of at most 1"),
      Case(
        name: "attachments key accepts any kind", rule: [attachmentsMax: .integer(2)],
        attachments: [RuleFixtures.text, RuleFixtures.pdf], shown: true,
        reasonContains: "every attachment"),
      Case(
        name: "attachments maximum", rule: [attachmentsMax: .integer(1)],
        attachments: [RuleFixtures.text, RuleFixtures.pdf], shown: false,
        reasonContains: "AttachmentsWithMaxCount is 1 but the share has 2 attachments"),
      Case(
        name: "attachments minimum", rule: [image: .integer(10), attachmentsMin: .integer(2)],
        attachments: [RuleFixtures.photo], shown: false,
        reasonContains: "AttachmentsWithMinCount is 2 but the share has 1 attachment"),
      Case(
        name: "no attachments", rule: [text: .bool(true)], attachments: [], shown: false,
        reasonContains: "the share has no attachments"),
    ])
  func matching(_ example: Case) throws {
    let rule = try ActivationRuleDictionary(propertyList: example.rule.mapValues(\.value))
    let input = ActivationInput(attachments: example.attachments)
    let decision = rule.evaluate(input)
    #expect(decision.isShown == example.shown)
    #expect(decision.reason.contains(example.reasonContains), "\(decision.reason)")
    #expect(rule.matches(input) == example.shown)
  }

  @Test("Counts are read as integerValue reads them")
  func integerReading() {
    #expect(ActivationRuleDictionary.integerValue(of: "  12abc") == 12)
    #expect(ActivationRuleDictionary.integerValue(of: "-3") == -3)
    #expect(ActivationRuleDictionary.integerValue(of: "abc") == 0)
    #expect(ActivationRuleDictionary.integerValue(of: "") == 0)
    #expect(ActivationRuleDictionary.integerValue(of: "99999999999999999999999") == Int.max)
  }

  @Test("A value that is not a number, Boolean or string is an error naming the key")
  func invalidValue() {
    #expect(throws: ActivationRuleError.invalidValue(key: Self.image, found: "an array")) {
      try ActivationRuleDictionary(propertyList: [Self.image: [1, 2]])
    }
  }

  @Test("Warnings for what Apple ignores or reads surprisingly")
  func warnings() throws {
    let rule = try ActivationRuleDictionary(propertyList: [
      "NSExtensionActivationSupportsVideoWithMaxCount": 1,
      Self.image: "1",
      Self.movie: -1,
      Self.version: 3,
    ])
    let messages = rule.warnings.map(\.message)
    #expect(
      messages.contains {
        $0.contains("VideoWithMaxCount is not a key")
          && $0.contains("did you mean NSExtensionActivationSupportsMovieWithMaxCount")
      })
    #expect(messages.contains { $0.contains("is a string; Apple reads it as the integer 1") })
    #expect(messages.contains { $0.contains("-1: no count is at most -1") })
    #expect(
      messages.contains { $0.contains("DictionaryVersion 3 is not a version Apple documents") })
    let nothing = try ActivationRuleDictionary(propertyList: [Self.image: 0])
    #expect(nothing.warnings.map(\.code) == [.acceptsNothing])
  }

  @Test("The kind table classifies attachments")
  func kindTable() {
    #expect(Kind.kinds(of: RuleFixtures.photo) == [.image, .file])
    #expect(Kind.kinds(of: RuleFixtures.movie) == [.movie, .file])
    #expect(Kind.kinds(of: RuleFixtures.webURL) == [.webURL])
    #expect(Kind.kinds(of: RuleFixtures.mailtoURL) == [])
    #expect(Kind.kinds(of: RuleFixtures.fileURL) == [.file])
    #expect(Kind.kinds(of: RuleFixtures.text) == [.text])
    #expect(Kind.kinds(of: RuleFixtures.webPage) == [.webPage])
    #expect(
      Kind.kinds(of: ActivationAttachment(registeredTypeIdentifiers: ["public.url"])) == [.webURL])
    #expect(
      Kind.kinds(
        of: ActivationAttachment(registeredTypeIdentifiers: ["public.url", "public.plain-text"]))
        == [.text, .webURL])
  }

  static let readings: [ActivationRule.Semantics] = [
    .default,
    ActivationRule.Semantics(attachmentsMaximum: .capsCountOnly),
    ActivationRule.Semantics(countsMediaAsFiles: false),
    ActivationRule.Semantics(attachmentsMaximum: .capsCountOnly, countsMediaAsFiles: false),
  ]

  /// Every "N … of at most M" in a shown reason has N ≤ M, every "of at least M" N ≥ M.
  static func reasonContradictions(_ reason: String) -> [String] {
    var found: [String] = []
    for match in reason.matches(of: /(\d+) [a-zA-Z ]+? of at (most|least) (\d+)/) {
      guard let count = Int(match.output.1), let limit = Int(match.output.3) else { continue }
      if match.output.2 == "most" ? count > limit : count < limit {
        found.append(String(match.output.0))
      }
    }
    return found
  }

  @Test(
    "The equivalent predicate decides as the dictionary does, under each reading; reasons agree",
    arguments: 0..<6, readings)
  func equivalentPredicateAgrees(seed: Int, semantics: ActivationRule.Semantics) throws {
    var generator = SplitMix64(seed: UInt64(seed) &* 7919)
    let pool: [ActivationAttachment] = [
      RuleFixtures.webURL, RuleFixtures.text, RuleFixtures.webPage, RuleFixtures.fileURL,
      ActivationAttachment(registeredTypeIdentifiers: ["public.jpeg"]),
      ActivationAttachment(registeredTypeIdentifiers: ["public.png", "public.tiff"]),
      ActivationAttachment(registeredTypeIdentifiers: ["com.apple.quicktime-movie"]),
      ActivationAttachment(registeredTypeIdentifiers: ["public.url", "public.plain-text"]),
      ActivationAttachment(registeredTypeIdentifiers: ["com.adobe.pdf"]),
      ActivationAttachment(registeredTypeIdentifiers: ["com.example.unknown"]),
      ActivationAttachment(registeredTypeIdentifiers: ["public.jpeg", "public.file-url"]),
    ]
    for _ in 0..<150 {
      // A random rule: each key absent or a count from 0 to 3, a random version and strictness.
      var plist: [String: Any] = [:]
      for key in [
        Self.image, Self.movie, Self.text, Self.webURL, Self.webPage, Self.file,
        Self.attachmentsMax, Self.attachmentsMin,
      ]
      where generator.next() % 3 == 0 {
        plist[key] = Int(generator.next() % 4)
      }
      if generator.next() % 2 == 0 { plist[Self.version] = Int(generator.next() % 3) }
      if generator.next() % 4 == 0 { plist[Self.strict] = generator.next() % 2 == 0 }
      let rule = try ActivationRuleDictionary(propertyList: plist)
      let (predicate, _) = rule.equivalentPredicate(semantics: semantics)
      for _ in 0..<8 {
        let itemCount = Int(generator.next() % 2) + 1
        let items = (0..<itemCount).map { _ in
          ActivationItem(
            attachments: (0..<Int(generator.next() % 4)).map { _ in
              pool[Int(generator.next() % UInt64(pool.count))]
            })
        }
        let input = ActivationInput(extensionItems: items)
        let expected = rule.matches(input, semantics: semantics)
        let actual = try predicate.evaluateThrowing(with: input.predicateValue)
        #expect(
          actual == expected,
          "\(plist) on \(input.attachments.map(\.attachment.summary)): predicate \(predicate)")
        let decision = rule.evaluate(input, semantics: semantics)
        #expect(decision.isShown == expected)
        if decision.isShown {
          #expect(
            Self.reasonContradictions(decision.reason).isEmpty, "\(plist): \(decision.reason)")
          #expect(!decision.reason.contains("no key accepts"), "\(decision.reason)")
        }
      }
    }
  }

  @Test("A shown reason names the key that accepted each attachment, not a key set to 0")
  func shownReasonNamesTheAcceptingKey() throws {
    // Strict matching: the web URL key is 0 (accepts nothing, caps nothing); the attachments
    // key accepts the URL.
    let rule = try ActivationRuleDictionary(propertyList: [
      Self.webURL: 0, Self.attachmentsMax: 5, Self.image: 10,
    ])
    let decision = rule.evaluate(ActivationInput(attachments: [RuleFixtures.webURL]))
    #expect(decision.isShown)
    #expect(
      decision.reason
        == "every attachment is accepted: attachment 1 (public.url; https: URL) by"
        + " NSExtensionActivationSupportsAttachmentsWithMaxCount; every count is within its"
        + " limit (1 attachment of at most 5, 0 images of at most 10)")
    #expect(!decision.reason.contains("web URL"))
  }

  @Test("The open readings switch: the attachments key alone, and media delivered as files")
  func openReadings() throws {
    let attachmentsOnly = try ActivationRuleDictionary(propertyList: [Self.attachmentsMax: 3])
    let share = ActivationInput(attachments: [RuleFixtures.pdf, RuleFixtures.text])
    #expect(attachmentsOnly.matches(share))
    let capsOnly = ActivationRule.Semantics(attachmentsMaximum: .capsCountOnly)
    let capped = attachmentsOnly.evaluate(share, semantics: capsOnly)
    #expect(!capped.isShown)
    #expect(capped.reason.contains("is a file, which no key accepts"), "\(capped.reason)")

    let filesOnly = try ActivationRuleDictionary(propertyList: [Self.file: 5])
    let photos = ActivationInput(attachments: [RuleFixtures.photo, RuleFixtures.pdf])
    let counted = filesOnly.evaluate(photos)
    #expect(counted.isShown)
    #expect(counted.reason.contains("2 files of at most 5"), "\(counted.reason)")
    let mediaApart = ActivationRule.Semantics(countsMediaAsFiles: false)
    let apart = filesOnly.evaluate(photos, semantics: mediaApart)
    #expect(!apart.isShown)
    #expect(apart.reason.contains("is an image, which no key accepts"), "\(apart.reason)")
    #expect(Kind.kinds(of: RuleFixtures.photo, semantics: mediaApart) == [.image])
  }
}
