import Foundation
import Importer
import InboxReading
import Ingest
import SystemCalls

/// `ingest-cli inbox import [--library PATH]`: the main app's import into its library.
extension InboxCommand {
  struct LibraryImportReport: Encodable {
    var library: String
    var imported: [String]
    var alreadyInLibrary: [String]
    var errors: [[String: String]]
    var busy: Int
  }

  /// One pass of the library importer over the inbox. Exit status 0 when nothing went wrong,
  /// 74 when a share stays in the inbox with an error (each is printed).
  static func importIntoLibrary(
    _ inbox: any InboxStore, library path: String?, group: GroupDirectory,
    contract: InputContract, json: Bool
  ) async throws -> ExitStatus {
    let library = try await Backends.library(path, group: group.path, create: true)
    let pass = try await LibraryImporter(library: library, inbox: inbox, contract: contract)
      .importPending()
    if json {
      try Output.json(
        LibraryImportReport(
          library: library.location, imported: pass.imported.map(\.uuidString),
          alreadyInLibrary: pass.alreadyInLibrary.map(\.uuidString),
          errors: pass.errors.map { ["id": $0.shareID?.uuidString ?? "", "error": $0.error] },
          busy: pass.busy))
    } else {
      var line =
        "imported \(pass.imported.count) share\(pass.imported.count == 1 ? "" : "s")"
        + " into \(TerminalText.quoted(library.location))"
      if !pass.alreadyInLibrary.isEmpty {
        // Leftovers were removed only for the shares whose removal did not fail (on a
        // read-only group, none).
        let failed = Set(pass.errors.compactMap(\.shareID))
        let cleaned = pass.alreadyInLibrary.filter { !failed.contains($0) }.count
        let count = pass.alreadyInLibrary.count
        line +=
          "; \(count) already there"
          + (cleaned == count
            ? " (inbox leftovers removed)"
            : cleaned == 0
              ? " (inbox leftovers not removed)"
              : " (inbox leftovers of \(cleaned) removed)")
      }
      if pass.busy > 0 { line += "; \(pass.busy) held by another importer" }
      print(line)
      for failure in pass.errors {
        let share = failure.shareID.map { "share \($0.uuidString)" } ?? "the inbox"
        Output.error("ingest-cli: \(share): \(TerminalText.quoted(failure.error))")
      }
    }
    if pass.errors.isEmpty { return .success }
    return pass.errors.allSatisfy(\.isBadInput) ? .dataError : .ioError
  }
}
