import Foundation
import InboxReading
import Ingest
import SystemCalls
import TestSupport
import Testing

@testable import Importer

/// Inboxes written by the app this product is modelled on: one JSON file per share with four
/// fields, written atomically (a temporary name, then a rename), `<id>.json`.
@Suite(
  "The four-field inbox form: read as one text or web URL share, imported exactly once",
  .onIOExecutor)
struct FourFieldInboxTests {
  /// Writes `{"schemaVersion":1,"id":…,"receivedAt":…,"text":…}` as that app writes it: to a
  /// temporary name in `Inbox/`, then renamed.
  @discardableResult
  static func writeFourField(
    _ fixture: ImporterFixture, text: String, receivedAt: String, id: UUID = UUID()
  ) throws -> UUID {
    let object: [String: Any] = [
      "schemaVersion": 1, "id": id.uuidString, "receivedAt": receivedAt, "text": text,
    ]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    let temporary =
      fixture.groupPath + "/Inbox/.\(id.uuidString).json.tmp-\(UInt32.random(in: 0...9999))"
    try data.write(to: URL(fileURLWithPath: temporary))
    try FileSystem.rename(
      temporary, to: fixture.groupPath + "/Inbox/\(id.uuidString).json", replacing: false)
    return id
  }

  @Test("Texts, a URL, 1000 and 1001 characters: each imports once with the right record")
  func importsOnce() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let text = try Self.writeFourField(
      fixture, text: "週六去公園嗎？", receivedAt: "2026-09-21T14:13:20Z")
    let url = try Self.writeFourField(
      fixture, text: " https://example.com/park?day=sat\n", receivedAt: "2026-09-21T14:14:00Z")
    let exactly = try Self.writeFourField(
      fixture, text: String(repeating: "字", count: 1000), receivedAt: "2026-09-21T14:15:00Z")
    let over = try Self.writeFourField(
      fixture, text: String(repeating: "字", count: 1001), receivedAt: "2026-09-21T14:16:00Z")
    let mentions = try Self.writeFourField(
      fixture, text: "see https://example.com/ tomorrow", receivedAt: "2026-09-21T14:17:00Z")
    await #expect(try fixture.inbox.problems().isEmpty)
    await #expect(
      Set(try fixture.inbox.pending().map(\.id)) == [text, url, exactly, over, mentions])

    let library = try fixture.library()
    let importer = fixture.importer(library)
    let pass = try await importer.importPending()
    #expect(Set(pass.imported) == [text, url, exactly, mentions])
    let failure = try #require(pass.errors.first { $0.shareID == over })
    #expect(failure.error.contains("1001 characters"))
    await #expect(try fixture.inbox.pending().map(\.id) == [over], "the share over the limit stays")
    await #expect(try importer.importPending().imported.isEmpty, "exactly once")

    let textRecord = try await #require(try library.record(shareID: text))
    #expect(textRecord.source == nil)
    #expect(textRecord.items.map(\.kind) == [.text])
    #expect(textRecord.items.first?.typeIdentifier == "public.plain-text")
    #expect(textRecord.items.first?.text == "週六去公園嗎？")
    let urlRecord = try await #require(try library.record(shareID: url))
    #expect(urlRecord.items.map(\.kind) == [.url])
    #expect(urlRecord.items.first?.url == "https://example.com/park?day=sat")
    await #expect(try library.record(shareID: mentions)?.items.map(\.kind) == [.text])
    await #expect(try library.record(shareID: exactly)?.items.first?.text?.count == 1000)

    let taipei = try #require(TimeZone(identifier: "Asia/Taipei"))
    let card = try await library.summary(
      date: CalendarDay("2026-09-21"), timeZone: taipei, locale: .traditionalChinese)
    #expect(card.lines.contains("• 待整理｜週六去公園嗎？"))
    #expect(card.lines.contains("• 待整理｜https://example.com/park?day=sat"))
    #expect(card.count == 4)
  }

  @Test("A directory and a command get them too, and the sweeper reads them as shares")
  func otherReaders() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let id = try Self.writeFourField(fixture, text: "hello", receivedAt: "2026-09-21T14:13:20Z")
    await #expect(
      try InboxSweeper(group: fixture.group).sweep(olderThan: .zero).unreadableManifests.isEmpty)
    let destination = fixture.directory.path + "/out"
    let report = try await InboxDrain(inbox: fixture.inbox).run(
      DirectoryDelivery(destination: destination))
    #expect(report.handled == [id])
    let delivered = try Data(
      contentsOf: URL(fileURLWithPath: destination + "/\(id.uuidString)/manifest.json"))
    let manifest = try ShareManifest.decode(delivered, path: "manifest.json")
    #expect(manifest.items == [.text("hello", typeIdentifier: "public.plain-text")])
    #expect(manifest.schemaVersion == ShareManifest.currentSchemaVersion)

    let second = try Self.writeFourField(fixture, text: "again", receivedAt: "2026-09-21T14:14:00Z")
    let seen = fixture.directory.path + "/seen.json"
    let ran = try await InboxDrain(inbox: fixture.inbox).run(
      CommandDelivery(command: "cp \"$1\" '\(seen)'", groupPath: fixture.groupPath))
    #expect(ran.handled == [second])
    let handed = try ShareManifest.decode(
      Data(contentsOf: URL(fileURLWithPath: seen)), path: "seen.json")
    #expect(handed.items.first?.text == "again")
  }

  @Test("Version 1 with both items and text is neither form, and is refused")
  func ambiguous() throws {
    let json = """
      {"schemaVersion": 1, "id": "\(UUID().uuidString)", "receivedAt": "2026-09-21T14:13:20Z",
       "text": "hello", "items": []}
      """
    let error = #expect(throws: ManifestError.self) {
      try ShareManifest.decode(Data(json.utf8), path: "x.json")
    }
    #expect(error?.problem.contains("either items") == true)
  }

  @Test("This package writes version 2, which a four-field reader refuses rather than misreads")
  func writesVersionTwo() throws {
    let manifest = ShareManifest(
      id: UUID(), receivedAt: Date(timeIntervalSince1970: 1_790_000_000), source: "notes",
      items: [.text("hi", typeIdentifier: "public.plain-text")])
    let object = try #require(
      try JSONSerialization.jsonObject(with: manifest.jsonData()) as? [String: Any])
    #expect(object["schemaVersion"] as? Int == 2)
    #expect(object["text"] == nil)
    #expect(try ShareManifest.decode(manifest.jsonData(), path: "m.json") == manifest)
  }
}
