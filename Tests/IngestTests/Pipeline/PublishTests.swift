import Foundation
import InboxReading
import Ingest
import ItemProvider
import SystemCalls
import TestSupport
import Testing

@Suite("Payloads published by hard link: a durable name from staging to the inbox", .onIOExecutor)
struct PublishTests {
  static let photo = PipelineFixture.photo

  /// How many names the file at `path` has.
  static func linkCount(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.referenceCount] as? NSNumber)?.intValue ?? -1
  }

  @Test("A share that runs alone flushes Incoming/ and removes its staging names at its commit")
  func aloneRemovesAtOnce() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let outcome = try await PipelineFixture.sharePhoto(fixture.pipeline())
    let file = try #require(outcome.manifest?.items.first?.fileName)
    #expect(try fixture.names(".staging").isEmpty)
    #expect(try Self.linkCount(fixture.groupPath + "/Incoming/" + file) == 1)
  }

  @Test("A pipeline that shares again removes its payloads' staging names on its own thread")
  func pipelineRemovesLater() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let pipeline = fixture.pipeline()
    for _ in 0..<6 { _ = try await PipelineFixture.sharePhoto(pipeline) }
    // Within half a second of the last commit (however slow the machine: polled up to 30 s).
    #expect(
      try await waitUntil {
        try fixture.stagingNames().published.isEmpty && pipeline.spares.pendingReleases == 0
      })
    for name in try fixture.names("Incoming") {
      #expect(try Self.linkCount(fixture.groupPath + "/Incoming/" + name) == 1)
    }
    #expect(try fixture.manifests().count == 6)
  }

  @Test("When Incoming/ cannot be flushed, payloads keep their staging names; the sweeper ends it")
  func failedFlushKeepsNames() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let fault = FaultInjector.shared.inject(
      .ioError, into: .fsync, under: fixture.groupPath + "/Incoming", times: .max)
    let outcome: ShareOutcome
    do {
      defer { FaultInjector.shared.remove(fault) }
      outcome = try await PipelineFixture.sharePhoto(fixture.pipeline())
    }
    // Committed: the share never waits for Incoming/, and its payload has both names.
    let file = try #require(outcome.manifest?.items.first?.fileName)
    let path = fixture.groupPath + "/Incoming/" + file
    #expect(try fixture.stagingNames().published.count == 1)
    #expect(try Self.linkCount(path) == 2)
    // The sweeper removes the second name whatever its age, and nothing else.
    let report = try await InboxSweeper(group: fixture.group).sweep()
    #expect(report.completed == 1)
    #expect(try fixture.names(".staging").isEmpty)
    #expect(try fixture.names("Incoming") == [file])
    #expect(try Self.linkCount(path) == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: Self.photo))
  }

  @Test("Where the file system has no hard links, payloads are renamed into Incoming/ instead")
  func withoutHardLinks() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let fault = FaultInjector.shared.inject(
      .notSupported, into: .link, under: fixture.groupPath + "/.staging/", times: .max)
    var removed = 0
    let outcome: ShareOutcome
    do {
      defer { removed = FaultInjector.shared.remove(fault) }
      outcome = try await PipelineFixture.sharePhoto(fixture.pipeline())
    }
    #expect(removed == 1)
    let file = try #require(outcome.manifest?.items.first?.fileName)
    #expect(try fixture.names(".staging").isEmpty)
    #expect(try fixture.names("Incoming") == [file])
    #expect(try Self.linkCount(fixture.groupPath + "/Incoming/" + file) == 1)
  }
}
