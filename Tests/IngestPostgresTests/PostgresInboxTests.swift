import Foundation
import Importer
import InboxReading
import Ingest
import Synchronization
import SystemCalls
import TestSupport
import Testing

@testable import IngestPostgres

/// The inbox and the library on a real server, in process: commits, claims, exactly-once.
@Suite(
  "PostgreSQL inbox and library (a real server)",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresInboxTests {
  /// A migrated database and a group directory, removed after.
  final class Fixture: Sendable {
    let url: PostgresURL
    let directory: TemporaryDirectory
    let group: GroupDirectory

    init() async throws {
      let database = try PostgresServer.makeDatabase()
      url = try #require(PostgresURL(database))
      try await PostgresSchema.migrate(url)
      directory = try TemporaryDirectory()
      group = try GroupDirectory(path: directory.path + "/group")
    }

    func remove() {
      PostgresServer.dropDatabase(url.string)
      directory.remove()
    }

    /// Commits a share: a text, and a payload file in `Incoming/` when `withFile`.
    @discardableResult
    func share(
      _ inbox: PostgresInbox, withFile: Bool, index: Int, source: String = "notes",
      title: String? = nil
    ) async throws -> UUID {
      let id = UUID()
      var items: [ShareManifest.Item] = [
        .text("share \(index)", typeIdentifier: "public.plain-text")
      ]
      if withFile {
        let name = "\(UUID().uuidString).txt"
        let bytes = Array("payload \(index)\n".utf8)
        let file = try group.incoming.open(
          name, .writeOnly, options: [.create, .exclusive, .noFollow])
        try file.closeAfter { try bytes.withUnsafeBytes { try file.writeAll($0) } }
        items.append(
          .file(
            typeIdentifier: "public.plain-text", path: "Incoming/\(name)",
            byteCount: Int64(bytes.count), sha256: try PayloadDigest.sha256(of: bytes),
            suggestedName: "note \(index).txt"))
      }
      let prepared = try await inbox.reserve(id)
      try await prepared.write(
        ShareManifest(id: id, receivedAt: Date(), source: source, title: title, items: items))
      try await prepared.makeDurable()
      try await prepared.commit()
      return id
    }
  }

  @Test("A committed share reads back as it was written, oldest first")
  func roundTrip() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture()
      defer { fixture.remove() }
      let inbox = PostgresInbox(url: fixture.url, group: fixture.group)
      let first = try await fixture.share(inbox, withFile: true, index: 1)
      let second = try await fixture.share(inbox, withFile: false, index: 2)
      await #expect(try inbox.pending().map(\.id) == [first, second])
      let manifest = try await #require(try inbox.manifest(first))
      #expect(manifest.items.count == 2)
      #expect(manifest.items[0].text == "share 1")
      #expect(manifest.items[1].suggestedName == "note 1.txt")
      #expect(manifest.items[1].file?.hasPrefix("Incoming/") == true)
      await #expect(try inbox.manifest(UUID()) == nil)
      // The same id twice is refused: the unique id.
      let prepared = try await inbox.reserve(first)
      try await prepared.write(manifest)
      await #expect(throws: PostgresError.self) { try await prepared.commit() }
    }
  }

  @Test("A claim keeps the share from other importers, and dies with its connection")
  func claimDiesWithConnection() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture()
      defer { fixture.remove() }
      let one = PostgresInbox(url: fixture.url, group: fixture.group)
      let other = PostgresInbox(url: fixture.url, group: fixture.group)
      let id = try await fixture.share(one, withFile: true, index: 1)
      let claim = try await #require(try one.claim(id) as? PostgresClaim)
      await #expect(try other.claim(id) == nil)
      await #expect(try other.claimNext() == nil)
      // What a process's death does to its connection.
      claim.slot.disconnect()
      // The server ends the dead connection's transaction when it notices the socket closed:
      // at once on a quiet machine, later on a loaded one.
      var next: (any InboxClaim)?
      let patience = ContinuousClock.now + .seconds(20)
      while next == nil, ContinuousClock.now < patience {
        next = try await other.claimNext()
        if next == nil { usleep(20_000) }
      }
      let taken = try #require(next)
      #expect(taken.manifest.id == id)
      try await taken.release(recording: "handler failed")
      let entry = try await #require(try other.pending().first)
      #expect(entry.failure?.attempts == 1)
      #expect(entry.failure?.lastError == "handler failed")
      // The lost claim says so, and changes nothing.
      await #expect(throws: PostgresError.self) { try await claim.finish() }
      await #expect(try other.pending().map(\.id) == [id])
    }
  }

  @Test("Two importers at once: every share recorded exactly once, the inbox empty after")
  func twoImporters() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture()
      defer { fixture.remove() }
      let sharer = PostgresInbox(url: fixture.url, group: fixture.group)
      var made = Set<UUID>()
      for index in 0..<40 {
        made.insert(try await fixture.share(sharer, withFile: index % 2 == 0, index: index))
      }
      let files = fixture.directory.path + "/library-files"
      let url = fixture.url
      let group = fixture.group
      // Two importers side by side, each its own task: what each imported, and its errors.
      let passes = try await withThrowingTaskGroup(of: ([UUID], [String]).self) { importers in
        for _ in 0..<2 {
          importers.addTask {
            var imported: [UUID] = []
            var failures: [String] = []
            do {
              let inbox = PostgresInbox(url: url, group: group)
              let library = try PostgresLibrary(url: url, filesPath: files)
              let importer = LibraryImporter(library: library, inbox: inbox)
              while try await !inbox.pending().isEmpty {
                let pass = try await importer.importPending()
                imported += pass.imported
                failures += pass.errors.map(\.error)
              }
            } catch {
              failures.append("\(error)")
            }
            return (imported, failures)
          }
        }
        return try await importers.reduce(into: [([UUID], [String])]()) { $0.append($1) }
      }
      #expect(passes.flatMap(\.1) == [])
      let ids = passes.flatMap(\.0)
      #expect(ids.count == made.count)
      #expect(Set(ids) == made)
      let library = try PostgresLibrary(url: fixture.url, filesPath: files)
      let records = try await library.records(status: nil, limit: nil)
      #expect(records.count == made.count)
      #expect(Set(records.map(\.shareID)) == made)
      await #expect(try sharer.pending().isEmpty)
      #expect(try fixture.group.incoming.entries().isEmpty)
      let stored = try FileManager.default.contentsOfDirectory(atPath: files)
      #expect(stored.count == made.count / 2)
      for record in records {
        for item in record.items where item.kind == .file {
          let path = library.absolutePath(ofFile: try #require(item.file))
          let status = try FileSystem.status(ofPath: path)
          #expect(status.size == item.byteCount)
          #expect(status.permissions == 0o600)
        }
      }
      let day = DateInterval(start: Date().addingTimeInterval(-3600), duration: 7200)
      await #expect(try library.count(receivedIn: day) == made.count)
      await #expect(try library.newest(receivedIn: day, limit: 5).count == 5)
    }
  }

  @Test("A library in another database: a share already recorded is only removed from the inbox")
  func libraryElsewhere() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture()
      defer { fixture.remove() }
      let elsewhere = try #require(PostgresURL(try PostgresServer.makeDatabase()))
      defer { PostgresServer.dropDatabase(elsewhere.string) }
      try await PostgresSchema.migrate(elsewhere)
      let inbox = PostgresInbox(url: fixture.url, group: fixture.group)
      let library = try PostgresLibrary(
        url: elsewhere, filesPath: fixture.directory.path + "/files")
      let first = try await fixture.share(inbox, withFile: true, index: 1)
      let second = try await fixture.share(inbox, withFile: false, index: 2)
      // A crash after the record's commit and before the inbox's delete, simulated.
      let manifest = try await #require(try inbox.manifest(second))
      await #expect(
        try library.insert(
          LibraryRecord(
            shareID: second, receivedAt: manifest.receivedAt, importedAt: Date(),
            source: nil, status: .toSort,
            items: [LibraryItem(kind: .text, typeIdentifier: "public.plain-text", text: "x")])))
      let pass = try await LibraryImporter(library: library, inbox: inbox).importPending()
      #expect(pass.imported == [first])
      #expect(pass.alreadyInLibrary == [second])
      #expect(pass.errors.isEmpty)
      await #expect(try inbox.pending().isEmpty)
      await #expect(try library.records(status: nil, limit: nil).count == 2)
    }
  }

  @Test("Four-field inbox files import into the PostgreSQL library exactly once, with the card")
  func fourFieldIntoPostgres() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture()
      defer { fixture.remove() }
      var made: [UUID: String] = [:]
      for (index, text) in ["週六去公園嗎？", "https://example.com/park"].enumerated() {
        let id = UUID()
        made[id] = text
        let json = """
          {"schemaVersion":1,"id":"\(id.uuidString)","receivedAt":"2026-09-21T14:1\(index):20Z",\
          "text":"\(text)"}
          """
        try Data(json.utf8).write(
          to: URL(fileURLWithPath: fixture.group.absolutePath("Inbox/\(id.uuidString).json")))
      }
      let library = try PostgresLibrary(
        url: fixture.url, filesPath: fixture.directory.path + "/files")
      let importer = LibraryImporter(
        library: library, inbox: DirectoryInbox(group: fixture.group))
      await #expect(Set(try importer.importPending().imported) == Set(made.keys))
      await #expect(try importer.importPending().imported.isEmpty)
      let records = try await library.records(status: nil, limit: nil)
      #expect(records.count == 2)
      #expect(Set(records.map(\.items[0].kind)) == [.text, .url])
      let taipei = try #require(TimeZone(identifier: "Asia/Taipei"))
      let card = try await library.summary(
        date: CalendarDay("2026-09-21"), timeZone: taipei, locale: .traditionalChinese)
      #expect(card.lines.contains("• 待整理｜週六去公園嗎？"))
    }
  }

  @Test("A share's title is kept in the PostgreSQL inbox, then in its library and on its card")
  func title() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture()
      defer { fixture.remove() }
      let inbox = PostgresInbox(url: fixture.url, group: fixture.group)
      let id = try await fixture.share(
        inbox, withFile: true, index: 1, title: "Report from Files")
      let untitled = try await fixture.share(inbox, withFile: false, index: 2)
      await #expect(try inbox.manifest(id)?.title == "Report from Files")
      await #expect(try inbox.manifest(untitled)?.title == nil)
      let library = try PostgresLibrary(
        url: fixture.url, filesPath: fixture.directory.path + "/files")
      let importer = LibraryImporter(library: library, inbox: inbox)
      await #expect(Set(try importer.importPending().imported) == [id, untitled])
      let records = try await library.records(status: nil, limit: nil)
      let record = try #require(records.first { $0.shareID == id })
      #expect(record.title == "Report from Files")
      #expect(records.first { $0.shareID == untitled }?.title == nil)
      #expect(record.contentLine == "Report from Files · share 1 · note 1.txt")
    }
  }
}
