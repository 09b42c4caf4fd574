import Foundation
import Importer
import InboxReading
import Ingest
import Synchronization
import SystemCalls
import TestSupport
import Testing

@testable import IngestPostgres

/// Grouped claims on a real server: many shares locked in one statement and one transaction,
/// recorded together with a savepoint each, exactly once.
@Suite(
  "PostgreSQL grouped claims (a real server)",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresGroupClaimTests {
  typealias Fixture = PostgresInboxTests.Fixture

  @Test("A group is claimed in one go, oldest first, and no other importer takes its shares")
  func claimsAGroup() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture()
      defer { fixture.remove() }
      let inbox = PostgresInbox(url: fixture.url, group: fixture.group)
      let other = PostgresInbox(url: fixture.url, group: fixture.group)
      var made: [UUID] = []
      for index in 0..<6 {
        made.append(try await fixture.share(inbox, withFile: index < 2, index: index))
      }
      let first = try await inbox.claimGroup(upTo: 4, excluding: [])
      #expect(first.claims.map(\.manifest.id) == Array(made.prefix(4)))
      #expect(first.refused.isEmpty)
      // Another importer skips the locked rows and takes the rest, leaving out `excluded`.
      let second = try await other.claimGroup(upTo: 4, excluding: [made[5]])
      #expect(second.claims.map(\.manifest.id) == [made[4]])
      await #expect(try other.claim(made[0]) == nil)
      // Releasing one records its error in the group's transaction; the group commits when
      // its last claim is settled, and only then is the released share free again.
      try await first.claims[0].release(recording: "handler failed")
      await #expect(try other.claim(made[0]) == nil)
      for claim in first.claims.dropFirst() { try await claim.finish() }
      for claim in second.claims { try await claim.release(recording: "later") }
      let pending = try await other.pending()
      #expect(pending.map(\.id) == [made[0], made[4], made[5]])
      #expect(pending[0].failure?.lastError == "handler failed")
      #expect(pending[1].failure?.attempts == 1)
      #expect(pending[2].failure == nil)
    }
  }

  @Test(
    "One share the server refuses goes back whole with its reason; the rest of its group commits",
    arguments: PostgresLibrary.GroupWrites.allCases)
  func oneBadShareInAGroup(writes: PostgresLibrary.GroupWrites) async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture()
      defer { fixture.remove() }
      // A rule of the library's, made for the test: the server refuses one share's record.
      try PostgresServer.psql(
        fixture.url.string,
        """
        ALTER TABLE share_ingest.library_records
        ADD CONSTRAINT refused_by_the_test CHECK (source IS DISTINCT FROM 'refused')
        """)
      let inbox = PostgresInbox(url: fixture.url, group: fixture.group)
      var made: [UUID] = []
      var refused: UUID?
      for index in 0..<8 {
        let source = index == 3 ? "refused" : "notes"
        let id = try await fixture.share(inbox, withFile: true, index: index, source: source)
        if index == 3 { refused = id } else { made.append(id) }
      }
      let bad = try #require(refused)
      let files = fixture.directory.path + "/files"
      let library = try PostgresLibrary(url: fixture.url, filesPath: files, groupWrites: writes)
      let pass = try await LibraryImporter(library: library, inbox: inbox).importPending()
      #expect(Set(pass.imported) == Set(made))
      #expect(pass.errors.map(\.shareID) == [bad])
      #expect(pass.errors.first?.error.contains("refused_by_the_test") == true)
      let records = try await library.records(status: nil, limit: nil)
      #expect(Set(records.map(\.shareID)) == Set(made))
      // The refused share stays whole: its row, its reason, its payload back in Incoming/.
      let entry = try await #require(try inbox.pending().first)
      #expect(entry.id == bad)
      #expect(entry.failure?.attempts == 1)
      #expect(entry.failure?.lastError.contains("refused_by_the_test") == true)
      let manifest = try await #require(try inbox.manifest(bad))
      let payload = try #require(manifest.items.first { $0.kind == .file }?.fileName)
      #expect(try fixture.group.incoming.entries().map(\.name) == [payload])
      #expect(try FileManager.default.contentsOfDirectory(atPath: files).count == made.count)
      // A second pass tries it again, and it fails again, once.
      let again = try await LibraryImporter(library: library, inbox: inbox).importPending()
      #expect(again.imported.isEmpty)
      #expect(again.errors.map(\.shareID) == [bad])
      await #expect(try inbox.pending().first?.failure?.attempts == 2)
    }
  }

  @Test("A row that is not a valid manifest is refused with its reason; its group goes on")
  func refusedRow() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture()
      defer { fixture.remove() }
      let inbox = PostgresInbox(url: fixture.url, group: fixture.group)
      let good = try await fixture.share(inbox, withFile: true, index: 1)
      let broken = try await fixture.share(inbox, withFile: false, index: 2)
      let last = try await fixture.share(inbox, withFile: false, index: 3)
      // Another writer's row: a file item that names a path outside Incoming/.
      try PostgresServer.psql(
        fixture.url.string,
        """
        INSERT INTO share_ingest.inbox_items
          (share_id, position, kind, type_identifier, file, byte_count, sha256)
        VALUES ('\(broken.uuidString)', 5, 'file', 'public.data', 'Incoming/../../etc/passwd',
          4, repeat('0', 64))
        """)
      let library = try PostgresLibrary(
        url: fixture.url, filesPath: fixture.directory.path + "/files")
      let pass = try await LibraryImporter(library: library, inbox: inbox).importPending()
      #expect(Set(pass.imported) == [good, last])
      #expect(pass.errors.map(\.shareID) == [broken])
      let entry = try await #require(try inbox.pending().first)
      #expect(entry.id == broken)
      #expect(entry.failure?.lastError.contains("items[1].file") == true)
      // Quarantined once: the same reason is not counted again by the next pass.
      _ = try await LibraryImporter(library: library, inbox: inbox).importPending()
      await #expect(try inbox.pending().first?.failure?.attempts == 1)
    }
  }

  @Test("A library that commits part of a group keeps the rest of it locked")
  func partOfAGroup() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture()
      defer { fixture.remove() }
      let inbox = PostgresInbox(url: fixture.url, group: fixture.group)
      let other = PostgresInbox(url: fixture.url, group: fixture.group)
      for index in 0..<4 { try await fixture.share(inbox, withFile: false, index: index) }
      let library = try PostgresLibrary(
        url: fixture.url, filesPath: fixture.directory.path + "/files")
      let claimed = try await inbox.claimGroup(upTo: 4, excluding: [])
      #expect(claimed.claims.count == 4)
      let records = claimed.claims.map { claim in
        LibraryRecord(
          shareID: claim.manifest.id, receivedAt: claim.manifest.receivedAt,
          importedAt: Date(), source: nil, status: .toSort,
          items: [LibraryItem(kind: .text, typeIdentifier: "public.plain-text", text: "x")])
      }
      let half = try await library.insert(
        batch: Array(records.prefix(2)), claimedWith: Array(claimed.claims.prefix(2)))
      #expect(half.map { try? $0.get() } == [true, true])
      // Committed: the first two are gone from the inbox; the other two are still held.
      await #expect(Set(try other.pending().map(\.id)) == Set(records.suffix(2).map(\.shareID)))
      await #expect(try other.claimNext() == nil)
      let rest = try await library.insert(
        batch: Array(records.suffix(2)), claimedWith: Array(claimed.claims.suffix(2)))
      #expect(rest.map { try? $0.get() } == [true, true])
      for claim in claimed.claims { try await claim.finish() }
      await #expect(try other.pending().isEmpty)
      await #expect(try library.records(status: nil, limit: nil).count == 4)
      // Recorded once: the unique share id answers a second insert with false.
      await #expect(try library.insert(records[0]) == false)
    }
  }
}
