import Foundation
import InboxReading
import Ingest
import Synchronization
import SystemCalls
import TestSupport
import Testing

/// The sweeper in a group directory other programs write: it keeps whatever a manifest it
/// cannot read may name, and never takes a file from a share in flight, at any threshold.
@Suite("Sweeper: nothing a share needs is ever removed, at any threshold", .onIOExecutor)
struct SweeperTrustTests {
  struct UnreadableCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// The manifest's file name (`ID` stands for its share id) and its contents (`PAYLOAD`
    /// for the payload's name).
    var fileName: String
    var contents: String
    var testDescription: String { name }
  }

  @Test(
    "A manifest this version cannot read keeps the files it names, and its share, with why",
    arguments: [
      UnreadableCase(
        name: "a newer schema version", fileName: "ID.json",
        contents: """
          {"schemaVersion": 3, "id": "ID", "receivedAt": "2026-09-21T14:13:20Z",
           "parts": [{"path": "Incoming/PAYLOAD", "sha256": "00"}]}
          """),
      UnreadableCase(
        name: "a date it cannot parse", fileName: "ID.json",
        contents: """
          {"schemaVersion": 1, "id": "ID", "receivedAt": "yesterday at noon",
           "items": [{"kind": "file", "typeIdentifier": "public.jpeg", "file": "Incoming/PAYLOAD",
                      "byteCount": 3, "sha256": "\(String(repeating: "0", count: 64))"}]}
          """),
      UnreadableCase(
        name: "bytes that are not JSON", fileName: "ID.json",
        contents: "share ID <file=Incoming/PAYLOAD> (cut short"),
      UnreadableCase(
        name: "an escaped slash in a newer shape", fileName: "ID.json",
        contents: #"{"schemaVersion": 3, "files": ["Incoming\/PAYLOAD"]}"#),
      UnreadableCase(
        name: "a name that is not a share id", fileName: "from-another-app.json",
        contents: #"{"attachment": "Incoming/PAYLOAD"}"#),
    ])
  func unreadableManifestsKeepTheirFiles(_ test: UnreadableCase) async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let id = UUID()
    let payload = "\(UUID().uuidString).jpeg"
    let old = Date(timeIntervalSinceNow: -7200)
    for name in [payload, "orphan.jpeg"] {
      let path = fixture.groupPath + "/Incoming/" + name
      try Data(repeating: 1, count: 100).write(to: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
    }
    let manifestName = test.fileName.replacingOccurrences(of: "ID", with: id.uuidString)
    try Data(
      test.contents.replacingOccurrences(of: "PAYLOAD", with: payload)
        .replacingOccurrences(of: "ID", with: id.uuidString).utf8
    ).write(to: URL(fileURLWithPath: fixture.groupPath + "/Inbox/" + manifestName))

    let report = try await InboxSweeper(group: fixture.group).sweep(olderThan: .zero)
    #expect(try fixture.names("Incoming") == [payload], "the orphan goes, the payload stays")
    #expect(report.removedFromIncoming == 1)
    #expect(report.keptForUnreadable == 1)
    #expect(report.unreadableManifests.map(\.name) == ["Inbox/\(manifestName)"])
    #expect(try fixture.names("Inbox").contains(manifestName))
    if manifestName.hasPrefix(id.uuidString) {
      // The share is kept with the reason recorded, where inbox list shows it.
      let failure = try await #require(
        try DirectoryInbox(group: fixture.group).pending().first?.failure)
      #expect(failure.lastError.contains("cannot be read"))
      // A second sweep records nothing new.
      _ = try await InboxSweeper(group: fixture.group).sweep(olderThan: .zero)
      await #expect(
        try DirectoryInbox(group: fixture.group).pending().first?.failure?.attempts == 1)
    }
  }

  @Test("Sweeps at threshold 0 beside live sharers never remove a file of a committed share")
  func sweepsBesideSharers() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let pipeline = fixture.pipeline()
    let stop = Stop()
    let group = fixture.group
    // Another program sweeps with no threshold at all, over and over, while shares are made.
    let sweeping = Task(executorPreference: IOExecutor.shared) {
      var tally = (sweeps: 0, removed: 0, kept: 0, failures: [String]())
      while !stop.requested.load(ordering: .relaxed) {
        do {
          let report = try await InboxSweeper(group: group).sweep(olderThan: .zero)
          tally.removed +=
            report.removedFromIncoming + report.removedFromStaging + report.removedFromInbox
          tally.kept += report.keptInFlight
          tally.sweeps += 1
          if report.keptInFlight > 0 { stop.metInFlight.store(true, ordering: .relaxed) }
        } catch {
          tally.failures.append("\(error)")
        }
      }
      return tally
    }
    let outcomes = await withTaskGroup(of: [ShareOutcome].self) { tasks in
      for _ in 0..<3 {
        tasks.addTask {
          var outcomes: [ShareOutcome] = []
          // 20 shares each, and more until a sweep has met one in flight (which one does is
          // the scheduler's choice, so the test waits for that event rather than hoping for
          // it), 200 each at most.
          for made in 0..<200 {
            if made >= 20, stop.metInFlight.load(ordering: .relaxed) { break }
            outcomes.append(
              await pipeline.share(
                PipelineFixture.item([
                  PipelineFixture.fileProvider(PipelineFixture.photo, type: "public.jpeg")
                ])))
          }
          return outcomes
        }
      }
      return await tasks.reduce(into: []) { $0 += $1 }
    }
    stop.requested.store(true, ordering: .relaxed)
    let tally = await sweeping.value
    #expect(tally.failures.isEmpty)
    print(
      "sweeps beside sharers: \(tally.sweeps) sweeps removed \(tally.removed) files and left"
        + " \(tally.kept) files of shares in flight while \(outcomes.count) shares were made")
    #expect(tally.sweeps > 0)
    #expect(tally.kept > 0, "the sweeps met files of shares in flight")
    let inbox = DirectoryInbox(group: fixture.group)
    for outcome in outcomes {
      #expect(outcome.isCommitted, "\(String(describing: outcome.error))")
      guard outcome.isCommitted else { continue }
      // Every committed share is whole: its payload is there, with its manifest's digest.
      let claim = try await #require(try inbox.claim(outcome.shareID))
      _ = try claim.openPayload(at: 0)
      try await claim.finish()
    }
  }
}

/// A request to stop, shared with a task.
final class Stop: Sendable {
  let requested = Atomic<Bool>(false)
  /// Whether a sweep has met files of a share in flight.
  let metInFlight = Atomic<Bool>(false)
}
