import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `inbox watch` as a process: shares committed while it runs are imported as they arrive,
/// and SIGINT or SIGTERM end it with exit 0 after the share in hand.
@Suite("ingest-cli inbox watch, as a process", .serialized)
struct InboxWatchTests {
  /// Starts `ingest-cli inbox watch` with `arguments`, its standard output a pipe (closed by
  /// `closePipes`).
  static func startWatch(_ arguments: [String], group: String) throws -> ChildProcess {
    try CLI.start(
      ["inbox", "watch", "--group-dir", group] + arguments, standardOutput: .pipe)
  }

  static func entries(_ path: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
  }

  @Test(
    "Shares committed before and while it runs are imported; SIGTERM and SIGINT exit 0",
    arguments: [SIGTERM, SIGINT])
  func importsAsSharesArrive(signal: Int32) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    let destination = directory.path + "/imported"
    // One share waiting before the watcher starts.
    #expect(
      try await CLI.run(["share", "--group-dir", group, "corpus/files/photo.jpg"]).status == 0)
    let watcher = try Self.startWatch(["--to", destination, "--json"], group: group)
    defer { watcher.closePipes() }
    #expect(await waitUntil { Self.entries(destination).count == 1 })
    for file in ["photo.heic", "document.pdf"] {
      #expect(
        try await CLI.run(["share", "--group-dir", group, "corpus/files/\(file)"]).status == 0)
    }
    #expect(
      await waitUntil { Self.entries(destination).count == 3 }, "imported as they arrive")
    try watcher.send(signal)
    // Read and waited for off the cooperative pool (see `Offload`): the watcher ends its
    // drain first, and a test that blocks a pool thread starves every other test meanwhile.
    let output = try #require(watcher.standardOutput)
    let lines = try await Offload.run {
      String(decoding: try output.readToEnd(), as: UTF8.self)
    }
    let outcome = await watcher.wait()
    #expect(outcome.exitStatus == 0, "\(outcome)")
    #expect(Self.entries(group + "/Inbox").isEmpty)
    let events = lines.split(separator: "\n").compactMap { try? CLI.json(String($0)) }
    #expect(events.count == 3)
    #expect(events.allSatisfy { $0["event"] as? String == "imported" })
  }

  @Test("A signal during a share lets that share finish, then exits 0 with nothing half-done")
  func finishesTheShareInHand() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    let started = directory.path + "/started"
    let done = directory.path + "/done"
    let watcher = try Self.startWatch(
      ["--exec", "touch '\(started)'; sleep 1; echo \"$INGEST_SHARE_ID\" > '\(done)'"],
      group: group)
    defer { watcher.closePipes() }
    #expect(
      try await CLI.run(["share", "--group-dir", group, "corpus/files/photo.jpg"]).status == 0)
    #expect(await waitUntil { FileManager.default.fileExists(atPath: started) })
    try watcher.send(SIGTERM)
    let outcome = await watcher.wait()
    #expect(outcome.exitStatus == 0, "\(outcome)")
    #expect(FileManager.default.fileExists(atPath: done), "the share in hand was finished")
    #expect(Self.entries(group + "/Inbox").isEmpty, "and removed from the inbox")
  }

  @Test("Without --to or --exec, watch imports into the library, as import does")
  func importsIntoTheLibrary() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    let library = directory.path + "/library.sqlite"
    let watcher = try Self.startWatch(["--library", library], group: group)
    defer { watcher.closePipes() }
    #expect(
      try await CLI.run(["share", "--group-dir", group, "corpus/files/photo.jpg"]).status == 0)
    let listed = await waitUntil {
      guard let result = try? await CLI.run(["library", "list", "--library", library, "--json"]),
        let records = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
          as? [[String: Any]]
      else { return false }
      return records.count == 1
    }
    #expect(listed, "the share reached the library")
    try watcher.send(SIGTERM)
    let outcome = await watcher.wait()
    #expect(outcome.exitStatus == 0, "\(outcome)")
    #expect(Self.entries(group + "/Inbox").isEmpty)
  }
}
