import CrashStates
import Foundation
import Importer
import InboxReading
import Ingest
import SystemCalls

/// What a program restarted after a power loss runs on a crash state (`inbox list`, `inbox
/// import`, `inbox sweep`, in process through the library's APIs, with the recovery each does),
/// and the invariants it must find true:
///
/// 1. every manifest in the inbox (`Inbox/`, or the database's rows) is whole and names only
///    complete files (the size and SHA-256 it gives), in `Incoming/` or, where a crash lost
///    the link, in `.staging/`, complete and ready to be moved on;
/// 2. nothing a finished share reported committed before the crash is missing (from the inbox
///    or the library);
/// 3. no reader fails: listing, importing and sweeping meet no error and report no problem;
/// 4. afterwards every share committed is in the library exactly once, whole (each file in the
///    files directory, of the size and SHA-256 its manifest gave), and nothing is orphaned:
///    the inbox, `Incoming/` and `.staging/` are empty, and the files directory holds exactly
///    the records' files.
///
/// A database kept on a server (`CrashBackend.postgres`) is first brought to the snapshot the
/// state holds.
struct RestartCheck: Sendable {
  /// Whether the restarted program sweeps before it imports (the sweeper then meets the crash's
  /// leftovers first) or after.
  enum Order: String, Sendable, CaseIterable {
    case importFirst = "import, then sweep"
    case sweepFirst = "sweep, then import, then sweep"
  }

  /// The order.
  var order: Order
  /// The manifests the recorded program wrote, by share id: what a manifest found must be.
  var written: [UUID: ShareManifest]
  /// The shares committed before the recording began, which every state must hold.
  var initiallyCommitted: Set<UUID> = []
  /// Where the inbox and the library are.
  var backend = CrashBackend.directory

  /// The invariants' violations in `state`; none when it passes.
  func run(_ state: CrashExploration.State) async -> [String] {
    var problems: [String] = []
    let layout = CrashLayout(root: state.root)
    do {
      try backend.restore(state)
    } catch {
      return ["the database could not be brought to the state's snapshot: \(error)"]
    }
    var committed = await inspectInbox(layout, &problems)
    committed.formUnion(await recordedShares(layout, &problems))
    for id in initiallyCommitted.subtracting(committed) {
      problems.append("share \(id), committed before the recording began, is gone")
    }
    for note in state.notes {
      guard let id = CrashLayout.committedShare(note) else { continue }
      if !committed.contains(id) {
        problems.append("share \(id) was reported committed before the crash, and is gone")
      }
    }
    await restart(layout, &problems)
    await checkAfter(layout, committed: committed, &problems)
    return problems
  }

  /// Invariant 1: returns the shares committed to the inbox.
  private func inspectInbox(_ layout: CrashLayout, _ problems: inout [String]) async
    -> Set<UUID>
  {
    var found = Set<UUID>()
    for (place, manifest) in await backend.committedManifests(layout, &problems) {
      let id = manifest.id
      found.insert(id)
      if let expected = written[id], expected.items != manifest.items {
        problems.append("\(place) is not the manifest its share wrote")
      }
      for (position, item) in manifest.items.enumerated() where item.kind == .file {
        guard let fileName = item.fileName else { continue }
        // Where the protocol may have the payload: `Incoming/`; `.staging/` (a crash lost its
        // link into `Incoming/`, which recovery remakes); the library's files directory under
        // the share's own name (an import that died before its commit placed it there).
        let placed = layout.names(atPath: layout.libraryFiles).filter {
          $0 == "\(id.uuidString)-\(position)" || $0.hasPrefix("\(id.uuidString)-\(position).")
        }
        let candidates =
          [layout.group + "/Incoming/" + fileName]
          + DirectoryInbox.stagedNames(of: fileName).map { layout.group + "/.staging/" + $0 }
          + placed.map { layout.libraryFiles + "/" + $0 }
        let complete = candidates.contains { candidate in
          layout.fingerprint(of: candidate)
            == CrashLayout.Fingerprint(byteCount: item.byteCount, sha256: item.sha256)
        }
        if !complete {
          let seen = candidates.map {
            "\($0.dropFirst(layout.root.count + 1)): \(layout.fingerprintText(of: $0))"
          }
          problems.append(
            "\(place) names \(fileName) (\(item.byteCount ?? -1) bytes), and no complete copy"
              + " is there (\(seen.joined(separator: "; ")))")
        }
      }
    }
    return found
  }

  /// The shares the library held at the crash (its last commit before it).
  private func recordedShares(_ layout: CrashLayout, _ problems: inout [String]) async
    -> Set<UUID>
  {
    do {
      guard let library = try backend.library(layout, create: false) else { return [] }
      return Set(try await library.records(status: nil, limit: nil).map(\.shareID))
    } catch {
      problems.append("the library cannot be read: \(error)")
      return []
    }
  }

  /// Invariant 3: lists, imports and sweeps as `ingest-cli inbox list|import|sweep` would.
  private func restart(_ layout: CrashLayout, _ problems: inout [String]) async {
    do {
      let group = try GroupDirectory(path: layout.group)
      let inbox = backend.inbox(group)
      await list(inbox, "before", &problems)
      if order == .sweepFirst { await sweep(group, inbox, &problems) }
      guard let library = try backend.library(layout, create: true) else { return }
      let pass = try await LibraryImporter(library: library, inbox: inbox).importPending()
      for failure in pass.errors {
        problems.append(
          "inbox import failed for \(failure.shareID.map(\.uuidString) ?? "-"): \(failure.error)")
      }
      if pass.busy > 0 { problems.append("inbox import found \(pass.busy) shares busy") }
      await sweep(group, inbox, &problems)
      await list(inbox, "after", &problems)
      if let left = try? await inbox.pending(), !left.isEmpty {
        problems.append("after import and sweep the inbox still lists \(left.map(\.id))")
      }
    } catch {
      problems.append("the restarted program failed: \(error)")
    }
  }

  private func list(_ inbox: any InboxStore, _ when: String, _ problems: inout [String]) async {
    do {
      for problem in try await inbox.problems() {
        problems.append("inbox list (\(when)) reports \(problem.name): \(problem.problem)")
      }
      for entry in try await inbox.pending() {
        if let failure = entry.failure {
          problems.append("inbox list (\(when)) shows \(entry.id) failed: \(failure.lastError)")
        }
        _ = try await inbox.manifest(entry.id)
      }
    } catch {
      problems.append("inbox list (\(when)) failed: \(error)")
    }
  }

  private func sweep(_ group: GroupDirectory, _ inbox: any InboxStore, _ problems: inout [String])
    async
  {
    do {
      // Threshold 0: after a power loss no writer lives.
      let report = try await InboxSweeper(group: group, inbox: inbox).sweep(
        olderThan: .zero, now: Date().addingTimeInterval(60))
      for problem in report.unreadableManifests {
        problems.append("inbox sweep cannot read \(problem.name): \(problem.problem)")
      }
      if report.keptInFlight > 0 {
        problems.append("inbox sweep found \(report.keptInFlight) files in flight")
      }
    } catch {
      problems.append("inbox sweep failed: \(error)")
    }
  }
}
