import Foundation
import Importer
import Ingest
import SystemCalls
import TestSupport
import Testing

@testable import IngestPostgres

/// The large objects' sweeper on a real server: it removes registered objects no share names,
/// never one a committed share names, never one a share in flight is writing, never one
/// share-ingest did not make.
@Suite(
  "PostgreSQL large objects: the sweeper (a real server)",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresPayloadSweepTests {
  typealias Fixture = PostgresPayloadStoreTests.Fixture

  /// Registers a new large object as share-ingest's, made `age` ago, that no share names (what
  /// a `TRUNCATE` or an older program leaves); returns its oid.
  static func orphan(_ fixture: Fixture, age: String) throws -> String {
    let oid = try #require(
      try PostgresServer.psql(fixture.url.string, "SELECT lo_from_bytea(0, '\\x0102'::bytea)")
        .first)
    try PostgresServer.psql(
      fixture.url.string,
      """
      INSERT INTO share_ingest.payload_objects (oid, share_id, created_at)
      VALUES (\(oid), gen_random_uuid(), clock_timestamp() - interval '\(age)')
      """)
    return oid
  }

  static func exists(_ oid: String, _ fixture: Fixture) throws -> Bool {
    try fixture.count("SELECT count(*) FROM pg_largeobject_metadata WHERE oid = \(oid)") == 1
  }

  @Test("Orphans older than the threshold go; committed shares' and others' objects stay")
  func orphans() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture(.largeObjects)
      defer { fixture.remove() }
      let bytes = PostgresPayloadStoreTests.bytes(70_000, seed: 9)
      let committed = try await fixture.share(bytes)
      let committedObject = try fixture.object(of: committed)
      let old = try Self.orphan(fixture, age: "2 hours")
      let fresh = try Self.orphan(fixture, age: "1 second")
      // Another application's large object in the same database: not share-ingest's.
      let foreign = try #require(
        try PostgresServer.psql(fixture.url.string, "SELECT lo_from_bytea(0, '\\x09'::bytea)")
          .first)
      let inbox = fixture.sharer()
      let first = try await inbox.sweepPayloads(olderThan: .seconds(3600))
      #expect(first.removed == 1)
      #expect(first.kept == 1)
      #expect(try !Self.exists(old, fixture))
      #expect(try Self.exists(fresh, fixture))
      let second = try await inbox.sweepPayloads(olderThan: .zero)
      #expect(second.removed == 1)
      #expect(try !Self.exists(fresh, fixture))
      #expect(try Self.exists(foreign, fixture))
      #expect(try Self.exists(committedObject, fixture))
      // The committed share imports whole after the sweeps.
      let pass = try await fixture.importer().importPending()
      #expect(pass.imported == [committed])
      #expect(try !Self.exists(committedObject, fixture))
      #expect(try Self.exists(foreign, fixture))
      // Rows lost without the trigger (a TRUNCATE): their objects are orphans, swept.
      let lost = try await fixture.share(bytes)
      let lostObject = try fixture.object(of: lost)
      try PostgresServer.psql(
        fixture.url.string, "TRUNCATE share_ingest.inbox_shares, share_ingest.inbox_items CASCADE")
      #expect(try Self.exists(lostObject, fixture))
      await #expect(try inbox.sweepPayloads(olderThan: .zero).removed == 1)
      #expect(try !Self.exists(lostObject, fixture))
      #expect(try fixture.count("SELECT count(*) FROM share_ingest.payload_objects") == 0)
    }
  }

  @Test("A share in flight keeps its objects through a sweep at threshold 0, and imports whole")
  func inFlight() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture(.largeObjects)
      defer { fixture.remove() }
      let bytes = PostgresPayloadStoreTests.bytes((1 << 20) + 5, seed: 10)
      // A sharer's transaction, step by step: its object written and registered, then a
      // sweep from another connection, then its rows, then its commit.
      let target = DatabaseTarget(url: fixture.url, options: PostgresOptions())
      let connection = try target.connect()
      let operation = "share in flight"
      try connection.beginTransaction(operation: operation)
      let oid = try connection.createLargeObject(operation: operation)
      let descriptor = try connection.openLargeObject(oid, .write, operation: operation)
      try bytes.withUnsafeBytes {
        try connection.writeLargeObject(descriptor, $0, operation: operation)
      }
      try connection.closeLargeObject(descriptor, operation: operation)
      let id = UUID()
      let manifest = ShareManifest(
        id: id, receivedAt: Date(), source: "photos",
        items: [
          .file(
            typeIdentifier: "public.jpeg", path: "Incoming/\(UUID().uuidString).jpg",
            byteCount: Int64(bytes.count), sha256: try PayloadDigest.sha256(of: bytes),
            suggestedName: "in flight.jpg")
        ])
      let inbox = fixture.sharer()
      await #expect(try inbox.sweepPayloads(olderThan: .zero).removed == 0)
      try connection.query(
        PreparedPostgresManifest.insert,
        try PreparedPostgresManifest.parameters(manifest, objects: [0: oid]),
        operation: operation)
      await #expect(try inbox.sweepPayloads(olderThan: .zero).removed == 0)
      try connection.commitTransaction(operation: operation)
      await #expect(try inbox.sweepPayloads(olderThan: .zero) == .init(removed: 0, kept: 1))
      let pass = try await fixture.importer().importPending()
      #expect(pass.imported == [id])
      #expect(pass.errors.isEmpty, "\(pass.errors)")
      #expect(try fixture.largeObjects() == 0)
      // A transaction that rolls back leaves no object behind, without any sweep.
      try connection.beginTransaction(operation: operation)
      let abandoned = try connection.createLargeObject(operation: operation)
      try connection.rollbackTransaction(operation: operation)
      #expect(try !Self.exists(String(abandoned), fixture))
    }
  }
}
