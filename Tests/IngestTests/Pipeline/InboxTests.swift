import Foundation
import InboxReading
import Ingest
import ItemProvider
import Synchronization
import TestSupport
import Testing

@Suite("Inbox: oldest first, one claim at a time, removed only when finished", .onIOExecutor)
struct InboxTests {
  static let photo = ProjectPaths.corpus.appendingPathComponent("files/photo.jpg")

  static func share(_ fixture: PipelineFixture, count: Int = 1) async throws -> [UUID] {
    var ids: [UUID] = []
    for _ in 0..<count {
      let outcome = await fixture.pipeline().share(
        PipelineFixture.item([PipelineFixture.fileProvider(photo, type: "public.jpeg")]))
      try #require(outcome.isCommitted)
      ids.append(outcome.shareID)
    }
    return ids
  }

  @Test("Committed shares list oldest first, and a claimed share is not claimed twice")
  func claims() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let ids = try await Self.share(fixture, count: 3)
    let inbox = DirectoryInbox(group: fixture.group)
    await #expect(try inbox.pending().map(\.id) == ids)
    let first = try await #require(try inbox.claimNext())
    #expect(first.manifest.id == ids[0])
    await #expect(try inbox.claim(ids[0]) == nil)
    let second = try await #require(try inbox.claimNext())
    #expect(second.manifest.id == ids[1])
    let path = try #require(first.payloadPath(of: first.manifest.items[0]))
    #expect(FileManager.default.fileExists(atPath: path))
    // Its handler read the payload through the door, which proves it the share's: finish()
    // removes it (a payload no reader proved would stay, for the sweeper).
    _ = try first.openPayload(at: 0)
    try await first.finish()
    #expect(!FileManager.default.fileExists(atPath: path))
    await #expect(try inbox.pending().map(\.id) == Array(ids[1...]))
    try await second.release(recording: "the library was locked")
    let entry = try await #require(try inbox.pending().first)
    #expect(entry.id == ids[1])
    #expect(entry.failure?.attempts == 1)
    #expect(entry.failure?.lastError == "the library was locked")
    let again = try await #require(try inbox.claim(ids[1]))
    try await again.release(recording: "still locked")
    await #expect(try inbox.pending().first?.failure?.attempts == 2)
    let last = try await #require(try inbox.claim(ids[1]))
    try await last.finish()
    #expect(try fixture.names("Inbox") == ["\(ids[2].uuidString).json"])
  }

  @Test("A claim ended while a child process holds a copy of its descriptor is free at once")
  func claimOutlivedByChild() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let id = try #require(try await Self.share(fixture).first)
    let inbox = DirectoryInbox(group: fixture.group)
    let manifest = fixture.groupPath + "/Inbox/\(id.uuidString).json"
    for end in ["release", "finish"] {
      let claim = try await #require(try inbox.claim(id))
      // What any thread's fork does between its fork and its exec, for longer: a child holds
      // a copy of the claim's open file description (here for 30 s).
      let child = try Self.spawnHolding(try Self.descriptor(opening: manifest))
      defer {
        kill(child, SIGKILL)
        var status: Int32 = 0
        waitpid(child, &status, 0)
      }
      if end == "finish" {
        try await claim.finish()
        #expect(!FileManager.default.fileExists(atPath: manifest))
        return
      }
      try await claim.release(recording: "busy")
      let again = try await #require(try inbox.claim(id), "the released claim is still locked")
      try await again.release(recording: "busy")
    }
  }

  /// This process's descriptor open on `path` (the claim's).
  static func descriptor(opening path: String) throws -> Int32 {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    for name in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
      guard let number = Int32(name),
        let link = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/self/fd/\(name)"),
        link == target
      else { continue }
      return number
    }
    throw CocoaError(.fileNoSuchFile)
  }

  /// Starts `sleep 30` holding a copy of `descriptor`.
  static func spawnHolding(_ descriptor: Int32) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, descriptor, descriptor == 9 ? 8 : 9)
    var pid: pid_t = 0
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("30"), nil]
    defer { for argument in arguments { free(argument) } }
    let result = posix_spawn(&pid, "/bin/sleep", &actions, nil, arguments, environ)
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    return pid
  }

  @Test("A manifest naming a path outside Incoming/ or of an unknown schema is refused")
  func hostileManifests() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let inbox = DirectoryInbox(group: fixture.group)
    let id = UUID()
    let escape = """
      {"schemaVersion": 1, "id": "\(id.uuidString)", "receivedAt": "2026-09-21T14:13:20Z",
       "items": [{"kind": "file", "typeIdentifier": "public.jpeg", "file": "Incoming/../../x"}]}
      """
    try Data(escape.utf8).write(
      to: URL(fileURLWithPath: fixture.groupPath + "/Inbox/\(id.uuidString).json"))
    let error = await #expect(throws: ManifestError.self) { try await inbox.claim(id) }
    #expect(error?.field == "items[0].file")
    let future = UUID()
    try Data(
      """
      {"schemaVersion": 3, "id": "\(future.uuidString)", "receivedAt": "2026-09-21T14:13:20Z", \
      "items": []}
      """.utf8
    ).write(to: URL(fileURLWithPath: fixture.groupPath + "/Inbox/\(future.uuidString).json"))
    let unknown = await #expect(throws: ManifestError.self) { try await inbox.claim(future) }
    #expect(unknown?.problem.contains("schemaVersion 3") == true)
  }

  @Test("A manifest written by another program, with unknown fields, is read")
  func foreignManifest() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let id = UUID()
    try Data(
      """
      {"schemaVersion": 1, "id": "\(id.uuidString)", "receivedAt": "2026-03-08T01:30:00-05:00",
       "source": "tests", "extra": {"nested": true},
       "items": [{"kind": "text", "typeIdentifier": "public.plain-text", "text": "hi", "lang": \
      "en"},
                 {"kind": "url", "typeIdentifier": "public.url", "url": "https://example.com/"}]}
      """.utf8
    ).write(to: URL(fileURLWithPath: fixture.groupPath + "/Inbox/\(id.uuidString).json"))
    let claim = try await #require(try DirectoryInbox(group: fixture.group).claim(id))
    #expect(claim.manifest.items.map(\.kind) == [.text, .url])
    #expect(claim.manifest.receivedAt == Date(timeIntervalSince1970: 1_772_951_400))
    try await claim.finish()
  }

  @Test(
    "A committed share whose payload a crash left in .staging/ is completed when claimed",
    arguments: [false, true])
  func rollForward(madeAhead: Bool) async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let id = try #require(try await Self.share(fixture).first)
    let name = try #require(try fixture.names("Incoming").first)
    // What a crash between the manifest's commit and the payload's rename leaves: the file
    // under its own name, or (a file the pipeline made ahead) under its UUID alone.
    let staged = madeAhead ? String(name.prefix { $0 != "." }) : name
    try FileManager.default.moveItem(
      atPath: fixture.groupPath + "/Incoming/" + name,
      toPath: fixture.groupPath + "/.staging/" + staged)
    let claim = try await #require(try DirectoryInbox(group: fixture.group).claim(id))
    #expect(try fixture.names("Incoming") == [name])
    #expect(try fixture.names(".staging").isEmpty)
    try await claim.finish()
  }

  @Test(
    "The sweeper removes stale leftovers, completes committed shares, and spares the fresh",
    arguments: [false, true])
  func sweeper(madeAhead: Bool) async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let id = try #require(try await Self.share(fixture).first)
    let committed = try #require(try fixture.names("Incoming").first)
    // A committed payload left in `.staging/`, stale: under its own name, or under its UUID
    // alone (a file made ahead).
    let staged = madeAhead ? String(committed.prefix { $0 != "." }) : committed
    try FileManager.default.moveItem(
      atPath: fixture.groupPath + "/Incoming/" + committed,
      toPath: fixture.groupPath + "/.staging/" + staged)
    let old = Date(timeIntervalSinceNow: -7200)
    try FileManager.default.setAttributes(
      [.modificationDate: old], ofItemAtPath: fixture.groupPath + "/.staging/" + staged)
    for (directory, name) in [
      (".staging", "stale.heic"), ("Incoming", "orphan.jpeg"), (".staging", "fresh.heic"),
      ("Incoming", "fresh.jpeg"), ("Inbox", ".\(UUID().uuidString).json.partial"),
    ] {
      let path = fixture.groupPath + "/\(directory)/\(name)"
      try Data(repeating: 1, count: 100).write(to: URL(fileURLWithPath: path))
      if !name.hasPrefix("fresh") {
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
      }
    }
    let report = try await InboxSweeper(group: fixture.group).sweep()
    #expect(report.completed == 1)
    #expect(report.removedFromStaging == 1)
    #expect(report.removedFromIncoming == 1)
    #expect(report.removedFromInbox == 1)
    #expect(report.bytesFreed == 300)  // the two stale files and the stale reservation
    #expect(try fixture.names(".staging") == ["fresh.heic"])
    #expect(try fixture.names("Incoming") == [committed, "fresh.jpeg"].sorted())
    await #expect(try DirectoryInbox(group: fixture.group).pending().map(\.id) == [id])
    #expect(try fixture.names("Inbox") == ["\(id.uuidString).json"])
  }
}

@Suite("Logs carry stages, types, sizes and errors, never what was shared", .onIOExecutor)
struct LogContentTests {
  @Test("A distinctive text, file name and file content appear in no log line")
  func nothingShared() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let secretText = "Meet me at the Zebra Café at 7, codeword PERIWINKLE"
    let secretName = "Tax return of Ada Lovelace.pdf"
    let pdf = Array("%PDF-1.4\n1 0 obj << /Secret (SAPPHIRE-CONTENT) >> endobj\n%%EOF\n".utf8)
    let file = try fixture.directory.bytes(secretName, pdf)
    let lines = LineCollector()
    let failing = ScriptedSource(
      file: file, behavior: .fail(NSError(domain: "Source", code: 1)))
    let log = IngestLog.lines { lines.append($0) }
    for providers in [
      [
        NSItemProvider(item: secretText as NSString, typeIdentifier: "public.plain-text"),
        PipelineFixture.fileProvider(file, type: "com.adobe.pdf", name: secretName),
      ],
      [failing.fileProvider(typeIdentifier: "com.adobe.pdf", suggestedName: secretName)],
      [
        NSItemProvider(
          item: String(repeating: secretText, count: 40) as NSString,
          typeIdentifier: "public.plain-text")
      ],
    ] {
      _ = await fixture.pipeline(log: log).share(PipelineFixture.item(providers))
    }
    let all = lines.lines
    #expect(all.contains { $0.contains("stage=commit") && $0.contains("event=committed") })
    #expect(all.contains { $0.contains("type=com.adobe.pdf") })
    #expect(all.contains { $0.contains("event=failed") })
    for needle in [
      "PERIWINKLE", "Zebra", "Lovelace", "Tax return", "SAPPHIRE", fixture.directory.path,
    ] {
      #expect(!all.contains { $0.contains(needle) }, "\(needle) reached the log")
    }
  }
}

/// Lines written from any thread.
final class LineCollector: Sendable {
  private let storage = Mutex<[String]>([])
  func append(_ line: String) { storage.withLock { $0.append(line) } }
  var lines: [String] { storage.withLock { $0 } }
}
