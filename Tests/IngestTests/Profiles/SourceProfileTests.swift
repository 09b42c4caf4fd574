import Foundation
import Ingest
import ItemProvider
import SystemCalls
import TestSupport
import Testing
import UTI

@Suite("Source-app profiles: reading and checking", .onIOExecutor)
struct SourceProfileTests {
  /// Every source app issue 4 lists has a profile.
  @Test("Every source app the issue lists has a profile")
  func everySource() {
    let expected = [
      "files-pdf", "firefox-page", "messages-image", "notes-scanned-pdf", "photos-live-photo",
      "photos-photo", "photos-three-photos", "photos-video", "safari-image",
      "safari-page", "safari-page-javascript", "safari-two-items", "screenshot-markup",
    ]
    #expect(ProfileCorpus.names == expected)
  }

  @Test("Profiles load and cite their evidence", arguments: ProfileCorpus.names)
  func loads(_ name: String) throws {
    let profile = try ProfileCorpus.profile(name)
    #expect(profile.name == name)
    #expect(profile.schemaVersion == 1)
    // Provenance cites where the shape comes from: at least one public address.
    #expect(profile.provenance.contains("https://"))
    for item in profile.items {
      for attachment in item.attachments {
        for representation in attachment.representations {
          // Every registered type is one the catalogue declares.
          #expect(
            UTType(representation.typeIdentifier) != nil,
            "\(name): \(representation.typeIdentifier) is not in the catalogue")
        }
      }
    }
  }

  @Test("loadAll reads every profile, in order")
  func loadAll() throws {
    let profiles = try SourceProfile.loadAll(in: ProfileCorpus.sources)
    #expect(profiles.map(\.name) == ProfileCorpus.names)
  }

  @Test("The schema round-trips with its field names")
  func roundTrip() throws {
    let profile = try ProfileCorpus.profile("screenshot-markup")
    let encoded = try JSONEncoder().encode(profile)
    let json = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
    let items = try #require(json["items"] as? [[String: Any]])
    let attachments = try #require(items.first?["attachments"] as? [[String: Any]])
    let representation = try #require(
      (attachments.first?["representations"] as? [[String: Any]])?.first)
    let object = try #require(representation["object"] as? [String: Any])
    #expect(object["class"] as? String == "UIImage")
    #expect((representation["failures"] as? [String: Int])?["public.url"] == -1100)
    #expect(try JSONDecoder().decode(SourceProfile.self, from: encoded) == profile)
  }

  struct BrokenCase: CustomTestStringConvertible, Sendable {
    var label: String
    var json: String
    var expected: String
    var testDescription: String { label }
  }

  private static func profileJSON(
    name: String = "broken", version: Int = 1, representation: String
  ) -> String {
    """
    {"schemaVersion": \(version), "name": "\(name)", "title": "T", "app": "com.example",
     "provenance": "test", "items": [{"attachments": [{"representations": [\(representation)]}]}]}
    """
  }

  @Test(
    "Broken profiles are refused, saying where and why",
    arguments: [
      BrokenCase(
        label: "unknown schema version",
        json: profileJSON(
          version: 2,
          representation:
            #"{"typeIdentifier": "public.jpeg", "delivery": "file", "file": "files/photo.jpg"}"#),
        expected: "schemaVersion 2"),
      BrokenCase(
        label: "name is not the file stem",
        json: profileJSON(
          name: "other",
          representation:
            #"{"typeIdentifier": "public.jpeg", "delivery": "file", "file": "files/photo.jpg"}"#),
        expected: "must be the file's stem"),
      BrokenCase(
        label: "file delivery without a file",
        json: profileJSON(
          representation: #"{"typeIdentifier": "public.jpeg", "delivery": "file"}"#),
        expected: "items[0].attachments[0].representations[0]: file is missing"),
      BrokenCase(
        label: "path climbing out of the corpus",
        json: profileJSON(
          representation:
            #"{"typeIdentifier": "public.jpeg", "delivery": "data", "file": "../Package.swift"}"#),
        expected: "without '..'"),
      BrokenCase(
        label: "absolute path",
        json: profileJSON(
          representation:
            #"{"typeIdentifier": "public.jpeg", "delivery": "data", "file": "/etc/passwd"}"#),
        expected: "relative to corpus/"),
      BrokenCase(
        label: "missing corpus file",
        json: profileJSON(
          representation:
            #"{"typeIdentifier": "public.jpeg", "delivery": "file", "file": "files/nothing.jpg"}"#),
        expected: "files/nothing.jpg does not exist"),
      BrokenCase(
        label: "unknown object class",
        json: profileJSON(
          representation:
            #"""
            {"typeIdentifier": "public.jpeg", "delivery": "object", "object": {"class": \#
            "NSImage", "file": "files/photo.jpg"}}
            """#
        ),
        expected: "object class NSImage"),
      BrokenCase(
        label: "NSURL without a URL",
        json: profileJSON(
          representation:
            #"""
            {"typeIdentifier": "public.url", "delivery": "object", "object": {"class": "NSURL", \#
            "value": "not a url"}}
            """#
        ),
        expected: "absolute URL string"),
      BrokenCase(
        label: "failure code outside the domain",
        json: profileJSON(
          representation:
            #"""
            {"typeIdentifier": "public.png", "delivery": "object", "object": {"class": "UIImage", \#
            "file": "files/screenshot.png"}, "failures": {"public.url": 42}}
            """#
        ),
        expected: "not an NSItemProviderErrorDomain code"),
      BrokenCase(
        label: "unknown delivery",
        json: profileJSON(
          representation: #"{"typeIdentifier": "public.jpeg", "delivery": "email"}"#),
        expected: "not a source profile"),
      BrokenCase(
        label: "not JSON",
        json: "{",
        expected: "not a source profile"),
    ])
  func broken(_ test: BrokenCase) throws {
    let work = try ProfileWorkDirectory()
    defer { work.remove() }
    // A corpus of its own: sources/ beside a link to the real files/.
    let sources = work.url.appendingPathComponent("sources")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: work.url.appendingPathComponent("files"),
      withDestinationURL: ProfileCorpus.directory.appendingPathComponent("files"))
    let file = sources.appendingPathComponent("broken.json")
    try Data(test.json.utf8).write(to: file)
    do {
      _ = try SourceProfile.load(from: file)
      Issue.record("\(test.label) was accepted")
    } catch let error as SourceProfileError {
      #expect(
        error.description.contains(test.expected), "\(error.description)")
      #expect(error.description.contains("broken.json"))
    }
  }

  @Test("A profile or directory that cannot be read carries the IOError: path, operation, code")
  func unreadableProfiles() throws {
    let work = try ProfileWorkDirectory()
    defer { work.remove() }
    let missing = work.url.appendingPathComponent("sources/missing.json")
    #expect(
      throws: SourceProfileError.unreadable(
        IOError(operation: .openForReading, path: missing.path, errno: .noSuchFileOrDirectory))
    ) {
      try SourceProfile.load(from: missing)
    }
    let error = #expect(throws: SourceProfileError.self) {
      try SourceProfile.load(from: work.url)
    }
    guard case .unreadable(let failure)? = error else {
      Issue.record("expected unreadable, got \(String(describing: error))")
      return
    }
    #expect(failure.code == .notRegularFile)
    #expect(failure.fileKind == .directory)
    #expect(
      error?.description
        == "cannot read the source profile: cannot read \(work.url.path): not a regular file"
        + " (a directory)")
    let listing = #expect(throws: SourceProfileError.self) {
      try SourceProfile.loadAll(in: work.url.appendingPathComponent("none"))
    }
    guard case .unreadable(let listingFailure)? = listing else {
      Issue.record("expected unreadable, got \(String(describing: listing))")
      return
    }
    #expect(listingFailure.code == .notFound)
  }
}
