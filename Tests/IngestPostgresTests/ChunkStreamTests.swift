import Foundation
import Importer
import InboxReading
import Ingest
import SystemCalls
import TestSupport
import Testing

@testable import IngestPostgres

/// Payload chunks read back by `COPY ... TO STDOUT` in slices (`ChunkPayloads.Reader`), and the
/// importer's one flush for a group's payloads copied from the database.
@Suite(
  "PostgreSQL payload chunks streamed back by COPY, and flushed once per group (a real server)",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct ChunkStreamTests {
  typealias Fixture = PostgresPayloadStoreTests.Fixture

  /// Claims the share `id` and opens its first payload with slices of `sliceChunks` chunks.
  static func reader(_ id: UUID, _ fixture: Fixture, sliceChunks: Int) async throws
    -> (PostgresClaim, ChunkPayloads.Reader)
  {
    let inbox = PostgresInbox(url: fixture.url, group: fixture.importerGroup)
    let claim = try #require(try await inbox.claim(id) as? PostgresClaim)
    let chunks = try #require(claim.places.chunks[0])
    return (
      claim,
      ChunkPayloads.Reader(
        claim: claim, position: 0, chunks: chunks, prefetched: nil, sliceChunks: sliceChunks)
    )
  }

  /// The share's recorded failure, read on another connection.
  static func lastError(_ id: UUID, _ fixture: Fixture) throws -> String? {
    try PostgresServer.psql(
      fixture.url.string,
      "SELECT last_error FROM share_ingest.inbox_shares WHERE id = '\(id.uuidString)'"
    ).first
  }

  @Test("A payload of several slices comes back whole, lent and copied in turn")
  func severalSlices() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture(.chunks)
      defer { fixture.remove() }
      // 5 chunks and a bit: slices of 2, 2 and 2 chunks.
      let bytes = PostgresPayloadStoreTests.bytes(5 << 20 | 4321, seed: 11)
      let id = try await fixture.share(bytes)
      let (claim, reader) = try await Self.reader(id, fixture, sliceChunks: 2)
      var read: [UInt8] = []
      read.reserveCapacity(bytes.count)
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 300_000, alignment: 16)
      defer { buffer.deallocate() }
      var turn = 0
      while true {
        turn += 1
        if turn % 3 == 0 {
          // Part of a chunk copied, the rest lent on the next turn.
          let count = try reader.read(into: buffer)
          if count == 0 { break }
          read += UnsafeRawBufferPointer(rebasing: buffer[..<count])
        } else {
          guard try reader.withNextBytes({ read += $0 }) else { break }
        }
      }
      reader.close()
      #expect(read == bytes)
      // The claim's transaction goes on after the COPY: the failure is recorded in it.
      try await claim.release(recording: "read back in slices")
      #expect(try Self.lastError(id, fixture) == "read back in slices")
    }
  }

  @Test("A chunk missing from a later slice is refused as missing; the claim goes on")
  func missingChunk() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture(.chunks)
      defer { fixture.remove() }
      let id = try await fixture.share(PostgresPayloadStoreTests.bytes(4 << 20 | 9, seed: 12))
      try PostgresServer.psql(
        fixture.url.string,
        "DELETE FROM share_ingest.payload_chunks WHERE share_id = '\(id.uuidString)'"
          + " AND chunk = 3")
      let (claim, reader) = try await Self.reader(id, fixture, sliceChunks: 2)
      var lent = 0
      let error = #expect(throws: PayloadError.self) {
        while try reader.withNextBytes({ _ in lent += 1 }) {}
      }
      #expect(lent == 3)
      #expect(error.map { "\($0)" }?.contains("is missing") == true, "\(String(describing: error))")
      reader.close()
      try await claim.release(recording: "chunk 3 missing")
      #expect(try Self.lastError(id, fixture) == "chunk 3 missing")
    }
  }

  @Test("A read stopped inside a slice leaves the connection free for the claim's transaction")
  func closedEarly() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture(.chunks)
      defer { fixture.remove() }
      let id = try await fixture.share(PostgresPayloadStoreTests.bytes(3 << 20, seed: 13))
      let (claim, reader) = try await Self.reader(id, fixture, sliceChunks: 8)
      var first = 0
      #expect(try reader.withNextBytes { first = $0.count })
      #expect(first == 1 << 20)
      reader.close()
      #expect(throws: PostgresError.self) { try reader.withNextBytes { _ in } }
      try await claim.release(recording: "stopped after one chunk")
      #expect(try Self.lastError(id, fixture) == "stopped after one chunk")
    }
  }

  @Test(
    "A group's payloads from the database are flushed once, then named; a failed flush names none")
  func groupFlush() async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture(.chunks)
      defer { fixture.remove() }
      let contents = [
        PostgresPayloadStoreTests.bytes((1 << 20) + 5, seed: 14),
        PostgresPayloadStoreTests.bytes(20_000, seed: 15),
      ]
      var made: [UUID: [UInt8]] = [:]
      for bytes in contents { made[try await fixture.share(bytes)] = bytes }
      try FileSystem.makeDirectories(fixture.files)
      // Every flush of the group (and of its halves, and of each share alone) fails.
      let fault = FaultInjector.shared.inject(
        .ioError, into: .syncfs, under: fixture.files, times: 10)
      let failed = try await fixture.importer().importPending()
      FaultInjector.shared.remove(fault)
      #expect(failed.imported.isEmpty)
      #expect(Set(failed.errors.compactMap(\.shareID)) == Set(made.keys))
      #expect(failed.errors.allSatisfy { $0.error.contains("syncfs") }, "\(failed.errors)")
      // Nothing named, nothing left under a temporary name; the payloads stay in the database.
      #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.files).isEmpty)
      #expect(try fixture.chunks() == 3)
      let pass = try await fixture.importer().importPending()
      #expect(Set(pass.imported) == Set(made.keys))
      let library = try PostgresLibrary(url: fixture.url, filesPath: fixture.files)
      for record in try await library.records(status: nil, limit: nil) {
        let file = try #require(record.items.first?.file)
        let path = library.absolutePath(ofFile: file)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == made[record.shareID])
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.files).count == 2)
      #expect(try fixture.chunks() == 0)
    }
  }
}
