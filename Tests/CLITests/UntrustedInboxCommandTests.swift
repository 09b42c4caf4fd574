import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `inbox` and `library` as processes, over a group directory another program wrote: nothing
/// hangs, nothing unreadable is hidden, and nothing from a manifest reaches the terminal raw.
@Suite("ingest-cli inbox over an untrusted group directory, as a process")
struct UntrustedInboxCommandTests {
  /// Runs `ingest-cli` under `timeout`: a command that hangs exits 124 instead of hanging the
  /// suite.
  static func run(_ arguments: [String], seconds: Int = 60) async throws -> CLI.Result {
    try await CLI.run(
      ["-c", "exec timeout \(seconds) \"$0\" \"$@\"", CLI.executable.path] + arguments,
      shell: true)
  }

  /// A group with one committed text share written as another program would.
  static func writeShare(
    group: String, id: UUID = UUID(), source: String = "tests", text: String = "hello"
  ) throws -> UUID {
    try FileManager.default.createDirectory(
      atPath: group + "/Inbox", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: group + "/Incoming", withIntermediateDirectories: true)
    let manifest: [String: Any] = [
      "schemaVersion": 1, "id": id.uuidString, "receivedAt": "2026-03-08T12:00:00Z",
      "source": source,
      "items": [["kind": "text", "typeIdentifier": "public.plain-text", "text": text]],
    ]
    try JSONSerialization.data(withJSONObject: manifest).write(
      to: URL(fileURLWithPath: group + "/Inbox/\(id.uuidString).json"))
    return id
  }

  /// Whether `text` holds anything that acts on a terminal: ESC, a C1 control, a bidirectional
  /// override.
  static func isRaw(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" }
  }

  @Test("A FIFO for a failure record or a manifest hangs no command; watch still stops")
  func fifos() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    let id = try Self.writeShare(group: group)
    #expect(mkfifo(group + "/Inbox/\(id.uuidString).failure", 0o600) == 0)
    let fifo = UUID()
    #expect(mkfifo(group + "/Inbox/\(fifo.uuidString).json", 0o600) == 0)
    let library = directory.path + "/library.sqlite"

    let list = try await Self.run(["inbox", "list", "--group-dir", group])
    #expect(list.status == 65, "\(list.standardError)")
    #expect(list.standardError.contains("FIFO"))
    let show = try await Self.run(["inbox", "show", "--group-dir", group, fifo.uuidString])
    #expect(show.status != 124 && show.status != 0)
    let sweep = try await Self.run(["inbox", "sweep", "--group-dir", group])
    #expect(sweep.status == 65)
    #expect(sweep.standardError.contains("FIFO"))

    // watch over the same inbox ends on SIGTERM.
    let watcher = try CLI.start([
      "inbox", "watch", "--group-dir", group, "--library", library, "--rescan", "0.2",
    ])
    #expect(
      await waitUntil {
        !InboxWatchTests.entries(group + "/Inbox").contains("\(id.uuidString).json")
      }, "the share is imported")
    try watcher.send(SIGTERM)
    #expect(await waitUntil(limit: .seconds(10)) { !watcher.isRunning })
    if watcher.isRunning { try watcher.send(SIGTERM) }
    let outcome = await watcher.wait()
    #expect(outcome.exitStatus == 0, "\(outcome)")
  }

  @Test("inbox list shows what it cannot read, with what is wrong, and exits 65")
  func listShowsProblems() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    let good = try Self.writeShare(group: group)
    let broken = UUID()
    try Data("{\"schemaVersion\": 1, \"id\": ".utf8).write(
      to: URL(fileURLWithPath: group + "/Inbox/\(broken.uuidString).json"))
    let linked = UUID()
    #expect(symlink("/etc/passwd", group + "/Inbox/\(linked.uuidString).json") == 0)
    let list = try await Self.run(["inbox", "list", "--group-dir", group])
    #expect(list.status == 65)
    #expect(list.standardOutput.contains(good.uuidString))
    #expect(list.standardError.contains(broken.uuidString))
    #expect(list.standardError.contains("\(linked.uuidString).json: not a regular file"))
    let json = try await Self.run(["inbox", "list", "--group-dir", group, "--json"])
    #expect(json.status == 65)
    let shares = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
    #expect((shares as? [[String: Any]])?.count == 1)
  }

  @Test("Control characters from a manifest never reach the terminal raw")
  func noRawControls() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    let id = try Self.writeShare(
      group: group, source: "\u{1B}[2Jevil\u{202E}", text: "line\nforged: imported\u{1B}]0;x\u{7}")
    let library = directory.path + "/lib\nrary.sqlite"
    let list = try await Self.run(["inbox", "list", "--group-dir", group])
    #expect(list.status == 0)
    #expect(!Self.isRaw(list.standardOutput + list.standardError))
    let show = try await Self.run(["inbox", "show", "--group-dir", group, id.uuidString])
    #expect(show.status == 0)
    #expect(!Self.isRaw(show.standardOutput))
    #expect(!show.standardOutput.contains("\nforged"))
    let imported = try await Self.run([
      "inbox", "import", "--group-dir", group, "--library", library,
    ])
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput.split(separator: "\n").count == 1, "the path is quoted")
    let records = try await Self.run(["library", "list", "--library", library])
    #expect(records.status == 0)
    #expect(!Self.isRaw(records.standardOutput))
    #expect(!records.standardOutput.contains("\nforged"))
    let argument = try await Self.run([
      "inbox", "show", "--group-dir", group, "\u{1B}[2Jx\nfake",
    ])
    #expect(argument.status == 64)
    #expect(!Self.isRaw(argument.standardError))
  }

  @Test("import --exec refuses a payload that links out of the group, without running the hook")
  func execRefusesLinks() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    let id = try Self.writeShare(group: group)
    // The same share, now also naming a link to a file outside.
    #expect(symlink("/etc/passwd", group + "/Incoming/P.jpeg") == 0)
    let manifest: [String: Any] = [
      "schemaVersion": 1, "id": id.uuidString, "receivedAt": "2026-03-08T12:00:00Z",
      "items": [
        [
          "kind": "file", "typeIdentifier": "public.jpeg", "file": "Incoming/P.jpeg",
          "byteCount": 3, "sha256": String(repeating: "0", count: 64),
        ]
      ],
    ]
    try JSONSerialization.data(withJSONObject: manifest).write(
      to: URL(fileURLWithPath: group + "/Inbox/\(id.uuidString).json"))
    let marker = directory.path + "/ran"
    let result = try await Self.run([
      "inbox", "import", "--group-dir", group, "--exec", "touch '\(marker)'",
    ])
    #expect(result.status == 65, "the share is at fault, not the machine")
    #expect(result.standardError.contains("symbolic link"))
    #expect(!FileManager.default.fileExists(atPath: marker))
    #expect(InboxWatchTests.entries(group + "/Inbox").contains("\(id.uuidString).json"))
  }
}
