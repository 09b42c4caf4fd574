import Foundation
import TestSupport
import Testing

/// `share` and `inbox import` as a child process under `ulimit -n 16`: C libraries set up
/// before work runs in parallel (libgcrypt's lazy set-up aborted the process when it met
/// EMFILE), so nothing dies by a signal; an import meets the shortage by committing smaller
/// groups, as it meets a failed transaction.
@Suite("Under ulimit -n 16: no signal, a clear 74, an import in smaller groups")
struct DescriptorLimitTests {
  /// Runs `ingest-cli arguments` under `ulimit -n limit`, through a shell that reports how it
  /// ended: a status above 128 is a signal (128 + its number), never one of ours.
  static func runLimited(_ limit: Int, _ arguments: [String]) async throws -> CLI.Result {
    let script = "ulimit -n \(limit) || exit 99; \"$0\" \"$@\"; echo \"exit=$?\" >&2"
    var result = try await CLI.run(
      ["-c", script, CLI.executable.path] + arguments, shell: true)
    let marker = result.standardError.components(separatedBy: "\n").last { $0.hasPrefix("exit=") }
    result.status = marker.flatMap { Int32($0.dropFirst(5)) } ?? -1
    return result
  }

  /// `count` PNG files of about 200 KB each (a real picture with bytes after its end, each
  /// file different), so that the copies take long enough to overlap.
  static func pictures(_ count: Int, in directory: TemporaryDirectory) throws -> [String] {
    let picture = try Data(
      contentsOf: CLI.packageRoot.appendingPathComponent("corpus/files/screenshot.png"))
    var generator = SystemRandomNumberGenerator()
    return try (0..<count).map { index in
      var bytes = picture
      bytes.append(
        contentsOf: (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
      return try directory.file("picture-\(index).png", contents: bytes).path
    }
  }

  @Test("share of 8 files under ulimit -n 16, 30 times: never a signal; 74 says ulimit -n")
  func shareUnderLimit() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let files = try Self.pictures(8, in: directory)
    var statuses: [Int32: Int] = [:]
    for run in 0..<30 {
      let group = directory.path + "/group-\(run)"
      let result = try await Self.runLimited(16, ["share", "--group-dir", group] + files)
      statuses[result.status, default: 0] += 1
      #expect(
        result.status == 0 || result.status == 74,
        "run \(run) ended with \(result.status): \(result.standardOutput)\(result.standardError)")
      if result.status == 74 {
        #expect(
          (result.standardOutput + result.standardError).contains("ulimit -n"),
          "the message says what to do: \(result.standardOutput)\(result.standardError)")
        // All or nothing: no manifest was committed.
        let inbox = (try? FileManager.default.contentsOfDirectory(atPath: group + "/Inbox")) ?? []
        #expect(!inbox.contains { $0.hasSuffix(".json") && !$0.hasPrefix(".") })
      }
    }
    print("share under ulimit -n 16, 30 runs: statuses \(statuses.sorted { $0.key < $1.key })")
  }

  @Test("inbox import under ulimit -n 16 imports every share, committing smaller groups")
  func importUnderLimit() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let files = try Self.pictures(4, in: directory)
    let group = directory.path + "/group"
    let count = 12
    for index in 0..<count {
      let shared = try await CLI.run(["share", "--group-dir", group, files[index % files.count]])
      try #require(shared.status == 0, "\(shared.standardOutput)")
    }
    let library = directory.path + "/library.sqlite"
    let result = try await Self.runLimited(
      16, ["inbox", "import", "--group-dir", group, "--library", library, "--json"])
    #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    let report = try CLI.json(result.standardOutput)
    #expect((report["imported"] as? [String])?.count == count)
    let left = try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox")
      .filter { !$0.hasPrefix(".") }
    #expect(left.isEmpty, "left in the inbox: \(left)")
  }

  @Test("inbox import at every limit from 12 to 16: no signal, and no share lost or half-taken")
  func importAtEveryLimit() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let files = try Self.pictures(2, in: directory)
    for limit in 12...16 {
      let group = directory.path + "/group-\(limit)"
      var ids: [String] = []
      for index in 0..<6 {
        let shared = try await CLI.run([
          "share", "--json", "--group-dir", group, files[index % files.count],
        ])
        try #require(shared.status == 0, "\(shared.standardOutput)")
        ids.append(try #require(try CLI.json(shared.standardOutput)["shareID"] as? String))
      }
      let library = directory.path + "/library-\(limit).sqlite"
      let result = try await Self.runLimited(
        limit, ["inbox", "import", "--group-dir", group, "--library", library])
      #expect(
        [0, 73, 74].contains(result.status),
        "ulimit -n \(limit): ended with \(result.status): \(result.standardError)")
      // A share that meets the shortage on its own stops the pass: the shares after it are
      // left untried, not each failed with the same EMFILE.
      let failedShares = result.standardError.split(separator: "\n").filter {
        $0.hasPrefix("ingest-cli: share ")
      }
      #expect(failedShares.count <= 1, "ulimit -n \(limit): \(result.standardError)")
      if result.standardError.contains("EMFILE"), result.status == 74, failedShares.count == 1 {
        #expect(
          result.standardError.contains("stopped: too few file descriptors"),
          "ulimit -n \(limit): \(result.standardError)")
      }
      // Each share is in the library (its manifest gone) or still whole in the inbox.
      let listed = try await CLI.run([
        "library", "list", "--library", library, "--json",
      ])
      let inbox = Set(try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox"))
      for id in ids where !inbox.contains("\(id).json") {
        #expect(listed.standardOutput.contains(id), "ulimit -n \(limit): share \(id) lost")
      }
    }
  }
}
