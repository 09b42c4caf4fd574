import Foundation
import Importer
import InboxReading
import Ingest
import SystemCalls
import TestSupport
import Testing

@testable import IngestPostgres

/// Both payload stores of a PostgreSQL inbox, through the same tests: the group directory's
/// `Incoming/`, and large objects in the database (no shared file system). Payloads are
/// placed, verified and removed the same way; one that is not what its manifest says is
/// refused and kept.
@Suite(
  "PostgreSQL payload stores: the group directory and large objects (a real server)",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresPayloadStoreTests {
  /// A migrated database, a sharer's group directory and an importer's (the same directory
  /// for payloads in it; another, as on another host, for large objects).
  final class Fixture: Sendable {
    let base: PostgresInboxTests.Fixture
    let payloads: PostgresPayloads
    let importerGroup: GroupDirectory

    init(_ payloads: PostgresPayloads) async throws {
      base = try await PostgresInboxTests.Fixture()
      self.payloads = payloads
      importerGroup =
        payloads.isInDatabase
        ? try GroupDirectory(path: base.directory.path + "/importer-host") : base.group
    }

    var url: PostgresURL { base.url }
    var files: String { base.directory.path + "/library-files" }

    func remove() { base.remove() }

    /// The sharer's inbox.
    func sharer() -> PostgresInbox {
      PostgresInbox(url: url, group: base.group, payloads: payloads)
    }

    /// An importer's inbox and library.
    func importer() throws -> LibraryImporter {
      LibraryImporter(
        library: try PostgresLibrary(url: url, filesPath: files),
        inbox: PostgresInbox(url: url, group: importerGroup))
    }

    /// Commits a share of one file holding `bytes`, published in the sharer's `Incoming/` as
    /// the loader does; returns its id.
    func share(_ bytes: [UInt8], name: String = "photo.jpg") async throws -> UUID {
      let id = UUID()
      let file = "\(UUID().uuidString).jpg"
      let output = try base.group.incoming.open(
        file, .writeOnly, options: [.create, .exclusive, .noFollow])
      try output.closeAfter {
        try bytes.withUnsafeBytes { try output.writeAll($0) }
        try output.sync()
      }
      let prepared = try await sharer().reserve(id)
      try await prepared.write(
        ShareManifest(
          id: id, receivedAt: Date(), source: "photos",
          items: [
            .file(
              typeIdentifier: "public.jpeg", path: "Incoming/\(file)",
              byteCount: Int64(bytes.count), sha256: try PayloadDigest.sha256(of: bytes),
              suggestedName: name)
          ]))
      try await prepared.commit()
      return id
    }

    /// One query's first column, as integers.
    func count(_ sql: String) throws -> Int {
      Int(try PostgresServer.psql(url.string, sql).first ?? "") ?? -1
    }

    /// How many large objects the database holds.
    func largeObjects() throws -> Int {
      try count("SELECT count(*) FROM pg_largeobject_metadata")
    }

    /// How many payload chunks the database holds.
    func chunks() throws -> Int {
      try count("SELECT count(*) FROM share_ingest.payload_chunks")
    }

    /// The large object of the share `id`'s payload.
    func object(of id: UUID) throws -> String {
      try PostgresServer.psql(
        url.string,
        "SELECT payload_oid FROM share_ingest.inbox_items WHERE share_id = '\(id.uuidString)'"
          + " AND payload_oid IS NOT NULL"
      ).first ?? ""
    }
  }

  /// Bytes of a test payload: more than one chunk (1 MiB), not a multiple of it.
  static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
  }

  @Test(
    "A payload goes in, is placed in the library's files verified, and nothing is left",
    arguments: PostgresPayloads.allCases)
  func roundTrip(payloads: PostgresPayloads) async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture(payloads)
      defer { fixture.remove() }
      let contents = [Self.bytes(3 << 20 | 12345, seed: 1), Self.bytes(20_000, seed: 2), [7]]
      var made: [UUID: [UInt8]] = [:]
      for bytes in contents { made[try await fixture.share(bytes)] = bytes }
      let objects = try fixture.largeObjects()
      let sharerFiles = try fixture.base.group.incoming.entries().count
      #expect(objects == (payloads == .largeObjects ? 3 : 0))
      // 3 MiB + 12345 bytes in 4 chunks (sent with COPY), two small payloads in one each (sent
      // with their rows).
      #expect(try fixture.chunks() == (payloads == .chunks ? 6 : 0))
      // With payloads in the database the sharer keeps no copy: the database holds them.
      #expect(sharerFiles == (payloads.isInDatabase ? 0 : 3))
      let pass = try await fixture.importer().importPending()
      #expect(Set(pass.imported) == Set(made.keys))
      #expect(pass.errors.isEmpty, "\(pass.errors)")
      let library = try PostgresLibrary(url: fixture.url, filesPath: fixture.files)
      for record in try await library.records(status: nil, limit: nil) {
        let item = try #require(record.items.first)
        let path = library.absolutePath(ofFile: try #require(item.file))
        let bytes = try #require(made[record.shareID])
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
        #expect(try FileSystem.status(ofPath: path).permissions == 0o600)
      }
      // Removed in the claim's transaction: no object, no registration, no file left.
      #expect(try fixture.largeObjects() == 0)
      #expect(try fixture.count("SELECT count(*) FROM share_ingest.payload_objects") == 0)
      #expect(try fixture.chunks() == 0)
      #expect(try fixture.base.group.incoming.entries().isEmpty)
      #expect(try fixture.importerGroup.incoming.entries().isEmpty)
    }
  }

  /// How a test spoils a payload after its share committed.
  enum Spoiling: String, CaseIterable, Sendable {
    case changedByte = "a byte changed"
    case truncated = "cut short"
    case grown = "grown"
    case removed = "removed"
  }

  struct SpoiledCase: Sendable, CustomStringConvertible {
    var payloads: PostgresPayloads
    var spoiling: Spoiling
    var description: String { "\(spoiling.rawValue), in \(payloads)" }
  }

  static let spoiledCases = PostgresPayloads.allCases.flatMap { payloads in
    Spoiling.allCases.map { SpoiledCase(payloads: payloads, spoiling: $0) }
  }

  @Test(
    "A payload that is not what its manifest says is refused; its share stays whole",
    arguments: spoiledCases)
  func spoiledPayload(_ spoiled: SpoiledCase) async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture(spoiled.payloads)
      defer { fixture.remove() }
      let good = try await fixture.share(Self.bytes(2 << 20, seed: 3))
      let bad = try await fixture.share(Self.bytes((1 << 20) + 7, seed: 4))
      try await spoil(bad, spoiled, fixture)
      let pass = try await fixture.importer().importPending()
      #expect(pass.imported == [good])
      #expect(pass.errors.map(\.shareID) == [bad])
      let error = pass.errors.first?.error ?? ""
      switch spoiled.spoiling {
      case .changedByte: #expect(error.contains("has SHA-256"), "\(error)")
      case .truncated:
        #expect(error.contains("not the \((1 << 20) + 7) its manifest"), "\(error)")
      case .grown:
        // Refused as soon as it passes the size (streamed), or at its open (a file).
        #expect(
          error.contains("holds more than") || error.contains("holds \((1 << 20) + 9) bytes"),
          "\(error)")
      case .removed: #expect(error.contains("is missing"), "\(error)")
      }
      if spoiled.payloads == .largeObjects {
        #expect(error.contains("large object"), "\(error)")
      }
      if spoiled.payloads == .chunks {
        #expect(error.contains("payload chunks"), "\(error)")
      }
      let inbox = PostgresInbox(url: fixture.url, group: fixture.importerGroup)
      let entry = try await #require(try inbox.pending().first)
      #expect(entry.id == bad)
      #expect(entry.failure?.lastError == error)
      // Nothing of it reached the library; its payload is kept where it was.
      #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.files).count == 1)
      if spoiled.spoiling != .removed {
        let kept =
          switch spoiled.payloads {
          case .largeObjects: try fixture.largeObjects()
          case .chunks:
            try fixture.count(
              "SELECT count(DISTINCT share_id) FROM share_ingest.payload_chunks"
                + " WHERE share_id = '\(bad.uuidString)'")
          case .groupDirectory: try fixture.base.group.incoming.entries().count
          }
        #expect(kept == 1)
      }
    }
  }

  /// Spoils the payload of share `id` as `spoiled` says, where its store keeps it.
  func spoil(_ id: UUID, _ spoiled: SpoiledCase, _ fixture: Fixture) async throws {
    if spoiled.payloads == .largeObjects {
      let oid = try fixture.object(of: id)
      let sql =
        switch spoiled.spoiling {
        case .changedByte: "SELECT lo_put(\(oid), 1000, '\\xff00ff'::bytea)"
        case .truncated: "SELECT lo_truncate(lo_open(\(oid), 393216), 1000)"
        case .grown: "SELECT lo_put(\(oid), \((1 << 20) + 7), '\\x0102'::bytea)"
        case .removed: "SELECT lo_unlink(\(oid))"
        }
      try PostgresServer.psql(fixture.url.string, sql)
      return
    }
    if spoiled.payloads == .chunks {
      // The payload is (1 << 20) + 7 bytes: chunk 0 of 1 MiB, chunk 1 of 7 bytes.
      let table = "share_ingest.payload_chunks"
      let share = "share_id = '\(id.uuidString)'"
      let sql =
        switch spoiled.spoiling {
        case .changedByte:
          "UPDATE \(table) SET data = overlay(data PLACING '\\xff00ff' FROM 1001)"
            + " WHERE \(share) AND chunk = 0"
        case .truncated:
          "UPDATE \(table) SET data = substring(data FOR 1000) WHERE \(share) AND chunk = 0"
        case .grown:
          "UPDATE \(table) SET data = data || '\\x0102'::bytea WHERE \(share) AND chunk = 1"
        case .removed: "DELETE FROM \(table) WHERE \(share)"
        }
      try PostgresServer.psql(fixture.url.string, sql)
      return
    }
    let manifest = try #require(try await fixture.sharer().manifest(id))
    let name = try #require(manifest.items.first?.fileName)
    let path = fixture.base.group.absolutePath("Incoming/\(name)")
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    switch spoiled.spoiling {
    case .changedByte:
      try handle.seek(toOffset: 1000)
      try handle.write(contentsOf: Data([0xff, 0x00, 0xff]))
    case .truncated: try handle.truncate(atOffset: 1000)
    case .grown:
      try handle.seekToEnd()
      try handle.write(contentsOf: Data([1, 2]))
    case .removed: try FileManager.default.removeItem(atPath: path)
    }
  }

  @Test(
    "Handlers read a payload from either store: --to copies it, checked",
    arguments: PostgresPayloads.allCases)
  func deliveredToADirectory(payloads: PostgresPayloads) async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture(payloads)
      defer { fixture.remove() }
      let bytes = Self.bytes((1 << 20) + 99, seed: 5)
      let id = try await fixture.share(bytes)
      let destination = fixture.base.directory.path + "/delivered"
      let inbox = PostgresInbox(url: fixture.url, group: fixture.importerGroup)
      let report = try await InboxDrain(inbox: inbox).run(
        try DirectoryDelivery(destination: destination))
      #expect(report.handled == [id])
      let folder = destination + "/" + id.uuidString
      let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
      let payload = try #require(names.first { $0 != "manifest.json" })
      #expect(try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + payload))) == bytes)
      #expect(try fixture.largeObjects() == 0)
      #expect(try fixture.chunks() == 0)
      // openPayload(at:) hands over a checked file from either store.
      let second = try await fixture.share(bytes)
      let claim = try await #require(try inbox.claim(second))
      let handle = try claim.openPayload(at: 0)
      #expect(Array(try handle.readToEnd() ?? Data()) == bytes)
      try await claim.release(recording: "read only")
    }
  }
}
