import ActivationRules
import Foundation
import Ingest
import TestSupport
import Testing

/// Rules from `Tests/Fixtures/rules` decided over the hand-written profiles in
/// `Tests/Fixtures/sources`: what a profile's share looks like to a rule.
@Suite("Activation rules against source-app profiles", .onIOExecutor)
struct ProfileActivationTests {
  static let fixtures = ProjectPaths.testFixtures

  static func rule(_ name: String) -> URL {
    fixtures.appendingPathComponent("rules/\(name).plist")
  }

  static func profile(_ name: String) throws -> SourceProfile {
    try SourceProfile.load(
      from: fixtures.appendingPathComponent("sources/\(name).json"), checksCorpusFiles: false)
  }

  static func profiles() throws -> [SourceProfile] {
    try SourceProfile.loadAll(
      in: fixtures.appendingPathComponent("sources"), checksCorpusFiles: false)
  }

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
    let rule = try ActivationRule(contentsOf: ProfileActivationTests.rule(expectation.rule))
    let profiles = try ProfileActivationTests.profiles()
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
    let rule = try ActivationRule(contentsOf: ProfileActivationTests.rule("exactly-one-image"))
    let safari = try ProfileActivationTests.profile("safari-page")
    let decision = rule.evaluate(safari.activationInput)
    #expect(!decision.isShown)
    #expect(decision.reason.contains("attachment 1 (public.url; https: URL)"))
    #expect(
      decision.reason.contains(
        "`ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\"` is false"
          + " (none of public.url conforms to public.image)"))
    let three = try ProfileActivationTests.profile("photos-three-photos")
    #expect(rule.evaluate(three.activationInput).reason.contains("is false (3 == 1)"))
    let photo = try ProfileActivationTests.profile("photos-photo")
    let shown = rule.evaluate(photo.activationInput)
    #expect(shown.isShown)
    #expect(shown.trace.children.first?.children.first?.subject == "item 1")
  }

  @Test("A dictionary's explained predicate decides every profile as the dictionary does")
  func explainedDictionaryAgrees() throws {
    let dictionary = try ActivationRule(contentsOf: Self.rule("url-text-explicit-zeros-v2"))
    let explained = dictionary.explanation()
    // The explained predicate parses and decides every profile as the dictionary does, where
    // the notes do not apply (these profiles' URLs are http(s) and their files are file URLs
    // or images, which the zeros reject either way).
    let predicate = try FormatPredicate(format: explained.predicateFormat)
    for profile in try Self.profiles() {
      #expect(
        predicate.evaluate(with: profile.activationInput.predicateValue)
          == dictionary.matches(profile.activationInput),
        "\(profile.name)")
    }
  }
}
