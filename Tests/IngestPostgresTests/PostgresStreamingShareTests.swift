import Foundation
import Importer
import Ingest
import ItemProvider
import Synchronization
import SystemCalls
import TestSupport
import Testing

@testable import IngestPostgres

/// Shares whose payloads go straight from their source into PostgreSQL (`ChunkReceiver`): the
/// loader's file (the source's own, or the provider's temporary copy that lives only during
/// the callback) is read, hashed and sent in the share's transaction; nothing is written in
/// the group directory, and a share that fails leaves nothing in the database.
@Suite(
  "PostgreSQL payloads straight from the source (a real server)",
  .serialized,
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipMessage)))
struct PostgresStreamingShareTests {
  typealias Fixture = PostgresPayloadStoreTests.Fixture

  /// Writes `bytes` as a new file in `directory`; its path.
  static func write(_ bytes: [UInt8], _ name: String, in directory: String) throws -> String {
    let path = directory + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The group directory's entries, in every folder, and the folders' modification times:
  /// a file made and removed there changes a folder's time.
  static func footprint(_ group: GroupDirectory) throws -> [String: String] {
    var found: [String: String] = [:]
    for folder in ["", "/Incoming", "/.staging", "/Inbox"] {
      let path = group.path + folder
      guard FileManager.default.fileExists(atPath: path) else {
        found[folder] = "absent"
        continue
      }
      let status = try FileSystem.status(ofPath: path)
      found[folder] = "\(status.modificationSeconds).\(status.modificationNanoseconds)"
      for name in try FileManager.default.contentsOfDirectory(atPath: path) {
        found[folder + "/" + name] = "entry"
      }
    }
    return found
  }

  @Test(
    "A share straight from its files lands once; nothing is written in the group directory",
    arguments: [true, false])
  func straightFromTheFile(inPlace: Bool) async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture(.chunks)
      defer { fixture.remove() }
      let large = PostgresPayloadStoreTests.bytes(3 << 20 | 4321, seed: 11)
      let small = PostgresPayloadStoreTests.bytes(20_000, seed: 12)
      let sources = fixture.base.directory.path
      let paths = [
        try Self.write(large, "large.jpg", in: sources),
        try Self.write(small, "small.jpg", in: sources),
      ]
      let pipeline = SharePipeline(group: fixture.base.group, inbox: fixture.sharer())
      // A first share made the group's folders; the share under test must not touch them.
      let first = NSExtensionItem()
      first.attachments = [NSItemProvider(object: "a first share" as NSString)]
      #expect(await pipeline.share([first]).error == nil)
      let before = try Self.footprint(fixture.base.group)
      let item = NSExtensionItem()
      item.attachments = paths.map {
        NSItemProvider(
          contentsOf: URL(fileURLWithPath: $0), contentType: nil, openInPlace: inPlace)
      }
      let outcome = await pipeline.share([item])
      #expect(outcome.error == nil, "\(String(describing: outcome.error))")
      let after = try Self.footprint(fixture.base.group)
      #expect(after == before, "\(after.filter { before[$0.key] != $0.value })")
      // 3 MiB + 4321 bytes in 4 chunks by COPY, the small one with the rows.
      #expect(try fixture.chunks() == 5)
      #expect(try fixture.count("SELECT count(*) FROM share_ingest.inbox_items") == 3)
      let pass = try await fixture.importer().importPending()
      #expect(pass.imported.count == 2)
      #expect(pass.errors.isEmpty, "\(pass.errors)")
      let library = try PostgresLibrary(url: fixture.url, filesPath: fixture.files)
      let records = try await library.records(status: nil, limit: nil)
      let record = try #require(records.first { $0.shareID == outcome.shareID })
      let contents = try record.items.compactMap(\.file).map {
        Array(try Data(contentsOf: URL(fileURLWithPath: library.absolutePath(ofFile: $0))))
      }
      #expect(contents == [large, small])
      #expect(try fixture.chunks() == 0)
      await pipeline.close()
    }
  }

  /// How a test changes a source while it is read.
  enum Change: String, CaseIterable, Sendable {
    case grown = "grows"
    case truncated = "shrinks"
  }

  @Test(
    "A source that changes size while it streams is refused and leaves nothing",
    arguments: Change.allCases)
  func sourceChangesSize(_ change: Change) async throws {
    try await PostgresServer.sharing {
      let fixture = try await Fixture(.chunks)
      defer { fixture.remove() }
      let path = try Self.write(
        PostgresPayloadStoreTests.bytes(3 << 20, seed: 21), "moving.jpg",
        in: fixture.base.directory.path)
      let changed = Mutex(false)
      // Told after each chunk sent: the first time, the source changes under the share.
      let progress: @Sendable (AttachmentPosition, Int64) -> Void = { _, sent in
        guard sent >= 1 << 20, !changed.withLock({ $0 }) else { return }
        changed.withLock { $0 = true }
        guard let file = FileHandle(forUpdatingAtPath: path) else { return }
        switch change {
        case .grown:
          _ = try? file.seekToEnd()
          try? file.write(contentsOf: Data(repeating: 1, count: 1 << 20))
        case .truncated:
          try? file.truncate(atOffset: 3 << 19)
        }
        try? file.close()
      }
      let pipeline = SharePipeline(
        group: fixture.base.group, inbox: fixture.sharer(),
        options: .init(progress: progress))
      let item = NSExtensionItem()
      item.attachments = [
        NSItemProvider(
          contentsOf: URL(fileURLWithPath: path), contentType: nil, openInPlace: true)
      ]
      let outcome = await pipeline.share([item])
      #expect(changed.withLock { $0 })
      let error = try #require(outcome.error)
      #expect("\(error)".contains("changed size while it was read"), "\(error)")
      #expect(try fixture.count("SELECT count(*) FROM share_ingest.inbox_shares") == 0)
      #expect(try fixture.chunks() == 0)
      #expect(try fixture.base.group.incoming.entries().isEmpty)
      #expect(try fixture.base.group.staging.entries().isEmpty)
      await pipeline.close()
    }
  }
}
