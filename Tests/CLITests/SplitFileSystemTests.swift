import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A group directory whose parts are on different file systems, made with a real tmpfs mount
/// (root only: CI runs as root; elsewhere each test says it skipped). `Inbox/` on a file
/// system of its own works: failure records and the sweeper's quarantine are written in
/// `Inbox/` itself. `Incoming/` on one of its own is a layout `share` cannot publish into, and
/// says so by name.
@Suite("Inbox/ or Incoming/ on another file system (a tmpfs mount)")
struct SplitFileSystemTests {
  /// A tmpfs mounted at `path` (made, mode 0700), or nil with the reason it could not be.
  static func mountTmpfs(at path: String) -> String? {
    guard getuid() == 0 else { return "mounting a tmpfs needs root (CI runs as root)" }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      return "\(error)"
    }
    guard mount("tmpfs", path, "tmpfs", 0, "size=64m,mode=0700") == 0 else {
      return "mount -t tmpfs failed: errno \(errno)"
    }
    return nil
  }

  static func unmount(_ path: String) {
    umount2(path, Int32(MNT_DETACH))
  }

  static let picture = "corpus/files/screenshot.png"

  @Test("share with Incoming/ on a tmpfs: 73, naming the layout, and nothing committed")
  func incomingElsewhere() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    if let reason = Self.mountTmpfs(at: group + "/Incoming") {
      print("skipped: \(reason); Incoming/ on another file system not tried")
      return
    }
    defer { Self.unmount(group + "/Incoming") }
    let result = try await CLI.run(["share", "--group-dir", group, Self.picture])
    #expect(result.status == 73, "\(result.standardOutput)\(result.standardError)")
    let said = result.standardOutput + result.standardError
    #expect(said.contains("Incoming/ and .staging/ on different file systems"), "\(said)")
    #expect(!said.contains("cannot rename"), "\(said)")
    let inbox = try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox")
    #expect(inbox.isEmpty, "nothing committed, no reservation left: \(inbox)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: group + "/Incoming").isEmpty)
  }

  @Test("Inbox/ on a tmpfs: shares commit, failures are recorded and counted, quarantine works")
  func inboxElsewhere() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    if let reason = Self.mountTmpfs(at: group + "/Inbox") {
      print("skipped: \(reason); Inbox/ on another file system not tried")
      return
    }
    defer { Self.unmount(group + "/Inbox") }
    let shared = try await CLI.run(["share", "--json", "--group-dir", group, Self.picture])
    try #require(shared.status == 0, "\(shared.standardOutput)")
    let report = try CLI.json(shared.standardOutput)
    let id = try #require((report["manifest"] as? String)?.split(separator: "/").last)
      .dropLast(5)
    // Its payload gone: every import fails, and each failure is recorded and counted.
    let payload = try #require(
      (report["attachments"] as? [[String: Any]])?.first?["file"] as? String)
    try FileManager.default.removeItem(atPath: group + "/" + payload)
    let library = directory.path + "/library.sqlite"
    for attempt in 1...2 {
      let imported = try await CLI.run([
        "inbox", "import", "--group-dir", group, "--library", library,
      ])
      #expect(imported.status != 0)
      #expect(!imported.standardError.contains("EXDEV"), "\(imported.standardError)")
      let record = try Data(contentsOf: URL(fileURLWithPath: "\(group)/Inbox/\(id).failure"))
      let failure = try #require(try JSONSerialization.jsonObject(with: record) as? [String: Any])
      #expect(failure["attempts"] as? Int == attempt)
    }
    // A manifest that cannot be read: the sweeper quarantines it (records why), and keeps it.
    let broken = UUID().uuidString
    try Data(#"{"schemaVersion": 2, "id": "#.utf8).write(
      to: URL(fileURLWithPath: "\(group)/Inbox/\(broken).json"))
    let swept = try await CLI.run(["inbox", "sweep", "--group-dir", group])
    #expect(!swept.standardError.contains("EXDEV"), "\(swept.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox")
    #expect(names.contains("\(broken).failure"), "\(names)")
    #expect(names.contains("\(broken).json"))
    #expect(!names.contains { $0.hasPrefix(".") }, "no temporary file left: \(names)")
    let listed = try await CLI.run(["inbox", "list", "--group-dir", group])
    #expect(listed.standardOutput.contains("failed 2x"), "\(listed.standardOutput)")
  }
}
