import Foundation
import Ingest
import ItemProvider
import Synchronization
import SystemCalls
import TestSupport
import Testing

@Suite("Files made ahead: taken by the next shares, never left behind", .onIOExecutor)
struct SpareFilesTests {
  static let photo = PipelineFixture.photo

  /// Spares for the fixture's group, asked for by two shares (the second starts the maker;
  /// neither finds one ready).
  static func startedSpares(
    _ fixture: PipelineFixture, capacity: Int, maximumAge: Duration,
    clock: ManualClock = ManualClock()
  ) -> SpareFiles {
    let spares = SpareFiles(
      group: fixture.group, inbox: DirectoryInbox(group: fixture.group), capacity: capacity,
      maximumAge: maximumAge, clock: clock)
    #expect(spares.takeManifest() == nil)
    #expect(spares.takeManifest() == nil)
    return spares
  }

  /// The spare manifests in `Inbox/` (`.<UUID>.json.partial`).
  static func spareManifests(_ fixture: PipelineFixture) throws -> [String] {
    try fixture.names("Inbox").filter { $0.hasPrefix(".") && $0.hasSuffix(".json.partial") }
  }

  /// Shares through `pipeline` until it has spares of both kinds ready; each share asks again,
  /// so however slow the machine (a maker that starts after the last demand is stale makes
  /// nothing, rightly), they come. Returns how many shares that took.
  static func shareUntilReady(_ pipeline: SharePipeline) async throws -> Int {
    var count = 0
    for _ in 0..<1000 {
      let ready = pipeline.spares.ready
      if ready.payloads > 0 && ready.manifests > 0 { return count }
      _ = try await PipelineFixture.sharePhoto(pipeline)
      count += 1
      await pipeline.spares.settle()
    }
    Issue.record("no spares after \(count) shares")
    return count
  }

  @Test("From its second share on, a pipeline makes files ahead, and its shares take them")
  func sparesAreTaken() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    var pipeline: SharePipeline? = fixture.pipeline()
    var shares = 0
    var taken: (outcome: ShareOutcome, spares: [String])?
    do {
      let current = try #require(pipeline)
      _ = try await PipelineFixture.sharePhoto(current)
      shares += 1
      // One share makes nothing ahead: a process that shares once leaves nothing behind.
      await current.spares.settle()
      #expect(try fixture.names(".staging").isEmpty)
      #expect(try Self.spareManifests(fixture).isEmpty)
      // A spare not taken within its five seconds is removed; on a machine that slow, the
      // share makes its own files and the next try looks again.
      for _ in 0..<20 where taken == nil {
        shares += try await Self.shareUntilReady(current)
        let spares = try fixture.stagingNames().others
        for name in spares {
          #expect(UUID(uuidString: name) != nil, "a spare is named by a fresh UUID alone: \(name)")
          #expect(try fixture.permissions(".staging/" + name) == 0o600)
        }
        let spareIDs = try Self.spareManifests(fixture).compactMap {
          UUID(uuidString: String($0.dropFirst().dropLast(".json.partial".count)))
        }
        let outcome = try await PipelineFixture.sharePhoto(current)
        shares += 1
        if spareIDs.contains(outcome.shareID) { taken = (outcome, spares) }
      }
    }
    // The share took a spare manifest (and with it its id) and a spare payload file.
    let (third, spares) = try #require(taken)
    let manifest = try #require(third.manifest)
    let file = try #require(manifest.items.first?.fileName)
    #expect(file.hasSuffix(".jpeg"))
    #expect(spares.contains(String(file.dropLast(".jpeg".count))))
    let copied = try Data(contentsOf: URL(fileURLWithPath: fixture.groupPath + "/Incoming/" + file))
    #expect(copied == (try Data(contentsOf: Self.photo)))
    #expect(try fixture.permissions("Incoming/" + file) == 0o600)

    // Closing the pipeline removes every spare before it returns.
    await pipeline?.close()
    pipeline = nil
    #expect(try fixture.names(".staging").isEmpty)
    #expect(try Self.spareManifests(fixture).isEmpty)
    #expect(try fixture.manifests().count == shares)
    #expect(try fixture.names("Incoming").count == shares)
  }

  @Test("Spares are made up to capacity, made again when taken, and removed with their maker")
  func sparesRefill() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    var spares: SpareFiles? = Self.startedSpares(fixture, capacity: 2, maximumAge: .seconds(600))
    // The second share's demand is handled once the spares settle: the batch is made.
    await spares?.settle()
    #expect(spares?.ready.payloads == 2 && spares?.ready.manifests == 2)
    #expect(try fixture.names(".staging").count == 2)
    #expect(try Self.spareManifests(fixture).count == 2)
    let manifest = try #require(spares?.takeManifest())
    let payload = try #require(spares?.takePayload())
    #expect(try fixture.names(".staging").contains(payload.name))
    #expect(try Self.spareManifests(fixture).contains(".\(manifest.id.uuidString).json.partial"))
    await spares?.settle()
    #expect(try fixture.names(".staging").count == 3)
    #expect(try Self.spareManifests(fixture).count == 3)
    // Dropped without closing: the spares go all the same, as the end of their housekeeping
    // (which nothing awaits, so the test polls).
    spares = nil
    #expect(try await waitUntil { try fixture.names(".staging") == [payload.name] })
    #expect(
      try await waitUntil {
        try Self.spareManifests(fixture) == [".\(manifest.id.uuidString).json.partial"]
      })
    try payload.file.close()
    await manifest.prepared.discard()
  }

  @Test("Spares are made in batches: not while more than half are left, then back up to capacity")
  func sparesComeInBatches() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let clock = ManualClock()
    let spares = Self.startedSpares(
      fixture, capacity: 4, maximumAge: .seconds(600), clock: clock)
    await spares.settle()
    #expect(spares.ready == (4, 4))
    var taken = [try #require(spares.takePayload())]
    let manifest = try #require(spares.takeManifest())
    // Three of each are left, more than half: nothing is made, however long one waits (the
    // clock moved on to just before the spares expire, and every event handled).
    clock.advance(by: .seconds(599))
    await spares.settle()
    #expect(spares.ready == (3, 3))
    #expect(try fixture.names(".staging").count == 4)
    // Half gone: the maker fills both kinds up again.
    taken.append(try #require(spares.takePayload()))
    await spares.settle()
    #expect(spares.ready == (4, 4))
    #expect(try fixture.names(".staging").count == 6)
    for payload in taken { try payload.file.close() }
    await manifest.prepared.discard()
  }

  @Test("Spares older than their maximum age are removed, and not made again until asked for")
  func sparesExpire() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let clock = ManualClock()
    let spares = Self.startedSpares(
      fixture, capacity: 2, maximumAge: .milliseconds(200), clock: clock)
    await spares.settle()
    let payload = try #require(spares.takePayload())
    await spares.settle()
    #expect(spares.ready == (2, 2))
    // Up to their maximum age, the spares stay.
    clock.advance(by: .milliseconds(199))
    await spares.settle()
    #expect(try fixture.names(".staging").count == 3)
    // Past it, left alone, they expire (the clock wakes the housekeeping, which nothing
    // awaits, so the test polls) and are not made again, however long one waits.
    clock.advance(by: .milliseconds(2))
    #expect(
      try await waitUntil {
        try fixture.names(".staging") == [payload.name] && Self.spareManifests(fixture).isEmpty
      })
    clock.advance(by: .seconds(600))
    await spares.settle()
    #expect(spares.ready == (0, 0))
    #expect(try fixture.names(".staging") == [payload.name])
    #expect(try Self.spareManifests(fixture).isEmpty)
    try payload.file.close()
  }
}

extension SpareFilesTests {
  @Test(
    "A payload whose flush fails (on its loader's thread) fails the commit and leaves nothing",
    arguments: [false, true])
  func payloadFlushFails(madeAhead: Bool) async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let pipeline = fixture.pipeline()
    if madeAhead { _ = try await Self.shareUntilReady(pipeline) }
    let before = try fixture.manifests().count
    let committed = try fixture.names("Incoming")
    // Files inside `.staging/` only: the payload's own flush, not the directory's.
    let fault = FaultInjector.shared.inject(
      .ioError, into: .fsync, under: fixture.groupPath + "/.staging/")
    defer { FaultInjector.shared.remove(fault) }
    let outcome = await pipeline.share(
      PipelineFixture.item([PipelineFixture.fileProvider(Self.photo, type: "public.jpeg")]))
    guard case .commitFailed(let error)? = outcome.error else {
      Issue.record("expected the commit to fail, got \(String(describing: outcome.error))")
      return
    }
    #expect((error as? IOError)?.code == .ioFailure)
    #expect((error as? IOError)?.operation.name == "fsync")
    #expect(try fixture.manifests().count == before)
    #expect(try fixture.names("Incoming") == committed)
    if !madeAhead { #expect(try fixture.isEmpty()) }
  }
}
