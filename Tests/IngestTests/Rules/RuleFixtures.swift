import Foundation
import Ingest

/// Paths of the test fixtures and inputs built by hand.
enum RuleFixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  static let rules = directory.appendingPathComponent("rules")
  static let sources = directory.appendingPathComponent("sources")

  static func rule(_ name: String) -> URL { rules.appendingPathComponent(name + ".plist") }

  static func profile(_ name: String) throws -> SourceProfile {
    try SourceProfile.load(
      from: sources.appendingPathComponent(name + ".json"), checksCorpusFiles: false)
  }

  static func profiles() throws -> [SourceProfile] {
    try SourceProfile.loadAll(in: sources, checksCorpusFiles: false)
  }

  /// One attachment per list of identifiers, in one item.
  static func input(_ attachments: [String]...) -> ActivationInput {
    ActivationInput(
      attachments: attachments.map { ActivationAttachment(registeredTypeIdentifiers: $0) })
  }

  static let photo = ActivationAttachment(
    registeredTypeIdentifiers: ["public.heic", "public.jpeg"], hasFileRepresentation: true)
  static let movie = ActivationAttachment(
    registeredTypeIdentifiers: ["com.apple.quicktime-movie"], hasFileRepresentation: true)
  static let webURL = ActivationAttachment(
    registeredTypeIdentifiers: ["public.url"], url: URL(string: "https://example.com/"))
  static let mailtoURL = ActivationAttachment(
    registeredTypeIdentifiers: ["public.url"], url: URL(string: "mailto:someone@example.com"))
  static let fileURL = ActivationAttachment(
    registeredTypeIdentifiers: ["public.file-url"], url: URL(string: "file:///tmp/a.pdf"))
  static let text = ActivationAttachment(registeredTypeIdentifiers: ["public.plain-text"])
  static let pdf = ActivationAttachment(
    registeredTypeIdentifiers: ["com.adobe.pdf"], hasFileRepresentation: true)
  static let webPage = ActivationAttachment(registeredTypeIdentifiers: ["com.apple.property-list"])
}
