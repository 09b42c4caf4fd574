import CrashStates
import Foundation
import Importer
import Ingest

extension RestartCheck {
  /// Invariant 4: every share committed is in the library once and whole, and nothing is left
  /// over anywhere.
  func checkAfter(_ layout: CrashLayout, committed: Set<UUID>, _ problems: inout [String])
    async
  {
    let records: [LibraryRecord]
    do {
      guard let library = try backend.library(layout, create: false) else {
        problems.append("the restarted program left no library")
        return
      }
      records = try await library.records(status: nil, limit: nil)
    } catch {
      problems.append("the library cannot be read after the restart: \(error)")
      return
    }
    var seen = Set<UUID>()
    var files = Set<String>()
    for record in records {
      let id = record.shareID
      if !seen.insert(id).inserted { problems.append("share \(id) is in the library twice") }
      if !committed.contains(id) {
        problems.append("share \(id) is in the library but was never committed")
      }
      if let manifest = written[id], manifest.items.count != record.items.count {
        problems.append(
          "share \(id) is in the library with \(record.items.count) of its"
            + " \(manifest.items.count) items")
      }
      for item in record.items where item.kind == .file {
        guard let file = item.file else {
          problems.append("share \(id) has a file item without its file")
          continue
        }
        files.insert(file)
        let fingerprint = layout.fingerprint(of: layout.libraryFiles + "/" + file)
        if fingerprint != CrashLayout.Fingerprint(byteCount: item.byteCount, sha256: item.sha256) {
          problems.append(
            "share \(id)'s file \(file) is not whole in the library"
              + " (\(layout.fingerprintText(of: layout.libraryFiles + "/" + file)))")
        }
      }
    }
    for id in committed.subtracting(seen).sorted(by: { $0.uuidString < $1.uuidString }) {
      problems.append("share \(id) was committed but is not in the library")
    }
    let extra = Set(layout.names(atPath: layout.libraryFiles)).subtracting(files)
    if !extra.isEmpty {
      problems.append(
        "the library's files directory holds files no record names: \(extra.sorted())")
    }
    for directory in [
      GroupDirectory.inboxName, GroupDirectory.incomingName, GroupDirectory.stagingName,
    ] {
      let left = layout.names(in: directory)
      if !left.isEmpty { problems.append("\(directory)/ still holds \(left)") }
    }
  }
}
