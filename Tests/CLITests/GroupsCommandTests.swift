import Foundation
import TestSupport
import Testing

@Suite("ingest-cli groups")
struct GroupsCommandTests {
  static let environment = [
    "INGEST_APP_GROUPS": "group.com.example.photos=/srv/photos:group.com.example.notes=/srv/notes",
    "INGEST_GROUP_DIR": "/srv/default",
  ]

  @Test("Lists the configured App Groups and the default directory, creating nothing")
  func list() async throws {
    let text = try await CLI.run(["groups"], environment: Self.environment)
    #expect(text.status == 0)
    #expect(
      text.standardOutput == """
        group.com.example.notes   /srv/notes
        group.com.example.photos  /srv/photos
        (default)                 /srv/default  (INGEST_GROUP_DIR)

        """)
    #expect(!FileManager.default.fileExists(atPath: "/srv/photos"))
    let json = try await CLI.run(["groups", "--json"], environment: Self.environment)
    let groups = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
    #expect(
      groups.compactMap { $0["identifier"] as? String } == [
        "group.com.example.notes", "group.com.example.photos",
      ])
    #expect(groups.last?["isDefault"] as? Bool == true)
  }

  @Test("One group prints its directory; an unknown one is a clear error and exit 66")
  func one() async throws {
    let found = try await CLI.run(
      ["groups", "group.com.example.photos"], environment: Self.environment)
    #expect(found.status == 0)
    #expect(found.standardOutput == "/srv/photos\n")
    let unknown = try await CLI.run(
      ["groups", "group.com.example.none"], environment: Self.environment)
    #expect(unknown.status == 66)
    #expect(unknown.standardOutput.isEmpty)
    #expect(unknown.standardError.contains("no App Group group.com.example.none"))
    #expect(unknown.standardError.contains("group.com.example.notes, group.com.example.photos"))
    #expect(!unknown.standardError.contains("usage:"), "not a usage text")
    let json = try await CLI.run(
      ["groups", "--json", "group.com.example.none"], environment: Self.environment)
    #expect(json.status == 66)
    #expect(
      (try CLI.json(json.standardOutput)["error"] as? [String: Any])?["status"] as? String
        == "noInput")
    let malformed = try await CLI.run(["groups", "photos"], environment: Self.environment)
    #expect(malformed.status == 64)
  }
}
