import Foundation
import TestSupport
import Testing

/// What a group directory must hold after any number of processes were killed while sharing
/// into it: every manifest names whole files whose size and digest are a source's, no file is
/// in two manifests, no file in `Incoming/` is partial; and after `inbox sweep --older-than 0`,
/// nothing is left that no manifest references.
enum InboxInvariant {
  /// What `check` found.
  struct Report {
    var manifests: Int
    var incomingBeforeSweep: Int
    var stagedBeforeSweep: Int
    var swept: Int
    var completed: Int
  }

  /// Checks `group` against the sources' fingerprints (`FileDigest.fingerprint`), sweeps it,
  /// and checks what is left. `itemsPerShare`, when given, is how many file items each share
  /// must hold.
  static func check(group: String, expected: Set<String>, itemsPerShare: Int? = nil) throws
    -> Report
  {
    let inbox = group + "/Inbox"
    let manifests = try FileManager.default.contentsOfDirectory(atPath: inbox)
      .filter { $0.hasSuffix(".json") }
    var referenced = Set<String>()
    for name in manifests {
      let manifest = try CLI.json(String(contentsOfFile: inbox + "/" + name, encoding: .utf8))
      #expect(manifest["id"] as? String == String(name.dropLast(5)))
      let items = try #require(manifest["items"] as? [[String: Any]])
      if let itemsPerShare { #expect(items.count == itemsPerShare) }
      for item in items {
        guard let file = item["file"] as? String else { continue }
        let fileName = String(file.dropFirst("Incoming/".count))
        #expect(!referenced.contains(fileName), "\(fileName) is in two manifests")
        referenced.insert(fileName)
        var path = group + "/" + file
        if !FileManager.default.fileExists(atPath: path) {
          path = group + "/.staging/" + fileName
        }
        let fingerprint = try FileDigest.fingerprint(of: path)
        #expect(
          fingerprint == "\(item["byteCount"] as? Int ?? -1):\(item["sha256"] as? String ?? "")")
        #expect(expected.contains(fingerprint))
      }
    }
    // No file in Incoming/ is partial: each is a whole copy of a source.
    let incoming =
      (try? FileManager.default.contentsOfDirectory(atPath: group + "/Incoming")) ?? []
    for name in incoming {
      #expect(
        expected.contains(try FileDigest.fingerprint(of: group + "/Incoming/" + name)), "\(name)")
    }
    // After the sweeper nothing is left that no manifest references.
    let staged = try FileManager.default.contentsOfDirectory(atPath: group + "/.staging").count
    let sweep = try CLI.runBlocking([
      "inbox", "sweep", "--older-than", "0", "--group-dir", group, "--json",
    ])
    #expect(sweep.status == 0)
    let report = try CLI.json(sweep.standardOutput)
    let after = Set(
      (try? FileManager.default.contentsOfDirectory(atPath: group + "/Incoming")) ?? [])
    #expect(after == referenced)
    #expect(try FileManager.default.contentsOfDirectory(atPath: group + "/.staging").isEmpty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: group + "/Inbox").allSatisfy {
        $0.hasSuffix(".json")
      })
    let swept =
      (report["removedFromStaging"] as? Int ?? 0) + (report["removedFromIncoming"] as? Int ?? 0)
      + (report["removedFromInbox"] as? Int ?? 0)
    return Report(
      manifests: manifests.count, incomingBeforeSweep: incoming.count,
      stagedBeforeSweep: staged, swept: swept, completed: report["completed"] as? Int ?? 0)
  }
}
