import Foundation
import InboxReading
import Ingest
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The sweeper deletes only what it has proved orphaned (issue 42, items 1, 3, 5, 11 and 15):
/// any manifest it cannot read, for any reason, keeps what it might name; an entry it cannot
/// remove is skipped and reported; future times and names that are not UTF-8 have a rule.
@Suite("Sweeper: only what is proved orphaned goes; nothing stops the sweep", .onIOExecutor)
struct SweeperProofTests {
  /// A stale file in `Incoming/` (an hour old).
  static func stale(_ fixture: PipelineFixture, _ name: String, bytes: Int = 100) throws {
    let path = fixture.groupPath + "/Incoming/" + name
    try Data(repeating: 1, count: bytes).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
  }

  /// A manifest naming `payload` that this reader can decode and validate.
  static func manifest(_ id: UUID, naming payloads: [String]) -> String {
    let items = payloads.map {
      """
      {"kind": "file", "typeIdentifier": "public.jpeg", "file": "Incoming/\($0)",
       "byteCount": 100, "sha256": "\(String(repeating: "0", count: 64))"}
      """
    }
    return """
      {"schemaVersion": 1, "id": "\(id.uuidString)", "receivedAt": "2026-09-21T14:13:20Z",
       "items": [\(items.joined(separator: ","))]}
      """
  }

  struct UnreadableCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// Makes the manifest at `path` naming `payload`; returns a fault to remove after.
    var make:
      @Sendable (_ path: String, _ id: UUID, _ payload: String) throws -> FaultInjector
        .Fault?
    var testDescription: String { name }
  }

  static let unreadable: [UnreadableCase] = [
    UnreadableCase(name: "over 16 MiB (a newer writer's extra field)") { path, id, payload in
      var text = SweeperProofTests.manifest(id, naming: [payload])
      text.removeLast()
      text += ", \"extra\": \"" + String(repeating: "x", count: 16 << 20) + "\"}"
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      return nil
    },
    UnreadableCase(name: "it may not be opened (EACCES)") { path, id, payload in
      try Data(SweeperProofTests.manifest(id, naming: [payload]).utf8).write(
        to: URL(fileURLWithPath: path))
      return FaultInjector.shared.inject(.permissionDenied, into: .open, under: path, times: .max)
    },
    UnreadableCase(name: "out of descriptors at its first reading (EMFILE)") { path, id, payload in
      try Data(SweeperProofTests.manifest(id, naming: [payload]).utf8).write(
        to: URL(fileURLWithPath: path))
      return FaultInjector.shared.inject(.tooManyOpenFiles, into: .open, under: path)
    },
    UnreadableCase(name: "out of descriptors at its second reading (EMFILE)") { path, _, payload in
      // Malformed, so it is read again to be streamed: that reading fails.
      try Data("{\"schemaVersion\": 9, \"f\": \"Incoming/\(payload)\"".utf8).write(
        to: URL(fileURLWithPath: path))
      return FaultInjector.shared.inject(.tooManyOpenFiles, into: .open, under: path, after: 1)
    },
    UnreadableCase(name: "duplicate keys: the second `file` names it") { path, id, payload in
      let text = """
        {"schemaVersion": 1, "id": "\(id.uuidString)", "receivedAt": "2026-09-21T14:13:20Z",
         "items": [{"kind": "file", "typeIdentifier": "public.jpeg", "file": "Incoming/other.jpeg",
           "file": "Incoming/\(payload)", "byteCount": 100,
           "sha256": "\(String(repeating: "0", count: 64))"}]}
        """
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      return nil
    },
    UnreadableCase(name: "a name with spaces, escaped, in a newer shape") { path, _, payload in
      let escaped = payload.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
      try Data("{\"schemaVersion\": 7, \"parts\": [\"Incoming/\(escaped)\"]}".utf8).write(
        to: URL(fileURLWithPath: path))
      return nil
    },
  ]

  @Test(
    "A committed manifest it cannot read, for any reason, keeps its payload; orphans still go",
    arguments: unreadable)
  func unreadableKeepsPayloads(_ test: UnreadableCase) async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let id = UUID()
    let payload = "my photo \(UUID().uuidString).jpeg"
    try Self.stale(fixture, payload)
    let path = fixture.groupPath + "/Inbox/\(id.uuidString).json"
    let fault = try test.make(path, id, payload)
    defer { if let fault { FaultInjector.shared.remove(fault) } }
    let report = try await InboxSweeper(group: fixture.group).sweep(olderThan: .zero)
    #expect(try fixture.names("Incoming").contains(payload), "the payload stays")
    #expect(report.keptForUnreadable >= 1)
    #expect(report.removedFromIncoming == 0)
    if let fault { FaultInjector.shared.remove(fault) }
    // Once it can be read, an orphan beside it goes, and the payload still stays.
    try Self.stale(fixture, "orphan.bin")
    _ = try await InboxSweeper(group: fixture.group).sweep(olderThan: .zero)
    #expect(try fixture.names("Incoming").contains(payload))
    #expect(try !fixture.names("Incoming").contains("orphan.bin"))
  }

  @Test("A manifest that cannot be opened keeps every file for that sweep, and says why")
  func unopenableKeepsEverything() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let id = UUID()
    let path = fixture.groupPath + "/Inbox/\(id.uuidString).json"
    try Data(Self.manifest(id, naming: ["named.jpeg"]).utf8).write(to: URL(fileURLWithPath: path))
    for name in ["named.jpeg", "a.bin", "b.bin"] { try Self.stale(fixture, name) }
    let fault = FaultInjector.shared.inject(.permissionDenied, into: .open, under: path, times: 4)
    defer { FaultInjector.shared.remove(fault) }
    let report = try await InboxSweeper(group: fixture.group).sweep(olderThan: .zero)
    #expect(try fixture.names("Incoming") == ["a.bin", "b.bin", "named.jpeg"])
    #expect(report.keptForUnreadable == 3)
    #expect(report.unreadableManifests.first?.problem.contains("ermission") == true)
  }

  @Test("An entry it cannot remove is skipped and reported, and the sweep goes on")
  func stuckEntriesAreSkipped() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    for name in ["stuck.bin", "fine.bin"] { try Self.stale(fixture, name) }
    // A directory it may not empty, and one too deep for the descriptors left.
    for directory in ["locked/inner", "deep/a/b/c"] {
      try FileManager.default.createDirectory(
        atPath: fixture.groupPath + "/.staging/" + directory, withIntermediateDirectories: true)
    }
    for directory in ["locked", "deep"] {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -3600)],
        ofItemAtPath: fixture.groupPath + "/.staging/" + directory)
    }
    let faults = [
      FaultInjector.shared.inject(
        .permissionDenied, into: .unlink, under: fixture.groupPath + "/Incoming/stuck.bin",
        times: .max),
      FaultInjector.shared.inject(
        .permissionDenied, into: .rmdir, under: fixture.groupPath + "/.staging/locked/inner",
        times: .max),
      FaultInjector.shared.inject(
        .tooManyOpenFiles, into: .open, under: fixture.groupPath + "/.staging/deep/a/b",
        times: .max),
    ]
    defer { for fault in faults { FaultInjector.shared.remove(fault) } }
    let report = try await InboxSweeper(group: fixture.group).sweep(olderThan: .zero)
    #expect(try fixture.names("Incoming") == ["stuck.bin"], "fine.bin went all the same")
    #expect(report.removedFromIncoming == 1)
    #expect(
      Set(report.skipped.map(\.name))
        == ["Incoming/stuck.bin", ".staging/locked", ".staging/deep"])
    // The next sweep reports them again: never silently left.
    let again = try await InboxSweeper(group: fixture.group).sweep(olderThan: .zero)
    #expect(again.skipped.count == 3)
  }

  @Test("A modification time in the future ages by the status-change time, which none can set")
  func futureTimes() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let path = fixture.groupPath + "/Incoming/future.bin"
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 86400 * 365)], ofItemAtPath: path)
    // Now it was touched a moment ago: fresh.
    let now = try await InboxSweeper(group: fixture.group).sweep(olderThan: .seconds(3600))
    #expect(now.removedFromIncoming == 0)
    #expect(try fixture.names("Incoming") == ["future.bin"])
    // Two hours on (its modification time still ahead), it is stale, and goes.
    let later = try await InboxSweeper(group: fixture.group).sweep(
      olderThan: .seconds(3600), now: Date(timeIntervalSinceNow: 7200))
    #expect(later.removedFromIncoming == 1)
    #expect(try fixture.names("Incoming").isEmpty)
  }

  @Test("Names that are not UTF-8 are orphans by construction: removed by their bytes when stale")
  func nonUTF8Names() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let incoming = fixture.groupPath + "/Incoming"
    let orphan: [UInt8] = [0xFF, 0x41, 0x2E, 0x6A]
    let mentioned: [UInt8] = [0x42, 0xC3, 0x41]
    for name in [orphan, mentioned] {
      let path = Array(incoming.utf8) + [UInt8(ascii: "/")] + name + [0]
      let descriptor = path.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { buffer in
          buffer.baseAddress.map { creat($0, 0o600) } ?? -1
        }
      }
      #expect(descriptor >= 0)
      close(descriptor)
    }
    // A manifest that is not JSON holds the second name's raw bytes: it keeps that one.
    try Data([UInt8]("garbage <".utf8) + mentioned + [UInt8]("> end".utf8)).write(
      to: URL(fileURLWithPath: fixture.groupPath + "/Inbox/\(UUID().uuidString).json"))
    let report = try await InboxSweeper(group: fixture.group).sweep(olderThan: .zero)
    #expect(report.removedFromIncoming == 1)
    #expect(report.keptForUnreadable == 1)
    let left = try FileDescriptor.openDirectory(incoming)
    defer { try? left.close() }
    #expect(try left.entries().map(\.rawName) == [mentioned])
  }

  @Test(
    "A name that would leave Incoming/ through a planted link is never followed by the sweep",
    arguments: ["x/\u{301}n", "x/\u{FE0F}n", "x/\u{200D}n", "x/n"])
  func plantedLinkNames(_ name: String) async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let outside = try TemporaryDirectory()
    defer { outside.remove() }
    let last = String(name.unicodeScalars.dropFirst(2).map(Character.init))
    let first = try outside.file("one/" + last, contents: Data("secret".utf8))
    try FileManager.default.createDirectory(
      atPath: outside.path + "/two", withIntermediateDirectories: true)
    // `.staging/x` and `Incoming/x` lead out of the group; a manifest names `x/<mark>n`.
    #expect(symlink(outside.path + "/one", fixture.groupPath + "/.staging/x") == 0)
    #expect(symlink(outside.path + "/two", fixture.groupPath + "/Incoming/x") == 0)
    let id = UUID()
    try Data(Self.manifest(id, naming: [name]).utf8).write(
      to: URL(fileURLWithPath: fixture.groupPath + "/Inbox/\(id.uuidString).json"))
    _ = try await InboxSweeper(group: fixture.group).sweep(olderThan: .zero)
    #expect(FileManager.default.fileExists(atPath: first.path), "nothing moved out of one/")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path + "/two").isEmpty)
  }
}
