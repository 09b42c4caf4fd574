import Foundation
import SystemCalls
import TestSupport
import Testing
import UTI

@testable import Ingest

/// The pieces that keep a share cheap on a fast file system answer as what they replace.
@Suite("A share's own costs: random names, identifier comparison, flush hand-off")
struct ShareCostTests {
  @Test("UUIDs from the batched kernel bytes are version 4, RFC 4122, and never repeat")
  func randomUUIDs() {
    var seen = Set<UUID>()
    for _ in 0..<10_000 {
      let uuid = RandomUUID.make()
      #expect(seen.insert(uuid).inserted)
      let bytes = uuid.uuid
      #expect(bytes.6 >> 4 == 4)
      #expect(bytes.8 >> 6 == 2)
    }
    // Every bit other than the version's and the variant's fixed ones varies.
    var ors = [UInt8](repeating: 0, count: 16)
    for uuid in seen {
      withUnsafeBytes(of: uuid.uuid) { bytes in
        for (index, byte) in bytes.enumerated() { ors[index] |= byte }
      }
    }
    var varying = [UInt8](repeating: 0xFF, count: 16)
    varying[6] = 0x4F
    varying[8] = 0xBF
    #expect(ors == varying)
  }

  @Test(
    "identifiers compare as caseInsensitiveCompare does",
    arguments: [
      ("public.jpeg", "PUBLIC.JPEG"), ("public.jpeg", "public.jpe"), ("public.jpeg", "public.jpeg"),
      ("com.adobe.pdf", "com.adobe.pdF"), ("a@b", "a`b"), ("[", "{"), ("", ""), ("", "a"),
      ("straße", "STRASSE"), ("éclair", "ÉCLAIR"), ("k", "\u{212A}"),
      ("public.jpeg", "public.jpég"),
    ])
  func identifierComparison(_ first: String, _ second: String) {
    let expected = first.caseInsensitiveCompare(second) == .orderedSame
    #expect(first.isSameIdentifier(as: second) == expected)
    #expect(second.isSameIdentifier(as: first) == expected)
  }

  @Test("flushes are handed off until measured, and only while they are measured slow")
  func flushCost() throws {
    let cost = FlushCost()
    #expect(cost.paysToHandOff)
    cost.record(2_000)
    #expect(!cost.paysToHandOff)
    // A device that turns slow is followed within a few flushes.
    for _ in 0..<8 { cost.record(5_000_000) }
    #expect(cost.paysToHandOff)
    for _ in 0..<64 { cost.record(1_000) }
    #expect(!cost.paysToHandOff)
    var ran = false
    cost.measure { ran = true }
    #expect(ran)
  }
}

/// Where flushes cost next to nothing a share publishes its payloads by rename, else by link.
@Suite("Publishing by rename where flushes are cheap")
struct CheapFlushPublishTests {
  @Test("flushes measured cheap: renamed into Incoming/, nothing left in .staging/ to release")
  func cheapFlushesRename() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let pipeline = fixture.pipeline()
    // Any link into Incoming/ would fail the share.
    let fault = FaultInjector.shared.inject(
      .ioError, into: .link, under: fixture.groupPath, times: .max)
    defer { FaultInjector.shared.remove(fault) }
    for _ in 0..<3 {
      // Cheap, whatever the last share's flush measured on this machine's disk.
      for _ in 0..<64 { fixture.group.payloadFlushCost.record(1_000) }
      let outcome = try await PipelineFixture.sharePhoto(pipeline)
      let file = try #require(outcome.manifest?.items.first?.fileName)
      #expect(try PublishTests.linkCount(fixture.groupPath + "/Incoming/" + file) == 1)
      #expect(try fixture.stagingNames().published.isEmpty)
      #expect(pipeline.spares.pendingReleases == 0)
    }
    #expect(try fixture.manifests().count == 3)
  }

  @Test("flushes measured slow: linked, as on a disk")
  func slowFlushesLink() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let pipeline = fixture.pipeline()
    let fault = FaultInjector.shared.inject(
      .ioError, into: .link, under: fixture.groupPath, times: .max)
    defer { FaultInjector.shared.remove(fault) }
    fixture.group.payloadFlushCost.record(5_000_000)
    let outcome = await pipeline.share(
      PipelineFixture.item([
        PipelineFixture.fileProvider(PipelineFixture.photo, type: "public.jpeg")
      ]))
    #expect(!outcome.isCommitted)
    #expect(try fixture.manifests().isEmpty)
  }
}
